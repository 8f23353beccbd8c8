// Pure helpers of the inbox screens: the sources sidebar (the per-network catalogue of spec core §2),
// items as the list and the detail pane show them (prepared on the server: labels and times are text,
// user text stays text), and the actions history in words. Importable in the browser.
import { compareByName, compareNames, formatDateTime } from "../../../domain/format";
import { FEED_ITEM_STATE_LABELS, MODERATION_ACTIONS, type PresenceMode } from "../../../domain/inbox";
import { MESSAGES } from "../../../domain/messages";
import { isNetworkId, NETWORKS, type NetworkId } from "../../../domain/networks";
import { languageLabel, LANGUAGES, type Language } from "../../../domain/reference/languages";
import type { Role } from "../../../domain/roles";
import { networkVisibleTo, SIDEBAR_FOLD_AFTER, STREAM_CATALOGUE, STREAM_CATEGORIES, type StreamCategory } from "../../../domain/streams";
import { categoryLabel, safeHttpUrl } from "../channels/format";
import { sentimentLabel, sentimentName, type SentimentName } from "../sentiment/format";
import type { ApiFeedItem, ApiHistoryEntry, ApiLabel, ApiRowItem, ApiViewer } from "./types";

const LABELS = MESSAGES.inboxUi;

// ── Sidebar ─────────────────────────────────────────────────────────────────────────────────────

export interface SidebarStream {
  id: number;
  name: string;
  category: StreamCategory;
  pinned: boolean;
  canPin: boolean;
  canEdit: boolean;
  canDuplicate: boolean;
  canDelete: boolean;
}

export interface SidebarNetwork {
  network: NetworkId;
  name: string;
  color: string;
  /** Categories of the network's catalogue the caller may add a stream to (admins). */
  addable: Array<{ category: StreamCategory; label: string }>;
  /** Streams in catalogue-category order, pinned first within a category; the first 15 shown. */
  shown: SidebarStream[];
  /** Behind the 'show more' divider. */
  folded: SidebarStream[];
}

/**
 * The tenant's streams grouped per network, in the catalogue's network order: within a network by the
 * catalogue's categories (inboxes, direct messages, timelines, ...), pinned first, then by name. After
 * SIDEBAR_FOLD_AFTER streams the rest sits behind 'show more' (spec core §2). wixan only for system admins.
 */
export function buildStreamSidebar(
  streams: ReadonlyArray<SidebarStream & { socialType: string }>,
  role: Role,
  options: { canManage: boolean; foldAfter?: number },
): SidebarNetwork[] {
  const foldAfter = options.foldAfter ?? SIDEBAR_FOLD_AFTER;
  return NETWORKS.filter((network) => networkVisibleTo(network.id, role)).flatMap((network) => {
    const own = streams.filter((stream) => stream.socialType === network.id);
    if (own.length === 0) return [];
    const catalogue = STREAM_CATALOGUE[network.id];
    const rank = (category: StreamCategory) => {
      const at = catalogue.indexOf(category);
      return at === -1 ? catalogue.length + STREAM_CATEGORIES.indexOf(category) : at;
    };
    const ordered = own
      .map(({ socialType: _socialType, ...stream }) => stream)
      .sort(
        (a, b) =>
          rank(a.category) - rank(b.category) ||
          Number(b.pinned) - Number(a.pinned) ||
          compareNames(a.name, b.name),
      );
    return [
      {
        network: network.id,
        name: network.name,
        color: network.color,
        addable: options.canManage ? catalogue.map((category) => ({ category, label: categoryLabel(category) })) : [],
        shown: ordered.slice(0, foldAfter),
        folded: ordered.slice(foldAfter),
      },
    ];
  });
}

/** Networks (visible to the role) and their catalogue categories: where an admin may add a stream. */
export function addableCatalogue(role: Role): Array<{ network: NetworkId; name: string; categories: StreamCategory[] }> {
  return NETWORKS.filter((network) => networkVisibleTo(network.id, role)).map((network) => ({
    network: network.id,
    name: network.name,
    categories: [...STREAM_CATALOGUE[network.id]],
  }));
}

