import * as z from "zod";
import {
  countFeedItemsUpTo,
  findFeedItem,
  listFeedItemActions,
  listFeedItems,
  listIdentityItems,
  listReplies,
  type FeedItemFilter,
  type FeedItemOrder,
} from "../../db/repositories/feed-items";
import { findIdentity } from "../../db/repositories/identities";
import { CONTEXT_TYPES } from "../../db/repositories/search-index";
import { badRequest, forbidden, notFound } from "../../domain/errors";
import { mayReadMentionText } from "../../domain/permissions";
import { NETWORK_IDS, type NetworkId } from "../../domain/networks";
import { lintQuery, QueryGroupsSchema } from "../../domain/query";
import { networkVisibleTo } from "../../domain/streams";
import type { Actor, ServiceDeps } from "../context";
import { groupConditionsOfGroups, searchExprOfQuery } from "../queries/search-filter";
import { findVisibleSearchItem } from "../searches/access";
import { findVisibleTopic } from "../topics/topics";
import { actionsView, statusView, type StatusView } from "./status-view";
import type { FromWire } from "../../domain/key-case";
import { STATUS_COUNT_CAP, type IdentityResponseSchema, type StatusCountsResponseSchema } from "../../domain/schemas/statuses";

function requireRead(actor: Actor) {
  if (!mayReadMentionText(actor.permissions)) throw forbidden();
}

/** The `filters` JSON of GET /v1/statuses and /counts. */
const StatusFiltersSchema = z
  .object({
    social_types: z.array(z.enum(NETWORK_IDS)).max(24),
    sentiments: z.array(z.union([z.literal(-1), z.literal(0), z.literal(1)])).max(3),
    languages: z.array(z.string().max(8)).max(200),
    countries: z.array(z.string().max(2)).max(300),
    stream_ids: z.array(z.number().int().positive()).max(500),
    kinds: z.array(z.string().max(20)).max(10),
    states: z.array(z.number().int()).max(5),
    identity_id: z.number().int().positive(),
    range: z.object({
      from: z.iso.datetime({ offset: true }).optional(),
      to: z.iso.datetime({ offset: true }).optional(),
    }),
    include_muted: z.boolean(),
    /** Mentions of a saved search item the caller may see (its stored matches). */
    search_item_id: z.number().int().positive(),
    /** Mentions of a topic of the tenant (its stored matches). */
    topic_id: z.number().int().positive(),
    /** An unsaved search (context type 6): must / must-not groups, like a saved search's query. */
    groups: QueryGroupsSchema,
  })
  .partial()
  .strict();

