import { sql, type Kysely, type RawBuilder } from "kysely";
import { engineOf, type Database, type Engine } from "../client";
import { toCamelKey } from "../../domain/key-case";
import type { AnalyticsMeasures } from "../schema";
import { changedDaysStatement, markDaysChanged } from "./analytics-daily";
import { MEASURE_COLUMNS, ROLLUP_MEASURES } from "./analytics-measures";
import { idList } from "./id-list";

// The dashboard's rollups (ADR 015 "Store", ADR 017): analytics_hourly_sentiment (per hour and sentiment),
// analytics_hourly_dimensions (per hour, network / language / country / review rating and sentiment),
// analytics_first_replies (per replied mention) and analytics_terms_daily; analytics_daily_dimensions is
// made from the hourly tables in the background (./analytics-daily.ts), and every write here marks the
// days it changed as to be made again. Every change of counted facts adds its delta set-based, in the
// caller's transaction: INSERT ... SELECT ... GROUP BY ... ON CONFLICT DO UPDATE adding the signed sums
// (first replies: rows written, or deleted when subtracted). A mention
// counts (muted ones never do) in context (0, 0) and in every saved search (1, id) and topic (2, id)
// whose stored membership (query_matches) holds it.
// A change to stored mentions is "subtract what they count now, change them, add what they count then"
// (adjustItems); a change of one context's membership is done per context (a "context" scope). Rows are
// upserted in key order, so concurrent transactions (PostgreSQL) take the rows' locks in the same order.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Which memberships of mentions to count. */
export type RollupScope =
  /** These mentions, in context (0, 0) and every stored membership ("memberships": the latter only). */
  | { kind: "items"; ids: readonly number[]; contexts: "all" | "memberships" }
  /** The members of one context, optionally only those with ids in [fromId, toId]. */
  | { kind: "context"; contextType: number; contextId: number; fromId?: number; toId?: number }
  /** Every mention of the tenant (rebuild). */
  | { kind: "tenant" };

const ROLLUP_CONTEXT_TYPES = [1, 2];

/** (feed_item_id, context_type, context_id) rows of a scope. */
function membership(engine: Engine, businessProfileId: number, scope: RollupScope): RawBuilder<unknown> {
  const types = sql.join(ROLLUP_CONTEXT_TYPES.map((t) => sql.lit(t)));
  if (scope.kind === "context") {
    const range =
      scope.fromId !== undefined && scope.toId !== undefined
        ? sql`and feed_item_id >= ${scope.fromId} and feed_item_id <= ${scope.toId}`
        : sql``;
    return sql`select feed_item_id, context_type, context_id from query_matches
      where business_profile_id = ${businessProfileId} and context_type = ${scope.contextType} and context_id = ${scope.contextId} ${range}`;
  }
  if (scope.kind === "tenant") {
    return sql`select id as feed_item_id, 0 as context_type, 0 as context_id from feed_items where business_profile_id = ${businessProfileId}
      union all
      select feed_item_id, context_type, context_id from query_matches where business_profile_id = ${businessProfileId} and context_type in (${types})`;
  }
  // Driven by the id list (CROSS JOIN keeps SQLite's join order), each id looked up by the mention index
  // of query_matches (unary + keeps the tenant/type prefix of the primary key from being chosen, which
  // would walk every match of the tenant): a batch costs its own size, not the store's.
  const ids = idList(engine, scope.ids);
  const matches =
    engine === "postgres"
      ? sql`select q.feed_item_id, q.context_type, q.context_id from (${ids}) i cross join lateral (
          select feed_item_id, context_type, context_id from query_matches
          where feed_item_id = i.id and business_profile_id = ${businessProfileId} and context_type in (${types}) offset 0) q`
      : sql`select q.feed_item_id, q.context_type, q.context_id from (${ids}) i cross join query_matches q
    where q.feed_item_id = i.id and +q.business_profile_id = ${businessProfileId} and +q.context_type in (${types})`;
  if (scope.contexts === "memberships") return matches;
  return sql`select i.id as feed_item_id, 0 as context_type, 0 as context_id from (${ids}) i
    union all ${matches}`;
}

