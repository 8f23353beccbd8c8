import { sql, type RawBuilder } from "kysely";
import type { FixedBuckets } from "../../domain/periods";
import { engineOf, type Database } from "../client";
import { rollupParts } from "./analytics-daily";
import { MEASURE_COLUMNS } from "./analytics-measures";
import { replySeconds } from "./analytics-rollups";
import { feedItemConditions, type FeedItemFilter } from "./feed-items";

type RollupParts = Awaited<ReturnType<typeof rollupParts>>;

// Reads of the dashboard's count widgets (ADR 015): partial sums per time slot and dimension, from the
// hourly rollups (slot = UTC hour) or from feed_items with the search's conditions (slot = UTC minute,
// so any zone's buckets can be made from them). The service turns slots into the request's buckets.

export type CountDimension = "network" | "sentiment" | "language" | "country";

export interface CountSource {
  /** Rollup context (0 every mention, 1 saved search, 2 topic), or null for the raw path. */
  rollup: { contextType: number; contextId: number } | null;
  /** The raw path's conditions (tenant and muted applied by feedItemConditions). */
  filter: FeedItemFilter;
}

export interface CountRow {
  slot: string | null;
  network?: string;
  sentiment?: number;
  language?: string;
  country?: string;
  mentions: number;
  likes: number;
  comments: number;
  shares: number;
  views: number;
  totalEngagements: number;
  reach: number;
  impactSum: number;
  replied: number;
  firstReplyCount: number;
  firstReplySeconds: number;
}

const MEASURES = ["mentions", "likes", "comments", "shares", "views", "totalEngagements", "reach", "impactSum", "replied", "firstReplyCount", "firstReplySeconds"] as const;

function toRow(raw: Record<string, unknown>): CountRow {
  const row: Record<string, unknown> = { slot: raw.slot ?? null };
  for (const m of MEASURES) row[m] = Number(raw[m] ?? 0);
  if (raw.network !== undefined) row.network = String(raw.network);
  if (raw.sentiment !== undefined) row.sentiment = Number(raw.sentiment);
  if (raw.language !== undefined) row.language = String(raw.language);
  if (raw.country !== undefined) row.country = String(raw.country);
  return row as unknown as CountRow;
}

const RAW_DIMENSION: Record<CountDimension, RawBuilder<unknown>> = {
  network: sql`social_type`,
  sentiment: sql`sentiment`,
  language: sql`language`,
  country: sql`author_country`,
};

/** Partial sums of a context's mentions in [from, to), per slot (when bySlot) and per dimension. */
export async function countSlots(
  db: Database,
  businessProfileId: number,
  source: CountSource,
  range: { from: string; to: string },
  dimensions: readonly CountDimension[],
  bySlot: boolean,
  /** The request's buckets when they have one fixed length: the rollups then sum their hours per bucket. */
  buckets: FixedBuckets | null = null,
): Promise<CountRow[]> {
  return source.rollup
    ? rollupSlots(db, businessProfileId, source.rollup, range, dimensions, bySlot ? (buckets ?? "hour") : null)
    : rawSlots(db, businessProfileId, source.filter, range, dimensions, bySlot);
}

/**
 * How rollup rows are grouped in time: per stored hour, or per fixed-length bucket. A bucket's row
 * carries its earliest hour as the slot, which the service maps to the same bucket as every other hour
 * of it; a month by day is some thirty rows to return instead of 720.
 */
function rollupSlotKey(db: Database, slots: "hour" | FixedBuckets): { key: RawBuilder<unknown>; slot: RawBuilder<unknown> } {
  if (slots === "hour") return { key: sql`bucket`, slot: sql`bucket` };
  const shift = sql.lit(slots.shiftSeconds);
  const length = sql.lit(slots.lengthSeconds);
  // SQLite's unixepoch() is an integer, so `/` divides whole; PostgreSQL's epoch is numeric.
  const key =
    engineOf(db) === "postgres"
      ? sql`floor((extract(epoch from bucket::timestamptz) + ${shift}) / ${length})`
      : sql`((unixepoch(bucket) + ${shift}) / ${length})`;
  return { key, slot: sql`min(bucket)` };
}

/**
 * A context's rollup rows of one dimension (or of sentiment) over a period, as `bucket`, `dim_value` (the
 * dimension's value; the sentiment for sentiment), `sentiment` and the measures: the hourly rows of the
 * period's ends and the daily rows of its whole days, for the caller to group.
 */
