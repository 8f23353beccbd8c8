// The 24 networks of spec core §1: identifier, numeric id, name, colour, sortable flag, review-type flag.
// Colours are each brand's own primary colour (a neutral grey where a network has none).

export interface Network {
  id: NetworkId;
  code: number;
  name: string;
  color: string;
  sortable: boolean;
  review: boolean;
}

export const NETWORK_IDS = [
  "twitter",
  "instagram",
  "facebook",
  "reddit",
  "youtube",
  "article",
  "ios",
  "trustpilot",
  "discourse",
  "googlePlay",
  "linkedin",
  "webreview",
  "etoro",
  "wixan",
  "discord",
  "vanillaForums",
  "zendesk",
  "tiktok",
  "intercom",
  "helpshift",
  "steam",
  "fmKorea",
  "weibo",
  "xhs",
] as const;

export type NetworkId = (typeof NETWORK_IDS)[number];

const n = (id: NetworkId, code: number, name: string, color: string, sortable: boolean, review = false): Network => ({
  id,
  code,
  name,
  color,
  sortable,
  review,
});

export const NETWORKS: readonly Network[] = [
  n("twitter", 1, "X (Twitter)", "#000000", true),
  n("instagram", 2, "Instagram", "#E4405F", true),
  n("facebook", 3, "Facebook", "#1877F2", true),
  n("reddit", 4, "Reddit", "#FF4500", true),
  n("youtube", 5, "YouTube", "#FF0000", true),
  n("article", 6, "News & Blogs", "#6B7280", false),
  n("ios", 7, "App Store", "#0D96F6", false, true),
  n("trustpilot", 8, "Trustpilot", "#00B67A", false, true),
  n("discourse", 9, "Discourse", "#231F20", true),
  n("googlePlay", 10, "Google Play", "#01875F", false, true),
  n("linkedin", 11, "LinkedIn", "#0A66C2", true),
  n("webreview", 12, "Web reviews", "#F59E0B", false, true),
  n("etoro", 13, "eToro", "#13C636", true),
  n("wixan", 14, "Wixan", "#7C3AED", false),
  n("discord", 15, "Discord", "#5865F2", true),
  n("vanillaForums", 16, "Vanilla Forums", "#0291DB", true),
  n("zendesk", 17, "Zendesk", "#03363D", false),
  n("tiktok", 18, "TikTok", "#010101", true),
  n("intercom", 19, "Intercom", "#1F8DED", false),
  n("helpshift", 20, "Helpshift", "#F26B3A", false),
  n("steam", 21, "Steam", "#171A21", false, true),
  n("fmKorea", 22, "FM Korea", "#3D5AFE", true),
  n("weibo", 23, "Weibo", "#E6162D", true),
  n("xhs", 24, "Xiaohongshu", "#FF2442", true),
];

const BY_ID = new Map(NETWORKS.map((network) => [network.id, network]));

export function isNetworkId(value: string): value is NetworkId {
  return BY_ID.has(value as NetworkId);
}

export function networkById(id: NetworkId): Network {
  return BY_ID.get(id)!;
}

export const REVIEW_NETWORK_IDS: readonly NetworkId[] = NETWORKS.filter((x) => x.review).map((x) => x.id);
