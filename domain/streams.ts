import { type NetworkId } from "./networks";
import { ROLES, type Role } from "./roles";

// The per-network stream catalogue (spec core §2): which categories a network offers, what each allows,
// and how its mentions reach us. wixan is for system admins only; the sidebar folds after 15 items.

export const STREAM_CATEGORIES = [
  "inboxes",
  "direct messages",
  "timelines",
  "streams",
  "pages",
  "hashtags",
  "channel streams",
  "review streams",
] as const;
export type StreamCategory = (typeof STREAM_CATEGORIES)[number];

export interface CategoryFlags {
  add: boolean;
  edit: boolean;
  pin: boolean;
  delete: boolean;
  duplicate: boolean;
}

const ALL: CategoryFlags = { add: true, edit: true, pin: true, delete: true, duplicate: true };
// One conversation list per connected account: duplicating it would show the same items twice.
const NO_DUPLICATE: CategoryFlags = { ...ALL, duplicate: false };

export const CATEGORY_FLAGS: Readonly<Record<StreamCategory, CategoryFlags>> = {
  inboxes: NO_DUPLICATE,
  "direct messages": NO_DUPLICATE,
  timelines: ALL,
  streams: ALL,
  pages: NO_DUPLICATE,
  hashtags: ALL,
  "channel streams": ALL,
  "review streams": NO_DUPLICATE,
};

/** How mentions reach a stream. The ingest API and file import work for every network. */
export const STREAM_SOURCES = ["api", "webhook", "feed", "review", "import"] as const;
export type StreamSource = (typeof STREAM_SOURCES)[number];

export const STREAM_SOURCE_LABELS: Readonly<Record<StreamSource, string>> = {
  api: "Ingest API",
  webhook: "Webhook",
  feed: "RSS / Atom feed",
  review: "Review platform",
  import: "File import (CSV / NDJSON)",
};

const WEBHOOK_NETWORKS = ["zendesk", "intercom", "helpshift", "discord", "discourse", "vanillaForums"] as const;
const FEED_NETWORKS = ["article", "webreview"] as const;
const REVIEW_SOURCE_NETWORKS = ["trustpilot", "googlePlay", "ios", "steam"] as const;

export const STREAM_CATALOGUE: Readonly<Record<NetworkId, readonly StreamCategory[]>> = {
  twitter: ["inboxes", "direct messages", "timelines", "streams", "hashtags"],
  instagram: ["inboxes", "direct messages", "pages", "hashtags"],
  facebook: ["inboxes", "direct messages", "pages"],
  reddit: ["streams"],
  youtube: ["channel streams"],
  article: ["streams"],
  ios: ["review streams"],
  trustpilot: ["review streams"],
  discourse: ["streams"],
  googlePlay: ["review streams"],
  linkedin: ["pages", "streams"],
  webreview: ["review streams"],
  etoro: ["streams"],
  wixan: ["streams"],
  discord: ["channel streams"],
  vanillaForums: ["streams"],
  zendesk: ["inboxes"],
  tiktok: ["channel streams", "hashtags"],
  intercom: ["inboxes"],
  helpshift: ["inboxes"],
  steam: ["review streams"],
  fmKorea: ["streams"],
  weibo: ["streams"],
  xhs: ["streams"],
};

const SYSTEM_ADMIN_ONLY_NETWORKS: readonly NetworkId[] = ["wixan"];

/** Items shown in a sidebar section before the 'show more' divider. */
export const SIDEBAR_FOLD_AFTER = 15;

export function networkVisibleTo(network: NetworkId, role: Role): boolean {
  return !SYSTEM_ADMIN_ONLY_NETWORKS.includes(network) || role === ROLES.systemAdmin;
}

export function sourcesForNetwork(network: NetworkId): StreamSource[] {
  const sources: StreamSource[] = [];
  if ((WEBHOOK_NETWORKS as readonly string[]).includes(network)) sources.push("webhook");
  if ((FEED_NETWORKS as readonly string[]).includes(network)) sources.push("feed");
  if ((REVIEW_SOURCE_NETWORKS as readonly string[]).includes(network)) sources.push("review");
  sources.push("api", "import");
  return sources;
}

export function categoryAllowed(network: NetworkId, category: string): category is StreamCategory {
  return (STREAM_CATALOGUE[network] as readonly string[]).includes(category);
}

/** Feed polling interval bounds (seconds). */
export const FEED_INTERVAL = { min: 300, default: 900, max: 86_400 } as const;

/** The polling intervals offered on the channels screens (seconds and their labels). */
export const FEED_INTERVAL_CHOICES: ReadonlyArray<{ seconds: number; label: string }> = [
  { seconds: 300, label: "Every 5 minutes" },
  { seconds: 900, label: "Every 15 minutes" },
  { seconds: 1800, label: "Every 30 minutes" },
  { seconds: 3600, label: "Every hour" },
  { seconds: 21_600, label: "Every 6 hours" },
  { seconds: 86_400, label: "Every day" },
];
