import {
  CompiledQuery,
  sql,
  type Compilable,
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
} from "kysely";
import { engineOf, type Database } from "../client";
import type { DatabaseSchema, FeedItemRow } from "../schema";
import { feedItemConditions, type FeedItemFilter } from "./feed-items";

// The inbox's reads and writes of feed_items (ADR 014). A source that is a set of mentions (a saved
// search's stored matches, a label) is read one of two ways on SQLite: few members are looked up by id
// and sorted; many are found by walking the order's index and probing membership per row, so the first
// page stops early. PostgreSQL's planner makes the same choice from its statistics.

/**
 * A set of mentions the list is restricted to: a saved search's stored matches (query_matches), the
 * mentions carrying any of some labels (feed_item_labels), or those assigned to any of some assignees.
 */
export type InboxMembership =
  | { kind: "matches"; contextType: number; contextId: number }
  | { kind: "labels"; labelIds: number[] }
  | { kind: "assignees"; anyOf: Array<{ type: string; id: number }> };

export type InboxOrder = "createdAt" | "totalEngagements";

export interface InboxQuery {
  filter: FeedItemFilter;
  membership?: InboxMembership;
}

/** Members up to which looking each one up beats walking the order's index (SQLite). */
const FEW_MEMBERS = 2000;

type FeedItemsEb = ExpressionBuilder<DatabaseSchema, "feedItems">;

/** Membership as a probe of the member table's primary key for the row at hand. */
function memberProbe(eb: FeedItemsEb, businessProfileId: number, m: InboxMembership): Expression<SqlBool> {
  if (m.kind === "assignees") return assignedToAny(eb, m.anyOf);
  if (m.kind === "labels")
    return eb.exists(
      eb
        .selectFrom("feedItemLabels")
        .select(sql`1`.as("one"))
        .whereRef("feedItemLabels.feedItemId", "=", "feedItems.id")
        .where("feedItemLabels.labelId", "in", m.labelIds),
    );
  return eb.exists(
    eb
      .selectFrom("queryMatches")
      .select(sql`1`.as("one"))
      .where("queryMatches.businessProfileId", "=", businessProfileId)
      .where("queryMatches.contextType", "=", m.contextType)
      .where("queryMatches.contextId", "=", m.contextId)
      .whereRef("queryMatches.feedItemId", "=", "feedItems.id"),
  );
}

/** Membership as the list of member ids (the rows are then looked up by id). */
function memberList(db: Database, eb: FeedItemsEb, businessProfileId: number, m: InboxMembership): Expression<SqlBool> {
  if (m.kind === "assignees")
    return eb("feedItems.id", "in", assignedIds(db, businessProfileId, m.anyOf));
  if (m.kind === "labels")
    return eb(
      "feedItems.id",
      "in",
      eb
        .selectFrom("feedItemLabels")
        .select("feedItemLabels.feedItemId")
        .where("feedItemLabels.businessProfileId", "=", businessProfileId)
        .where("feedItemLabels.labelId", "in", m.labelIds),
    );
  return eb(
    "feedItems.id",
    "in",
    eb
      .selectFrom("queryMatches")
      .select("queryMatches.feedItemId")
      .where("queryMatches.businessProfileId", "=", businessProfileId)
      .where("queryMatches.contextType", "=", m.contextType)
      .where("queryMatches.contextId", "=", m.contextId),
  );
}

function assignedToAny(eb: FeedItemsEb, anyOf: ReadonlyArray<{ type: string; id: number }>): Expression<SqlBool> {
  if (!anyOf.length) return sql<SqlBool>`1 = 0`;
  return eb.or(
    anyOf.map((a) => eb.and([eb("feedItems.assignedToType", "=", a.type), eb("feedItems.assignedToId", "=", a.id)])),
  );
}

/**
 * Ids of the mentions assigned to any of these: one range of the assignee index per assignee, joined
 * with UNION ALL (an OR of them would read the tenant's whole index).
 */
function assignedIds(db: Database, businessProfileId: number, anyOf: ReadonlyArray<{ type: string; id: number }>) {
  const one = (a: { type: string; id: number }) =>
    db
      .selectFrom("feedItems as assigned")
      .select("assigned.id")
      .where("assigned.businessProfileId", "=", businessProfileId)
      .where("assigned.assignedToType", "=", a.type)
      .where("assigned.assignedToId", "=", a.id);
  const [first, ...rest] = anyOf.length ? anyOf : [{ type: "", id: 0 }];
  return rest.reduce((query, a) => query.unionAll(one(a)), one(first!));
}

