import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from "kysely";
import { engineOf, type Database, type Engine } from "../client";
import type { DatabaseSchema } from "../schema";
import { hasProximity, isNothing, simplify, type SearchExpr } from "../token-match";

// The full-text index of mentions and the stored membership of mentions in saved searches and topics
// (ADR 012): tokens in FTS5 (SQLite) or a tsvector (PostgreSQL), the tenant's vocabulary for fuzzy words,
// query_matches, and the translation of a boolean query and of structured groups into SQL conditions.

export type { SearchExpr } from "../token-match";

/** PostgreSQL keeps positions up to 16383 (larger ones are clamped, as to_tsvector does). */
const MAX_TSVECTOR_POSITION = 16383;
/** PostgreSQL keeps at most 256 positions per lexeme. */
const MAX_TSVECTOR_POSITIONS = 256;

// ── Storage ──────────────────────────────────────────────────────────────────────────────────────────

function quoteTsLexeme(token: string): string {
  return `'${token.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/** A tsvector literal with 1-based positions: `'other':2 'tok':1,5`. */
export function tsvectorLiteral(tokens: readonly string[]): string {
  const positions = new Map<string, number[]>();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!token) continue;
    let list = positions.get(token);
    if (!list) positions.set(token, (list = []));
    const position = Math.min(i + 1, MAX_TSVECTOR_POSITION);
    if (list.length < MAX_TSVECTOR_POSITIONS && list[list.length - 1] !== position) list.push(position);
  }
  let out = "";
  for (const [token, list] of positions) out += `${out ? " " : ""}${quoteTsLexeme(token)}:${list.join(",")}`;
  return out;
}

/**
 * The value of feed_items.search_vector for a new row on PostgreSQL (undefined on SQLite, whose tokens go
 * to feed_items_fts once the row has its id: insertFtsTokens).
 */
export function searchVectorValue(db: Database, tokens: readonly string[]): RawBuilder<string> | undefined {
  if (engineOf(db) !== "postgres") return undefined;
  return sql<string>`${tsvectorLiteral(tokens)}::tsvector`;
}

// Bulk writes go through one JSON parameter (SQLite's json_each, PostgreSQL's json_to_recordset): the
// statement's text is the same whatever the row count, so the prepared-statement cache holds one
// statement instead of one per batch shape (each a large program for a many-row VALUES list).

/** SQLite: the tokens of new mentions into feed_items_fts (rowid = feed item id). No-op on PostgreSQL. */
export async function insertFtsTokens(db: Database, rows: ReadonlyArray<{ id: number; tokens: readonly string[] }>) {
  if (engineOf(db) === "postgres" || !rows.length) return;
  const json = JSON.stringify(rows.map((r) => [r.id, r.tokens.join(" ")]));
  await sql`insert into feed_items_fts (rowid, tokens) select value ->> 0, value ->> 1 from json_each(${json})`.execute(
    db,
  );
}

/** Rewrites the stored tokens of existing mentions (tests, repairs). */
export async function replaceSearchTokens(
  db: Database,
  rows: ReadonlyArray<{ id: number; tokens: readonly string[] }>,
) {
  if (!rows.length) return;
  if (engineOf(db) === "postgres") {
    for (const r of rows)
      await db
        .updateTable("feedItems")
        .set({ searchVector: sql<string>`${tsvectorLiteral(r.tokens)}::tsvector` })
        .where("id", "=", r.id)
        .execute();
    return;
  }
  await db
    .deleteFrom("feedItemsFts")
    .where(
      "rowid",
      "in",
      rows.map((r) => r.id),
    )
    .execute();
  await insertFtsTokens(db, rows);
}

/** Adds mention counts to the tenant's vocabulary (token → number of mentions holding it). */
export async function addVocabulary(db: Database, businessProfileId: number, counts: ReadonlyMap<string, number>) {
  if (!counts.size) return;
  // One order for every writer, so concurrent upserts of the same tokens cannot deadlock (PostgreSQL).
  const rows = [...counts.keys()].sort().map((token) => [token, [...token].length, counts.get(token)!]);
  const json = JSON.stringify(rows);
  if (engineOf(db) === "postgres") {
    await sql`
      insert into query_vocabulary (business_profile_id, token, length, count)
      select ${businessProfileId}, r.value ->> 0, (r.value ->> 1)::int, (r.value ->> 2)::int
      from json_array_elements(${json}::json) with ordinality as r(value, n) order by r.n
      on conflict (business_profile_id, token) do update set count = query_vocabulary.count + excluded.count`.execute(
      db,
    );
    return;
  }
  await sql`
    insert into query_vocabulary (business_profile_id, token, length, count)
    select ${businessProfileId}, value ->> 0, value ->> 1, value ->> 2 from json_each(${json}) where true
    on conflict (business_profile_id, token) do update set count = count + excluded.count`.execute(db);
}

/** The tenant's tokens whose length (code points) is within [min, max]: candidates of a fuzzy word. */
export async function listVocabularyByLength(db: Database, businessProfileId: number, min: number, max: number) {
  const rows = await db
    .selectFrom("queryVocabulary")
    .select("token")
    .where("businessProfileId", "=", businessProfileId)
    .where("length", ">=", min)
    .where("length", "<=", max)
    .execute();
  return rows.map((r) => r.token);
}

export interface QueryMatchValues {
  feedItemId: number;
  contextType: number;
  contextId: number;
}

/** Stores memberships of the tenant's mentions, each with its mention's time (a context's time order). */
export async function insertQueryMatches(
  db: Database,
  businessProfileId: number,
  rows: readonly QueryMatchValues[],
  createdAt: string,
) {
  if (!rows.length) return;
  const json = JSON.stringify(rows.map((r) => [r.contextType, r.contextId, r.feedItemId]));
  if (engineOf(db) === "postgres") {
    await sql`
      insert into query_matches (business_profile_id, context_type, context_id, feed_item_id, created_at, item_created_at)
      select ${businessProfileId}, (r.value ->> 0)::int, (r.value ->> 1)::int, f.id, ${createdAt}, f.created_at
      from json_array_elements(${json}::json) as r(value) join feed_items f on f.id = (r.value ->> 2)::int and f.business_profile_id = ${businessProfileId}
      on conflict do nothing`.execute(db);
    return;
  }
  await sql`
    insert into query_matches (business_profile_id, context_type, context_id, feed_item_id, created_at, item_created_at)
    select ${businessProfileId}, j.value ->> 0, j.value ->> 1, f.id, ${createdAt}, f.created_at
    from json_each(${json}) j cross join feed_items f where f.id = j.value ->> 2 and f.business_profile_id = ${businessProfileId}
    on conflict do nothing`.execute(db);
}

/** Forgets every match of one saved search or topic. */
export async function deleteContextMatches(
  db: Database,
  businessProfileId: number,
  contextType: number,
  contextId: number,
) {
  await db
    .deleteFrom("queryMatches")
    .where("businessProfileId", "=", businessProfileId)
    .where("contextType", "=", contextType)
    .where("contextId", "=", contextId)
    .execute();
}

/** Forgets the matches of one context among mentions with ids in [fromId, toId] (a backfill chunk). */
export async function deleteContextMatchesInRange(
  db: Database,
  businessProfileId: number,
  contextType: number,
  contextId: number,
  fromId: number,
  toId: number,
) {
  await db
    .deleteFrom("queryMatches")
    .where("businessProfileId", "=", businessProfileId)
    .where("contextType", "=", contextType)
    .where("contextId", "=", contextId)
    .where("feedItemId", ">=", fromId)
    .where("feedItemId", "<=", toId)
    .execute();
}

/** Forgets the matches of these mentions for the given context types (before percolating them again). */
export async function deleteItemMatches(
  db: Database,
  businessProfileId: number,
  feedItemIds: readonly number[],
  contextTypes: readonly number[],
) {
  if (!feedItemIds.length) return;
  await db
    .deleteFrom("queryMatches")
    .where("businessProfileId", "=", businessProfileId)
    .where("feedItemId", "in", [...feedItemIds])
    .where("contextType", "in", [...contextTypes])
    .execute();
}

/** Stored matches of some mentions: [feed item id, context type, context id]. */
export async function listItemMatches(db: Database, businessProfileId: number, feedItemIds: readonly number[]) {
  if (!feedItemIds.length) return [];
  return db
    .selectFrom("queryMatches")
    .select(["feedItemId", "contextType", "contextId"])
    .where("businessProfileId", "=", businessProfileId)
    .where("feedItemId", "in", [...feedItemIds])
    .execute();
}

/** Ids of the mentions stored as members of one context, ascending. */
export async function listContextMemberIds(
  db: Database,
  businessProfileId: number,
  contextType: number,
  contextId: number,
) {
  const rows = await db
    .selectFrom("queryMatches")
    .select("feedItemId")
    .where("businessProfileId", "=", businessProfileId)
    .where("contextType", "=", contextType)
    .where("contextId", "=", contextId)
    .orderBy("feedItemId")
    .execute();
  return rows.map((r) => r.feedItemId);
}

/** Labels of some mentions (feed_item_labels), for percolating them again. */
export async function listItemLabels(db: Database, businessProfileId: number, feedItemIds: readonly number[]) {
  if (!feedItemIds.length) return [];
  return db
    .selectFrom("feedItemLabels")
    .select(["feedItemId", "labelId"])
    .where("businessProfileId", "=", businessProfileId)
    .where("feedItemId", "in", [...feedItemIds])
    .execute();
}

/** What the percolator needs of stored mentions, in id order from `afterId` (backfills) or by ids. */
export async function listPercolationFacts(
  db: Database,
  businessProfileId: number,
  page: { afterId: number; limit: number } | { ids: readonly number[] },
) {
  let query = db
    .selectFrom("feedItems")
    .select(["id", "title", "description", "socialType", "language", "authorCountry", "sentiment", "identityId"])
    .where("businessProfileId", "=", businessProfileId);
  if ("ids" in page) {
    if (!page.ids.length) return [];
    query = query.where("id", "in", [...page.ids]);
  } else query = query.where("id", ">", page.afterId).limit(page.limit);
  return query.orderBy("id").execute();
}

export async function countTenantFeedItems(db: Database, businessProfileId: number) {
  const row = await db
    .selectFrom("feedItems")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("businessProfileId", "=", businessProfileId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ── Translation of a boolean query ───────────────────────────────────────────────────────────────────

function quoteFts(token: string): string {
  return `"${token.replace(/"/g, '""')}"`;
}

