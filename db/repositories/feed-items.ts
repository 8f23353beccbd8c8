import { CompiledQuery, sql, type Compilable, type Expression, type ExpressionBuilder, type InsertObject, type SqlBool } from "kysely";
import { engineOf, type Database, type Engine } from "../client";
import type { DatabaseSchema } from "../schema";
import { toSnakeKey } from "../../domain/key-case";
import {
  countSearchCandidates,
  groupConditions,
  membershipCondition,
  membershipProbe,
  textCondition,
  tsvectorLiteral,
  type GroupCondition,
  type SearchExpr,
} from "./search-index";

// Rows per INSERT: SQLite allows 32,766 bound values; ~45 columns × 300 rows stays well under.
const INSERT_CHUNK = 300;
// PostgreSQL: rows per INSERT of new mentions, bound as one JSON parameter (no bound-value limit).
const PG_INSERT_CHUNK = 1000;

/** A new mention's row, with its search tokens (the tsvector on PostgreSQL; FTS5 rows on SQLite, written later). */
export type NewFeedItem = Omit<InsertObject<DatabaseSchema, "feedItems">, "searchVector"> & { searchTokens?: readonly string[] };

/**
 * Inserts new mentions; a (tenant, network, external id) already stored is skipped. Returns the stored rows' keys.
 * PostgreSQL reads a chunk from one JSON parameter as feed_items records (json_populate_recordset): one
 * small statement instead of a VALUES list of 45 bound values a row, which it parses and plans each time.
 */
export async function insertFeedItems(db: Database, rows: readonly NewFeedItem[]) {
  const inserted: Array<{ id: number; socialType: string; externalId: string }> = [];
  if (engineOf(db) === "postgres") {
    if (!rows.length) return inserted;
    const columns = [...Object.keys(rows[0]!).filter((k) => k !== "searchTokens").map(toSnakeKey), "search_vector"];
    const list = sql.join(columns.map((c) => sql.ref(c)));
    for (let i = 0; i < rows.length; i += PG_INSERT_CHUNK) {
      const json = JSON.stringify(
        rows.slice(i, i + PG_INSERT_CHUNK).map(({ searchTokens, ...row }) => {
          const record: Record<string, unknown> = { search_vector: searchTokens ? tsvectorLiteral(searchTokens) : null };
          for (const [key, value] of Object.entries(row)) record[toSnakeKey(key)] = value;
          return record;
        }),
      );
      const result = await sql<{ id: number; socialType: string; externalId: string }>`
        insert into feed_items (${list}) select ${list} from json_populate_recordset(null::feed_items, ${json}::json)
        on conflict (business_profile_id, social_type, external_id) do nothing
        returning id, social_type, external_id`.execute(db);
      inserted.push(...result.rows);
    }
    return inserted;
  }
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK).map(({ searchTokens: _tokens, ...row }) => row);
    const result = await db
      .insertInto("feedItems")
      .values(chunk)
      .onConflict((oc) => oc.columns(["businessProfileId", "socialType", "externalId"]).doNothing())
      .returning(["id", "socialType", "externalId"])
      .execute();
    inserted.push(...result);
  }
  return inserted;
}

/**
 * Agents' replies mark their customers' items replied, keeping each item's first reply's time, in one
 * statement per batch: the parent's external id → its id, for the parents found.
 */
export async function markRepliedByExternalIds(
  db: Database,
  businessProfileId: number,
  socialType: string,
  replies: ReadonlyArray<{ parentExternalId: string; repliedAt: string }>,
): Promise<Map<string, number>> {
  if (!replies.length) return new Map();
  const json = JSON.stringify(replies.map((r) => [r.parentExternalId, r.repliedAt]));
  const engine = engineOf(db);
  const firsts =
    engine === "postgres"
      ? sql`select value ->> 0 as parent, min(value ->> 1) as replied_at from json_array_elements(${json}::json) group by 1`
      : sql`select value ->> 0 as parent, min(value ->> 1) as replied_at from json_each(${json}) group by 1`;
  const { rows } = await sql<{ id: number; externalId: string }>`
    update feed_items set is_replied = 1,
      first_reply_at = case when feed_items.first_reply_at is null or feed_items.first_reply_at > r.replied_at then r.replied_at else feed_items.first_reply_at end
    from (${firsts}) r
    where feed_items.business_profile_id = ${businessProfileId} and feed_items.social_type = ${socialType} and feed_items.external_id = r.parent
    returning feed_items.id, feed_items.external_id`.execute(db);
  return new Map(rows.map((r) => [r.externalId, Number(r.id)]));
}