/**
 * The set a query is restricted to: its source's, or else one of its filters that names a set (an
 * assignee, labels), which the list may then read member by member when it is small.
 */
function membershipOf(query: InboxQuery): { membership?: InboxMembership; filter: FeedItemFilter } {
  if (query.membership) return { membership: query.membership, filter: query.filter };
  const { assignees, labels, ...rest } = query.filter;
  const assigned = assignees?.findIndex((a) => "anyOf" in a) ?? -1;
  if (assignees && assigned >= 0) {
    const condition = assignees[assigned] as { anyOf: Array<{ type: string; id: number }> };
    return {
      membership: { kind: "assignees", anyOf: condition.anyOf },
      filter: { ...rest, labels, assignees: assignees.filter((_, i) => i !== assigned) },
    };
  }
  if (labels?.length) {
    return { membership: { kind: "labels", labelIds: labels[0]! }, filter: { ...rest, assignees, labels: labels.slice(1) } };
  }
  return { filter: query.filter };
}

/** The ids of a set's members, as a query of one column `id`. */
function memberIds(db: Database, businessProfileId: number, m: InboxMembership) {
  const inner =
    m.kind === "assignees"
      ? assignedIds(db, businessProfileId, m.anyOf)
      : m.kind === "labels"
        ? db
            .selectFrom("feedItemLabels")
            .select("feedItemLabels.feedItemId as id")
            .where("feedItemLabels.businessProfileId", "=", businessProfileId)
            .where("feedItemLabels.labelId", "in", m.labelIds)
        : db
            .selectFrom("queryMatches")
            .select("queryMatches.feedItemId as id")
            .where("queryMatches.businessProfileId", "=", businessProfileId)
            .where("queryMatches.contextType", "=", m.contextType)
            .where("queryMatches.contextId", "=", m.contextId);
  return db.selectFrom(inner.as("a")).select("a.id");
}

/** Whether a set has fewer than FEW_MEMBERS members, reading at most that many index entries. */
async function hasFewMembers(db: Database, businessProfileId: number, m: InboxMembership): Promise<boolean> {
  const members = memberIds(db, businessProfileId, m).limit(FEW_MEMBERS).as("m");
  const row = await db
    .selectFrom(members)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count) < FEW_MEMBERS;
}

/** SQLite: the statement with a table hint after `from "feed_items"` (INDEXED BY x, or NOT INDEXED). */
async function executeWithHint<R>(db: Database, query: Compilable<R>, hint: string): Promise<R[]> {
  const compiled = query.compile();
  const text = compiled.sql.replace('from "feed_items"', `from "feed_items" ${hint}`);
  const result = await db.executeQuery<R>(CompiledQuery.raw(text, [...compiled.parameters]));
  return result.rows;
}

const ORDER_INDEX: Record<InboxOrder, string> = {
  createdAt: "feed_items_created_idx",
  totalEngagements: "feed_items_engagement_idx",
};

/** A page of the inbox: `limit` rows from `offset` (callers ask one more to learn whether more follow). */
export async function listInboxItems(
  db: Database,
  businessProfileId: number,
  query: InboxQuery,
  page: { order: InboxOrder; direction: "asc" | "desc"; offset: number; limit: number },
): Promise<FeedItemRow[]> {
  const engine = engineOf(db);
  const { membership, filter } = membershipOf(query);
  if (membership?.kind === "assignees" && engine === "sqlite" && page.order === "createdAt")
    return listAssignedByDate(db, businessProfileId, membership.anyOf, filter, page);
  const few = membership && engine === "sqlite" ? await hasFewMembers(db, businessProfileId, membership) : false;
  const select = db
    .selectFrom("feedItems")
    .selectAll()
    .where((eb) => {
      const base = feedItemConditions(eb, engine, businessProfileId, filter);
      if (!membership) return base;
      return eb.and([base, few || engine === "postgres" ? memberList(db, eb, businessProfileId, membership) : memberProbe(eb, businessProfileId, membership)]);
    })
    .orderBy(page.order, page.direction)
    .orderBy("id", page.direction)
    .offset(page.offset)
    .limit(page.limit);
  if (!membership || engine === "postgres") return select.execute();
  // Engagement order walks an index led by (tenant, muted): only when muted mentions stay hidden.
  const walkable = page.order === "createdAt" || !filter.includeMuted;
  if (few || !walkable) return executeWithHint(db, select, "not indexed");
  return executeWithHint(db, select, `indexed by "${ORDER_INDEX[page.order]}"`);
}