export interface LabelGroup {
  category: string;
  labels: Array<{ id: number; name: string }>;
}

/** Labels by category (spec core §3 "category" groups them), groups and labels by name; no category last. */
export function groupLabels(labels: ReadonlyArray<Pick<ApiLabel, "id" | "name" | "category">>): LabelGroup[] {
  const groups = new Map<string, Array<{ id: number; name: string }>>();
  for (const label of labels) {
    const key = label.category?.trim() ?? "";
    const list = groups.get(key) ?? [];
    list.push({ id: label.id, name: label.name });
    groups.set(key, list);
  }
  return [...groups.entries()]
    .map(([category, list]) => ({ category, labels: list.sort(compareByName) }))
    .sort((a, b) => (a.category === "" ? 1 : b.category === "" ? -1 : compareNames(a.category, b.category)));
}

/** Splits a list at the fold: the first `after` shown, the rest behind 'show more'. */
export function fold<T>(list: readonly T[], after: number = SIDEBAR_FOLD_AFTER): { shown: T[]; folded: T[] } {
  return { shown: list.slice(0, after), folded: list.slice(after) };
}

// ── Items ───────────────────────────────────────────────────────────────────────────────────────

export interface ViewerRow {
  accountId: number;
  name: string;
  mode: PresenceMode;
}

/** An item as the list shows it (text stays text: React escapes it). */
export interface InboxRow {
  id: number;
  network: NetworkId | null;
  author: string;
  username: string;
  time: string;
  isoTime: string;
  title: string | null;
  text: string;
  language: string;
  languageCode: string;
  sentiment: SentimentName;
  sentimentLabel: string;
  state: number;
  stateLabel: string;
  /** `account:5` / `team:2` and the name shown, or null. */
  assignee: { value: string; name: string } | null;
  labels: Array<{ id: number; name: string }>;
  isReplied: boolean;
  viewers: ViewerRow[];
  engagements: number;
}

export function stateLabel(state: number): string {
  return FEED_ITEM_STATE_LABELS[state] ?? String(state);
}

/** Viewers other than the caller, replying ones first, then by name. */
export function viewerRows(viewers: readonly ApiViewer[] | undefined, selfId: number): ViewerRow[] {
  return (viewers ?? [])
    .filter((viewer) => viewer.accountId !== selfId)
    .map((viewer) => ({ accountId: viewer.accountId, name: viewer.name, mode: viewer.mode }))
    .sort((a, b) => Number(b.mode === "replying") - Number(a.mode === "replying") || a.name.localeCompare(b.name));
}

/** 'Ana is viewing', 'Ben is replying'. */
export function presenceText(viewer: { name: string; mode: PresenceMode }): string {
  return viewer.mode === "replying" ? LABELS.isReplying(viewer.name) : LABELS.isViewing(viewer.name);
}

export function toInboxRow(
  item: ApiRowItem,
  context: { timeZone: string; selfId: number; labelNames?: ReadonlyMap<number, string> },
): InboxRow {
  const assigned = item.assignedTo;
  const labels =
    item.labels ??
    (item.labelIds ?? []).flatMap((id) => {
      const name = context.labelNames?.get(id);
      return name === undefined ? [] : [{ id, name }];
    });
  return {
    id: item.id,
    network: isNetworkId(item.socialType) ? item.socialType : null,
    author: item.authorName || item.authorUsername || item.identity?.username || EMPTY_AUTHOR,
    username: item.authorUsername,
    time: formatDateTime(item.createdAt, context.timeZone),
    isoTime: item.createdAt,
    title: item.title,
    text: item.description,
    language: languageLabel(item.language),
    languageCode: item.language,
    sentiment: sentimentName(item.sentiment),
    sentimentLabel: sentimentLabel(item.sentiment),
    state: item.state,
    stateLabel: stateLabel(item.state),
    assignee: assigned
      ? {
          value: `${assigned.type}:${assigned.id}`,
          name: assigned.name || (assigned.type === "team" ? LABELS.teamNumber(assigned.id) : LABELS.userNumber(assigned.id)),
        }
      : null,
    labels: [...labels].sort(compareByName),
    isReplied: item.isReplied === 1,
    viewers: viewerRows(item.viewers, context.selfId),
    engagements: item.counts?.totalEngagements ?? 0,
  };
}

