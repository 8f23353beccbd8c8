// Helpshift: issue webhooks (event_type "create_issue" / "update_issue", payload shape as in Helpshift's published
// sample payloads: event_id, event_timestamp in ms, data.messages / data.updates.{messages,notes,feedback,...}).
// Signing: Helpshift's public material does not pin a scheme down, so Earshot expects HMAC-SHA256 of the raw body with
// the webhook's secret in X-Helpshift-Signature (hex, optionally "sha256=", or base64) and says so in the UI.
import type { IngestItemInput } from "../../domain/schemas/mention-input";
import { anyText } from "./text";
import { fail, fromBase64, fromHex, hmac, OK, requireSecret, sameBytes } from "./signing";
import { WebhookPayloadError, type WebhookAdapter, type WebhookDelivery } from "./types";
import {
  buildItem,
  checked,
  count,
  firstStr,
  isoDate,
  list,
  payloadObject,
  rawStr,
  rec,
  str,
  type AuthorFields,
  type Json,
} from "./util";

const SIGNATURE = "X-Helpshift-Signature";

function verify(delivery: WebhookDelivery, secret: string) {
  const missingSecret = requireSecret(secret);
  if (missingSecret) return missingSecret;
  const value = delivery.headers.get(SIGNATURE)?.trim();
  if (!value) return fail(`missing ${SIGNATURE} header`);
  const digest = value.replace(/^sha256=/i, "");
  const given = (digest.length === 64 ? fromHex(digest) : undefined) ?? fromBase64(digest);
  if (!given) return fail(`${SIGNATURE} is neither a hex nor a base64 digest`);
  return sameBytes(given, hmac("sha256", secret, delivery.rawBody)) ? OK : fail("signature does not match");
}

function issueUrl(domain: string | undefined, id: string): string | undefined {
  return domain && /^[a-z0-9-]+$/i.test(domain) ? `https://${domain}.helpshift.com/admin/issue/${id}/` : undefined;
}

interface Issue {
  id: string;
  externalId: string;
  url?: string;
  customer: AuthorFields;
}

function messageAuthor(message: Json, issue: Issue): { author: AuthorFields; isAgent: boolean } {
  const a = rec(message.author);
  const emails = list(a?.emails)
    .map(str)
    .filter((e): e is string => e !== undefined);
  const author: AuthorFields = { id: str(a?.id), name: str(a?.name), email: emails[0] };
  const origin = str(message.origin)?.toLowerCase();
  let isAgent: boolean;
  if (origin !== undefined) isAgent = origin !== "end-user" && origin !== "user";
  else {
    // No origin: the issue's own author is the customer, anyone else answering is an agent.
    const sameEmail =
      issue.customer.email !== undefined && emails.some((e) => e.toLowerCase() === issue.customer.email?.toLowerCase());
    const sameName = issue.customer.name !== undefined && author.name === issue.customer.name;
    isAgent = !(sameEmail || sameName);
  }
  if (!isAgent) {
    author.name ??= issue.customer.name;
    author.email ??= issue.customer.email;
  }
  return { author, isAgent };
}

function messageItem(message: Json, issue: Issue): IngestItemInput | undefined {
  const text = anyText(rawStr(message.body) ?? "");
  const attachments = [...list(message.attachments), message.attachment]
    .map((a) => str(rec(a)?.url))
    .filter((u): u is string => u !== undefined);
  const body = text || [...new Set(attachments)].join("\n");
  if (body === "") return undefined;
  const messageId = str(message.id);
  if (!messageId) throw new WebhookPayloadError(`helpshift: a message of issue ${issue.id} has no id`);
  const createdAt = isoDate(message.created_at);
  if (!createdAt) throw new WebhookPayloadError(`helpshift: message ${messageId} has no readable created_at`);
  const { author, isAgent } = messageAuthor(message, issue);
  return buildItem("helpshift", {
    externalId: `${issue.externalId}-message-${messageId}`,
    kind: "reply",
    text: body,
    url: issue.url,
    createdAt,
    author,
    parentExternalId: issue.externalId,
    isAgentReply: isAgent,
  });
}

function mapIssue(body: Json, eventType: string): IngestItemInput[] {
  const data = rec(body.data);
  if (!data) throw new WebhookPayloadError(`helpshift: ${eventType} has no data object`);
  const id = str(data.id);
  if (!id) throw new WebhookPayloadError(`helpshift: ${eventType} has no issue id (data.id)`);
  const issue: Issue = {
    id,
    externalId: `issue-${id}`,
    url: issueUrl(firstStr(data.domain, body.domain), id),
    customer: { name: str(data.author_name), email: str(data.author_email) },
  };
  const items: IngestItemInput[] = [];

  if (eventType === "create_issue") {
    const messages = list(data.messages)
      .map(rec)
      .filter((m): m is Json => m !== undefined);
    const [first, ...rest] = messages;
    const createdAt = isoDate(data.created_at, first?.created_at, body.event_timestamp);
    if (!createdAt) throw new WebhookPayloadError(`helpshift: issue ${id} has no readable created_at`);
    const firstAuthor = first ? messageAuthor(first, issue).author : undefined;
    const title = str(data.title);
    items.push(
      buildItem("helpshift", {
        externalId: issue.externalId,
        kind: "ticket",
        title,
        text: anyText(rawStr(first?.body) ?? "") || (title ?? ""),
        url: issue.url,
        createdAt,
        author: {
          id: firstAuthor?.id,
          name: firstAuthor?.name ?? issue.customer.name,
          email: firstAuthor?.email ?? issue.customer.email,
        },
      }),
    );
    for (const message of rest) {
      const item = messageItem(message, issue);
      if (item) items.push(item);
    }
    return items;
  }

  // update_issue: new messages become replies, a CSAT rating becomes a review; notes, status, tags and
  // assignment changes carry no mention.
  const updates = rec(data.updates);
  if (!updates) return [];
  for (const value of list(updates.messages)) {
    const message = rec(value);
    const item = message ? messageItem(message, issue) : undefined;
    if (item) items.push(item);
  }
  const feedback = rec(updates.feedback);
  const rating = count(feedback?.rating);
  if (feedback && rating !== undefined && rating >= 1 && rating <= 5) {
    const createdAt = isoDate(feedback.created_at, body.event_timestamp);
    if (!createdAt) throw new WebhookPayloadError(`helpshift: the feedback on issue ${id} has no readable date`);
    items.push(
      buildItem("helpshift", {
        externalId: `${issue.externalId}-feedback`,
        kind: "review",
        text: anyText(rawStr(feedback.comment) ?? rawStr(feedback.message) ?? ""),
        url: issue.url,
        createdAt,
        author: issue.customer,
        parentExternalId: issue.externalId,
        rating,
      }),
    );
  }
  return items;
}

export const helpshiftAdapter: WebhookAdapter = {
  integration: "helpshift",
  signatureHelp: `HMAC-SHA256 of the raw body with the webhook's secret, hex (sha256=<hex> and base64 also accepted), in ${SIGNATURE}`,
  verify,
  deliveryId(_delivery, payload) {
    return str(rec(payload)?.event_id) ?? null;
  },
  map(payload) {
    const body = payloadObject("helpshift", payload);
    const eventType = str(body.event_type);
    if (!eventType) throw new WebhookPayloadError("helpshift: the payload has no event_type");
    if (eventType !== "create_issue" && eventType !== "update_issue") return [];
    return checked("helpshift", mapIssue(body, eventType));
  },
};
