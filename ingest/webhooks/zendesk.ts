// Zendesk: webhooks fed either by triggers/automations (a JSON body the admin writes with placeholders) or by event
// subscriptions ("zen:event-type:ticket.created", "zen:event-type:ticket.comment_added", ...). Both are signed:
// X-Zendesk-Webhook-Signature = base64(HMAC-SHA256(signing secret, X-Zendesk-Webhook-Signature-Timestamp + body)).
import type { IngestItemInput } from "../../domain/schemas/mention-input";
import { anyText } from "./text";
import { fail, fromBase64, hmac, OK, requireSecret, sameBytes } from "./signing";
import { WebhookPayloadError, type WebhookAdapter, type WebhookDelivery } from "./types";
import {
  absoluteUrl,
  bool,
  buildItem,
  checked,
  firstStr,
  header,
  isoDate,
  languageCode,
  parseDate,
  payloadObject,
  rawStr,
  rec,
  shortHash,
  str,
  type Json,
} from "./util";

const SIGNATURE = "X-Zendesk-Webhook-Signature";
const TIMESTAMP = "X-Zendesk-Webhook-Signature-Timestamp";
const INVOCATION = "X-Zendesk-Webhook-Invocation-Id";
const EVENT_PREFIX = "zen:event-type:";

function verify(delivery: WebhookDelivery, secret: string) {
  const missingSecret = requireSecret(secret);
  if (missingSecret) return missingSecret;
  const signature = delivery.headers.get(SIGNATURE)?.trim();
  if (!signature) return fail(`missing ${SIGNATURE} header`);
  const timestamp = delivery.headers.get(TIMESTAMP)?.trim();
  if (!timestamp) return fail(`missing ${TIMESTAMP} header`);
  const given = fromBase64(signature);
  if (!given) return fail(`${SIGNATURE} is not base64`);
  return sameBytes(given, hmac("sha256", secret, timestamp, delivery.rawBody)) ? OK : fail("signature does not match");
}

function ticketId(value: string | undefined): string | undefined {
  return value?.replace(/^zen:ticket:/, "");
}

/** First non-empty text among the given fields, HTML or plain. */
function textOf(...values: unknown[]): string {
  for (const value of values) {
    const raw = rawStr(value) ?? (typeof value === "number" ? String(value) : undefined);
    const text = raw === undefined ? "" : anyText(raw);
    if (text !== "") return text;
  }
  return "";
}

const same = (a: string, b: string) => a.replace(/\s+/g, " ").trim() === b.replace(/\s+/g, " ").trim();

// --- Event subscriptions -------------------------------------------------------------------------------------------

function mapEvent(body: Json, type: string): IngestItemInput[] {
  const event = type.slice(EVENT_PREFIX.length);
  if (event !== "ticket.created" && event !== "ticket.comment_added") return [];
  const detail = rec(body.detail);
  if (!detail) throw new WebhookPayloadError(`zendesk: ${type} has no detail object`);
  const id = ticketId(firstStr(detail.id, str(body.subject)));
  if (!id) throw new WebhookPayloadError(`zendesk: ${type} has no ticket id (detail.id)`);
  const description = textOf(detail.description);

  if (event === "ticket.created") {
    const createdAt = isoDate(detail.created_at, body.time);
    if (!createdAt) throw new WebhookPayloadError(`zendesk: ticket ${id} has no readable created_at`);
    return [
      buildItem("zendesk", {
        externalId: `ticket-${id}`,
        kind: "ticket",
        title: str(detail.subject),
        text: description || (str(detail.subject) ?? ""),
        createdAt,
        author: { id: str(detail.requester_id) },
      }),
    ];
  }

  const comment = rec(rec(body.event)?.comment);
  if (!comment) throw new WebhookPayloadError(`zendesk: ${type} has no event.comment object`);
  // Private comments are internal notes between agents: never mentions.
  if (bool(comment.is_public) === false) return [];
  const text = textOf(comment.body, comment.html_body);
  // The ticket's first comment is its description, already carried by ticket.created.
  if (text === "" || (description !== "" && same(text, description))) return [];
  const commentId = str(comment.id) ?? `h${shortHash(`${id}\n${text}`)}`;
  const createdAt = isoDate(body.time, detail.updated_at);
  if (!createdAt) throw new WebhookPayloadError(`zendesk: comment ${commentId} has no readable time`);
  const author = rec(comment.author);
  return [
    buildItem("zendesk", {
      externalId: `ticket-${id}-comment-${commentId}`,
      kind: "comment",
      text,
      createdAt,
      author: { id: str(author?.id), name: str(author?.name), email: str(author?.email) },
      parentExternalId: `ticket-${id}`,
      isAgentReply: bool(author?.is_staff) ?? false,
    }),
  ];
}

// --- Trigger / automation bodies -----------------------------------------------------------------------------------

const AGENT_ROLES = new Set(["agent", "admin", "administrator", "light agent", "staff"]);