/** Seconds from a mention to its first reply, of the mentions aliased `table` (the rollup writes read `f`). */
export function replySeconds(engine: Engine, table = "f"): RawBuilder<number> {
  const replied = sql.ref(`${table}.first_reply_at`);
  const created = sql.ref(`${table}.created_at`);
  return engine === "postgres"
    ? sql<number>`round(extract(epoch from (${replied}::timestamptz - ${created}::timestamptz))::numeric, 3)::float8`
    : sql<number>`round((julianday(${replied}) - julianday(${created})) * 86400.0, 3)`;
}

/** The hour bucket of a created_at text (ISO, UTC): '2026-03-11T22:00:00.000Z'. */
const HOUR_BUCKET_SQL = sql<string>`substr(f.created_at, 1, 13) || ':00:00.000Z'`;

/** The measures of the grouped mentions `f`, times the sign, in ROLLUP_MEASURES' order. */
function measureSums(engine: Engine, sign: 1 | -1): RawBuilder<unknown> {
  const s = sql.lit(sign);
  return sql`${s} * count(*), ${s} * sum(f.likes), ${s} * sum(f.comments), ${s} * sum(f.shares), ${s} * sum(f.views),
      ${s} * sum(f.total_engagements), ${s} * sum(f.reach), ${s} * sum(f.impact_score),
      ${s} * sum(case when f.is_replied = 1 then 1 else 0 end),
      ${s} * sum(case when f.first_reply_at is not null then 1 else 0 end),
      ${s} * sum(case when f.first_reply_at is not null then ${replySeconds(engine)} else 0 end)`;
}

/** ON CONFLICT's update: each measure adds the delta. */
function addMeasures(table: string): RawBuilder<unknown> {
  const t = sql.raw(table);
  return sql.join(ROLLUP_MEASURES.map((c) => sql`${sql.raw(c)} = ${t}.${sql.raw(c)} + excluded.${sql.raw(c)}`));
}

const HOURLY_TABLES = ["analytics_hourly_sentiment", "analytics_hourly_dimensions"] as const;

/** Which rollup tables a write keeps: migrations older than 0019 run before the daily tables exist. */
export interface RollupTables {
  daily: boolean;
}
const ALL_TABLES: RollupTables = { daily: true };

/** Every rollup table of contexts: a context's or tenant's rows are in each. */
function rollupTables(tables: RollupTables): string[] {
  return [...HOURLY_TABLES, ...(tables.daily ? ["analytics_daily_dimensions"] : []), "analytics_first_replies", "analytics_terms_daily"];
}

/**
 * The dimensions of analytics_hourly_dimensions and the value each takes from a mention `f`; 'rating' is
 * the network and the review's rating ('googlePlay:4', 'twitter:' without one), what the reviews widget reads.
 */
const ROLLUP_DIMENSIONS: Record<"network" | "language" | "country" | "rating", RawBuilder<string>> = {
  network: sql`f.social_type`,
  language: sql`f.language`,
  country: sql`f.author_country`,
  rating: sql`f.social_type || ':' || coalesce(cast(f.rating as text), '')`,
};

/**
 * The scope's counted (unmuted) memberships `m` and their mentions `f`, with any further joins: FROM and
 * WHERE of every rollup write.
 */
