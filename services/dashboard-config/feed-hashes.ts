// A chart point's drill-down (ADR 015): POST stores its definition under a random code; GET answers the
// definition and a page of its mentions (the context's mentions between min_created_at and max_created_at,
// narrowed by the point's own properties: a sentiment, a network, a language, a country).
import crypto from "node:crypto";
import { insertDashboardFeedHash, findDashboardFeedHash } from "../../db/repositories/dashboard-feed-hashes";
import { countFeedItems, listFeedItems, type FeedItemFilter } from "../../db/repositories/feed-items";
import type { DashboardFeedHashRow } from "../../db/schema";
import { notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { FromWire } from "../../domain/key-case";
import type { FeedHashBody, FeedHashPageResponseSchema, FeedHashResponseSchema } from "../../domain/schemas/dashboard-config";
import { resolveDashboardRequest, type ResolvedDashboardContext } from "../analytics/request";
import { requireMentionTextViewer, type DashboardViewer } from "../analytics/viewer";
import { isoNow, type ServiceDeps } from "../context";
import { statusView } from "../statuses/status-view";
import { parseJsonObject } from "./config";

/** A drill-down's definition, its context and a page of its mentions, as the API answers them (ADR 027). */
type FeedHashPage = FromWire<typeof FeedHashPageResponseSchema>;

type FeedHashDefinition = Omit<FeedHashPage, "context" | "statuses">;

const iso = (v: string) => new Date(Date.parse(v)).toISOString();

function definition(row: DashboardFeedHashRow): FeedHashDefinition {
  return {
    id: row.code,
    title: row.title,
    viewType: row.viewType,
    accountId: row.accountId,
    contextId: row.contextId,
    contextType: row.contextType,
    minCreatedAt: row.minCreatedAt,
    maxCreatedAt: row.maxCreatedAt,
    // Stored as the client gave them (parsed JSON).
    properties: parseJsonObject(row.properties) as FeedHashDefinition["properties"],
  };
}

/** The context of a feed hash, resolved (and checked) for this viewer like any dashboard read. */
async function resolveContext(
  deps: ServiceDeps,
  viewer: DashboardViewer,
  def: { contextType: number; contextId: number; minCreatedAt: string; maxCreatedAt: string; properties: Record<string, unknown> },
): Promise<{ context: ResolvedDashboardContext; range: { from: string; to: string } }> {
  const { query, filters, stream_ids: streamIds } = def.properties;
  const properties = {
    ...(typeof query === "string" ? { query } : {}),
    ...(Array.isArray(filters) ? { filters } : {}),
    // The default streams' context (ADR 040): its drill-down keeps to those streams.
    ...(Array.isArray(streamIds) ? { stream_ids: streamIds } : {}),
  };
  const resolved = await resolveDashboardRequest(deps, viewer, {
    range: { from: def.minCreatedAt, to: def.maxCreatedAt },
    contexts: [{ context_type: def.contextType, context_id: def.contextId, properties }],
  });
  // The range as resolved: a shared-link viewer's is cut to the link's period (issue 31).
  return { context: resolved.contexts[0]!, range: resolved.range };
}

const SENTIMENTS: Record<string, number> = { negative: -1, neutral: 0, positive: 1 };

function listOf(...values: unknown[]): unknown[] {
  return values.flatMap((v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]));
}

/** The chart point's own conditions (sentiment, network, language, country) on top of the context's. */
function pointFilter(properties: Record<string, unknown>): FeedItemFilter {
  const sentiments = listOf(properties.sentiment, properties.sentiments).flatMap((v) => {
    if (typeof v === "number" && [-1, 0, 1].includes(v)) return [v];
    if (typeof v === "string" && v.toLowerCase() in SENTIMENTS) return [SENTIMENTS[v.toLowerCase()]!];
    if (typeof v === "string" && ["-1", "0", "1"].includes(v)) return [Number(v)];
    return [];
  });
  const strings = (...values: unknown[]) => listOf(...values).filter((v): v is string => typeof v === "string" && v.length > 0);
  const networks = strings(properties.social_type, properties.social_types, properties.network);
  const languages = strings(properties.language, properties.languages);
  const countries = strings(properties.country, properties.countries).map((c) => c.toUpperCase());
  return {
    ...(sentiments.length ? { sentiments } : {}),
    ...(networks.length ? { networks } : {}),
    ...(languages.length ? { languages } : {}),
    ...(countries.length ? { countries } : {}),
  };
}

/** POST /v1/dashboard/feeds/hash: a member stores a drill-down; answers its code. */
export async function createFeedHash(deps: ServiceDeps, viewer: DashboardViewer, input: FeedHashBody): Promise<FromWire<typeof FeedHashResponseSchema>> {
  const properties = input.properties ?? {};
  const def = {
    contextType: input.context_type,
    contextId: input.context_id,
    minCreatedAt: iso(input.min_created_at),
    maxCreatedAt: iso(input.max_created_at),
    properties,
  };
  await resolveContext(deps, viewer, def);
  const code = crypto.randomBytes(16).toString("base64url");
  await insertDashboardFeedHash(
    deps.db,
    viewer.businessProfileId,
    code,
    { title: input.title, viewType: input.view_type, accountId: input.account_id ?? null, ...def, properties: JSON.stringify(properties) },
    viewer.accountId,
    isoNow(deps),
  );
  return { id: code };
}

/** GET /v1/dashboard/feeds/hash?feed_hash=: the definition and a page of its mentions, newest first. */
export async function getFeedHash(
  deps: ServiceDeps,
  viewer: DashboardViewer,
  code: string,
  page: { page: number; perPage: number },
): Promise<FeedHashPage> {
  requireMentionTextViewer(viewer);
  const row = code.length <= 100 ? await findDashboardFeedHash(deps.db, viewer.businessProfileId, code) : undefined;
  if (!row) throw notFound(MESSAGES.dashboardConfig.feedHashNotFound);
  const def = definition(row);
  const { context, range } = await resolveContext(deps, viewer, def);
  const filter: FeedItemFilter = { ...context.filter, ...pointFilter(def.properties), from: range.from, to: range.to };
  const [rows, counts] = await Promise.all([
    listFeedItems(deps.db, viewer.businessProfileId, filter, {
      orderBy: "created_at",
      direction: "desc",
      offset: (page.page - 1) * page.perPage,
      limit: page.perPage,
    }),
    countFeedItems(deps.db, viewer.businessProfileId, filter),
  ]);
  return {
    ...def,
    context: { contextType: context.contextType, contextId: context.contextId, title: context.title },
    statuses: { data: rows.map(statusView), total: counts.reduce((sum, r) => sum + r.count, 0), page: page.page, perPage: page.perPage },
  };
}