/** SQLite: the filter's mentions assigned to this assignee (the range of feed_items_assignee_idx read). */
function assignedWith(eb: FeedItemsEb, businessProfileId: number, filter: FeedItemFilter, a: { type: string; id: number }) {
  return eb.and([
    feedItemConditions(eb, "sqlite", businessProfileId, filter),
    eb("feedItems.assignedToType", "=", a.type),
    eb("feedItems.assignedToId", "=", a.id),
  ]);
}

/** Each assignee (user or team) once. */
function distinctAssignees<A extends { type: string; id: number }>(anyOf: readonly A[]): A[] {
  return [...new Map(anyOf.map((a) => [`${a.type}:${a.id}`, a])).values()];
}

/**
 * SQLite, a page of the mentions assigned to any of some assignees, by date: each assignee's range of
 * feed_items_assignee_idx (tenant, assignee, created_at) is walked in the page's order and stops once
 * `offset + limit` rows passed the filter; the ranges are then merged. Before, every assigned row of the
 * caller was read and sorted for each page.
 */
async function listAssignedByDate(
  db: Database,
  businessProfileId: number,
  anyOf: ReadonlyArray<{ type: string; id: number }>,
  filter: FeedItemFilter,
  page: { direction: "asc" | "desc"; offset: number; limit: number },
): Promise<FeedItemRow[]> {
  const distinct = distinctAssignees(anyOf);
  const wanted = page.offset + page.limit;
  const ranges = await Promise.all(
    distinct.map((a) =>
      executeWithHint(
        db,
        db
          .selectFrom("feedItems")
          .selectAll()
          .where((eb) => assignedWith(eb, businessProfileId, filter, a))
          .orderBy("createdAt", page.direction)
          .orderBy("id", page.direction)
          .limit(wanted),
        'indexed by "feed_items_assignee_idx"',
      ),
    ),
  );
  const sign = page.direction === "asc" ? 1 : -1;
  const merged = ranges.flat().sort((a, b) => sign * (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id));
  return merged.slice(page.offset, wanted);
}

/**
 * How many mentions a list holds, reading at most `max` + 1 of them: a page's "of N" stays as cheap as the
 * page at a million mentions, and says "more than `max`" past it. Without a set, SQLite walks the index
 * that holds the most of the filter (countIndexFor); a set (a label, a saved search, assignees) is walked
 * member by member, each looked up by id, so the walk stops at max + 1 however large the set is. The
 * database counts: one row comes back, not the max + 1 ids.
 */
export async function countInboxItemsUpTo(
  db: Database,
  businessProfileId: number,
  query: InboxQuery,
  max: number,
): Promise<{ count: number; capped: boolean }> {
  const engine = engineOf(db);
  const { membership, filter } = membershipOf(query);
  if (membership?.kind === "assignees" && engine === "sqlite") {
    // One capped range of an assignee index per assignee (a mention has one assignee, so they add up);
    // with the usual filters (muted, networks, state) it is read from feed_items_assignee_open_idx alone.
    const distinct = distinctAssignees(membership.anyOf);
    const counts = await Promise.all(
      distinct.map(async (a) => {
        const matches = db
          .selectFrom("feedItems")
          .select(sql`1`.as("one"))
          .where((eb) => assignedWith(eb, businessProfileId, filter, a))
          .limit(max + 1);
        const row = await db
          .selectFrom(matches.as("m"))
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .executeTakeFirstOrThrow();
        return Number(row.count);
      }),
    );
    const total = counts.reduce((sum, n) => sum + n, 0);
    return { count: Math.min(total, max), capped: total > max };
  }
  let matches: { sql: string; parameters: readonly unknown[] };
  if (!membership) {
    matches = db
      .selectFrom("feedItems")
      .select("feedItems.id")
      .where((eb) => feedItemConditions(eb, engine, businessProfileId, filter))
      .limit(max + 1)
      .compile();
    if (engine === "sqlite") matches = { ...matches, sql: matches.sql.replace('from "feed_items"', `from "feed_items" indexed by "${countIndexFor(filter)}"`) };
  } else {
    matches = db
      .selectFrom(memberIds(db, businessProfileId, membership).as("m"))
      .innerJoin("feedItems", "feedItems.id", "m.id")
      .select("feedItems.id")
      .where((eb) => feedItemConditions(eb as unknown as FeedItemsEb, engine, businessProfileId, filter))
      .limit(max + 1)
      .compile();
    // CROSS JOIN keeps the members as the outer loop (SQLite never reorders it).
    if (engine === "sqlite") matches = { ...matches, sql: matches.sql.replace('inner join "feed_items"', 'cross join "feed_items"') };
  }
  const counted = await db.executeQuery<{ count: number | string }>(
    CompiledQuery.raw(`select count(*) as "count" from (${matches.sql}) as "capped"`, [...matches.parameters]),
  );
  const count = Number(counted.rows[0]?.count ?? 0);
  return { count: Math.min(count, max), capped: count > max };
}