function countedMembers(engine: Engine, businessProfileId: number, scope: RollupScope, joins: RawBuilder<unknown> = sql``): RawBuilder<unknown> {
  if (engine === "postgres" && scope.kind === "items") {
    // Each membership's mention looked up by its key (LATERAL ... OFFSET 0 keeps PostgreSQL from hashing
    // the tenant's every mention when its statistics lag behind a bulk load): a batch costs its own size.
    return sql`from (${membership(engine, businessProfileId, scope)}) m
    cross join lateral (select * from feed_items where id = m.feed_item_id offset 0) f
    ${joins}
    where f.business_profile_id = ${businessProfileId} and f.muted = 0`;
  }
  return sql`from (${membership(engine, businessProfileId, scope)}) m
    cross join feed_items f
    ${joins}
    where f.id = m.feed_item_id and f.business_profile_id = ${businessProfileId} and f.muted = 0`;
}

function hourlySentimentStatement(engine: Engine, businessProfileId: number, scope: RollupScope, sign: 1 | -1): RawBuilder<unknown> {
  return sql`
    insert into analytics_hourly_sentiment (business_profile_id, context_type, context_id, bucket, sentiment, ${MEASURE_COLUMNS})
    select f.business_profile_id, m.context_type, m.context_id, ${HOUR_BUCKET_SQL}, f.sentiment, ${measureSums(engine, sign)}
    ${countedMembers(engine, businessProfileId, scope)}
    group by f.business_profile_id, m.context_type, m.context_id, ${HOUR_BUCKET_SQL}, f.sentiment
    order by 2, 3, 4, 5
    on conflict (business_profile_id, context_type, context_id, bucket, sentiment) do update set ${addMeasures("analytics_hourly_sentiment")}`;
}

export type RollupDimension = keyof typeof ROLLUP_DIMENSIONS;

/** The scope's rows of these dimensions in analytics_hourly_dimensions, added or subtracted. */
export async function addDimensionRows(db: AnyDb, businessProfileId: number, scope: RollupScope, sign: 1 | -1, names: readonly RollupDimension[]) {
  await dimensionRowsStatement(engineOf(db), businessProfileId, scope, sign, names).execute(db);
}

function dimensionRowsStatement(
  engine: Engine,
  businessProfileId: number,
  scope: RollupScope,
  sign: 1 | -1,
  names: readonly RollupDimension[],
): RawBuilder<unknown> {
  // The dimensions in one pass: each counted mention once per dimension.
  const dimension = sql`d.dimension`;
  const value = sql`case d.dimension ${sql.join(
    names.map((name) => sql`when ${sql.lit(name)} then ${ROLLUP_DIMENSIONS[name]}`),
    sql` `,
  )} end`;
  const dimensions = sql.join(
    names.map((name) => sql`select ${sql.lit(name)} as dimension`),
    sql` union all `,
  );
  return sql`
    insert into analytics_hourly_dimensions (business_profile_id, context_type, context_id, dimension, bucket, value, sentiment, ${MEASURE_COLUMNS})
    select f.business_profile_id, m.context_type, m.context_id, ${dimension}, ${HOUR_BUCKET_SQL}, ${value}, f.sentiment, ${measureSums(engine, sign)}
    ${countedMembers(engine, businessProfileId, scope, sql`cross join (${dimensions}) d`)}
    group by f.business_profile_id, m.context_type, m.context_id, ${dimension}, ${HOUR_BUCKET_SQL}, ${value}, f.sentiment
    order by 2, 3, 4, 5, 6, 7
    on conflict (business_profile_id, context_type, context_id, dimension, bucket, value, sentiment) do update set ${addMeasures("analytics_hourly_dimensions")}`;
}

/** The terms of a mention's keywords (JSON text array, ADR 010); a term listed twice counts once (count distinct). */
function termsOf(engine: Engine): RawBuilder<unknown> {
  return engine === "postgres"
    ? sql`cross join lateral json_array_elements_text(case when f.keywords like '[%' then f.keywords::json else '[]'::json end) as t(term)`
    : sql`join json_each(case when json_valid(f.keywords) then f.keywords else '[]' end) as t`;
}

