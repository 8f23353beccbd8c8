// The loader and action behind the two search pages (a new search, a saved one): the same editor, the
// same results, the same intents. Each route module calls these from its own loader and action.
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { SAVED_SEARCH_CATEGORIES, STATUS_PAGE_SIZE, type SavedSearchCategory } from "../../domain/constants";
import { NewSearchEditorActionSchema, SavedSearchEditorActionSchema, type SearchEditorAction } from "../../domain/schemas/searches";
import { QueryFaultErrorResponseSchema } from "../../domain/schemas/errors";
import { MESSAGES } from "../../domain/messages";
import { QUERY_MAX_LENGTH, QueryGroupsSchema } from "../../domain/query";
import type { QueryToSend } from "../../domain/request-types";
import type { StatusCountsQuerySchema, StatusListQuerySchema } from "../../domain/schemas/statuses";
import { VISIBILITY, type Visibility } from "../../domain/visibility";
import { ApiError, type Account, type ApiTeamList } from "../lib/api.server";
import { handleIntent, intentOfButton, readIntentForm, replyWithApiError, statusOf, type IntentHandlers } from "../lib/forms.server";
import { statusQuery } from "../lib/status-query";
import { flashToast } from "../lib/toast.server";
import { pageParam } from "../components/channels/format";
import {
  draftSearchParams,
  pageCount,
  searchReturnPath,
  sortOption,
  splitDefinition,
  toFormGroups,
  toSearchMention,
  type FormGroup,
  type SearchMention,
} from "../components/search/format";
import type { ApiSearchItem, ApiSearchStatusList, ApiStatusCounts, QueryFault, QueryGroup, QueryValidation, StatusSearch } from "../components/search/types";
import { compareByName } from "../../domain/format";
import { orNotFound } from "../lib/not-found.server";

const LABELS = MESSAGES.searchScreen;
export const SEARCH_PATH = "/search";



/** `?q=…&groups=…`: a definition being tried (not saved), or null. Groups that do not parse are dropped. */
function readDraft(url: URL): { query: string; extra: QueryGroup[] } | null {
  const query = url.searchParams.get("q");
  if (query === null) return null;
  let extra: QueryGroup[] = [];
  const raw = url.searchParams.get("groups");
  if (raw) {
    try {
      const parsed = QueryGroupsSchema.safeParse(JSON.parse(raw));
      if (parsed.success) extra = parsed.data;
    } catch {
      extra = [];
    }
  }
  return { query, extra };
}

export interface SearchResults {
  total: number;
  /** More mentions match than total (the counts' cap): the sentiments are a sample of total. */
  capped: boolean;
  sentiments: { positive: number; neutral: number; negative: number };
  mentions: SearchMention[];
  page: number;
  pages: number;
}

/**
 * An unsaved search (context type 6): the query alone, or, with filter groups, the whole definition as
 * `groups` (the main query as its first must group: a definition without one matches nothing).
 */
export function adHocSearch(query: string, extra: QueryGroup[]): StatusSearch {
  if (!extra.length) return { query, filters: {} };
  return { filters: { groups: [{ type: "must", values: [{ filterType: "keywords", value: query }] }, ...extra] } };
}

/** A query the engine refused (400 with the fault's `offset` and `length`) as a fault of the main query. */
function faultOf(error: ApiError): QueryFault | null {
  const fault = error.detailsAs(QueryFaultErrorResponseSchema);
  if (!fault) return null;
  if (fault.groupIndex !== undefined && (fault.groupIndex !== 0 || fault.valueIndex !== 0)) return null;
  return { message: error.message, offset: fault.offset, length: fault.length };
}

