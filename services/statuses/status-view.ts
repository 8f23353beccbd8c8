import type { FeedItemActionRow, FeedItemRow } from "../../db/schema";
import type { AssigneeType } from "../../domain/inbox";
import type { FromWire } from "../../domain/key-case";
import type { JsonValue } from "../../domain/schemas/common";
import type { StatusActionsResponseSchema, StatusResponseSchema } from "../../domain/schemas/statuses";
import type { SentimentDriver } from "../mentions/ports";

/** Who did what to a mention (ADR 027: StatusActionsResponseSchema). */
export type StatusActions = FromWire<typeof StatusActionsResponseSchema>;

/** A mention as the API shows it (spec core §3 "Feed item"; ADR 027: StatusResponseSchema). */
export type StatusView = FromWire<typeof StatusResponseSchema>;

export function statusView(row: FeedItemRow): StatusView {
  return {
    id: row.id,
    statusId: row.externalId,
    socialType: row.socialType,
    streamId: row.streamId,
    kind: row.kind,
    title: row.title,
    description: row.description,
    postUrl: row.postUrl,
    language: row.language,
    sentiment: row.sentiment,
    sentimentScore: row.sentimentScore,
    sentimentDrivers: JSON.parse(row.sentimentDrivers) as SentimentDriver[],
    keywords: JSON.parse(row.keywords) as string[],
    counts: {
      likes: Number(row.likes),
      comments: Number(row.comments),
      shares: Number(row.shares),
      views: Number(row.views),
      totalEngagements: Number(row.totalEngagements),
    },
    reach: Number(row.reach),
    impactScore: row.impactScore,
    rating: row.rating,
    identity: {
      id: row.identityId,
      username: row.authorUsername,
      name: row.authorName,
      followers: Number(row.authorFollowers),
      country: row.authorCountry,
      photoUrl: row.authorPhotoUrl,
    },
    authorUsername: row.authorUsername,
    authorName: row.authorName,
    authorFollowers: Number(row.authorFollowers),
    authorCountry: row.authorCountry,
    state: row.state,
    assignedTo:
      row.assignedToId !== null && row.assignedToType
        ? {
            id: row.assignedToId,
            type: row.assignedToType as AssigneeType,
            message: row.assignedMessage,
            at: row.assignedAt,
            by: row.assignedBy,
          }
        : null,
    labelIds: [],
    translation: row.translation,
    isReplied: row.isReplied ? 1 : 0,
    isAgentReply: row.isAgentReply === 1,
    parentStatusId: row.parentExternalId,
    firstReplyAt: row.firstReplyAt,
    muted: row.muted === 1,
    createdAt: row.createdAt,
    ingestedAt: row.ingestedAt,
  };
}

export function actionsView(rows: FeedItemActionRow[]): StatusActions {
  const actions: StatusActions = { likedBy: [], repliedBy: [], reviewedBy: [], sentBy: [], assignments: [] };
  for (const row of rows) {
    const base = { name: row.actorName, accountId: row.accountId, at: row.createdAt };
    const data = JSON.parse(row.data) as Record<string, unknown>;
    if (row.actionType === "liked_by") actions.likedBy.push(base);
    else if (row.actionType === "replied_by")
      actions.repliedBy.push({ ...base, ...(typeof data.text === "string" ? { text: data.text } : {}) });
    else if (row.actionType === "reviewed_by") actions.reviewedBy.push(base);
    else if (row.actionType === "sent_by") actions.sentBy.push(base);
    else if (row.actionType === "assignment") actions.assignments.push({ ...base, data: data as JsonValue });
  }
  return actions;
}