/** Agent replies already stored whose parent is one of these (replies that arrived before their parent). */
export async function listAgentRepliesTo(
  db: Database,
  businessProfileId: number,
  socialType: string,
  parentExternalIds: string[],
) {
  if (!parentExternalIds.length) return [];
  return db
    .selectFrom("feedItems")
    .select(["parentExternalId", "externalId", "createdAt", "authorName", "authorUsername", "description"])
    .where("businessProfileId", "=", businessProfileId)
    .where("socialType", "=", socialType)
    .where("isAgentReply", "=", 1)
    .where("parentExternalId", "in", parentExternalIds)
    .execute();
}

/** A LIKE pattern (escape '\\') matching text that contains `value`, lower-cased like the column it meets. */
function containsPattern(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface FeedItemFilter {
  networks?: string[];
  sentiments?: number[];
  languages?: string[];
  countries?: string[];
  streamIds?: number[];
  kinds?: string[];
  states?: number[];
  identityId?: number;
  from?: string;
  to?: string;
  /** A boolean query (ADR 012), fuzzy words already expanded: the full-text engine decides it. */
  search?: SearchExpr;
  /** Stored membership (query_matches): the mention belongs to every one of these contexts. */
  contexts?: Array<{ contextType: number; contextId: number }>;
  /** Structured groups of an unsaved search (context type 6). */
  groups?: GroupCondition[];
  /** Only these mentions (the live feed checks a new batch). */
  ids?: number[];
  includeMuted?: boolean;
  /** Set when the filters leave nothing the caller may see. */
  matchNothing?: boolean;
  /** The inbox (ADR 014): every condition holds; each is "unassigned" or "assigned to any of these". */
  assignees?: AssigneeCondition[];
  /** The inbox: every list holds; a list holds when the mention carries any of its labels. */
  labels?: number[][];
  isReplied?: 0 | 1;
}

export type AssigneeCondition = { unassigned: true } | { anyOf: Array<{ type: string; id: number }> };

const FEED_ITEM_ORDERS = {
  "counts.total_engagements": "totalEngagements",
  "counts.shares": "shares",
  "counts.comments": "comments",
  "counts.likes": "likes",
  "author.followers": "authorFollowers",
  reach_score: "reach",
  impact_score: "impactScore",
  created_at: "createdAt",
} as const;
export type FeedItemOrder = keyof typeof FEED_ITEM_ORDERS;

/** The conditions of a filter on feed_items, tenant first (the inbox's queries build on them). */
export function feedItemConditions(
  eb: ExpressionBuilder<DatabaseSchema, "feedItems">,
  engine: Engine,
  businessProfileId: number,
  f: FeedItemFilter,
): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [eb("feedItems.businessProfileId", "=", businessProfileId)];
  if (f.matchNothing) parts.push(sql<SqlBool>`1 = 0`);
  if (!f.includeMuted) parts.push(eb("feedItems.muted", "=", 0));
  if (f.networks?.length) parts.push(eb("feedItems.socialType", "in", f.networks));
  if (f.sentiments?.length) parts.push(eb("feedItems.sentiment", "in", f.sentiments));
  if (f.languages?.length) parts.push(eb("feedItems.language", "in", f.languages));
  if (f.countries?.length) parts.push(eb("feedItems.authorCountry", "in", f.countries));
  if (f.streamIds?.length) parts.push(eb("feedItems.streamId", "in", f.streamIds));
  if (f.kinds?.length) parts.push(eb("feedItems.kind", "in", f.kinds));
  if (f.states?.length) parts.push(eb("feedItems.state", "in", f.states));
  if (f.identityId !== undefined) parts.push(eb("feedItems.identityId", "=", f.identityId));
  if (f.from) parts.push(eb("feedItems.createdAt", ">=", f.from));
  if (f.to) parts.push(eb("feedItems.createdAt", "<", f.to));
  if (f.ids) parts.push(f.ids.length ? eb("feedItems.id", "in", f.ids) : sql<SqlBool>`1 = 0`);
  for (const c of f.contexts ?? []) parts.push(membershipCondition(eb, businessProfileId, c.contextType, [c.contextId]));
  if (f.search) parts.push(textCondition(eb, engine, f.search));
  if (f.groups) parts.push(...groupConditions(eb, engine, businessProfileId, f.groups));
  for (const a of f.assignees ?? []) parts.push(assigneeCondition(eb, a));
  for (const ids of f.labels ?? []) parts.push(labelCondition(eb, businessProfileId, ids));
  if (f.isReplied !== undefined) parts.push(eb("feedItems.isReplied", "=", f.isReplied));
  return eb.and(parts);
}