function termsStatement(engine: Engine, businessProfileId: number, scope: RollupScope, sign: 1 | -1): RawBuilder<unknown> {
  const s = sql.lit(sign);
  const termRef = engine === "postgres" ? sql`t.term` : sql`t.value`;
  return sql`
    insert into analytics_terms_daily (business_profile_id, context_type, context_id, day, term, mentions, positive, negative)
    select f.business_profile_id, m.context_type, m.context_id, substr(f.created_at, 1, 10), ${termRef},
      ${s} * count(distinct f.id), ${s} * count(distinct case when f.sentiment = 1 then f.id end),
      ${s} * count(distinct case when f.sentiment = -1 then f.id end)
    ${countedMembers(engine, businessProfileId, scope, termsOf(engine))} and ${termRef} <> ''
    group by f.business_profile_id, m.context_type, m.context_id, substr(f.created_at, 1, 10), ${termRef}
    order by 2, 3, 4, 5
    on conflict (business_profile_id, context_type, context_id, day, term) do update set
      mentions = analytics_terms_daily.mentions + excluded.mentions,
      positive = analytics_terms_daily.positive + excluded.positive,
      negative = analytics_terms_daily.negative + excluded.negative`;
}

/**
 * analytics_first_replies holds a row per replied, counted mention and context: adding writes the scope's
 * rows, subtracting deletes them (what the scope's mentions count now is exactly their rows).
 */
export async function addFirstReplies(db: AnyDb, businessProfileId: number, scope: RollupScope, sign: 1 | -1) {
  await firstRepliesStatement(engineOf(db), businessProfileId, scope, sign).execute(db);
}

function firstRepliesStatement(engine: Engine, businessProfileId: number, scope: RollupScope, sign: 1 | -1): RawBuilder<unknown> {
  if (sign === 1) {
    return sql`
      insert into analytics_first_replies (business_profile_id, context_type, context_id, bucket, feed_item_id, seconds)
      select f.business_profile_id, m.context_type, m.context_id, ${HOUR_BUCKET_SQL}, f.id, ${replySeconds(engine)}
      ${countedMembers(engine, businessProfileId, scope)} and f.first_reply_at is not null
      order by 2, 3, 4, 5
      on conflict (business_profile_id, context_type, context_id, bucket, feed_item_id) do update set seconds = excluded.seconds`;
  }
  const types = sql.join(ROLLUP_CONTEXT_TYPES.map((t) => sql.lit(t)));
  if (scope.kind === "items") {
    const ofTypes = scope.contexts === "memberships" ? sql`and context_type in (${types})` : sql``;
    return sql`delete from analytics_first_replies where business_profile_id = ${businessProfileId}
      and feed_item_id in (${idList(engine, scope.ids)}) ${ofTypes}`;
  }
  if (scope.kind === "context") {
    const range =
      scope.fromId !== undefined && scope.toId !== undefined ? sql`and feed_item_id >= ${scope.fromId} and feed_item_id <= ${scope.toId}` : sql``;
    return sql`delete from analytics_first_replies where business_profile_id = ${businessProfileId}
      and context_type = ${scope.contextType} and context_id = ${scope.contextId} ${range}`;
  }
  return sql`delete from analytics_first_replies where business_profile_id = ${businessProfileId}`;
}