export async function loadSearchPage(request: Request, context: AppLoadContext, account: Account, itemId: number | null) {
  const url = new URL(request.url);
  const [item, teams] = await Promise.all([
    itemId === null ? Promise.resolve(null) : orNotFound(context.api.get<ApiSearchItem>(`/search/items/${itemId}`)),
    context.api.get<ApiTeamList>("/v1/teams"),
  ]);
  const sort = sortOption(url.searchParams.get("sort"));
  const page = pageParam(url.searchParams.get("page"));
  const draft = readDraft(url);
  const source = item ? splitDefinition(toFormGroups(item.query)) : { query: "", extra: [] as FormGroup[] };
  const timeZone = account.businessProfile.timeZone;

  // What the results show: a draft's query, else the saved search's stored matches, else nothing yet.
  const search: StatusSearch | null =
    draft && draft.query.trim()
      ? adHocSearch(draft.query, draft.extra)
      : item && !draft
        ? { filters: { searchItemId: item.id } }
        : null;
  let results: SearchResults | null = null;
  let queryFaults: QueryFault[] = [];
  // Anything else the API refused about the search (a filter group it cannot read, say).
  let resultsError: string | null = null;
  if (search) {
    try {
      const [statuses, counts] = await Promise.all([
        context.api
          .get<ApiSearchStatusList>("/v1/statuses", {
            query: statusQuery({
              ...search,
              orderBy: sort.orderBy,
              direction: "desc" as const,
              offset: (page - 1) * STATUS_PAGE_SIZE,
              limit: STATUS_PAGE_SIZE,
            }) satisfies QueryToSend<typeof StatusListQuerySchema>,
          })
          .then((r) => r.data),
        context.api.get<ApiStatusCounts>("/v1/statuses/counts", { query: statusQuery(search) satisfies QueryToSend<typeof StatusCountsQuerySchema> }),
      ]);
      results = {
        total: counts.total,
        capped: counts.capped,
        sentiments: counts.sentiments,
        mentions: statuses.map((status) => toSearchMention(status, timeZone)),
        page,
        pages: pageCount(counts.total),
      };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      const fault = faultOf(error);
      if (fault) queryFaults = [fault];
      else resultsError = error.message;
    }
  }

  const live = new URLSearchParams();
  if (search?.filters.searchItemId) live.set("search_item_id", String(search.filters.searchItemId));
  else if (search && draft) {
    live.set("q", draft.query);
    if (draft.extra.length) live.set("groups", JSON.stringify(draft.extra));
  }

  return {
    item: item
      ? {
          id: item.id,
          name: item.name,
          category: item.category,
          editable: item.editable,
          backfill: item.backfill,
        }
      : null,
    source: sourceOf(item, source, sectionParam(url.searchParams.get("section"))),
    draft: draft ? { query: draft.query, extra: toFormGroups(draft.extra) } : null,
    teams: teams.data.map((team) => ({ id: team.id, name: team.name })).sort(compareByName),
    results,
    resultsError,
    queryFaults,
    sort: sort.key,
    liveUrl: live.size ? `${SEARCH_PATH}/live?${live}` : null,
  };
}

/** A new search's section from the address (`?section=brand`); "my" when absent or unknown. */
function sectionParam(value: string | null): SavedSearchCategory {
  return (SAVED_SEARCH_CATEGORIES as readonly string[]).includes(value ?? "") ? (value as SavedSearchCategory) : "my";
}

/** What the editor starts from and tracks changes against (a new search: empty, only for me, in the address's section). */
function sourceOf(item: ApiSearchItem | null, definition: { query: string; extra: FormGroup[] }, section: SavedSearchCategory) {
  return {
    name: item?.name ?? "",
    category: (item?.category ?? section) as SavedSearchCategory,
    folderId: item?.folderId ?? null,
    entityType: (item?.entityType ?? VISIBILITY.onlyMe) as Visibility,
    teamIds: item?.entityType === VISIBILITY.teams ? item.entityIds : [],
    query: definition.query,
    extra: definition.extra,
  };
}

export type SearchPageData = Awaited<ReturnType<typeof loadSearchPage>>;

// ── Action ──────────────────────────────────────────────────────────────────────────────────────

/**
 * The keyword queries of a posted definition, checked by the API's linter: the main query's faults (to
 * mark in the textarea) and one field error for each faulty keywords value of the other groups.
 */
async function lintDefinition(context: AppLoadContext, payload: Record<string, unknown>) {
  const groups = Array.isArray(payload.query) ? (payload.query as Array<{ values?: unknown }>) : [];
  const checks: Array<Promise<{ group: number; value: number; faults: QueryFault[] }>> = [];
  groups.forEach((group, g) => {
    const values = Array.isArray(group?.values) ? (group.values as Array<{ filterType?: unknown; value?: unknown }>) : [];
    values.forEach((entry, v) => {
      if (entry?.filterType !== "keywords" || typeof entry.value !== "string" || !entry.value.trim()) return;
      if (entry.value.length > QUERY_MAX_LENGTH) return;
      checks.push(context.api.post<QueryValidation>("/v1/queries/validate", { query: entry.value }).then((answer) => ({ group: g, value: v, faults: answer.errors })));
    });
  });
  const results = await Promise.all(checks);
  const fieldErrors: Record<string, string[]> = {};
  let faults: QueryFault[] = [];
  for (const result of results) {
    if (!result.faults.length) continue;
    if (result.group === 0 && result.value === 0) faults = result.faults;
    else {
      const first = result.faults[0]!;
      fieldErrors[`query[${result.group}].values[${result.value}].value`] = [LABELS.faultAt(first.message, first.offset + 1)];
    }
  }
  return { faults, fieldErrors, failed: results.some((result) => result.faults.length > 0) };
}

const API_FIELD_LABELS = {
  name: LABELS.searchName,
  category: LABELS.section,
  folder_id: LABELS.folder,
  query: LABELS.queryLabel,
  entity_type: LABELS.whoCanSee,
  entity_ids: MESSAGES.teams,
};

/**
 * The editor's form comes back as it was posted, and its groups are lists of values: a post whose
 * `query` is something else (sent by hand, e.g. `query={"a":1}`) cannot be shown again, so it is a bad
 * request rather than a crash while rendering.
 */
