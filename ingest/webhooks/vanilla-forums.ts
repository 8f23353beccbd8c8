// Higher Logic Vanilla (Vanilla Forums): the Webhooks addon POSTs {action, payload: {<type>: {...}}, sender, site}
// with headers X-Vanilla-Event (discussion, comment, user, ..., ping), X-Vanilla-ID (the delivery's UUID) and
// X-Vanilla-Signature = "sha1=" + hex(HMAC-SHA1(webhook secret, body)) (as Vanilla's dispatcher computes it;
// "sha256=" digests are accepted too). Actions are insert / update / delete (older builds: "discussion_insert", ...).
import type { IngestItemInput } from "../../domain/schemas/mention-input";
import { htmlToText, plainText } from "./text";
import { verifyPrefixedHmac } from "./signing";
import { WebhookPayloadError, type WebhookAdapter } from "./types";
import {
  buildItem,
  checked,
  count,
  firstStr,
  header,
  isoDate,
  payloadObject,
  rawStr,
  rec,
  str,
  type Json,
} from "./util";

const SIGNATURE = "X-Vanilla-Signature";
const EVENT = "X-Vanilla-Event";
const DELIVERY = "X-Vanilla-ID";
// Some proxies and older builds name the action in a header rather than the body.
const ACTION = "X-Vanilla-Action";

function bodyText(record: Json): string {
  const body = rawStr(record.body);
  if (body === undefined) return "";
  const format = str(record.format)?.toLowerCase();
  // API v2 renders body to HTML; only an explicit text format is plain.
  return format === "text" || format === "textex" ? plainText(body) : htmlToText(body);
}

function author(record: Json) {
  const user = rec(record.insertUser);
  return {
    id: firstStr(user?.userID, record.insertUserID),
    username: str(user?.name),
    photoUrl: str(user?.photoUrl),
    profileUrl: str(user?.url),
  };
}

function mapDiscussion(d: Json): IngestItemInput {
  const id = str(d.discussionID);
  if (!id) throw new WebhookPayloadError("vanillaForums: the discussion has no discussionID");
  const createdAt = isoDate(d.dateInserted);
  if (!createdAt) throw new WebhookPayloadError(`vanillaForums: discussion ${id} has no readable dateInserted`);
  return buildItem("vanillaForums", {
    externalId: `discussion-${id}`,
    kind: "post",
    title: str(d.name),
    text: bodyText(d),
    url: firstStr(d.canonicalUrl, d.url),
    createdAt,
    author: author(d),
    likes: count(d.score),
    comments: count(d.countComments),
    views: count(d.countViews),
  });
}

function mapComment(c: Json): IngestItemInput {
  const id = str(c.commentID);
  if (!id) throw new WebhookPayloadError("vanillaForums: the comment has no commentID");
  const discussionId = firstStr(c.discussionID, c.parentRecordType === "discussion" ? c.parentRecordID : undefined);
  const parentCommentId = str(c.parentCommentID);
  const createdAt = isoDate(c.dateInserted);
  if (!createdAt) throw new WebhookPayloadError(`vanillaForums: comment ${id} has no readable dateInserted`);
  return buildItem("vanillaForums", {
    externalId: `comment-${id}`,
    kind: parentCommentId ? "reply" : "comment",
    text: bodyText(c),
    url: str(c.url),
    createdAt,
    author: author(c),
    parentExternalId: parentCommentId
      ? `comment-${parentCommentId}`
      : discussionId
        ? `discussion-${discussionId}`
        : undefined,
    likes: count(c.score),
  });
}

export const vanillaForumsAdapter: WebhookAdapter = {
  integration: "vanillaForums",
  signatureHelp: `HMAC-SHA1 of the raw body with the webhook's secret, hex, as sha1=<digest> in ${SIGNATURE}`,
  verify: (delivery, secret) => verifyPrefixedHmac(delivery, secret, SIGNATURE, ["sha1", "sha256"], true),
  deliveryId(delivery) {
    return header(delivery, DELIVERY) ?? null;
  },
  map(payload, delivery) {
    const body = payloadObject("vanillaForums", payload);
    const event = header(delivery, EVENT)?.toLowerCase();
    const action = (str(body.action) ?? header(delivery, ACTION) ?? "").toLowerCase();
    if (event === "ping" || action === "ping" || "ping" in body) return [];
    const content = rec(body.payload);
    if (!content) throw new WebhookPayloadError("vanillaForums: the payload has no payload object");
    // Deletions remove nothing here; the mention stays as it was seen.
    if (action.endsWith("delete")) return [];
    const discussion = rec(content.discussion);
    const comment = rec(content.comment);
    if (event === "comment" || (event === undefined && comment)) {
      if (!comment) throw new WebhookPayloadError("vanillaForums: a comment event without payload.comment");
      return checked("vanillaForums", [mapComment(comment)]);
    }
    if (event === "discussion" || (event === undefined && discussion)) {
      if (!discussion) throw new WebhookPayloadError("vanillaForums: a discussion event without payload.discussion");
      return checked("vanillaForums", [mapDiscussion(discussion)]);
    }
    // Users, reactions, groups, badges, ... carry no mention.
    return [];
  },
};