/** Adds (sign 1) or subtracts (sign -1) what the scope's mentions count now. */
export async function addToRollups(
  db: AnyDb,
  businessProfileId: number,
  scope: RollupScope,
  sign: 1 | -1,
  tables: RollupTables = ALL_TABLES,
): Promise<void> {
  if (scope.kind === "items" && !scope.ids.length) return;
  const engine = engineOf(db);
  const statements = [
    hourlySentimentStatement(engine, businessProfileId, scope, sign),
    dimensionRowsStatement(engine, businessProfileId, scope, sign, Object.keys(ROLLUP_DIMENSIONS) as RollupDimension[]),
    firstRepliesStatement(engine, businessProfileId, scope, sign),
    termsStatement(engine, businessProfileId, scope, sign),
  ];
  const which = scope.kind === "items" ? { ids: scope.ids } : scope.kind === "context" ? scope : ("all" as const);
  if (engine === "postgres" && scope.kind === "items") {
    // One round trip for the batch's every rollup write (ADR 044): each a data-modifying WITH. They share
    // the statement's snapshot, which changes nothing here: none reads a table another writes (the changed
    // days are read from the mentions, not from the hourly rows). The outer query reads them one after
    // the other, which runs them in the order of the separate statements: every writer locks the rollup
    // tables in the same order (a deadlock would need two orders).
    if (tables.daily) statements.push(changedDaysStatement(engine, businessProfileId, which));
    const name = (i: number) => sql.raw(`w${i}`);
    await sql`with ${sql.join(statements.map((statement, i) => sql`${name(i)} as (${statement} returning 1)`))}
      select ${sql.join(statements.map((_, i) => sql`(select count(*) from ${name(i)})`))}`.execute(db);
    return;
  }
  for (const statement of statements) await statement.execute(db);
  if (tables.daily) await markDaysChanged(db, businessProfileId, which);
}

/** Locks mentions' rows until the transaction ends (PostgreSQL; SQLite writes one transaction at a time). */
export async function lockItems(db: AnyDb, businessProfileId: number, ids: readonly number[]): Promise<void> {
  if (!ids.length || engineOf(db) !== "postgres") return;
  await sql`select id from feed_items where business_profile_id = ${businessProfileId} and id in (${idList("postgres", ids)}) order by id for update`.execute(db);
}

/**
 * Runs a change of stored mentions (reply, muting, membership) with the rollups following it: their
 * rows locked, what they count subtracted, the change, what they count then added. In the caller's transaction.
 */
export async function adjustItems<T>(
  db: Database,
  businessProfileId: number,
  ids: readonly number[],
  contexts: "all" | "memberships",
  change: () => Promise<T>,
): Promise<T> {
  const unique = [...new Set(ids)];
  await lockItems(db, businessProfileId, unique);
  await addToRollups(db, businessProfileId, { kind: "items", ids: unique, contexts }, -1);
  const result = await change();
  await addToRollups(db, businessProfileId, { kind: "items", ids: unique, contexts }, 1);
  return result;
}

/** Forgets a context's rollups (the saved search or topic was deleted, or matches nothing now). */
export async function deleteContextRollups(db: AnyDb, businessProfileId: number, contextType: number, contextId: number) {
  for (const table of rollupTables(ALL_TABLES))
    await sql`delete from ${sql.table(table)} where business_profile_id = ${businessProfileId} and context_type = ${contextType} and context_id = ${contextId}`.execute(db);
}

/** Recomputes one tenant's rollups from feed_items and query_matches. */
export async function rebuildTenantRollups(db: AnyDb, businessProfileId: number, tables: RollupTables = ALL_TABLES): Promise<void> {
  for (const table of rollupTables(tables)) await sql`delete from ${sql.table(table)} where business_profile_id = ${businessProfileId}`.execute(db);
  await addToRollups(db, businessProfileId, { kind: "tenant" }, 1, tables);
}