/**
 * An FTS5 MATCH expression for `expr`. Ordered proximity has no FTS5 operator: a proximity phrase becomes
 * the AND of its tokens (a superset), which `nearChecks` narrows down. The expression must not be NOTHING.
 */
export function ftsMatchExpression(expr: SearchExpr): string {
  switch (expr.kind) {
    case "term":
      return expr.prefix ? `${quoteFts(expr.token)}*` : quoteFts(expr.token);
    case "anyOf":
      return expr.tokens.length === 1 ? quoteFts(expr.tokens[0]!) : `(${expr.tokens.map(quoteFts).join(" OR ")})`;
    case "phrase": {
      if (expr.proximity === 0 || expr.tokens.length === 1)
        return `${quoteFts(expr.tokens.join(" "))}${expr.prefixLast ? "*" : ""}`;
      const last = expr.tokens.length - 1;
      return `(${expr.tokens.map((t, i) => (i === last && expr.prefixLast ? `${quoteFts(t)}*` : quoteFts(t))).join(" AND ")})`;
    }
    case "and":
    case "or":
      return `(${expr.children.map(ftsMatchExpression).join(expr.kind === "and" ? " AND " : " OR ")})`;
  }
}

/**
 * The sub-expressions the FTS5 superset does not decide exactly (those holding a proximity phrase), for
 * `earshot_near`: the superset AND all of them is exactly `expr`. Under an AND each child is checked on
 * its own; an OR holding a proximity phrase is checked whole.
 */