function assertEditorShape(payload: Record<string, unknown>): void {
  const query = payload.query;
  if (query === undefined) return;
  const groupsOk =
    Array.isArray(query) &&
    query.every((group) => {
      if (group === undefined) return true;
      if (typeof group !== "object" || group === null || Array.isArray(group)) return false;
      const values = (group as { values?: unknown }).values;
      return values === undefined || (Array.isArray(values) && values.every((v) => v === undefined || (typeof v === "object" && v !== null && !Array.isArray(v))));
    });
  if (!groupsOk) throw new Response(MESSAGES.badRequest, { status: 400 });
}

/** What the editor's handlers are given beside the parsed value. */
interface EditorContext {
  context: AppLoadContext;
  submission: Submission<unknown, string[]>;
  /** The saved search on screen; null on a new search. */
  itemId: number | null;
  /** The page the editor is on. */
  here: string;
  /** The results' order in the address, kept by Search. */
  sort: string | null;
  /** Where Save goes after (the changes modal's choice), else the saved search. */
  then: FormDataEntryValue | null;
}

type EditorAnswer = ReturnType<typeof data<{ result: SubmissionResult<string[]>; faults: QueryFault[] }>>;

/** Saves the search (created or updated) and goes where the form asked, with a toast. */
async function saveSearch(
  { context, submission, then }: EditorContext,
  call: () => Promise<ApiSearchItem>,
  toast: (name: string) => string,
): Promise<EditorAnswer> {
  let saved: ApiSearchItem;
  try {
    saved = await call();
  } catch (error) {
    return data(
      { result: replyWithApiError(submission, error, { labels: API_FIELD_LABELS }), faults: NO_FAULTS },
      { status: statusOf(error) },
    );
  }
  flashToast(context, { kind: "success", message: toast(saved.name) });
  throw redirect(searchReturnPath(then, `${SEARCH_PATH}/${saved.id}`));
}

/** Only Me and Everyone ids are the API's to set; Teams sends the chosen teams. */
function sharedWith(value: { entity_type?: Visibility | undefined; entity_ids?: number[] | undefined }): number[] | undefined {
  return value.entity_type === VISIBILITY.teams ? (value.entity_ids ?? []) : undefined;
}

/** One handler per intent of the editor (ADR 028): Search shows the draft's results, Save keeps it. */
const EDITOR_ACTIONS: IntentHandlers<SearchEditorAction, EditorContext, Promise<EditorAnswer>> = {
  async run({ query }, { here, sort }) {
    const { query: main, extra } = splitDefinition(query);
    throw redirect(`${here}?${draftSearchParams(main, extra, sort)}`);
  },
  save: (value, editor) =>
    saveSearch(
      editor,
      () =>
        editor.context.api.post<ApiSearchItem>("/search/items", {
          name: value.name,
          category: value.category,
          folder_id: value.folder_id ?? null,
          query: value.query,
          entity_type: value.entity_type,
          entity_ids: sharedWith(value),
        }),
      LABELS.searchCreated,
    ),
  update: (value, editor) =>
    saveSearch(
      editor,
      () =>
        editor.context.api.put<ApiSearchItem>(`/search/items/${editor.itemId}`, {
          name: value.name,
          folder_id: value.folder_id ?? null,
          query: value.query,
          entity_type: value.entity_type,
          entity_ids: sharedWith(value),
        }),
      LABELS.searchUpdated,
    ),
};

const NO_FAULTS: QueryFault[] = [];

export async function handleSearchAction(request: Request, context: AppLoadContext, itemId: number | null) {
  const isNew = itemId === null;
  const here = isNew ? SEARCH_PATH : `${SEARCH_PATH}/${itemId}`;
  // Adding or removing a group or a value is a conform list button (`__intent__`, also without
  // JavaScript): it posts the form for Save, which comes back as it now is.
  const { formData, submission } = await readIntentForm(request, context, isNew ? NewSearchEditorActionSchema : SavedSearchEditorActionSchema, {
    prepare: (posted) => intentOfButton(posted, isNew ? { save: "__intent__" } : { update: "__intent__" }),
  });
  assertEditorShape(submission.payload);
  // conform's list button: no status, the form as it now is (nothing is saved).
  if (submission.status === undefined) return data({ result: submission.reply(), faults: NO_FAULTS }, { status: 200 });

  const lint = await lintDefinition(context, submission.payload);
  if (submission.status !== "success" || lint.failed) {
    return data({ result: submission.reply({ fieldErrors: lint.fieldErrors }), faults: lint.faults }, { status: 400 });
  }
  return handleIntent(EDITOR_ACTIONS, submission.value, {
    context,
    submission,
    itemId,
    here,
    sort: new URL(request.url).searchParams.get("sort"),
    then: formData.get("then"),
  });
}