function assigneeCondition(eb: ExpressionBuilder<DatabaseSchema, "feedItems">, a: AssigneeCondition): Expression<SqlBool> {
  if ("unassigned" in a) return eb("feedItems.assignedToType", "is", null);
  if (!a.anyOf.length) return sql<SqlBool>`1 = 0`;
  return eb.or(
    a.anyOf.map((x) => eb.and([eb("feedItems.assignedToType", "=", x.type), eb("feedItems.assignedToId", "=", x.id)])),
  );
}

/** A mention carrying any of these labels: one probe of feed_item_labels' primary key per mention. */
function labelCondition(
  eb: ExpressionBuilder<DatabaseSchema, "feedItems">,
  businessProfileId: number,
  labelIds: readonly number[],
): Expression<SqlBool> {
  if (!labelIds.length) return sql<SqlBool>`1 = 0`;
  return eb.exists(
    eb
      .selectFrom("feedItemLabels")
      .select(sql`1`.as("one"))
      .whereRef("feedItemLabels.feedItemId", "=", "feedItems.id")
      .where("feedItemLabels.businessProfileId", "=", businessProfileId)
      .where("feedItemLabels.labelId", "in", [...labelIds]),
  );
}


/**
 * SQLite, when the filter holds a set of mention ids (a full-text search, stored membership, a batch):
 * the narrow index feed_items_search_facets (migration 0009) answers tenant, muted, counts and the usual
 * orders for each id, where the planner would otherwise read every matching wide row (ADR 012).
 */
function usesSearchFacets(db: Database, f: FeedItemFilter): boolean {
  return engineOf(db) === "sqlite" && (f.search !== undefined || !!f.contexts?.length || f.ids !== undefined);
}

async function executeWithIndex<R>(db: Database, query: Compilable<R>, index = "feed_items_search_facets"): Promise<R[]> {
  const compiled = query.compile();
  const text = compiled.sql.replace('from "feed_items"', `from "feed_items" indexed by "${index}"`);
  const result = await db.executeQuery<R>(CompiledQuery.raw(text, [...compiled.parameters]));
  return result.rows;
}

/** Full-text candidates from which walking an order's index beats looking every match up (SQLite). */
const DENSE_SEARCH = 2000;

/** The index that walks an order for a search with many matches, when the filter allows it. */
function denseSearchOrderIndex(f: FeedItemFilter, order: FeedItemOrder): string | null {
  if (!f.search || f.contexts?.length || f.ids) return null;
  if (order === "created_at") return "feed_items_created_idx";
  // Its leading columns are (tenant, muted): muted mentions shown too would need a sort of everything.
  if (order === "counts.total_engagements" && !f.includeMuted) return "feed_items_engagement_idx";
  return null;
}

/**
 * A page of the filter's mentions by impact score, walking feed_items_impact_idx (migration 0016) from the
 * highest impact and keeping the rows the filter holds: cheap when they are common among the tenant's
 * mentions (the caller estimates it), a walk of everything when they are rare. Unmuted mentions only.
 */