export function nearChecks(expr: SearchExpr): SearchExpr[] {
  if (!hasProximity(expr)) return [];
  if (expr.kind === "and") return expr.children.flatMap(nearChecks);
  return [expr];
}

/**
 * Chains listed for one proximity phrase on PostgreSQL: (p + 1)^(tokens − 1), so up to 8 tokens with ~2
 * and 12 with ~1. A longer proximity phrase is approximated by its tokens in any order (ADR 012 notes it).
 */
export const MAX_PROXIMITY_CHAINS = 2187;

/** A tsquery literal for `expr`; a proximity phrase is the alternatives of the distances 1..p+1. */
export function tsqueryLiteral(expr: SearchExpr): string {
  switch (expr.kind) {
    case "term":
      return expr.prefix ? `${quoteTsLexeme(expr.token)}:*` : quoteTsLexeme(expr.token);
    case "anyOf":
      return expr.tokens.length === 1
        ? quoteTsLexeme(expr.tokens[0]!)
        : `( ${expr.tokens.map(quoteTsLexeme).join(" | ")} )`;
    case "phrase": {
      const last = expr.tokens.length - 1;
      const lexeme = (i: number) => `${quoteTsLexeme(expr.tokens[i]!)}${i === last && expr.prefixLast ? ":*" : ""}`;
      if (expr.tokens.length === 1) return lexeme(0);
      if (expr.proximity === 0) return `( ${expr.tokens.map((_, i) => lexeme(i)).join(" <-> ")} )`;
      // Every combination of distances as a plain chain, OR-ed: PostgreSQL mis-measures a phrase operator
      // whose operand is an OR of phrases of different widths, so alternatives cannot be nested.
      const gaps = expr.tokens.length - 1;
      if ((expr.proximity + 1) ** gaps > MAX_PROXIMITY_CHAINS) {
        // Too many to list (a long phrase): the tokens in any order, a superset of the phrase.
        return `( ${expr.tokens.map((_, i) => lexeme(i)).join(" & ")} )`;
      }
      let chains = [lexeme(0)];
      for (let i = 1; i < expr.tokens.length; i++) {
        const next: string[] = [];
        for (const chain of chains)
          for (let d = 1; d <= expr.proximity + 1; d++) next.push(`${chain} <${d}> ${lexeme(i)}`);
        chains = next;
      }
      return `( ${chains.join(" | ")} )`;
    }
    case "and":
    case "or":
      return `( ${expr.children.map(tsqueryLiteral).join(expr.kind === "and" ? " & " : " | ")} )`;
  }
}

