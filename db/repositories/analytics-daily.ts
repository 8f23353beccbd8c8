import { sql, type Kysely, type RawBuilder } from "kysely";
import { engineOf, type Database, type Engine } from "../client";
import { ALL_MENTIONS_CONTEXT } from "../../domain/dashboard";
import type { FixedBuckets } from "../../domain/periods";
import { MEASURE_COLUMNS, MEASURE_SUMS } from "./analytics-measures";
import { idList } from "./id-list";

// The daily rollups (ADR 017, "Whole days from daily rows"): analytics_daily_dimensions holds the hourly
// rollups summed per UTC day, for each dimension and, as the dimension 'sentiment' (value ''), for what
// analytics_hourly_sentiment holds. They are made in the background (compactDailyRollups, each scheduler
// round), not by the writes: ingestion keeps its pace. Every write of the hourly rollups appends the days
// it touched to analytics_daily_changes (markDaysChanged), in its own transaction; a day with such rows is
// read from the hourly rows until the job has made it again and removed the rows it saw. The log is only
// appended to by writers, so concurrent writers never wait on one another for it (PostgreSQL), and the job
// removes exactly the rows it read before summing the hours: a write that commits later keeps its row.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const DAY_MS = 86_400_000;
const DAY_SECONDS = DAY_MS / 1000;
/** The UTC day ('2026-03-11T00:00:00.000Z') of an ISO timestamp column. */
const dayOf = (column: string) => sql`substr(${sql.ref(column)}, 1, 10) || 'T00:00:00.000Z'`;

/** Which days a write of the hourly rollups changed: these mentions' days, one context's members' days, or all the tenant's. */
export type ChangedDays = { ids: readonly number[] } | { contextType: number; contextId: number; fromId?: number; toId?: number } | "all";

/** Marks days as changed (their daily rows are made again before they are read), in the writer's transaction. */
export async function markDaysChanged(db: AnyDb, businessProfileId: number, which: ChangedDays): Promise<void> {
  if (typeof which === "object" && "ids" in which && !which.ids.length) return;
  await changedDaysStatement(engineOf(db), businessProfileId, which).execute(db);
}

/** The insert of markDaysChanged (the ids' list must not be empty), for a caller that runs it with others. */
export function changedDaysStatement(engine: Engine, businessProfileId: number, which: ChangedDays): RawBuilder<unknown> {
  let days;
  if (which === "all") {
    days = sql`select distinct ${dayOf("bucket")} as day from analytics_hourly_sentiment where business_profile_id = ${businessProfileId}`;
  } else if ("ids" in which) {
    // Driven by the id list, each mention looked up by its key: a batch costs its own size.
    days =
      engine === "postgres"
        ? sql`select distinct ${dayOf("f.created_at")} as day from (${idList(engine, which.ids)}) i
      cross join lateral (select created_at from feed_items where id = i.id and business_profile_id = ${businessProfileId} offset 0) f`
        : sql`select distinct ${dayOf("f.created_at")} as day from (${idList(engine, which.ids)}) i cross join feed_items f
      where f.id = i.id and f.business_profile_id = ${businessProfileId}`;
  } else {
    const range = which.fromId !== undefined && which.toId !== undefined ? sql`and feed_item_id >= ${which.fromId} and feed_item_id <= ${which.toId}` : sql``;
    days = sql`select distinct ${dayOf("item_created_at")} as day from query_matches
      where business_profile_id = ${businessProfileId} and context_type = ${which.contextType} and context_id = ${which.contextId} ${range}`;
  }
  return sql`insert into analytics_daily_changes (business_profile_id, bucket)
    select ${businessProfileId}, d.day from (${days}) d where d.day is not null`;
}

/**
 * A period's parts for the rollups: the whole UTC days whose daily rows are current, in runs, and the
 * rest (the hours before the first and after the last midnight, and changed days) from the hourly rows.
 * Days are used only when every row of a day falls in one group: no time grouping, or buckets that are
 * whole UTC days or weeks.
 */
export async function rollupParts(
  db: Database,
  businessProfileId: number,
  range: { from: string; to: string },
  slots: "hour" | FixedBuckets | null,
): Promise<{ hours: Array<{ from: string; to: string }>; days: Array<{ from: string; to: string }> }> {
  const dayAligned = slots === null || (slots !== "hour" && slots.lengthSeconds % DAY_SECONDS === 0 && slots.shiftSeconds % DAY_SECONDS === 0);
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  const firstMidnight = Math.ceil(from / DAY_MS) * DAY_MS;
  const lastMidnight = Math.floor(to / DAY_MS) * DAY_MS;
  if (!dayAligned || !(firstMidnight < lastMidnight)) return { hours: [range], days: [] };
  const iso = (ms: number) => new Date(ms).toISOString();
  const changed = await listChangedDays(db, businessProfileId, { from: iso(firstMidnight), to: iso(lastMidnight) });
  // Walks the changed days (few), not every day: a period may span centuries ("all time").
  const hours: Array<{ from: string; to: string }> = [];
  const days: Array<{ from: string; to: string }> = [];
  const add = (list: Array<{ from: string; to: string }>, a: number, b: number) => {
    if (a >= b) return;
    const last = list[list.length - 1];
    if (last && Date.parse(last.to) === a) last.to = iso(b);
    else list.push({ from: iso(a), to: iso(b) });
  };
  add(hours, from, firstMidnight);
  let cursor = firstMidnight;
  for (const day of changed) {
    add(days, cursor, day);
    add(hours, day, day + DAY_MS);
    cursor = day + DAY_MS;
  }
  add(days, cursor, lastMidnight);
  add(hours, lastMidnight, to);
  return { hours, days };
}