export function rollupRowsOf(
  businessProfileId: number,
  context: { contextType: number; contextId: number },
  dimension: CountDimension | "rating" | "sentiment",
  parts: RollupParts,
  where: RawBuilder<unknown> = sql``,
): RawBuilder<unknown> {
  const ofContext = sql`business_profile_id = ${businessProfileId} and context_type = ${context.contextType} and context_id = ${context.contextId}`;
  const hourly = parts.hours.map((h) =>
    dimension === "sentiment"
      ? sql`select bucket, sentiment as dim_value, sentiment, ${MEASURE_COLUMNS} from analytics_hourly_sentiment
          where ${ofContext} and bucket >= ${h.from} and bucket < ${h.to} ${where}`
      : sql`select bucket, value as dim_value, sentiment, ${MEASURE_COLUMNS} from analytics_hourly_dimensions
          where ${ofContext} and dimension = ${dimension} and bucket >= ${h.from} and bucket < ${h.to} ${where}`,
  );
  const daily = parts.days.map(
    (d) => sql`select bucket, ${dimension === "sentiment" ? sql`sentiment` : sql`value`} as dim_value, sentiment, ${MEASURE_COLUMNS} from analytics_daily_dimensions
          where ${ofContext} and dimension = ${dimension} and bucket >= ${d.from} and bucket < ${d.to} ${where}`,
  );
  // rollupParts gives a period one part at least.
  return sql.join([...hourly, ...daily], sql` union all `);
}

/**
 * The rollup path (ADR 017): per sentiment from analytics_hourly_sentiment and the daily 'sentiment'
 * rows; per network, language or country from that dimension's hourly and daily rows. One dimension at most.
 */
async function rollupSlots(
  db: Database,
  businessProfileId: number,
  context: { contextType: number; contextId: number },
  range: { from: string; to: string },
  dimensions: readonly CountDimension[],
  slots: "hour" | FixedBuckets | null,
): Promise<CountRow[]> {
  if (dimensions.length > 1) throw new Error(`the rollups group by one dimension at most (asked: ${dimensions.join(", ")})`);
  const dimension = dimensions[0];
  const bySentiment = dimension === undefined || dimension === "sentiment";
  const time = slots === null ? null : rollupSlotKey(db, slots);
  const keys = [...(time ? [time.key] : []), ...(dimension === undefined ? [] : [sql`dim_value`])];
  const selectKeys = [...(time ? [sql`${time.slot} as slot`] : []), ...(dimension === undefined ? [] : [sql`dim_value as ${sql.ref(dimension)}`])];
  const rows = rollupRowsOf(businessProfileId, context, bySentiment ? "sentiment" : dimension, await rollupParts(db, businessProfileId, range, slots));
  const result = await sql<Record<string, unknown>>`
    select ${sql.join([...selectKeys, sql`sum(mentions) as mentions`])}, sum(likes) as likes, sum(comments) as comments, sum(shares) as shares,
      sum(views) as views, sum(total_engagements) as total_engagements, sum(reach) as reach, sum(impact_sum) as impact_sum,
      sum(replied) as replied, sum(first_reply_count) as first_reply_count, sum(first_reply_seconds) as first_reply_seconds
    from (${rows}) r
    ${keys.length ? sql`group by ${sql.join(keys)}` : sql``}
    having sum(mentions) > 0`.execute(db);
  return result.rows.map(toRow);
}

async function rawSlots(
  db: Database,
  businessProfileId: number,
  filter: FeedItemFilter,
  range: { from: string; to: string },
  dimensions: readonly CountDimension[],
  bySlot: boolean,
): Promise<CountRow[]> {
  const engine = engineOf(db);
  const slot = sql<string>`substr(created_at, 1, 16) || ':00.000Z'`;
  const keys = [...(bySlot ? [slot] : []), ...dimensions.map((d) => RAW_DIMENSION[d])];
  const rows = await db
    .selectFrom("feedItems")
    .where((eb) => feedItemConditions(eb, engine, businessProfileId, { ...filter, from: range.from, to: range.to }))
    .select([
      ...(bySlot ? [slot.as("slot")] : []),
      ...dimensions.map((d) => RAW_DIMENSION[d].as(d)),
      sql<number>`count(*)`.as("mentions"),
      sql<number>`sum(likes)`.as("likes"),
      sql<number>`sum(comments)`.as("comments"),
      sql<number>`sum(shares)`.as("shares"),
      sql<number>`sum(views)`.as("views"),
      sql<number>`sum(total_engagements)`.as("totalEngagements"),
      sql<number>`sum(reach)`.as("reach"),
      sql<number>`sum(impact_score)`.as("impactSum"),
      sql<number>`sum(case when is_replied = 1 then 1 else 0 end)`.as("replied"),
      sql<number>`sum(case when first_reply_at is not null then 1 else 0 end)`.as("firstReplyCount"),
      sql<number>`sum(case when first_reply_at is not null then ${replySeconds(engine, "feed_items")} else 0 end)`.as("firstReplySeconds"),
    ])
    .$if(keys.length > 0, (q) => q.groupBy(keys))
    .execute();
  return (rows as Record<string, unknown>[]).filter((r) => Number(r.mentions) > 0).map(toRow);
}