type FeedItemsEb = ExpressionBuilder<DatabaseSchema, "feedItems">;

/**
 * SQLite: how many mentions of all tenants the FTS5 expression holds (proximity not checked): a cheap
 * upper bound of a search's matches, to choose how to read its first page.
 */
export async function countSearchCandidates(db: Database, raw: SearchExpr): Promise<number> {
  const expr = simplify(raw);
  if (isNothing(expr) || engineOf(db) === "postgres") return 0;
  const { rows } = await sql<{ n: number }>`select count(*) as n from feed_items_fts where feed_items_fts match ${ftsMatchExpression(expr)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

const FALSE = sql<SqlBool>`1 = 0`;

/** The mentions matching a boolean query, as a condition on feed_items (tenant scoping is the caller's). */
export function textCondition(eb: FeedItemsEb, engine: Engine, raw: SearchExpr): Expression<SqlBool> {
  const expr = simplify(raw);
  if (isNothing(expr)) return FALSE;
  if (engine === "postgres")
    return sql<SqlBool>`${eb.ref("feedItems.searchVector")} @@ ${tsqueryLiteral(expr)}::tsquery`;
  const checks = nearChecks(expr).map((check) => sql`and earshot_near(tokens, ${JSON.stringify(check)}) = 1`);
  return sql<SqlBool>`${eb.ref("feedItems.id")} in (select rowid from feed_items_fts where feed_items_fts match ${ftsMatchExpression(expr)} ${sql.join(checks, sql` `)})`;
}

/** One value condition of a structured group, all values of a kind together. */
export type GroupValueCondition =
  | { kind: "text"; expr: SearchExpr }
  | { kind: "labels"; ids: number[] }
  | { kind: "topics"; ids: number[] }
  | { kind: "networks"; values: string[] }
  | { kind: "languages"; values: string[] }
  | { kind: "countries"; values: string[] }
  | { kind: "sentiment"; values: number[] }
  | { kind: "authors"; ids: number[] };

/** A must group holds when any of its values holds; a must-not group when none does. */
export interface GroupCondition {
  type: "must" | "must-not";
  values: GroupValueCondition[];
}

/** Context types of query_matches (ADR 012). */
export const CONTEXT_TYPES = { searchItem: 1, topic: 2, rule: 3 } as const;

export function membershipCondition(
  eb: FeedItemsEb,
  businessProfileId: number,
  contextType: number,
  contextIds: readonly number[],
): Expression<SqlBool> {
  if (!contextIds.length) return FALSE;
  return eb(
    "feedItems.id",
    "in",
    eb
      .selectFrom("queryMatches")
      .select("queryMatches.feedItemId")
      .where("queryMatches.businessProfileId", "=", businessProfileId)
      .where("queryMatches.contextType", "=", contextType)
      .where("queryMatches.contextId", "in", [...contextIds]),
  );
}

/**
 * The mention belongs to the context, as one probe of query_matches' primary key: for walks of an index
 * that stop early (the most impactful posts), where membershipCondition would first read and set aside
 * every membership of the context.
 */
export function membershipProbe(eb: FeedItemsEb, businessProfileId: number, contextType: number, contextId: number): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom("queryMatches")
      .select(sql`1`.as("one"))
      .whereRef("queryMatches.feedItemId", "=", "feedItems.id")
      .where("queryMatches.businessProfileId", "=", businessProfileId)
      .where("queryMatches.contextType", "=", contextType)
      .where("queryMatches.contextId", "=", contextId),
  );
}

function valueCondition(
  eb: FeedItemsEb,
  engine: Engine,
  businessProfileId: number,
  value: GroupValueCondition,
): Expression<SqlBool> {
  switch (value.kind) {
    case "text":
      return textCondition(eb, engine, value.expr);
    case "labels":
      if (!value.ids.length) return FALSE;
      return eb(
        "feedItems.id",
        "in",
        eb
          .selectFrom("feedItemLabels")
          .select("feedItemLabels.feedItemId")
          .where("feedItemLabels.businessProfileId", "=", businessProfileId)
          .where("feedItemLabels.labelId", "in", value.ids),
      );
    case "topics":
      return membershipCondition(eb, businessProfileId, CONTEXT_TYPES.topic, value.ids);
    case "networks":
      return value.values.length ? eb("feedItems.socialType", "in", value.values) : FALSE;
    case "languages":
      return value.values.length ? eb("feedItems.language", "in", value.values) : FALSE;
    case "countries":
      return value.values.length ? eb("feedItems.authorCountry", "in", value.values) : FALSE;
    case "sentiment":
      return value.values.length ? eb("feedItems.sentiment", "in", value.values) : FALSE;
    case "authors":
      // identity_id may be null: `null in (...)` would make a must-not group unknown instead of true.
      return value.ids.length
        ? eb.and([eb("feedItems.identityId", "is not", null), eb("feedItems.identityId", "in", value.ids)])
        : FALSE;
  }
}

/** Structured groups (an unsaved search's definition) as conditions on feed_items. */
export function groupConditions(
  eb: FeedItemsEb,
  engine: Engine,
  businessProfileId: number,
  groups: readonly GroupCondition[],
): Expression<SqlBool>[] {
  return groups.map((group) => {
    const any = group.values.length
      ? eb.or(group.values.map((v) => valueCondition(eb, engine, businessProfileId, v)))
      : FALSE;
    return group.type === "must" ? any : eb.not(any);
  });
}

// ── Definitions (saved search items and topics) as the percolator and backfills read them ───────────

/** A cheap summary that changes whenever a tenant's saved searches or topics do. */
export async function definitionsFingerprint(db: Database, businessProfileId: number): Promise<string> {
  const { rows } = await sql<{ s: string | null; t: string | null }>`
    select
      (select count(*) || '/' || coalesce(max(id), 0) || '/' || coalesce(max(updated_at), '') from search_items where business_profile_id = ${businessProfileId}) as s,
      (select count(*) || '/' || coalesce(max(id), 0) || '/' || coalesce(max(updated_at), '') from topics where business_profile_id = ${businessProfileId}) as t`.execute(
    db,
  );
  return `${rows[0]?.s ?? ""}|${rows[0]?.t ?? ""}`;
}

export async function listSearchItemQueries(db: Database, businessProfileId: number) {
  return db
    .selectFrom("searchItems")
    .select(["id", "query"])
    .where("businessProfileId", "=", businessProfileId)
    .orderBy("id")
    .execute();
}

export async function listTopicQueries(db: Database, businessProfileId: number) {
  return db
    .selectFrom("topics")
    .select(["id", "query", "keywords"])
    .where("businessProfileId", "=", businessProfileId)
    .orderBy("id")
    .execute();
}

export async function findSearchItemQuery(db: Database, businessProfileId: number, id: number) {
  return db
    .selectFrom("searchItems")
    .select(["id", "query"])
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function findTopicQuery(db: Database, businessProfileId: number, id: number) {
  return db
    .selectFrom("topics")
    .select(["id", "query", "keywords"])
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Progress of applying a definition to the stored mentions (shown in the UI). */
export async function setBackfillProgress(
  db: Database,
  businessProfileId: number,
  context: { type: number; id: number },
  progress: { done: number; total: number; finishedAt: string | null },
) {
  const values = {
    backfillDone: progress.done,
    backfillTotal: progress.total,
    backfillFinishedAt: progress.finishedAt,
  };
  const table = context.type === CONTEXT_TYPES.topic ? "topics" : "searchItems";
  await db
    .updateTable(table)
    .set(values)
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", context.id)
    .execute();
}

/** Ids of stored authors by external id (the percolator's `authors` groups at ingestion). */
export async function listIdentityIds(
  db: Database,
  businessProfileId: number,
  socialType: string,
  externalIds: readonly string[],
) {
  if (!externalIds.length) return [];
  const out: Array<{ id: number; externalId: string }> = [];
  for (let i = 0; i < externalIds.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom("identities")
        .select(["id", "externalId"])
        .where("businessProfileId", "=", businessProfileId)
        .where("socialType", "=", socialType)
        .where("externalId", "in", externalIds.slice(i, i + 500))
        .execute()),
    );
  }
  return out;
}
