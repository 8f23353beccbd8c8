import type { FeedItemActionRow, FeedItemRow } from "../../db/schema";
import type { SentimentDriver } from "../mentions/ports";

export interface StatusActions {
  likedBy: Array<{ name: string | null; accountId: number | null; at: string }>;
  repliedBy: Array<{ name: string | null; accountId: number | null; at: string; text?: string }>;
  reviewedBy: Array<{ name: string | null; accountId: number | null; at: string }>;
  sentBy: Array<{ name: string | null; accountId: number | null; at: string }>;
  assignments: Array<{ name: string | null; accountId: number | null; at: string; data: unknown }>;
}

/** A mention as the API shows it (spec core §3 "Feed item"), with engagement counts and reach. */
export interface StatusView {
  id: number;
  statusId: string;
  socialType: string;
  streamId: number | null;
  kind: string;
  title: string | null;
  description: string;
  postUrl: string | null;
  language: string;
  sentiment: number;
  sentimentScore: number;
  sentimentDrivers: SentimentDriver[];
  keywords: string[];
  counts: { likes: number; comments: number; shares: number; views: number; totalEngagements: number };
  reach: number;
  impactScore: number;
  rating: number | null;
  identity: {
    id: number | null;
    username: string;
    name: string | null;
    followers: number;
    country: string;
    photoUrl: string | null;
  };
  authorUsername: string;
  authorName: string | null;
  authorFollowers: number;
  authorCountry: string;
  state: number;
  assignedTo: { id: number; type: string; message: string | null; at: string | null; by: number | null } | null;
  labelIds: number[];
  translation: string | null;
  isReplied: 0 | 1;
  isAgentReply: boolean;
  parentStatusId: string | null;
  firstReplyAt: string | null;
  muted: boolean;
  createdAt: string;
  ingestedAt: string;
  actions?: StatusActions;
}

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
            type: row.assignedToType,
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
    else if (row.actionType === "assignment") actions.assignments.push({ ...base, data });
  }
  return actions;
}
