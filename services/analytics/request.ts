// The common part of every dashboard read (ADR 015): the body validated (400s from the dashboardApi
// catalogue), the contexts resolved in the viewer's tenant (404 for another tenant's or, for a shared
// link, one the link does not name), and the source the numbers come from: the hourly rollups when the
// zone has a whole-hour offset across the range, the range's ends fall on whole hours and every context
// is stored membership (or every mention); feed_items with the search conditions (the raw path) otherwise.
import { findSearchItem } from "../../db/repositories/search-items";
import { findTopic } from "../../db/repositories/topics";
import { listTeamsOfAccounts } from "../../db/repositories/teams";
import type { FeedItemFilter } from "../../db/repositories/feed-items";
import { CONTEXT_TYPES } from "../../db/repositories/search-index";
import { DASHBOARD_CONTEXT_TYPES, DEFAULT_TIME_ZONE, isInterval, type Interval } from "../../domain/dashboard";
import { badRequest, notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { compareColor, type CompareColor } from "../../domain/palette";
import { defaultInterval, intervalChoices, isValidTimeZone, isWholeHourZone } from "../../domain/periods";
import {
  DashboardBodySchema,
  MAX_DASHBOARD_CONTEXTS,
  type DashboardBody,
  type DashboardContextInput,
  type DashboardProperties,
} from "../../domain/schemas/dashboard";
import type { ServiceDeps } from "../context";
import { groupConditionsOfGroups, searchExprOfQuery } from "../queries/search-filter";
import { canSee } from "../searches/access";
import { viewerMayReadContext, type DashboardViewer } from "./viewer";

export interface DashboardRange {
  from: string;
  to: string;
}

/** Where a context's mentions are read: rollup context (0 every mention, 1 saved search, 2 topic). */
interface RollupContext {
  contextType: 0 | 1 | 2;
  contextId: number;
}

export interface ResolvedDashboardContext {
  contextType: number;
  contextId: number;
  title: string;
  color: CompareColor;
  /** Set when the rollups hold exactly this context's mentions. */
  rollup: RollupContext | null;
  /** The same mentions as conditions on feed_items (the raw path; tenant and muted handled by the repository). */
  filter: FeedItemFilter;
}

export interface ResolvedDashboardRequest {
  businessProfileId: number;
  range: DashboardRange;
  comparedRange: DashboardRange | null;
  /** The compared range, or the period of equal length just before the range. */
  previousRange: DashboardRange;
  timeZone: string;
  interval: Interval;
  contexts: ResolvedDashboardContext[];
  source: "rollup" | "raw";
  /** The body as validated (widget parameters pass through). */
  body: DashboardBody;
}

function toInstant(value: unknown): string | null {
  if (typeof value !== "string" || !value.trim()) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

function parseRange(raw: unknown, compared: boolean): DashboardRange {
  const r = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : null;
  if (!r || r.from === undefined || r.to === undefined || r.from === "" || r.to === "") {
    throw badRequest(compared ? MESSAGES.dashboardApi.comparedRangeInvalid : MESSAGES.dashboardApi.rangeRequired);
  }
  const from = toInstant(r.from);
  const to = toInstant(r.to);
  if (!from || !to) throw badRequest(compared ? MESSAGES.dashboardApi.comparedRangeInvalid : MESSAGES.dashboardApi.rangeFormat);
  if (Date.parse(from) >= Date.parse(to)) {
    throw badRequest(compared ? MESSAGES.dashboardApi.comparedRangeInvalid : MESSAGES.dashboardApi.rangeInverted);
  }
  return { from, to };
}

function hasProperties(p: DashboardProperties | null | undefined): p is DashboardProperties {
  return (
    !!p &&
    ((typeof p.query === "string" && p.query.trim() !== "") ||
      (Array.isArray(p.filters) && p.filters.length > 0) ||
      (Array.isArray(p.stream_ids) && p.stream_ids.length > 0))
  );
}

/** The body checked: zod for shapes, then the catalogue's 400s for what the dashboard refuses. */
function parseDashboardBody(input: unknown): DashboardBody {
  const parsed = DashboardBodySchema.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    if (field === "contexts" && issue?.path.length === 1 && issue.code === "too_big") {
      throw badRequest(MESSAGES.dashboardApi.tooManyContexts(MAX_DASHBOARD_CONTEXTS));
    }
    const name = issue?.path.map(String).join(".") || "body";
    throw badRequest(MESSAGES.dashboardApi.invalidParameter(name));
  }
  return parsed.data;
}

/** The range, compared range, zone and interval of a body, checked (no I/O). */
function resolvePeriod(body: DashboardBody, fallbackZone: string) {
  const range = parseRange(body.range, false);
  const comparedRange = body.compared_range === undefined || body.compared_range === null || body.compared_range === ""
    ? null
    : parseRange(body.compared_range, true);
  const timeZone = body.time_zone?.trim() || fallbackZone || DEFAULT_TIME_ZONE;
  if (!isValidTimeZone(timeZone)) throw badRequest(MESSAGES.dashboardApi.unknownTimeZone);
  let interval: Interval;
  if (body.interval === undefined || body.interval === "") interval = defaultInterval(range.from, range.to);
  else {
    if (!isInterval(body.interval)) throw badRequest(MESSAGES.dashboardApi.unknownInterval);
    const offered = intervalChoices(range.from, range.to);
    if (!offered.includes(body.interval)) throw badRequest(MESSAGES.dashboardApi.intervalNotOffered(offered.join(", ")));
    interval = body.interval;
  }
  const length = Date.parse(range.to) - Date.parse(range.from);
  const previousRange = comparedRange ?? { from: new Date(Date.parse(range.from) - length).toISOString(), to: range.from };
  return { range, comparedRange, previousRange, timeZone, interval };
}

async function extraConditions(
  deps: ServiceDeps,
  businessProfileId: number,
  properties: DashboardProperties | null | undefined,
): Promise<FeedItemFilter> {
  if (!hasProperties(properties)) return {};
  const filter: FeedItemFilter = {};
  const text = properties.query?.trim();
  if (text) {
    const search = await searchExprOfQuery(deps, businessProfileId, text);
    if (search) filter.search = search;
  }
  if (properties.stream_ids?.length) filter.streamIds = properties.stream_ids;
  if (properties.filters?.length) {
    const groups = await groupConditionsOfGroups(deps, businessProfileId, properties.filters);
    if (groups === null) filter.matchNothing = true;
    else filter.groups = groups;
  }
  return filter;
}

async function resolveContext(
  deps: ServiceDeps,
  viewer: DashboardViewer,
  teamIds: ReadonlySet<number> | null,
  input: DashboardContextInput,
  position: number,
): Promise<ResolvedDashboardContext> {
  const tenant = viewer.businessProfileId;
  const color = compareColor(position);
  const extra = await extraConditions(deps, tenant, input.properties);
  const plain = !hasProperties(input.properties);
  if (input.context_type === DASHBOARD_CONTEXT_TYPES.savedSearch || input.context_type === DASHBOARD_CONTEXT_TYPES.topic) {
    const isSearch = input.context_type === DASHBOARD_CONTEXT_TYPES.savedSearch;
    const missing = isSearch ? MESSAGES.searches.searchNotFound : MESSAGES.searches.topicNotFound;
    if (!viewerMayReadContext(viewer, input.context_type, input.context_id)) throw notFound(missing);
    const row = isSearch ? await findSearchItem(deps.db, tenant, input.context_id) : await findTopic(deps.db, tenant, input.context_id);
    if (!row) throw notFound(missing);
    // A signed-in member sees the definitions visible to them; a shared link shows what its author chose.
    if (!viewer.sharedLink && viewer.accountId !== null && teamIds && !canSee({ accountId: viewer.accountId, teamIds }, row)) {
      throw notFound(missing);
    }
    const contextType = isSearch ? CONTEXT_TYPES.searchItem : CONTEXT_TYPES.topic;
    return {
      contextType: input.context_type,
      contextId: input.context_id,
      title: row.name,
      color,
      rollup: plain ? { contextType, contextId: input.context_id } : null,
      filter: { ...extra, contexts: [{ contextType, contextId: input.context_id }] },
    };
  }
  if (input.context_type === DASHBOARD_CONTEXT_TYPES.unsavedSearch) {
    if (!viewerMayReadContext(viewer, input.context_type, input.context_id)) throw notFound();
    return {
      contextType: input.context_type,
      contextId: input.context_id,
      title: input.properties?.query?.trim() || MESSAGES.widgetsUi.everyMention,
      color,
      rollup: plain ? { contextType: 0, contextId: 0 } : null,
      filter: extra,
    };
  }
  throw badRequest(MESSAGES.dashboardApi.unknownContextType);
}

function onWholeHour(iso: string): boolean {
  return Date.parse(iso) % 3_600_000 === 0;
}

/**
 * A shared-link viewer's body as the link pins it (issue 31): each context the link names carries the
 * query and filters stored with the link, whatever the request said of it (another query, or none);
 * no contexts means every mention, as for anyone, with the link's query if the link names that context;
 * the request's top-level properties are dropped; the zone is
 * the link's. A context the link does not name is left as asked, and refused (404) when resolved.
 */
function pinToSharedLink(viewer: DashboardViewer, body: DashboardBody): DashboardBody {
  const link = viewer.sharedLink;
  if (!link) return body;
  const asked = body.contexts?.length
    ? body.contexts
    : [{ context_type: DASHBOARD_CONTEXT_TYPES.unsavedSearch, context_id: 0, properties: null }];
  const contexts = asked.map((c) => {
    const stored = link.contexts.find((s) => s.contextType === c.context_type && s.contextId === c.context_id);
    return stored ? { context_type: c.context_type, context_id: c.context_id, properties: stored.properties ?? null } : c;
  });
  return parseDashboardBody({ ...body, contexts, properties: null, ...(link.timeZone ? { time_zone: link.timeZone } : {}) });
}

/**
 * A shared-link viewer reads inside the link's period only: the range is cut to it (a range wholly
 * outside becomes the link's own), a compared range outside it is dropped, and the interval is one
 * the cut range offers.
 */
function pinPeriod(viewer: DashboardViewer, period: ReturnType<typeof resolvePeriod>, body: DashboardBody) {
  const shared = viewer.sharedLink?.timeRange;
  if (!shared) return period;
  const linkFrom = toInstant(shared.from);
  const linkTo = toInstant(shared.to);
  if (!linkFrom || !linkTo || Date.parse(linkFrom) >= Date.parse(linkTo)) return period;
  let from = Date.parse(period.range.from) < Date.parse(linkFrom) ? linkFrom : period.range.from;
  let to = Date.parse(period.range.to) > Date.parse(linkTo) ? linkTo : period.range.to;
  if (Date.parse(from) >= Date.parse(to)) [from, to] = [linkFrom, linkTo];
  const inside = (r: DashboardRange | null) =>
    r !== null && Date.parse(r.from) >= Date.parse(linkFrom) && Date.parse(r.to) <= Date.parse(linkTo);
  return resolvePeriod(
    {
      ...body,
      range: { from, to },
      compared_range: inside(period.comparedRange) ? period.comparedRange : undefined,
      interval: intervalChoices(from, to).includes(period.interval) ? period.interval : undefined,
    },
    period.timeZone,
  );
}

/** Validates a dashboard read's body and resolves its contexts and source for this viewer. */
export async function resolveDashboardRequest(
  deps: ServiceDeps,
  viewer: DashboardViewer,
  input: unknown,
): Promise<ResolvedDashboardRequest> {
  const body = pinToSharedLink(viewer, parseDashboardBody(input));
  const period = pinPeriod(viewer, resolvePeriod(body, viewer.timeZone), body);
  const inputs: DashboardContextInput[] = body.contexts?.length
    ? body.contexts
    : [{ context_type: DASHBOARD_CONTEXT_TYPES.unsavedSearch, context_id: 0, properties: body.properties ?? null }];
  if (inputs.length > MAX_DASHBOARD_CONTEXTS) throw badRequest(MESSAGES.dashboardApi.tooManyContexts(MAX_DASHBOARD_CONTEXTS));
  const teamIds =
    viewer.accountId !== null && !viewer.sharedLink
      ? new Set((await listTeamsOfAccounts(deps.db, viewer.businessProfileId, [viewer.accountId])).map((t) => t.teamId))
      : null;
  const contexts: ResolvedDashboardContext[] = [];
  for (const [i, c] of inputs.entries()) contexts.push(await resolveContext(deps, viewer, teamIds, c, i));
  const ranges = [period.range, period.previousRange];
  const rollupReady =
    contexts.every((c) => c.rollup !== null) &&
    ranges.every((r) => onWholeHour(r.from) && onWholeHour(r.to) && isWholeHourZone(period.timeZone, r.from, r.to));
  return {
    businessProfileId: viewer.businessProfileId,
    ...period,
    contexts,
    source: rollupReady ? "rollup" : "raw",
    body,
  };
}