/**
 * First-reply times (seconds) of a context's mentions in [from, to), with the slot of each mention: the
 * hour from analytics_first_replies for a rollup context, else the minute from feed_items. In no
 * order: sorting them in the store costs more than sorting each bucket's numbers in a typed array.
 */
export async function listFirstReplySeconds(
  db: Database,
  businessProfileId: number,
  source: CountSource,
  range: { from: string; to: string },
): Promise<Array<{ slot: string; seconds: number }>> {
  if (source.rollup) {
    // One row per replied mention (tens of thousands): the columns are named as returned, so the rows
    // skip the case-converting plugin, and are returned as the driver made them.
    const { rows } = await sql<{ slot: string; seconds: number }>`select bucket as slot, seconds from analytics_first_replies
      where business_profile_id = ${businessProfileId} and context_type = ${source.rollup.contextType} and context_id = ${source.rollup.contextId}
      and bucket >= ${range.from} and bucket < ${range.to}`.execute(db.withoutPlugins());
    for (const r of rows) if (typeof r.seconds !== "number") r.seconds = Number(r.seconds);
    return rows;
  }
  const filter = source.filter;
  const engine = engineOf(db);
  const rows = await db
    .selectFrom("feedItems")
    .where((eb) => feedItemConditions(eb, engine, businessProfileId, { ...filter, from: range.from, to: range.to }))
    .where("firstReplyAt", "is not", null)
    .select([sql<string>`substr(created_at, 1, 16) || ':00.000Z'`.as("slot"), replySeconds(engine, "feed_items").as("seconds")])
    .execute();
  return rows.map((r) => ({ slot: r.slot, seconds: Number(r.seconds) }));
}

/**
 * Review counts per network, rating and slot: for a rollup context, the hours of its 'rating' rows in
 * analytics_hourly_dimensions ('googlePlay:4'); else the minutes of feed_items.rating.
 */
export async function countReviews(
  db: Database,
  businessProfileId: number,
  source: CountSource,
  range: { from: string; to: string },
  socialTypes: readonly string[],
  /** As for countSlots: the rollups then sum their hours per bucket. */
  buckets: FixedBuckets | null = null,
): Promise<Array<{ slot: string; socialType: string; rating: number | null; reviews: number }>> {
  if (!socialTypes.length) return [];
  if (source.rollup) {
    const slots = buckets ?? "hour";
    const time = rollupSlotKey(db, slots);
    // A rating row's value is "<social_type>:<rating>" (a prefix test, not a range: collations may ignore ':').
    const ofNetworks = sql.join(
      socialTypes.map((t) => sql`substr(value, 1, ${sql.lit(t.length + 1)}) = ${`${t}:`}`),
      sql` or `,
    );
    const rows = rollupRowsOf(businessProfileId, source.rollup, "rating", await rollupParts(db, businessProfileId, range, slots), sql`and (${ofNetworks})`);
    const { rows: found } = await sql<{ slot: string; value: string; reviews: number }>`
      select ${time.slot} as slot, dim_value as value, sum(mentions) as reviews from (${rows}) r
      group by ${time.key}, dim_value
      having sum(mentions) > 0`.execute(db);
    const wanted = new Set(socialTypes);
    return found.flatMap((r) => {
      const colon = r.value.lastIndexOf(":");
      const socialType = r.value.slice(0, colon);
      const rating = r.value.slice(colon + 1);
      return wanted.has(socialType) ? [{ slot: r.slot, socialType, rating: rating === "" ? null : Number(rating), reviews: Number(r.reviews) }] : [];
    });
  }
  const filter = source.filter;
  const engine = engineOf(db);
  const slot = sql<string>`substr(created_at, 1, 16) || ':00.000Z'`;
  const rows = await db
    .selectFrom("feedItems")
    .where((eb) => feedItemConditions(eb, engine, businessProfileId, { ...filter, from: range.from, to: range.to }))
    .where("socialType", "in", [...socialTypes])
    .select([slot.as("slot"), "socialType", "rating", sql<number>`count(*)`.as("reviews")])
    .groupBy([slot, "socialType", "rating"])
    .execute();
  return rows.map((r) => ({ slot: r.slot, socialType: r.socialType, rating: r.rating === null ? null : Number(r.rating), reviews: Number(r.reviews) }));
}

export async function listBusinessProfileIds(db: Database): Promise<number[]> {
  const rows = await db.selectFrom("businessProfiles").select("id").orderBy("id").execute();
  return rows.map((r) => r.id);
}