/** The changed days in [from, to) (UTC midnights, as epoch milliseconds), in order. */
async function listChangedDays(db: Database, businessProfileId: number, range: { from: string; to: string }): Promise<number[]> {
  const { rows } = await sql<{ bucket: string }>`select distinct bucket from analytics_daily_changes
    where business_profile_id = ${businessProfileId} and bucket >= ${range.from} and bucket < ${range.to}
    order by bucket`.execute(db);
  return rows.map((r) => Date.parse(r.bucket));
}

/**
 * Makes the daily rows of the tenant's changed days that ended by `now`, one day per transaction (a day
 * of a million-mention tenant is a fraction of a second of work, so requests are not held up long).
 * Returns the days made.
 */
export async function compactDailyRollups(db: Database, businessProfileId: number, now: Date, maxDays = 400): Promise<number> {
  const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS).toISOString();
  // Today (and later) is not made yet: its many listings (one per ingested batch) are cut to the newest.
  await sql`delete from analytics_daily_changes where business_profile_id = ${businessProfileId} and bucket >= ${today}
    and id < (select max(c.id) from analytics_daily_changes c where c.business_profile_id = ${businessProfileId} and c.bucket = analytics_daily_changes.bucket)`.execute(db);
  const { rows } = await sql<{ bucket: string }>`select distinct bucket from analytics_daily_changes
    where business_profile_id = ${businessProfileId} and bucket < ${today} order by bucket limit ${maxDays}`.execute(db);
  for (const { bucket } of rows) {
    await db.transaction().execute((trx) => compactDay(trx, businessProfileId, bucket));
    // Lets waiting requests in between days.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return rows.length;
}

async function compactDay(db: AnyDb, businessProfileId: number, day: string): Promise<void> {
  // The changes seen now are the ones this makes current; a writer committing later keeps its own row,
  // and the day is made again in a later round.
  const seen = await sql<{ id: number }>`select id from analytics_daily_changes where business_profile_id = ${businessProfileId} and bucket = ${day}`.execute(db);
  const next = new Date(Date.parse(day) + DAY_MS).toISOString();
  // The day's rows of every context go (a context may have left the day), then each context's are summed.
  await sql`delete from analytics_daily_dimensions where business_profile_id = ${businessProfileId} and bucket = ${day}`.execute(db);
  const contexts = await sql<{ contextType: number; contextId: number }>`select distinct context_type, context_id from analytics_hourly_sentiment
    where business_profile_id = ${businessProfileId} and bucket >= ${day} and bucket < ${next}`.execute(db);
  for (const { contextType, contextId } of contexts.rows) {
    const ofContext = sql`business_profile_id = ${businessProfileId} and context_type = ${contextType} and context_id = ${contextId}`;
    await sql`insert into analytics_daily_dimensions (business_profile_id, context_type, context_id, dimension, bucket, value, sentiment, ${MEASURE_COLUMNS})
      select business_profile_id, context_type, context_id, dimension, ${day}, value, sentiment, ${MEASURE_SUMS}
      from analytics_hourly_dimensions
      where ${ofContext} and dimension in ('network', 'language', 'country', 'rating') and bucket >= ${day} and bucket < ${next}
      group by business_profile_id, context_type, context_id, dimension, value, sentiment
      having sum(mentions) <> 0`.execute(db);
    await sql`insert into analytics_daily_dimensions (business_profile_id, context_type, context_id, dimension, bucket, value, sentiment, ${MEASURE_COLUMNS})
      select business_profile_id, context_type, context_id, 'sentiment', ${day}, '', sentiment, ${MEASURE_SUMS}
      from analytics_hourly_sentiment
      where ${ofContext} and bucket >= ${day} and bucket < ${next}
      group by business_profile_id, context_type, context_id, sentiment
      having sum(mentions) <> 0`.execute(db);
  }
  const ids = seen.rows.map((r) => Number(r.id));
  if (ids.length) await sql`delete from analytics_daily_changes where id in (${idList(engineOf(db), ids)})`.execute(db);
}

/** How many listed days before `before` are still to be made (the bench waits for none). */
export async function countDaysToMake(db: Database, before: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(distinct bucket) as n from analytics_daily_changes where bucket < ${before}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The languages of a tenant's counted mentions (every mention's context, dimension 'language'), read from
 * the daily rows: a language first seen is listed once a scheduler round has made its day (ADR 014).
 */
export async function listMentionLanguages(db: Database, businessProfileId: number): Promise<string[]> {
  // A loose index scan (migration 0021): each step seeks the next language after the last one, so a
  // dozen languages cost a dozen seeks, not a walk over every day of every language.
  const { contextType, contextId } = ALL_MENTIONS_CONTEXT;
  const ofLanguages = sql`business_profile_id = ${businessProfileId} and context_type = ${contextType} and context_id = ${contextId} and dimension = ${"language"}`;
  const { rows } = await sql<{ value: string }>`
    with recursive languages (value) as (
      select min(value) from analytics_daily_dimensions where ${ofLanguages}
      union all
      select (select min(value) from analytics_daily_dimensions where ${ofLanguages} and value > languages.value)
      from languages where languages.value is not null
    )
    select value from languages where value is not null`.execute(db);
  return rows.map((row) => row.value);
}