const EMPTY_AUTHOR = "-";

/** Only http(s) links to the original post (a mention's URL comes from outside). */
export function originalUrl(item: Pick<ApiFeedItem, "postUrl">): string | null {
  return safeHttpUrl(item.postUrl);
}

// ── Filters ─────────────────────────────────────────────────────────────────────────────────────

const KNOWN_LANGUAGE_CODES: ReadonlySet<string> = new Set(LANGUAGES.map((language) => language.code));

/**
 * The languages the filter offers: those the tenant's mentions are in (`present`) and those chosen, in the
 * list's order (by label, Other last), codes the list does not know after them. With none present yet (a
 * new tenant, or rollups still being made) every language, so the filter never offers nothing.
 */
export function languageChoices(present: readonly string[], chosen: readonly string[]): ReadonlyArray<Language> {
  if (present.length === 0) return LANGUAGES;
  const wanted = new Set([...present, ...chosen].map((code) => code.trim().toLowerCase()).filter(Boolean));
  const known = LANGUAGES.filter((language) => wanted.has(language.code));
  const unknown = [...wanted].filter((code) => !KNOWN_LANGUAGE_CODES.has(code)).map((code) => ({ code, label: code }));
  return [...known, ...unknown];
}

// ── Actions history ─────────────────────────────────────────────────────────────────────────────

export interface HistoryRow {
  key: string;
  who: string;
  what: string;
  /** A message, note or text that belongs to the entry (shown as text). */
  detail: string | null;
  time: string;
  isoTime: string;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

function names(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (typeof entry === "string") return [entry];
    if (entry && typeof entry === "object" && typeof (entry as { name?: unknown }).name === "string")
      return [(entry as { name: string }).name];
    return [];
  });
}

/** One history entry in words: who did what (and to whom), with its message, note or text, and when. */
export function historyRow(entry: ApiHistoryEntry, timeZone: string): HistoryRow {
  const data = (entry.data ?? {}) as Record<string, unknown>;
  const who = entry.actorName || LABELS.someone;
  let what: string;
  let detail: string | null = null;
  switch (entry.actionType) {
    case "assignment":
      what = LABELS.historyAssigned(text(data.assigneeName) ?? LABELS.someone);
      detail = text(data.message);
      break;
    case "unassignment":
      what = LABELS.historyUnassigned;
      detail = text(data.message);
      break;
    case "labels": {
      const list = names(data.labels);
      what = list.length ? LABELS.historyLabels(list.join(", ")) : LABELS.historyLabelsCleared;
      break;
    }
    case "state":
      what = LABELS.historyState(stateLabel(Number(data.to)));
      break;
    case "translation":
      what = LABELS.historyTranslated(languageLabel(text(data.language) ?? ""));
      break;
    case "replied_by":
      what = LABELS.historyReplied;
      detail = text(data.text);
      break;
    case "sent_by":
      what = LABELS.historySent;
      break;
    case "liked_by":
      what = LABELS.historyLiked;
      break;
    case "reviewed_by":
      what = LABELS.historyReviewed;
      break;
    case "moderation": {
      const code = text(data.action);
      const action = MODERATION_ACTIONS.find((a) => a.code === code);
      what = LABELS.historyModerated(text(data.actionText) ?? action?.event ?? code ?? "", text(data.reason) ?? "");
      detail = text(data.note);
      break;
    }
    default:
      what = entry.actionType.replace(/_/g, " ");
  }
  return {
    key: `${entry.id}`,
    who,
    what,
    detail,
    time: formatDateTime(entry.createdAt, timeZone),
    isoTime: entry.createdAt,
  };
}
