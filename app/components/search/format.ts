// Pure helpers of the Live Search screens: the sidebar's order and filter, the sort options, the draft
// kept in the URL, and mentions as the results list shows them. Importable in the browser.
import { SAVED_SEARCH_CATEGORIES, STATUS_PAGE_SIZE, type SavedSearchCategory } from "../../../domain/constants";
import { compareNames, formatDateTime } from "../../../domain/format";
import { MESSAGES } from "../../../domain/messages";
import { safeRedirectPathUnder } from "../../../domain/navigation";
import { isNetworkId, type NetworkId } from "../../../domain/networks";
import { languageLabel } from "../../../domain/reference/languages";
import { safeHttpUrl } from "../channels/format";
import { sentimentLabel, sentimentName, type SentimentName } from "../sentiment/format";
import type { ApiSearchFolder, ApiSearchItem, ApiSearchStatus, QueryGroup, StatusOrderBy } from "./types";

const LABELS = MESSAGES.searchScreen;

// ── Sidebar ─────────────────────────────────────────────────────────────────────────────────────

export interface SidebarItem {
  id: number;
  name: string;
  category: SavedSearchCategory;
  folderId: number | null;
  pinned: boolean;
  /** The caller may move and delete it. */
  editable: boolean;
}

export interface SidebarFolder {
  id: number;
  name: string;
  category: SavedSearchCategory;
  pinned: boolean;
  editable: boolean;
  items: SidebarItem[];
}

export interface SidebarSection {
  category: SavedSearchCategory;
  title: string;
  folders: SidebarFolder[];
  /** Searches at the top level of the section. */
  items: SidebarItem[];
}

const SECTION_TITLES: Readonly<Record<SavedSearchCategory, string>> = {
  brand: MESSAGES.brandSearches,
  my: MESSAGES.mySearches,
  team: MESSAGES.teamSearches,
};

/** Spec core §2: pinned entries first, then alphabetical by name, case-insensitive. */
export function byPinThenName(a: { pinned: boolean; name: string }, b: { pinned: boolean; name: string }): number {
  return (
    Number(b.pinned) - Number(a.pinned) ||
    compareNames(a.name, b.name) ||
    a.name.localeCompare(b.name, "en")
  );
}

function nameMatches(name: string, filter: string): boolean {
  return name.toLocaleLowerCase("en").includes(filter);
}

/**
 * The three sections of the sidebar. A search sits in its folder when that folder is visible to the
 * user, else at the top level. The filter narrows by name: a folder whose name matches keeps all of its
 * searches, another one only the matching searches (and disappears when none match).
 */
export function buildSidebar(
  folders: ReadonlyArray<Pick<ApiSearchFolder, "id" | "name" | "category" | "pinned" | "editable">>,
  items: ReadonlyArray<Pick<ApiSearchItem, "id" | "name" | "category" | "folderId" | "pinned" | "editable">>,
  filterText = "",
): SidebarSection[] {
  const filter = filterText.trim().toLocaleLowerCase("en");
  const folderIds = new Set(folders.map((folder) => folder.id));
  const rows: SidebarItem[] = items.map((item) => ({
    id: item.id,
    name: item.name,
    category: item.category,
    folderId: item.folderId !== null && folderIds.has(item.folderId) ? item.folderId : null,
    pinned: item.pinned,
    editable: item.editable,
  }));
  return SAVED_SEARCH_CATEGORIES.map((category) => {
    const own = rows.filter((item) => item.category === category);
    const sectionFolders = folders
      .filter((folder) => folder.category === category)
      .map((folder) => {
        const inside = own.filter((item) => item.folderId === folder.id);
        const shown = !filter || nameMatches(folder.name, filter) ? inside : inside.filter((i) => nameMatches(i.name, filter));
        return {
          id: folder.id,
          name: folder.name,
          category,
          pinned: folder.pinned,
          editable: folder.editable,
          items: shown.sort(byPinThenName),
          matches: !filter || nameMatches(folder.name, filter) || shown.length > 0,
        };
      })
      .filter((folder) => folder.matches)
      .map(({ matches: _matches, ...folder }) => folder)
      .sort(byPinThenName);
    const topLevel = own
      .filter((item) => item.folderId === null && (!filter || nameMatches(item.name, filter)))
      .sort(byPinThenName);
    return { category, title: SECTION_TITLES[category], folders: sectionFolders, items: topLevel };
  });
}

/** Spec core §4: a search moves only within its section, and only into another folder (null: top level). */
export function canDropInto(
  item: { category: SavedSearchCategory; folderId: number | null },
  target: { category: SavedSearchCategory; folderId: number | null },
): boolean {
  return item.category === target.category && item.folderId !== target.folderId;
}

// ── Sorting and paging ──────────────────────────────────────────────────────────────────────────

export const SORT_OPTIONS: ReadonlyArray<{ key: string; orderBy: StatusOrderBy; label: string }> = [
  { key: "shares", orderBy: "counts.shares", label: LABELS.sortShares },
  { key: "comments", orderBy: "counts.comments", label: LABELS.sortComments },
  { key: "followers", orderBy: "author.followers", label: LABELS.sortFollowers },
  { key: "engagements", orderBy: "counts.total_engagements", label: LABELS.sortEngagements },
  { key: "reach", orderBy: "reach_score", label: LABELS.sortReach },
];

/** Spec core §9: by total engagements unless the user chose another order. */
const DEFAULT_SORT = "engagements";

export function sortOption(key: string | null) {
  return SORT_OPTIONS.find((option) => option.key === key) ?? SORT_OPTIONS.find((o) => o.key === DEFAULT_SORT)!;
}