export async function listFeedItemsByImpactWalk(
  db: Database,
  businessProfileId: number,
  filter: FeedItemFilter,
  page: { offset: number; limit: number },
) {
  // Each row the walk reaches is tested for membership on its own (it stops after a page).
  const { contexts, ...rest } = filter;
  const query = db
    .selectFrom("feedItems")
    .selectAll()
    .where((eb) =>
      eb.and([
        feedItemConditions(eb, engineOf(db), businessProfileId, { ...rest, includeMuted: false }),
        ...(contexts ?? []).map((c) => membershipProbe(eb, businessProfileId, c.contextType, c.contextId)),
      ]),
    )
    .orderBy("impactScore", "desc")
    .orderBy("id", "desc")
    .offset(page.offset)
    .limit(page.limit);
  // PostgreSQL's planner walks the index by itself for a LIMIT; SQLite is told to.
  return engineOf(db) === "sqlite" ? executeWithIndex(db, query, "feed_items_impact_idx") : query.execute();
}

export async function listFeedItems(
  db: Database,
  businessProfileId: number,
  filter: FeedItemFilter,
  page: { orderBy: FeedItemOrder; direction: "asc" | "desc"; offset: number; limit: number },
) {
  const column = FEED_ITEM_ORDERS[page.orderBy];
  const orderIndex = denseSearchOrderIndex(filter, page.orderBy);
  if (orderIndex && usesSearchFacets(db, filter) && (await countSearchCandidates(db, filter.search!)) >= DENSE_SEARCH) {
    // Many matches: walk the order's index and keep the rows the search holds (15 are found early).
    return executeWithIndex(
      db,
      db
        .selectFrom("feedItems")
        .selectAll()
        .where((eb) => feedItemConditions(eb, "sqlite", businessProfileId, filter))
        .orderBy(column, page.direction)
        .orderBy("id", page.direction)
        .offset(page.offset)
        .limit(page.limit),
      orderIndex,
    );
  }
  if (usesSearchFacets(db, filter)) {
    // Few matches: the page's ids from the narrow index (every match looked up there), then their rows.
    const ids = await executeWithIndex(
      db,
      db
        .selectFrom("feedItems")
        .select("feedItems.id")
        .where((eb) => feedItemConditions(eb, "sqlite", businessProfileId, filter))
        .orderBy(column, page.direction)
        .orderBy("id", page.direction)
        .offset(page.offset)
        .limit(page.limit),
    );
    if (!ids.length) return [];
    return db
      .selectFrom("feedItems")
      .selectAll()
      .where("businessProfileId", "=", businessProfileId)
      .where(
        "id",
        "in",
        ids.map((r) => r.id),
      )
      .orderBy(column, page.direction)
      .orderBy("id", page.direction)
      .execute();
  }
  return db
    .selectFrom("feedItems")
    .selectAll()
    .where((eb) => feedItemConditions(eb, engineOf(db), businessProfileId, filter))
    .orderBy(column, page.direction)
    .orderBy("id", page.direction)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countFeedItems(db: Database, businessProfileId: number, filter: FeedItemFilter) {
  const query = db
    .selectFrom("feedItems")
    .select(["sentiment", "socialType", (eb) => eb.fn.countAll<number>().as("count")])
    .where((eb) => feedItemConditions(eb, engineOf(db), businessProfileId, filter))
    .groupBy(["sentiment", "socialType"]);
  const rows = usesSearchFacets(db, filter) ? await executeWithIndex(db, query) : await query.execute();
  return rows.map((r) => ({ sentiment: r.sentiment, socialType: r.socialType, count: Number(r.count) }));
}

/**
 * Matches by sentiment and network, counting at most `cap` of them: `capped` says more match, and the
 * groups then count `cap` of the matches (whichever the store reads first). Reading `cap + 1` matches
 * stops early where an exact count would read every posting of a broad term.
 */
export async function countFeedItemsUpTo(db: Database, businessProfileId: number, filter: FeedItemFilter, cap: number) {
  const matches = db
    .selectFrom("feedItems")
    .select(["feedItems.sentiment", "feedItems.socialType"])
    .where((eb) => feedItemConditions(eb, engineOf(db), businessProfileId, filter))
    .limit(cap + 1);
  const query = db
    .selectFrom(matches.as("m"))
    .select(["m.sentiment", "m.socialType", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy(["m.sentiment", "m.socialType"]);
  const rows = (usesSearchFacets(db, filter) ? await executeWithIndex(db, query) : await query.execute()).map((r) => ({
    sentiment: r.sentiment,
    socialType: r.socialType,
    count: Number(r.count),
  }));
  const capped = rows.reduce((n, r) => n + r.count, 0) > cap;
  // One match over the cap leaves the sample: the counts of exactly `cap` of the matches.
  const over = capped ? rows.find((r) => r.count > 0) : undefined;
  if (over) over.count -= 1;
  return { rows: rows.filter((r) => r.count > 0), capped };
}

export async function findFeedItem(db: Database, businessProfileId: number, id: number) {
  return db
    .selectFrom("feedItems")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A mention by its network and external id (a reply's parent). */
export async function findFeedItemByExternalId(db: Database, businessProfileId: number, socialType: string, externalId: string) {
  return db
    .selectFrom("feedItems")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("socialType", "=", socialType)
    .where("externalId", "=", externalId)
    .executeTakeFirst();
}

export async function listReplies(db: Database, businessProfileId: number, socialType: string, externalId: string) {
  return db
    .selectFrom("feedItems")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("socialType", "=", socialType)
    .where("parentExternalId", "=", externalId)
    .orderBy("createdAt")
    .limit(100)
    .execute();
}

export async function listFeedItemActions(db: Database, businessProfileId: number, feedItemId: number) {
  return db
    .selectFrom("feedItemActions")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("feedItemId", "=", feedItemId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

export interface FeedItemActionValues {
  businessProfileId: number;
  feedItemId: number;
  actionType: string;
  accountId: number | null;
  actorName: string | null;
  data: string;
  createdAt: string;
}

/** Action history rows, many at a time (in the order given). */
export async function insertFeedItemActions(db: Database, rows: readonly FeedItemActionValues[]) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK)
    await db.insertInto("feedItemActions").values(rows.slice(i, i + INSERT_CHUNK)).execute();
}

export async function insertFeedItemAction(db: Database, row: FeedItemActionValues) {
  await db.insertInto("feedItemActions").values(row).execute();
}

/** Candidates for a new muted keyword: visible items whose text contains it (the caller checks word boundaries). */
export async function listItemTextsContaining(
  db: Database,
  businessProfileId: number,
  keyword: string,
  afterId: number,
  limit: number,
) {
  const pattern = containsPattern(keyword);
  return db
    .selectFrom("feedItems")
    .select(["id", "title", "description"])
    .where("businessProfileId", "=", businessProfileId)
    .where("muted", "=", 0)
    .where("id", ">", afterId)
    .where(sql<SqlBool>`lower(coalesce(title, '') || ' ' || description) like ${pattern} escape '\\'`)
    .orderBy("id")
    .limit(limit)
    .execute();
}

export async function listMutedItemTexts(db: Database, businessProfileId: number, afterId: number, limit: number) {
  return db
    .selectFrom("feedItems")
    .select(["id", "title", "description"])
    .where("businessProfileId", "=", businessProfileId)
    .where("muted", "=", 1)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
}

export async function setItemsMuted(db: Database, businessProfileId: number, ids: number[], muted: boolean) {
  if (!ids.length) return;
  await db
    .updateTable("feedItems")
    .set({ muted: muted ? 1 : 0 })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "in", ids)
    .execute();
}

export async function listIdentityItems(db: Database, businessProfileId: number, identityId: number, limit: number) {
  return db
    .selectFrom("feedItems")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("identityId", "=", identityId)
    .orderBy("createdAt", "desc")
    .limit(limit)
    .execute();
}