/** Recomputes every tenant's rollups; returns the tenants rebuilt. */
export async function rebuildAllRollups(db: AnyDb, tables: RollupTables = ALL_TABLES): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select id from business_profiles order by id`.execute(db);
  const ids = rows.map((r) => Number(r.id));
  for (const id of ids) await rebuildTenantRollups(db, id, tables);
  return ids;
}


export interface SentimentRollupRow extends AnalyticsMeasures {
  contextType: number;
  contextId: number;
  bucket: string;
  sentiment: number;
}

export interface DimensionRollupRow extends AnalyticsMeasures {
  contextType: number;
  contextId: number;
  dimension: string;
  bucket: string;
  value: string;
  sentiment: number;
}

export interface FirstReplyRow {
  contextType: number;
  contextId: number;
  bucket: string;
  feedItemId: number;
  seconds: number;
}

export interface TermRow {
  contextType: number;
  contextId: number;
  day: string;
  term: string;
  mentions: number;
  positive: number;
  negative: number;
}

function numeric<T>(row: Record<string, unknown>, keys: readonly string[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const k of keys) out[k] = Number(row[k]);
  return out as T;
}

const HOURLY_NUMBERS = ["contextType", "contextId", "sentiment", ...ROLLUP_MEASURES.map(toCamelKey)];
const TERM_NUMBERS = ["contextType", "contextId", "mentions", "positive", "negative"];

/** The stored rollups of a tenant (non-empty rows), in key order: what tests compare with a recount. */
export async function listTenantRollups(
  db: Database,
  businessProfileId: number,
  tables: RollupTables = ALL_TABLES,
): Promise<{ sentiment: SentimentRollupRow[]; dimensions: DimensionRollupRow[]; daily: DimensionRollupRow[]; firstReplies: FirstReplyRow[]; terms: TermRow[] }> {
  const sentiment = await sql<Record<string, unknown>>`
    select context_type, context_id, bucket, sentiment, ${MEASURE_COLUMNS}
    from analytics_hourly_sentiment where business_profile_id = ${businessProfileId} and mentions <> 0
    order by context_type, context_id, bucket, sentiment`.execute(db);
  const dimensions = await sql<Record<string, unknown>>`
    select context_type, context_id, dimension, bucket, value, sentiment, ${MEASURE_COLUMNS}
    from analytics_hourly_dimensions where business_profile_id = ${businessProfileId} and mentions <> 0
    order by context_type, context_id, dimension, bucket, value, sentiment`.execute(db);
  const daily = tables.daily
    ? await sql<Record<string, unknown>>`
      select context_type, context_id, dimension, bucket, value, sentiment, ${MEASURE_COLUMNS}
      from analytics_daily_dimensions where business_profile_id = ${businessProfileId} and mentions <> 0
      order by context_type, context_id, dimension, bucket, value, sentiment`.execute(db)
    : { rows: [] };
  const firstReplies = await sql<Record<string, unknown>>`
    select context_type, context_id, bucket, feed_item_id, seconds from analytics_first_replies
    where business_profile_id = ${businessProfileId}
    order by context_type, context_id, bucket, feed_item_id`.execute(db);
  const terms = await sql<Record<string, unknown>>`
    select context_type, context_id, day, term, mentions, positive, negative from analytics_terms_daily
    where business_profile_id = ${businessProfileId} and mentions <> 0
    order by context_type, context_id, day, term`.execute(db);
  return {
    sentiment: sentiment.rows.map((r) => numeric<SentimentRollupRow>(r, HOURLY_NUMBERS)),
    dimensions: dimensions.rows.map((r) => numeric<DimensionRollupRow>(r, HOURLY_NUMBERS)),
    daily: daily.rows.map((r) => numeric<DimensionRollupRow>(r, HOURLY_NUMBERS)),
    firstReplies: firstReplies.rows.map((r) => numeric<FirstReplyRow>(r, ["contextType", "contextId", "feedItemId", "seconds"])),
    terms: terms.rows.map((r) => numeric<TermRow>(r, TERM_NUMBERS)),
  };
}

/** Ids of the tenant's mentions on a network with these external ids (parents of replies). */
export async function findItemIdsByExternalIds(
  db: Database,
  businessProfileId: number,
  socialType: string,
  externalIds: readonly string[],
): Promise<number[]> {
  if (!externalIds.length) return [];
  const rows = await db
    .selectFrom("feedItems")
    .select("id")
    .where("businessProfileId", "=", businessProfileId)
    .where("socialType", "=", socialType)
    .where("externalId", "in", [...externalIds])
    .execute();
  return rows.map((r) => r.id);
}