/** Filter fields that the index feed_items_triage_idx (migration 0020) holds. */
const TRIAGE_FIELDS: ReadonlySet<string> = new Set(["networks", "sentiments", "states", "isReplied", "languages", "includeMuted", "matchNothing"]);

/**
 * The index a capped SQLite count walks: a stream's own index (the others hold no stream, so each entry
 * would be looked up in the wide rows until max + 1 of the stream's turned up); the triage index when the
 * filter reads state, replied or language and nothing it lacks (counted from the index alone); otherwise
 * the facets index, in id order.
 */
function countIndexFor(filter: FeedItemFilter): string {
  if (filter.streamIds?.length) return "feed_items_stream_idx";
  const triage = filter.states !== undefined || filter.isReplied !== undefined || filter.languages !== undefined;
  if (triage && readsOnly(filter, TRIAGE_FIELDS)) return "feed_items_triage_idx";
  return "feed_items_search_facets";
}

/** Whether every condition the filter sets is on one of these fields. */
function readsOnly(filter: FeedItemFilter, fields: ReadonlySet<string>): boolean {
  return Object.entries(filter).every(([key, value]) => value === undefined || fields.has(key));
}

/** Filter fields that the narrow index feed_items_search_facets (migration 0009) holds. */
const FACET_FIELDS: ReadonlySet<string> = new Set(["networks", "sentiments", "from", "to", "includeMuted", "matchNothing"]);

/**
 * SQLite counts whose filter reads only facet columns scan the narrow index instead of the wide rows
 * (about 20 times less to read at a million mentions); a member list looks its ids up there too.
 */
function countsFromFacets(filter: FeedItemFilter): boolean {
  return readsOnly(filter, FACET_FIELDS);
}

/** The list's mentions by sentiment (-1, 0, 1). */
export async function countBySentiment(db: Database, businessProfileId: number, query: InboxQuery) {
  const engine = engineOf(db);
  const { membership, filter } = membershipOf(query);
  const select = db
    .selectFrom("feedItems")
    .select(["feedItems.sentiment", (eb) => eb.fn.countAll<number>().as("count")])
    .where((eb) => {
      const base = feedItemConditions(eb, engine, businessProfileId, filter);
      return membership ? eb.and([base, memberList(db, eb, businessProfileId, membership)]) : base;
    })
    .groupBy("feedItems.sentiment");
  const rows =
    engine === "sqlite" && countsFromFacets(filter)
      ? await executeWithHint(db, select, 'indexed by "feed_items_search_facets"')
      : await select.execute();
  return rows.map((r) => ({ sentiment: r.sentiment, count: Number(r.count) }));
}

/**
 * Open, unmuted mentions assigned to any of these assignees (on these networks, or all): one range of
 * the index feed_items_assignee_open_idx (migration 0014) per assignee, read from the index alone. A
 * mention has one assignee, so the ranges add up.
 */
export async function countOpenAssigned(
  db: Database,
  businessProfileId: number,
  anyOf: ReadonlyArray<{ type: string; id: number }>,
  options: { state: number; networks?: readonly string[] },
): Promise<number> {
  const distinct = [...new Map(anyOf.map((a) => [`${a.type}:${a.id}`, a])).values()];
  if (!distinct.length || options.networks?.length === 0) return 0;
  const one = (a: { type: string; id: number }) => {
    let q = db
      .selectFrom("feedItems")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("businessProfileId", "=", businessProfileId)
      .where("assignedToType", "=", a.type)
      .where("assignedToId", "=", a.id)
      .where("state", "=", options.state)
      .where("muted", "=", 0);
    if (options.networks) q = q.where("socialType", "in", [...options.networks]);
    return q;
  };
  const [first, ...rest] = distinct;
  const rows = await rest.reduce((query, a) => query.unionAll(one(a)), one(first!)).execute();
  return rows.reduce((sum, r) => sum + Number(r.count), 0);
}

