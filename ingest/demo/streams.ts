import type { NetworkId } from "../../domain/networks";
import type { MentionKind } from "../../domain/schemas/mention-input";

type DemoStreamCategory =
  "inboxes" | "direct messages" | "timelines" | "streams" | "pages" | "hashtags" | "channel streams" | "review streams";

type DemoStreamSource = "api" | "webhook" | "feed" | "import" | "review";

export interface DemoStreamSpec {
  key: string;
  network: NetworkId;
  category: DemoStreamCategory;
  name: string;
  source: DemoStreamSource;
}

/** How the generator uses a stream: its share of its network, the kinds it carries, how often the brand answers. */
export interface StreamPlan {
  spec: DemoStreamSpec;
  /** Share of the network's volume (relative to the network's other streams). */
  weight: number;
  kinds: readonly (readonly [MentionKind, number])[];
  /** Probability that a customer item gets an agent reply (before the tone factor). */
  reply: number;
}

const s = (
  key: string,
  network: NetworkId,
  category: DemoStreamCategory,
  name: string,
  source: DemoStreamSource,
  weight: number,
  kinds: readonly (readonly [MentionKind, number])[],
  reply: number,
): StreamPlan => ({ spec: { key, network, category, name, source }, weight, kinds, reply });

const POST = [["post", 1]] as const;
const COMMENT = [["comment", 1]] as const;
const MESSAGE = [["message", 1]] as const;
const REVIEW = [["review", 1]] as const;
const TICKET = [["ticket", 1]] as const;

export const STREAM_PLANS: readonly StreamPlan[] = [
  s("tw-mentions", "twitter", "streams", "@northwind mentions", "api", 45, POST, 0.1),
  s("tw-help", "twitter", "inboxes", "@NorthwindHelp mentions", "api", 25, POST, 0.3),
  s("tw-dm", "twitter", "direct messages", "@NorthwindHelp direct messages", "api", 12, MESSAGE, 0.35),
  s("tw-hashtag", "twitter", "hashtags", "#northwind", "api", 18, POST, 0.02),
  s("ig-comments", "instagram", "pages", "@northwind.play — Instagram comments", "api", 60, COMMENT, 0.08),
  s("ig-hashtag", "instagram", "hashtags", "#northwindplay on Instagram", "api", 25, POST, 0.01),
  s("ig-dm", "instagram", "direct messages", "Instagram direct messages", "webhook", 15, MESSAGE, 0.3),
  s(
    "fb-page",
    "facebook",
    "pages",
    "Northwind Play — Facebook page",
    "webhook",
    70,
    [
      ["comment", 3],
      ["post", 1],
    ],
    0.12,
  ),
  s("fb-messenger", "facebook", "direct messages", "Northwind Play — Messenger", "webhook", 30, MESSAGE, 0.35),
  s(
    "rd-sub",
    "reddit",
    "channel streams",
    "r/northwind",
    "api",
    70,
    [
      ["post", 35],
      ["comment", 65],
    ],
    0.06,
  ),
  s(
    "rd-search",
    "reddit",
    "streams",
    "Reddit search: “Northwind Play”",
    "api",
    30,
    [
      ["post", 40],
      ["comment", 60],
    ],
    0.02,
  ),
  s("yt-channel", "youtube", "channel streams", "Northwind Play — YouTube channel comments", "api", 60, COMMENT, 0.04),
  s("yt-search", "youtube", "streams", "YouTube: Northwind Play videos", "api", 40, COMMENT, 0),
  s("news", "article", "streams", "News & blogs: Northwind", "feed", 1, [["article", 1]], 0),
  s("ios-play", "ios", "review streams", "Northwind Play — App Store reviews", "review", 75, REVIEW, 0.1),
  s("ios-shop", "ios", "review streams", "Northwind Shop — App Store reviews", "review", 25, REVIEW, 0.1),
  s("trustpilot", "trustpilot", "review streams", "Northwind — Trustpilot reviews", "review", 1, REVIEW, 0.25),
  s(
    "discourse",
    "discourse",
    "channel streams",
    "forum.northwind.games (Discourse)",
    "webhook",
    1,
    [
      ["post", 35],
      ["comment", 65],
    ],
    0.18,
  ),
  s("gp-play", "googlePlay", "review streams", "Northwind Play — Google Play reviews", "review", 75, REVIEW, 0.12),
  s("gp-shop", "googlePlay", "review streams", "Northwind Shop — Google Play reviews", "review", 25, REVIEW, 0.12),
  s(
    "linkedin",
    "linkedin",
    "pages",
    "Northwind — LinkedIn company page",
    "api",
    1,
    [
      ["post", 40],
      ["comment", 60],
    ],
    0.04,
  ),
  s("webreviews", "webreview", "review streams", "Web reviews (Sitejabber, Metacritic)", "review", 1, REVIEW, 0.05),
  s(
    "etoro",
    "etoro",
    "streams",
    "$NWND on eToro",
    "feed",
    1,
    [
      ["post", 70],
      ["comment", 30],
    ],
    0,
  ),
  s(
    "wixan",
    "wixan",
    "pages",
    "Northwind on Wixan",
    "feed",
    1,
    [
      ["post", 50],
      ["comment", 50],
    ],
    0.02,
  ),
  s("discord-help", "discord", "channel streams", "Northwind Discord — #help-and-support", "webhook", 60, POST, 0.28),
  s("discord-general", "discord", "channel streams", "Northwind Discord — #general", "webhook", 40, POST, 0.02),
  s(
    "vanilla",
    "vanillaForums",
    "channel streams",
    "Northwind Community — Bugs & Billing (Vanilla)",
    "webhook",
    1,
    [
      ["post", 40],
      ["comment", 60],
    ],
    0.22,
  ),
  s("zendesk", "zendesk", "inboxes", "Support tickets (Zendesk)", "webhook", 85, TICKET, 0.35),
  s("zendesk-import", "zendesk", "inboxes", "Support tickets — backfill (CSV import)", "import", 15, TICKET, 0.35),
  s("tt-hashtag", "tiktok", "hashtags", "TikTok: #northwindplay", "api", 55, POST, 0.01),
  s("tt-comments", "tiktok", "pages", "@northwindplay — TikTok comments", "api", 45, COMMENT, 0.04),
  s("intercom", "intercom", "inboxes", "Northwind Shop — web chat (Intercom)", "webhook", 1, TICKET, 0.38),
  s("helpshift", "helpshift", "inboxes", "Northwind Play — in-app support (Helpshift)", "webhook", 1, TICKET, 0.35),
  s("steam", "steam", "review streams", "Northwind Play — Steam reviews", "review", 1, REVIEW, 0.06),
  s(
    "fmkorea",
    "fmKorea",
    "streams",
    "FM코리아 — 노스윈드 플레이 게시글",
    "feed",
    1,
    [
      ["post", 45],
      ["comment", 55],
    ],
    0,
  ),
  s(
    "weibo",
    "weibo",
    "hashtags",
    "微博 #北风Play#",
    "api",
    1,
    [
      ["post", 60],
      ["comment", 40],
    ],
    0.06,
  ),
  s(
    "xhs",
    "xhs",
    "streams",
    "小红书 — 北风Play 笔记",
    "feed",
    1,
    [
      ["post", 55],
      ["comment", 45],
    ],
    0.02,
  ),
];

/** The demo workspace's streams: at least one per network. */
export const DEMO_STREAMS: DemoStreamSpec[] = STREAM_PLANS.map((plan) => plan.spec);