function commentObject(value: unknown): Json | undefined {
  if (typeof value === "string") return value.trim() === "" ? undefined : { body: value };
  return rec(value);
}

function mapTrigger(body: Json, delivery: WebhookDelivery | undefined): IngestItemInput[] {
  const ticket = rec(body.ticket) ?? body;
  const id = ticketId(firstStr(ticket.id, ticket.ticket_id, body.ticket_id));
  if (!id) {
    throw new WebhookPayloadError(
      'zendesk: no ticket id in the payload; the trigger\'s JSON body needs "ticket": {"id": "{{ticket.id}}", ...} (or an event subscription)',
    );
  }
  const headerTime = header(delivery, TIMESTAMP);
  const createdAt = isoDate(ticket.created_at, ticket.created_at_with_timestamp, body.created_at, headerTime);
  if (!createdAt) {
    throw new WebhookPayloadError(
      `zendesk: ticket ${id} has no readable created_at; add "created_at": "{{ticket.created_at_with_timestamp}}"`,
    );
  }
  const updatedAt = isoDate(ticket.updated_at, ticket.updated_at_with_timestamp, body.updated_at);
  const url = absoluteUrl(firstStr(ticket.link, ticket.url, body.url, body.link));
  const subject = firstStr(ticket.subject, ticket.title);
  const requester = rec(ticket.requester);
  const requesterAuthor = {
    id: firstStr(requester?.id, ticket.requester_id),
    username: firstStr(requester?.username),
    name: firstStr(requester?.name, ticket.requester_name),
    email: firstStr(requester?.email, ticket.requester_email),
    photoUrl: firstStr(requester?.photo_url, requester?.avatar_url),
  };
  const language = languageCode(firstStr(ticket.locale, requester?.locale, ticket.language));
  const description = textOf(ticket.description, ticket.description_html);

  const comment = commentObject(
    ticket.latest_public_comment ??
      ticket.latest_comment ??
      ticket.comment ??
      body.latest_public_comment ??
      body.latest_comment ??
      body.comment,
  );
  const commentText = comment
    ? textOf(comment.plain_body, comment.body, comment.value, comment.text, comment.html_body)
    : "";

  const items: IngestItemInput[] = [
    buildItem("zendesk", {
      externalId: `ticket-${id}`,
      kind: "ticket",
      title: subject,
      text: description || commentText || (subject ?? ""),
      url,
      createdAt,
      author: requesterAuthor,
      language,
    }),
  ];

  const isPublic = comment ? bool(comment.public ?? comment.is_public) : undefined;
  if (comment && isPublic !== false && commentText !== "" && !(description !== "" && same(commentText, description))) {
    const author = rec(comment.author);
    const commentCreatedAt = isoDate(comment.created_at, comment.created_at_with_timestamp);
    const commentId = firstStr(comment.id) ?? `h${shortHash(`${id}\n${commentCreatedAt ?? ""}\n${commentText}`)}`;
    const role = firstStr(author?.role, comment.author_role)?.toLowerCase();
    const isAgent =
      bool(comment.is_agent) ??
      bool(author?.is_agent) ??
      bool(author?.is_staff) ??
      (role !== undefined ? AGENT_ROLES.has(role) : undefined) ??
      false;
    items.push(
      buildItem("zendesk", {
        externalId: `ticket-${id}-comment-${commentId}`,
        kind: "comment",
        text: commentText,
        url,
        createdAt: commentCreatedAt ?? updatedAt ?? createdAt,
        author: {
          id: firstStr(author?.id, comment.author_id),
          name: firstStr(author?.name, comment.author_name),
          email: firstStr(author?.email, comment.author_email),
        },
        parentExternalId: `ticket-${id}`,
        isAgentReply: isAgent,
        language,
      }),
    );
  }
  return items;
}

export const zendeskAdapter: WebhookAdapter = {
  integration: "zendesk",
  signatureHelp: `HMAC-SHA256 of ${TIMESTAMP} + raw body with the webhook's signing secret, base64, in ${SIGNATURE}; the timestamp must be within 5 minutes of our clock`,
  verify,
  // ISO 8601, e.g. 2024-04-17T17:18:11Z (the header the signature covers).
  signedAt: (delivery) => parseDate(header(delivery, TIMESTAMP)) ?? null,
  deliveryId(delivery, payload) {
    const body = rec(payload);
    // Event subscriptions carry a stable event id; trigger bodies only have the invocation header.
    if (body && str(body.type)?.startsWith(EVENT_PREFIX)) {
      const id = str(body.id);
      if (id) return id;
    }
    return header(delivery, INVOCATION) ?? null;
  },
  map(payload, delivery) {
    const body = payloadObject("zendesk", payload);
    const type = str(body.type);
    const items = type?.startsWith(EVENT_PREFIX) ? mapEvent(body, type) : mapTrigger(body, delivery);
    return checked("zendesk", items);
  },
};
