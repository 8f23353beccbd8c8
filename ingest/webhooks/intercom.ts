// Intercom: notification_event payloads from the Developer Hub's webhook topics, signed with the app's client secret:
// X-Hub-Signature = "sha1=" + hex(HMAC-SHA1(client secret, body)).
import type { IngestItemInput } from "../../domain/schemas/mention-input";
import { htmlToText } from "./text";
import { verifyPrefixedHmac } from "./signing";
import { WebhookPayloadError, type WebhookAdapter } from "./types";
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

const SIGNATURE = "X-Hub-Signature";
const CUSTOMER_TYPES = new Set(["user", "lead", "contact"]);

function author(value: unknown, fallbackUser?: Json): AuthorFields & { type?: string } {
  const a = rec(value);
  const user = a && (str(a.name) || str(a.email)) ? undefined : fallbackUser;
  return {
    type: str(a?.type)?.toLowerCase(),
    id: firstStr(a?.id, user?.id, user?.user_id),
    name: firstStr(a?.name, user?.name),
    email: firstStr(a?.email, user?.email),
    photoUrl: firstStr(rec(a?.avatar)?.image_url, rec(user?.avatar)?.image_url),
  };
}

const isAgent = (type: string | undefined) => type !== undefined && !CUSTOMER_TYPES.has(type);

function conversationUrl(appId: string | undefined, conversationId: string): string | undefined {
  return appId
    ? `https://app.intercom.com/a/apps/${encodeURIComponent(appId)}/conversations/${encodeURIComponent(conversationId)}`
    : undefined;
}

function mapConversation(body: Json, topic: string, conversation: Json): IngestItemInput[] {
  const id = str(conversation.id);
  if (!id) throw new WebhookPayloadError(`intercom: ${topic} has a conversation without an id`);
  const appId = str(body.app_id);
  const url = conversationUrl(appId, id);
  const conversationExternalId = `conversation-${id}`;
  const legacyUser = rec(conversation.user);
  const items: IngestItemInput[] = [];

  // The opening message: "source" (API 2.x) or "conversation_message" (1.x).
  if (topic.endsWith(".created")) {
    const source = rec(conversation.source) ?? rec(conversation.conversation_message);
    if (!source) throw new WebhookPayloadError(`intercom: ${topic} conversation ${id} has no source message`);
    const who = author(source.author, legacyUser);
    const createdAt = isoDate(conversation.created_at, body.created_at);
    if (!createdAt) throw new WebhookPayloadError(`intercom: conversation ${id} has no readable created_at`);
    const subject = htmlToText(rawStr(source.subject) ?? "");
    items.push(
      buildItem("intercom", {
        externalId: conversationExternalId,
        kind: "message",
        title: firstStr(conversation.title, subject),
        text: htmlToText(rawStr(source.body) ?? ""),
        url,
        createdAt,
        author: who,
        isAgentReply: isAgent(who.type),
      }),
    );
  }

  // The parts the notification carries (the reply, or the admin's reply-and-close); notes are internal and skipped.
  const parts = list(rec(conversation.conversation_parts)?.conversation_parts);
  for (const value of parts) {
    const part = rec(value);
    if (!part) continue;
    const partType = str(part.part_type)?.toLowerCase() ?? "comment";
    if (partType.includes("note") || part.redacted === true) continue;
    const text = htmlToText(rawStr(part.body) ?? "");
    if (text === "") continue;
    const partId = str(part.id);
    if (!partId) throw new WebhookPayloadError(`intercom: a part of conversation ${id} has no id`);
    const createdAt = isoDate(part.created_at, part.updated_at, conversation.updated_at, body.created_at);
    if (!createdAt) throw new WebhookPayloadError(`intercom: part ${partId} has no readable created_at`);
    const who = author(part.author);
    items.push(
      buildItem("intercom", {
        externalId: `${conversationExternalId}-part-${partId}`,
        kind: "reply",
        text,
        url,
        createdAt,
        author: who,
        parentExternalId: conversationExternalId,
        isAgentReply: isAgent(who.type),
      }),
    );
  }

  // A customer's rating of the conversation (conversation.rating.added).
  if (topic === "conversation.rating.added") {
    const rating = rec(conversation.conversation_rating);
    const stars = count(rating?.rating);
    if (rating && stars !== undefined && stars >= 1 && stars <= 5) {
      const createdAt = isoDate(rating.created_at, conversation.updated_at, body.created_at);
      if (!createdAt) throw new WebhookPayloadError(`intercom: the rating of conversation ${id} has no readable date`);
      const contact = rec(rating.contact) ?? rec(list(rec(conversation.contacts)?.contacts)[0]);
      items.push(
        buildItem("intercom", {
          externalId: `${conversationExternalId}-rating`,
          kind: "review",
          text: htmlToText(rawStr(rating.remark) ?? ""),
          url,
          createdAt,
          author: author(contact, legacyUser),
          parentExternalId: conversationExternalId,
          rating: stars,
        }),
      );
    }
  }
  return items;
}

export const intercomAdapter: WebhookAdapter = {
  integration: "intercom",
  signatureHelp: `HMAC-SHA1 of the raw body with the app's client secret, hex, as sha1=<digest> in ${SIGNATURE}`,
  verify: (delivery, secret) => verifyPrefixedHmac(delivery, secret, SIGNATURE, ["sha1"], false),
  deliveryId(_delivery, payload) {
    // The notification id stays the same across Intercom's retries of one notification.
    return str(rec(payload)?.id) ?? null;
  },
  map(payload) {
    const body = payloadObject("intercom", payload);
    if (str(body.type) !== "notification_event") {
      throw new WebhookPayloadError(
        `intercom: expected a notification_event, got type ${JSON.stringify(body.type ?? null)}`,
      );
    }
    const topic = str(body.topic);
    if (!topic) throw new WebhookPayloadError("intercom: the notification has no topic");
    if (topic === "ping" || !topic.startsWith("conversation.")) return [];
    const item = rec(rec(body.data)?.item);
    if (!item) throw new WebhookPayloadError(`intercom: ${topic} has no data.item`);
    return checked("intercom", mapConversation(body, topic, item));
  },
};