export function pageCount(total: number, pageSize: number = STATUS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

// ── The draft in the URL ────────────────────────────────────────────────────────────────────────

/** A group as the editor's form holds it (every value a string; names as the shared schema reads them). */
export interface FormGroup {
  type: string;
  values: Array<{ filterType: string; value: string }>;
}

/** Groups of a definition (the API's, or the shared schema's output) as the form holds them. */
export function toFormGroups(groups: readonly QueryGroup[]): FormGroup[] {
  return groups.map((group) => ({
    type: group.type,
    values: group.values.map((value) => ({ filterType: value.filterType, value: String(value.value ?? "") })),
  }));
}

/**
 * A definition's groups split as the editor shows them: the first must group holding just one keywords
 * value is the main query (the textarea); the others are the extra groups.
 */
export function splitDefinition<G extends { type: string; values: ReadonlyArray<{ filterType: string; value: unknown }> }>(
  groups: readonly G[],
): { query: string; extra: G[] } {
  const index = groups.findIndex(
    (group) => group.type === "must" && group.values.length === 1 && group.values[0]!.filterType === "keywords",
  );
  if (index === -1) return { query: "", extra: [...groups] };
  return { query: String(groups[index]!.values[0]!.value), extra: groups.filter((_, i) => i !== index) };
}

/** The main query back in front of the extra groups: the definition the form posts. */
export function joinDefinition(query: string, extra: readonly FormGroup[]): FormGroup[] {
  return [{ type: "must", values: [{ filterType: "keywords", value: query }] }, ...extra];
}

/** `?q=…&groups=…`: the draft a Search shows results for, before (or instead of) saving it. */
export function draftSearchParams(query: string, extra: readonly QueryGroup[], sort?: string | null): URLSearchParams {
  const params = new URLSearchParams({ q: query });
  if (extra.length) params.set("groups", JSON.stringify(extra));
  if (sort && sort !== DEFAULT_SORT) params.set("sort", sort);
  return params;
}

/** A same-site path under /search to return to after a sidebar action, or /search. */
export function searchReturnPath(value: unknown, fallback = "/search"): string {
  return safeRedirectPathUnder(value, /^\/search(\/|\?|$)/, fallback);
}

// ── Mentions ────────────────────────────────────────────────────────────────────────────────────

/** A mention as the results list shows it (prepared on the server: labels and times are text). */
export interface SearchMention {
  id: number;
  network: NetworkId | null;
  author: string;
  username: string;
  time: string;
  isoTime: string;
  language: string;
  sentiment: SentimentName;
  sentimentLabel: string;
  title: string | null;
  text: string;
  url: string | null;
  metrics: { shares: number; comments: number; followers: number; engagements: number; reach: number };
}

/** The fields of a GET /v1/statuses mention the results list shows. */
type ListedStatus = Pick<
  ApiSearchStatus,
  | "id"
  | "socialType"
  | "title"
  | "description"
  | "postUrl"
  | "language"
  | "sentiment"
  | "authorUsername"
  | "authorName"
  | "authorFollowers"
  | "counts"
  | "reach"
  | "createdAt"
>;

export function toSearchMention(status: ListedStatus, timeZone: string): SearchMention {
  return {
    id: status.id,
    network: isNetworkId(status.socialType) ? status.socialType : null,
    author: status.authorName || status.authorUsername,
    username: status.authorUsername,
    time: formatDateTime(status.createdAt, timeZone),
    isoTime: status.createdAt,
    language: languageLabel(status.language),
    sentiment: sentimentName(status.sentiment),
    sentimentLabel: sentimentLabel(status.sentiment),
    title: status.title,
    text: status.description,
    url: safeHttpUrl(status.postUrl),
    metrics: {
      shares: status.counts?.shares ?? 0,
      comments: status.counts?.comments ?? 0,
      followers: status.authorFollowers ?? 0,
      engagements: status.counts?.totalEngagements ?? 0,
      reach: Math.round(status.reach ?? 0),
    },
  };
}

/** '1,234': counts as people read them. */
export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

/** The teams picker's summary (spec core §2): the placeholder, the one name, or 'N chosen'. */
export function teamsSummary(names: readonly string[]): string {
  if (names.length === 0) return MESSAGES.selectTeams;
  if (names.length === 1) return names[0]!;
  return MESSAGES.chosenCount(names.length);
}

// ── Query faults ────────────────────────────────────────────────────────────────────────────────

export type HighlightSegment = { kind: "text"; text: string } | { kind: "fault"; text: string } | { kind: "marker" };

/**
 * The query cut into plain runs and faulty runs (offsets and lengths in UTF-16 units, as the textarea
 * counts): the mirrored layer behind the textarea marks each fault at its place. A fault of length 0
 * (an expression missing at the end, say) is a marker between two characters.
 */
export function highlightSegments(text: string, faults: ReadonlyArray<{ offset: number; length: number }>): HighlightSegment[] {
  const covered = new Uint8Array(text.length);
  const markers = new Set<number>();
  for (const fault of faults) {
    const start = Math.max(0, Math.min(text.length, Math.trunc(fault.offset)));
    const end = Math.max(start, Math.min(text.length, start + Math.max(0, Math.trunc(fault.length))));
    if (end === start) markers.add(start);
    for (let i = start; i < end; i++) covered[i] = 1;
  }
  const segments: HighlightSegment[] = [];
  let run = "";
  let runFault = false;
  const flush = () => {
    if (run) segments.push({ kind: runFault ? "fault" : "text", text: run });
    run = "";
  };
  for (let i = 0; i <= text.length; i++) {
    if (markers.has(i)) {
      flush();
      segments.push({ kind: "marker" });
    }
    if (i === text.length) break;
    const fault = covered[i] === 1;
    if (fault !== runFault) {
      flush();
      runFault = fault;
    }
    run += text[i];
  }
  flush();
  return segments;
}
