// Discourse: webhooks with X-Discourse-Event-Type (post, topic, ping, ...), X-Discourse-Event (post_created,
// post_edited, topic_created, ping, ...), X-Discourse-Event-Id and X-Discourse-Instance headers, signed with
// X-Discourse-Event-Signature = "sha256=" + hex(HMAC-SHA256(secret, body)). Bodies: {post: {...}}, {topic: {...}},
// {ping: "OK"}, {user: ...}, ...
//
// Mentions come from post events. A topic's first post (post_number 1) becomes the topic's item "topic-<topic_id>" with
// the topic title; later posts become "post-<id>" under it. Topic events carry no text (Discourse sends the first
// post's post_created alongside topic_created), so they map to [] rather than to a text-less duplicate: subscribe the
// webhook to post events.
import type { IngestItemInput } from "../../domain/schemas/mention-input";
import { htmlToText, plainText } from "./text";
import { verifyPrefixedHmac } from "./signing";
import { WebhookPayloadError, type WebhookAdapter, type WebhookDelivery } from "./types";
import {
  buildItem,
  checked,
  count,
  firstStr,
  header,
  isoDate,
  list,
  payloadObject,
  rawStr,
  rec,
  safeUrl,
  str,
  type Json,
} from "./util";

const SIGNATURE = "X-Discourse-Event-Signature";
const EVENT = "X-Discourse-Event";
const EVENT_ID = "X-Discourse-Event-Id";
const INSTANCE = "X-Discourse-Instance";

// Payload keys of events that carry no mention.
const OTHER_EVENTS = [
  "topic",
  "user",
  "group",
  "category",
  "tag",
  "flag",
  "reviewable",
  "notification",
  "like",
  "solved",
  "user_badge",
  "group_user",
  "user_promoted",
  "chat_message",
];

const REGULAR_POST = 1;

function instanceBase(delivery: WebhookDelivery | undefined): string | undefined {
  const base = header(delivery, INSTANCE);
  return base && /^https?:\/\/[^/\s]+/i.test(base) ? base.replace(/\/+$/, "") : undefined;
}

function mapPost(post: Json, event: string | undefined, base: string | undefined): IngestItemInput[] {
  if (event === "post_destroyed" || str(post.deleted_at) !== undefined || post.user_deleted === true) return [];
  // Private messages and staff whispers are not public conversation; small actions ("closed the topic") are not text.
  if (str(post.topic_archetype) === "private_message") return [];
  const postType = count(post.post_type);
  if (postType !== undefined && postType !== REGULAR_POST) return [];
  if (post.hidden === true) return [];

  const id = str(post.id);
  const topicId = str(post.topic_id);
  const postNumber = count(post.post_number);
  if (!id || !topicId || postNumber === undefined) {
    throw new WebhookPayloadError("discourse: a post needs id, topic_id and post_number");
  }
  const createdAt = isoDate(post.created_at);
  if (!createdAt) throw new WebhookPayloadError(`discourse: post ${id} has no readable created_at`);
  const raw = rawStr(post.raw);
  const text = raw !== undefined && raw.trim() !== "" ? plainText(raw) : htmlToText(rawStr(post.cooked) ?? "");

  const slug = str(post.topic_slug);
  const path = `/t/${slug ? `${encodeURIComponent(slug)}/` : ""}${topicId}${postNumber > 1 ? `/${postNumber}` : ""}`;
  const username = str(post.username);
  const avatar = str(post.avatar_template)?.replace("{size}", "144");
  const likes = count(post.like_count) ?? count(rec(list(post.actions_summary).find((a) => rec(a)?.id === 2))?.count);
  const isFirst = postNumber === 1;

  return [
    buildItem("discourse", {
      externalId: isFirst ? `topic-${topicId}` : `post-${id}`,
      kind: isFirst ? "post" : count(post.reply_to_post_number) ? "reply" : "comment",
      title: isFirst ? firstStr(post.topic_title) : undefined,
      text,
      url: safeUrl(path, base),
      createdAt,
      author: {
        id: str(post.user_id),
        username,
        name: str(post.name),
        photoUrl: safeUrl(avatar, base),
        profileUrl: username ? safeUrl(`/u/${encodeURIComponent(username)}`, base) : undefined,
      },
      parentExternalId: isFirst ? undefined : `topic-${topicId}`,
      isAgentReply: post.staff === true || post.admin === true || post.moderator === true,
      likes,
      comments: count(post.reply_count),
      views: count(post.reads),
    }),
  ];
}

export const discourseAdapter: WebhookAdapter = {
  integration: "discourse",
  signatureHelp: `HMAC-SHA256 of the raw body with the webhook's secret, hex, as sha256=<digest> in ${SIGNATURE}`,
  verify: (delivery, secret) => verifyPrefixedHmac(delivery, secret, SIGNATURE, ["sha256"], false),
  deliveryId(delivery) {
    return header(delivery, EVENT_ID) ?? null;
  },
  map(payload, delivery) {
    const body = payloadObject("discourse", payload);
    const event = header(delivery, EVENT)?.toLowerCase();
    if (event === "ping" || "ping" in body) return [];
    const post = rec(body.post);
    if (post) return checked("discourse", mapPost(post, event, instanceBase(delivery)));
    if (OTHER_EVENTS.some((key) => key in body)) return [];
    throw new WebhookPayloadError(
      `discourse: expected a post, topic or ping payload, got keys ${Object.keys(body).slice(0, 5).join(", ") || "(none)"}`,
    );
  },
};
