import { NOTIFICATION_SPLIT_THRESHOLD } from "./constants";

/** The category whose notifications offer 'Go to Profiles' (spec core §2). */
export const PERMISSIONS_ERROR_CATEGORY = "permissions_error";
/** Where 'Go to Profiles' leads: the connected channels (profiles) of the business. */
export const PROFILES_PATH = "/settings/channels";

/** POST /v1/notifications/mark_as_read takes at most this many ids at once. */
export const MARK_AS_READ_MAX_IDS = 500;
/**
 * The live stream re-reads the table this often, for notifications another process wrote (this
 * process's own arrive at once through notify()'s events); it also keeps the connection alive.
 */
export const NOTIFICATION_LIVE_REREAD_MS = 5_000;
export const NOTIFICATION_LIVE_HEARTBEAT_MS = 15_000;

// A sentence ends at . ! or ? (any run of them, then closing quotes or brackets) followed by
// white space: '3.5', 'example.com/a?b' and '/inbox?item=42' do not end one.
const SENTENCE_END = /[.!?]+["'”’)\]]*(?=\s)/g;

/** Where the sentences of `text` end (the index just after each end mark), in order. */
function sentenceEnds(text: string): number[] {
  const ends: number[] = [];
  for (const match of text.matchAll(SENTENCE_END)) ends.push(match.index + match[0].length);
  return ends;
}

/**
 * Text over about 100 characters is split at a sentence boundary: the first sentences up to the
 * threshold show, the rest goes under 'more details' (spec core §2). A first sentence a little over
 * the threshold stays whole ("about"); one far longer (over 1.5 times it) is cut at the last word
 * boundary before the threshold, or at the threshold itself when there is none.
 */
export function splitNotificationText(
  text: string,
  threshold: number = NOTIFICATION_SPLIT_THRESHOLD,
): { summary: string; rest: string } {
  const clean = text.trim();
  if (clean.length <= threshold) return { summary: clean, rest: "" };
  const ends = sentenceEnds(clean);
  // The last sentence end within the threshold, else the first one (a long first sentence).
  let cut = ends.filter((end) => end <= threshold).pop() ?? ends[0] ?? clean.length;
  if (cut > threshold * 1.5) {
    const space = clean.lastIndexOf(" ", threshold);
    cut = space > 0 ? space : threshold;
  }
  return { summary: clean.slice(0, cut).trimEnd(), rest: clean.slice(cut).trim() };
}

/**
 * Whether a notification's link may be followed as it is: a path of this app (one leading '/', no
 * scheme, no host, no backslash or control characters). Anything else is shown without a link.
 */
export function isAppPath(link: string | null | undefined): link is string {
  if (!link || !link.startsWith("/") || link.startsWith("//") || link.includes("\\")) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f\s]/.test(link);
}

/** The resource route the popover posts to, and the query flag that keeps it open after a post without JavaScript. */
export const NOTIFICATIONS_ACTION_PATH = "/notifications";
export const NOTIFICATIONS_OPEN_PARAM = "notifications";
/** NOTIFICATIONS_OPEN_PARAM's values: open after a post; open with every notification listed ('Show older notifications'). */
export const NOTIFICATIONS_OPEN = "open";
export const NOTIFICATIONS_OPEN_ALL = "all";

/** Unread: neither read (on hover or 'Mark all as read') nor dismissed (spec core §4's states). */
export function isUnread(notification: { readAt: string | null; dismissed: boolean | number }): boolean {
  return !notification.readAt && !notification.dismissed;
}

/** The most GET /v1/notifications lists: the account's newest (older ones are kept, never listed). */
export const NOTIFICATION_LIST_LIMIT = 100;
/**
 * What the popover lists at first, on every page (ADR 014, "The popover's first twenty"): rendering a
 * busy agent's hundred on each page cost a fifth of the page's time. The rest on asking.
 */
export const NOTIFICATIONS_POPOVER_LIMIT = 20;