function parseJsonParam<T>(raw: string | undefined, schema: z.ZodType<T>, name: string): T | undefined {
  if (raw === undefined || raw === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(`${name} is not valid JSON.`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(`${name}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

/**
 * The `query` parameter: a boolean query (ADR 012). A JSON string (`"refund"`), or `{"text": ...}`, as the
 * first clients sent, still works: the raw text is taken when it lints, else the decoded JSON string.
 */
function queryText(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  if (lintQuery(raw).length === 0) return raw;
  try {
    const q = JSON.parse(raw) as unknown;
    if (typeof q === "string") return q;
    if (typeof (q as { text?: unknown })?.text === "string") return (q as { text: string }).text;
  } catch {
    // Not JSON: the raw text, whose faults the caller reports.
  }
  return raw;
}

/** `query` is a boolean query, `filters` a JSON object (spec core §7); every part scoped to the caller. */
export async function feedItemFilter(
  deps: ServiceDeps,
  actor: Actor,
  params: { query?: string; filters?: string },
): Promise<FeedItemFilter> {
  const f = parseJsonParam(params.filters, StatusFiltersSchema, "filters") ?? {};
  const text = queryText(params.query);
  const search = text === undefined ? undefined : await searchExprOfQuery(deps, actor.businessProfileId, text);
  const contexts: NonNullable<FeedItemFilter["contexts"]> = [];
  if (f.search_item_id !== undefined) {
    await findVisibleSearchItem(deps, actor, f.search_item_id);
    contexts.push({ contextType: CONTEXT_TYPES.searchItem, contextId: f.search_item_id });
  }
  if (f.topic_id !== undefined) {
    await findVisibleTopic(deps, actor, f.topic_id);
    contexts.push({ contextType: CONTEXT_TYPES.topic, contextId: f.topic_id });
  }
  const groups = f.groups ? await groupConditionsOfGroups(deps, actor.businessProfileId, f.groups) : undefined;
  // Networks the caller's role may not see (wixan) are never listed, whatever the filter asks.
  const requested = f.social_types?.length ? f.social_types : null;
  const visible = (requested ?? NETWORK_IDS).filter((n) => networkVisibleTo(n as NetworkId, actor.role));
  const restricted = requested !== null || visible.length !== NETWORK_IDS.length;
  return {
    networks: restricted ? visible : undefined,
    matchNothing: (restricted && visible.length === 0) || groups === null,
    sentiments: f.sentiments,
    languages: f.languages,
    countries: f.countries?.map((c) => c.toUpperCase()),
    streamIds: f.stream_ids,
    kinds: f.kinds,
    states: f.states,
    identityId: f.identity_id,
    from: f.range?.from ? new Date(f.range.from).toISOString() : undefined,
    to: f.range?.to ? new Date(f.range.to).toISOString() : undefined,
    ...(search ? { search } : {}),
    ...(contexts.length ? { contexts } : {}),
    ...(groups ? { groups } : {}),
    includeMuted: f.include_muted ?? false,
  };
}

export interface StatusListParams {
  orderBy: FeedItemOrder;
  direction: "asc" | "desc";
  query?: string;
  filters?: string;
  offset: number;
  limit: number;
}

/** GET /v1/statuses: a page of the tenant's mentions; muted ones only when asked for. */
export async function listStatuses(deps: ServiceDeps, actor: Actor, params: StatusListParams): Promise<StatusView[]> {
  requireRead(actor);
  const rows = await listFeedItems(deps.db, actor.businessProfileId, await feedItemFilter(deps, actor, params), {
    orderBy: params.orderBy,
    direction: params.direction,
    offset: params.offset,
    limit: params.limit,
  });
  return rows.map(statusView);
}

export type StatusCounts = FromWire<typeof StatusCountsResponseSchema>;

/** GET /v1/statuses/counts: totals by sentiment and network under the same query and filters. */
export async function countStatuses(
  deps: ServiceDeps,
  actor: Actor,
  params: { query?: string; filters?: string },
): Promise<StatusCounts> {
  requireRead(actor);
  const { rows, capped } = await countFeedItemsUpTo(deps.db, actor.businessProfileId, await feedItemFilter(deps, actor, params), STATUS_COUNT_CAP);
  const counts: StatusCounts = { total: 0, sentiments: { positive: 0, neutral: 0, negative: 0 }, socialTypes: {}, capped };
  for (const row of rows) {
    counts.total += row.count;
    const key = row.sentiment > 0 ? "positive" : row.sentiment < 0 ? "negative" : "neutral";
    counts.sentiments[key] += row.count;
    counts.socialTypes[row.socialType] = (counts.socialTypes[row.socialType] ?? 0) + row.count;
  }
  return counts;
}

/** GET /v1/statuses/{id}: one mention with its actions history and reply thread. */
export async function getStatus(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
): Promise<StatusView & { replies: StatusView[] }> {
  requireRead(actor);
  const row = await findFeedItem(deps.db, actor.businessProfileId, id);
  if (!row || !networkVisibleTo(row.socialType as NetworkId, actor.role)) throw notFound();
  const [actions, replies] = await Promise.all([
    listFeedItemActions(deps.db, actor.businessProfileId, id),
    listReplies(deps.db, actor.businessProfileId, row.socialType, row.externalId),
  ]);
  return { ...statusView(row), actions: actionsView(actions), replies: replies.map(statusView) };
}

/** GET /v1/identities/{id}: an author with their latest mentions. */
export async function getIdentity(deps: ServiceDeps, actor: Actor, id: number): Promise<FromWire<typeof IdentityResponseSchema>> {
  requireRead(actor);
  const identity = await findIdentity(deps.db, actor.businessProfileId, id);
  if (!identity || !networkVisibleTo(identity.socialType as NetworkId, actor.role)) throw notFound();
  const items = await listIdentityItems(deps.db, actor.businessProfileId, id, 20);
  return {
    id: identity.id,
    identityId: identity.externalId,
    socialType: identity.socialType,
    username: identity.username,
    name: identity.name,
    photoUrl: identity.photoUrl,
    profileUrl: identity.profileUrl,
    followers: Number(identity.followers),
    country: identity.country,
    createdAt: identity.createdAt,
    updatedAt: identity.updatedAt,
    latestStatuses: items.map(statusView),
  };
}
