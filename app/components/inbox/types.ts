// The API's answers for the inbox screens as the web client hands them over (camelCase), ADR 014.
import type { PresenceMode, ReplyDelivery } from "../../../domain/inbox";

export interface ApiLabel {
  id: number;
  name: string;
  category: string | null;
  labelType: string;
  contextId: number | null;
  contextType: number | null;
  ownerAccountId: number | null;
  createdAt: string;
}

export interface ApiViewer {
  accountId: number;
  name: string;
  mode: PresenceMode;
  seenAt: string;
}

export interface ApiAssignedTo {
  id: number;
  type: string;
  name?: string | null;
  message: string | null;
  at: string | null;
  by: number | null;
}

/** One item of GET /v1/feed-items: the status view plus labels, the assignee's name and viewers. */
export interface ApiFeedItem {
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
  counts: { likes: number; comments: number; shares: number; views: number; totalEngagements: number };
  reach: number;
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
  state: number;
  assignedTo: ApiAssignedTo | null;
  labels?: Array<{ id: number; name: string }>;
  labelIds?: number[];
  translation: string | null;
  translationLanguage?: string | null;
  isReplied: 0 | 1;
  parentStatusId: string | null;
  firstReplyAt: string | null;
  createdAt: string;
  viewers?: ApiViewer[];
}

/** An entry of an item's actions history (`actions.history`), its data as the action stored it. */
export interface ApiHistoryEntry {
  id: number;
  actionType: string;
  accountId: number | null;
  actorName: string | null;
  data?: Record<string, unknown> | null;
  createdAt: string;
}

export interface ApiReplyAction {
  id?: number;
  name: string | null;
  accountId: number | null;
  at: string;
  text?: string;
  delivery?: ReplyDelivery;
  visibility?: string;
  templateId?: number | null;
  error?: string | null;
}

export interface ApiItemActions {
  likedBy: Array<{ name: string | null; accountId: number | null; at: string }>;
  repliedBy: ApiReplyAction[];
  reviewedBy: Array<{ name: string | null; accountId: number | null; at: string }>;
  sentBy: Array<{ name: string | null; accountId: number | null; at: string }>;
  assignments: Array<{ name: string | null; accountId: number | null; at: string; data?: unknown }>;
  history?: ApiHistoryEntry[];
}

export interface ApiModerationEvent {
  id: number;
  action: string;
  reason: string;
  note: string;
  agentAccountId: number | null;
  agentName: string;
  userName: string;
  post: string | null;
  originalText: string;
  delivery: string;
  createdAt: string;
}

/** GET /v1/feed-items/{id}: one item with its thread, author, history, the caller's draft and viewers. */
export interface ApiFeedItemDetail extends ApiFeedItem {
  thread?: { parent: ApiFeedItem | null; replies: ApiFeedItem[] };
  author?: {
    id: number;
    username: string;
    name: string | null;
    followers: number;
    country: string;
    photoUrl: string | null;
    profileUrl: string | null;
    recentItems: ApiFeedItem[];
  } | null;
  actions?: ApiItemActions;
  draft?: { text: string; templateId: number | null; updatedAt?: string } | null;
  moderationEvents?: ApiModerationEvent[];
}

export interface ApiTemplate {
  id: number;
  name: string;
  message: string;
  categories: string[];
  languages: string[];
  active: boolean;
  pinned: boolean;
}

export interface ApiTeamSummary {
  id: number;
  name: string;
  accountIds?: number[];
}