/** Mentions per saved search (stored matches) among `searchItemIds`, under the filter. */
export async function countPerSearchItem(
  db: Database,
  businessProfileId: number,
  searchItemIds: readonly number[],
  filter: FeedItemFilter,
  contextType: number,
) {
  if (!searchItemIds.length) return [];
  const engine = engineOf(db);
  const rows = await db
    .selectFrom("queryMatches")
    .innerJoin("feedItems", "feedItems.id", "queryMatches.feedItemId")
    .select(["queryMatches.contextId", (eb) => eb.fn.countAll<number>().as("count")])
    .where("queryMatches.businessProfileId", "=", businessProfileId)
    .where("queryMatches.contextType", "=", contextType)
    .where("queryMatches.contextId", "in", [...searchItemIds])
    .where((eb) => feedItemConditions(eb as unknown as FeedItemsEb, engine, businessProfileId, filter))
    .groupBy("queryMatches.contextId")
    .execute();
  return rows.map((r) => ({ searchItemId: r.contextId, count: Number(r.count) }));
}

/** The mentions with these ids of the tenant (a bulk action's targets). */
export async function findItemsByIds(db: Database, businessProfileId: number, ids: readonly number[]): Promise<FeedItemRow[]> {
  if (!ids.length) return [];
  return db
    .selectFrom("feedItems")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "in", [...ids])
    .orderBy("id")
    .execute();
}

export interface Assignment {
  type: string;
  id: number;
  message: string | null;
  at: string;
  by: number;
}

/** Sets (or, with null, clears) a mention's assignee. */
export async function setAssignment(db: Database, businessProfileId: number, feedItemId: number, assignment: Assignment | null) {
  await db
    .updateTable("feedItems")
    .set({
      assignedToType: assignment?.type ?? null,
      assignedToId: assignment?.id ?? null,
      assignedMessage: assignment?.message ?? null,
      assignedAt: assignment?.at ?? null,
      assignedBy: assignment?.by ?? null,
    })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", feedItemId)
    .execute();
}

export async function setItemsState(db: Database, businessProfileId: number, ids: readonly number[], state: number) {
  if (!ids.length) return;
  await db
    .updateTable("feedItems")
    .set({ state })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "in", [...ids])
    .execute();
}

export async function setItemTranslation(
  db: Database,
  businessProfileId: number,
  feedItemId: number,
  translation: string,
  language: string,
) {
  await db
    .updateTable("feedItems")
    .set({ translation, translationLanguage: language })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", feedItemId)
    .execute();
}

/** The names of assignees: accounts (full name) and teams of the tenant. */
export async function findAssigneeNames(
  db: Database,
  businessProfileId: number,
  assignees: { accountIds: readonly number[]; teamIds: readonly number[] },
) {
  const [accounts, teams] = await Promise.all([
    assignees.accountIds.length
      ? db
          .selectFrom("accounts")
          .select(["id", "firstName", "lastName"])
          .where("businessProfileId", "=", businessProfileId)
          .where("id", "in", [...assignees.accountIds])
          .execute()
      : [],
    assignees.teamIds.length
      ? db
          .selectFrom("teams")
          .select(["id", "name"])
          .where("businessProfileId", "=", businessProfileId)
          .where("id", "in", [...assignees.teamIds])
          .execute()
      : [],
  ]);
  return {
    accounts: new Map(accounts.map((a) => [a.id, `${a.firstName} ${a.lastName}`.trim()])),
    teams: new Map(teams.map((t) => [t.id, t.name])),
  };
}

/** The tenant's newest visible customer mentions (the demo's assignments and labels pick among them). */
export async function listRecentItems(db: Database, businessProfileId: number, limit: number) {
  const rows = await db
    .selectFrom("feedItems")
    .select(["id", "socialType", "sentiment", "title", "description", "assignedToType"])
    .where("businessProfileId", "=", businessProfileId)
    .where("muted", "=", 0)
    .where("isAgentReply", "=", 0)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows;
}
