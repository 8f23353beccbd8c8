// The inbox's shared vocabulary (issue 6, ADR 014): sources, filters, moderation actions and reasons,
// template network codes, presence and keyboard shortcuts. Pure data: the UI and the API read the same.
import { FEED_ITEM_STATE } from "./constants";
import type { NetworkId } from "./networks";

/** What the inbox lists: one stream, one saved search, one label, the caller's assignments, or all. */
export const INBOX_SOURCE_TYPES = ["all", "stream", "search", "label", "assigned"] as const;
export type InboxSourceType = (typeof INBOX_SOURCE_TYPES)[number];

/** Items per inbox page (the status list's page size, spec core §9). */
export const INBOX_PAGE_SIZE = 15;
/** The most items one list call may return. */
export const INBOX_MAX_LIMIT = 100;

/** How long typing in a reply pauses before its draft is saved to the server (with JavaScript). */
export const DRAFT_SAVE_DELAY_MS = 800;

/** The inbox's sort choices: date (created_at) or engagement (total engagements). */
export const INBOX_SORTS = ["created_at", "engagement"] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];

/**
 * How the inbox lists items, an account preference (ADR 033): dense rows (one or two lines per item, its
 * actions shown on hover and focus), the default, or cards (each item's badges and actions always shown).
 */
export const INBOX_LAYOUTS = ["rows", "cards"] as const;
export type InboxLayout = (typeof INBOX_LAYOUTS)[number];
export const DEFAULT_INBOX_LAYOUT: InboxLayout = "rows";

/** Feed-item states (docs/architecture.md) with their labels. */
export const FEED_ITEM_STATE_LABELS: Readonly<Record<number, string>> = {
  [FEED_ITEM_STATE.open]: "Open",
  [FEED_ITEM_STATE.pending]: "Pending",
  [FEED_ITEM_STATE.closed]: "Closed",
};

/** Who an item is assigned to. */
export const ASSIGNEE_TYPES = ["account", "team"] as const;
export type AssigneeType = (typeof ASSIGNEE_TYPES)[number];

/**
 * Moderation actions (spec analytics §3): the code the API takes, the button label, and the event's
 * action text as the moderation report shows it.
 */
export const MODERATION_ACTIONS = [
  { code: "flag_spam", label: "Flag as spam", event: "flagged as spam", target: "post" },
  { code: "delete_post", label: "Delete post", event: "post deleted", target: "post" },
  { code: "edit_post", label: "Edit post", event: "post edited", target: "post" },
  { code: "delete_avatar", label: "Delete avatar", event: "avatar deleted", target: "user" },
  { code: "block_user", label: "Block user", event: "user blocked", target: "user" },
  { code: "unblock_user", label: "Unblock user", event: "user unblocked", target: "user" },
  { code: "edit_bio", label: "Edit bio", event: "bio edited", target: "user" },
  { code: "make_profile_private", label: "Turn profile private", event: "profile turned private", target: "user" },
] as const;
export type ModerationActionCode = (typeof MODERATION_ACTIONS)[number]["code"];
export const MODERATION_ACTION_CODES = MODERATION_ACTIONS.map((a) => a.code) as [
  ModerationActionCode,
  ...ModerationActionCode[],
];
/** Actions that carry new text (the edited post or bio). */
export const MODERATION_ACTIONS_WITH_TEXT: readonly ModerationActionCode[] = ["edit_post", "edit_bio"];

/** Moderation reasons (spec analytics §3), in the spec's order and wording. */
export const MODERATION_REASONS = [
  "abusive",
  "solicitation",
  "spamming",
  "trolling",
  "user request",
  "market manipulation",
  "impersonation",
  "private details",
  "harassment",
  "nudity/explicit content",
  "racist/homophobic language",
  "excessive/unrelated tag removal",
] as const;

/** Reply-template network codes (spec core §3) and the networks each stands for. */
export const TEMPLATE_CATEGORIES = ["twitter", "fb", "ig", "rd", "ytb", "etoro", "review"] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export const TEMPLATE_CATEGORY_LABELS: Readonly<Record<TemplateCategory, string>> = {
  twitter: "X (Twitter)",
  fb: "Facebook",
  ig: "Instagram",
  rd: "Reddit",
  ytb: "YouTube",
  etoro: "eToro",
  review: "Reviews",
};
const REVIEW_NETWORKS: readonly NetworkId[] = ["googlePlay", "trustpilot", "ios", "webreview", "steam"];

/** The template category that covers a network's items, or null when no template category does. */
export function templateCategoryOf(network: NetworkId): TemplateCategory | null {
  switch (network) {
    case "twitter":
      return "twitter";
    case "facebook":
      return "fb";
    case "instagram":
      return "ig";
    case "reddit":
      return "rd";
    case "youtube":
      return "ytb";
    case "etoro":
      return "etoro";
    default:
      return REVIEW_NETWORKS.includes(network) ? "review" : null;
  }
}

/** Template variables filled when a template is inserted into a reply. */
/** @public A constant of the spec that no code reads yet: kept word for word beside the others. */
export const TEMPLATE_VARIABLES = [
  "author_name",
  "author_username",
  "agent_first_name",
  "agent_last_name",
  "brand_name",
  "network",
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/**
 * Fills `{{variable}}` placeholders (spaces inside the braces allowed); unknown variables and
 * variables without a value are left as written, so the agent sees what still needs filling.
 */
export function fillTemplate(message: string, values: Partial<Record<TemplateVariable, string | null | undefined>>): string {
  return message.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name as TemplateVariable];
    return typeof value === "string" && value.length > 0 ? value : whole;
  });
}

/** Presence: who is viewing or replying to an item; a heartbeat older than the window no longer counts. */
export const PRESENCE_MODES = ["viewing", "replying"] as const;
export type PresenceMode = (typeof PRESENCE_MODES)[number];
export const PRESENCE_WINDOW_SECONDS = 45;
export const PRESENCE_HEARTBEAT_SECONDS = 15;

/** How a reply reached the network. */
export const REPLY_DELIVERIES = ["sent", "manual", "failed"] as const;
export type ReplyDelivery = (typeof REPLY_DELIVERIES)[number];

/** Keyboard triage (issue 6 §7): key, what it does. `?` lists them. */
export const INBOX_SHORTCUTS: ReadonlyArray<{ key: string; label: string }> = [
  { key: "j", label: "Next item" },
  { key: "k", label: "Previous item" },
  { key: "a", label: "Assign to me" },
  { key: "l", label: "Label" },
  { key: "e", label: "Change state" },
  { key: "r", label: "Reply" },
  { key: "t", label: "Translate" },
  { key: "?", label: "Show keyboard shortcuts" },
];
