// Reads of the dashboard's text widgets (ADR 015, ADR 016): term counts from the daily term rollup and
// from the mentions themselves, mention samples for themes and clusters, labels and topics per context.
import { sql, type ExpressionBuilder } from "kysely";
import { engineOf, type Database } from "../client";
import type { DatabaseSchema } from "../schema";
import { feedItemConditions, type FeedItemFilter } from "./feed-items";
import { rollupRowsOf } from "./analytics-counts";
import { rollupParts } from "./analytics-daily";

/** analytics_terms_daily (migration 0011): one row per tenant, context, UTC day and term. */
interface AnalyticsTermsDailyTable {
  businessProfileId: number;
  contextType: number;
  contextId: number;
  day: string; // YYYY-MM-DD (UTC)
  term: string;
  mentions: number;
  positive: number;
  negative: number;
}

const withTerms = (db: Database) => db.withTables<{ analyticsTermsDaily: AnalyticsTermsDailyTable }>();

export interface TermCountRow {
  term: string;
  mentions: number;
  positive: number;
  negative: number;
}

/**
 * Term counts of a rollup context over whole UTC days [fromDay, toDay), most mentioned first; at most
 * `limit` terms (the text widgets read far fewer).
 */
export async function sumDailyTerms(
  db: Database,
  businessProfileId: number,
  context: { contextType: number; contextId: number },
  days: { from: string; to: string },
  limit: number,
  onlyTerms?: readonly string[],
): Promise<TermCountRow[]> {
  if (days.from >= days.to || onlyTerms?.length === 0) return [];
  let query = withTerms(db)
    .selectFrom("analyticsTermsDaily")
    .select((eb) => [
      "term",
      eb.fn.sum<number>("mentions").as("mentions"),
      eb.fn.sum<number>("positive").as("positive"),
      eb.fn.sum<number>("negative").as("negative"),
    ])
    .where("businessProfileId", "=", businessProfileId)
    .where("contextType", "=", context.contextType)
    .where("contextId", "=", context.contextId)
    .where("day", ">=", days.from)
    .where("day", "<", days.to);
  if (onlyTerms) query = query.where("term", "in", [...onlyTerms]);
  const rows = await query
    .groupBy("term")
    .orderBy(sql`sum(mentions)`, "desc")
    .orderBy("term")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ term: r.term, mentions: Number(r.mentions), positive: Number(r.positive), negative: Number(r.negative) }));
}

/** One mention as the text widgets read it. */
export interface TextDocRow {
  id: number;
  keywords: string[];
  sentiment: number;
  text: string;
}

function parseKeywords(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/** Keywords and sentiment of every mention the filter selects (the raw path of the term widgets). */
export async function listKeywordsOfMentions(
  db: Database,
  businessProfileId: number,
  filter: FeedItemFilter,
): Promise<Array<{ keywords: string[]; sentiment: number }>> {
  const rows = await db
    .selectFrom("feedItems")
    .select(["keywords", "sentiment"])
    .where((eb) => feedItemConditions(eb, engineOf(db), businessProfileId, filter))
    .execute();
  return rows.map((r) => ({ keywords: parseKeywords(r.keywords), sentiment: r.sentiment }));
}

/** The newest `limit` mentions the filter selects (newest first, then highest id): the text sample. */
export async function sampleTextDocs(
  db: Database,
  businessProfileId: number,
  filter: FeedItemFilter,
  limit: number,
): Promise<TextDocRow[]> {
  const rows = await newestOf(db, businessProfileId, filter, limit, true);
  return rows.map((r) => ({
    id: r.id,
    keywords: parseKeywords(r.keywords),
    sentiment: r.sentiment,
    text: r.title ? `${r.title}\n${r.description}` : r.description,
  }));
}

/** The same sample without the text: for readers of terms alone (themes), which then skip the long columns. */
export async function sampleTermDocs(
  db: Database,
  businessProfileId: number,
  filter: FeedItemFilter,
  limit: number,
): Promise<Array<Omit<TextDocRow, "text">>> {
  const rows = await newestOf(db, businessProfileId, filter, limit, false);
  return rows.map((r) => ({ id: r.id, keywords: parseKeywords(r.keywords), sentiment: r.sentiment }));
}

/** A sampled mention's columns (the text ones only when asked for). */
type NewestRow = { id: number; keywords: string; sentiment: number; title?: string | null; description: string };

/**
 * The filter's newest mentions (at most `limit`), with the columns every text reader needs (and the text
 * when asked). One context's sample walks its memberships in the mentions' time order (migration 0018)
 * and stops at `limit`; testing each of the period's mentions for membership would first read and set
 * aside every membership of the context. CROSS JOIN keeps SQLite's join order.
 */
async function newestOf(db: Database, businessProfileId: number, filter: FeedItemFilter, limit: number, withText: boolean) {
  const engine = engineOf(db);
  const columns = ["feedItems.id", "feedItems.keywords", "feedItems.sentiment", "feedItems.title", "feedItems.description"] as const;
  const picked = withText ? columns : columns.slice(0, 3);
  const [only, ...more] = filter.contexts ?? [];
  if (only && !more.length) {
    const rest: FeedItemFilter = { ...filter, contexts: undefined };
    let walk = db
      .selectFrom("queryMatches")
      .crossJoin("feedItems")
      .where("queryMatches.businessProfileId", "=", businessProfileId)
      .where("queryMatches.contextType", "=", only.contextType)
      .where("queryMatches.contextId", "=", only.contextId);
    if (filter.from) walk = walk.where("queryMatches.itemCreatedAt", ">=", filter.from);
    if (filter.to) walk = walk.where("queryMatches.itemCreatedAt", "<", filter.to);
    const rows = await walk
      .whereRef("feedItems.id", "=", "queryMatches.feedItemId")
      // The conditions name feed_items' columns only, so they hold in the join as they are.
      .where((eb) => feedItemConditions(eb as unknown as ExpressionBuilder<DatabaseSchema, "feedItems">, engine, businessProfileId, rest))
      .select(picked)
      .orderBy("queryMatches.itemCreatedAt", "desc")
      .orderBy("queryMatches.feedItemId", "desc")
      .limit(limit)
      .execute();
    return rows as NewestRow[];
  }
  const rows = await db
    .selectFrom("feedItems")
    .select(picked)
    .where((eb) => feedItemConditions(eb, engine, businessProfileId, filter))
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows as NewestRow[];
}

/** Below this many labelled mentions in the tenant, the label counts are driven by the labels. */
const LABEL_DRIVEN_MAX = 50_000;

/**
 * How many of the filter's mentions carry each label of the tenant (labels carried by none are absent).
 * Labelled mentions are usually few: each is looked up and tested against the filter (a CROSS JOIN keeps
 * SQLite from walking the period's mentions instead). A tenant that labels very many reads the filter's
 * mentions and their labels.
 */
export async function countLabelMentions(
  db: Database,
  businessProfileId: number,
  filter: FeedItemFilter,
): Promise<Map<number, number>> {
  const engine = engineOf(db);
  const labelled = await db
    .selectFrom("feedItemLabels")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("businessProfileId", "=", businessProfileId)
    .executeTakeFirst();
  const rows =
    Number(labelled?.n ?? 0) <= LABEL_DRIVEN_MAX
      ? await db
          .selectFrom("feedItemLabels")
          .crossJoin("feedItems")
          .select((eb) => ["feedItemLabels.labelId as labelId", eb.fn.count<number>("feedItems.id").distinct().as("mentions")])
          .where("feedItemLabels.businessProfileId", "=", businessProfileId)
          .whereRef("feedItems.id", "=", "feedItemLabels.feedItemId")
          .where((eb) => feedItemConditions(eb as unknown as ExpressionBuilder<DatabaseSchema, "feedItems">, engine, businessProfileId, filter))
          .groupBy("feedItemLabels.labelId")
          .execute()
      : await db
          .selectFrom("feedItems")
          .innerJoin("feedItemLabels", (join) =>
            join.onRef("feedItemLabels.feedItemId", "=", "feedItems.id").on("feedItemLabels.businessProfileId", "=", businessProfileId),
          )
          .select((eb) => ["feedItemLabels.labelId as labelId", eb.fn.count<number>("feedItems.id").distinct().as("mentions")])
          .where((eb) => feedItemConditions(eb, engine, businessProfileId, filter))
          .groupBy("feedItemLabels.labelId")
          .execute();
  return new Map(rows.map((r) => [r.labelId, Number(r.mentions)]));
}

/** The tenant's labels (id and name), by name. */
export async function listLabelNames(db: Database, businessProfileId: number) {
  return db.selectFrom("labels").select(["id", "name"]).where("businessProfileId", "=", businessProfileId).orderBy("name").orderBy("id").execute();
}

/** The tenant's topics (id and name), optionally of one topic group. */
export async function listTopicNames(db: Database, businessProfileId: number, topicGroupId?: number) {
  let query = db.selectFrom("topics").select(["id", "name"]).where("businessProfileId", "=", businessProfileId);
  if (topicGroupId !== undefined) query = query.where("topicGroupId", "=", topicGroupId);
  return query.orderBy("name").orderBy("id").execute();
}

/** Per topic and sentiment: how many of the filter's mentions the topic holds (stored membership). */
export async function countTopicMentions(
  db: Database,
  businessProfileId: number,
  filter: FeedItemFilter,
  topicIds: readonly number[],
): Promise<Array<{ topicId: number; sentiment: number; mentions: number }>> {
  if (!topicIds.length) return [];
  const rows = await db
    .selectFrom("feedItems")
    .innerJoin("queryMatches", (join) =>
      join
        .onRef("queryMatches.feedItemId", "=", "feedItems.id")
        .on("queryMatches.businessProfileId", "=", businessProfileId)
        .on("queryMatches.contextType", "=", 2),
    )
    .select((eb) => ["queryMatches.contextId as topicId", "feedItems.sentiment as sentiment", eb.fn.countAll<number>().as("mentions")])
    .where("queryMatches.contextId", "in", [...topicIds])
    .where((eb) => feedItemConditions(eb, engineOf(db), businessProfileId, filter))
    .groupBy(["queryMatches.contextId", "feedItems.sentiment"])
    .execute();
  return rows.map((r) => ({ topicId: r.topicId, sentiment: r.sentiment, mentions: Number(r.mentions) }));
}

/** A rollup context's mentions in the hours [from, to), optionally of some networks and sentiments. */
export async function sumRollupMentions(
  db: Database,
  businessProfileId: number,
  context: { contextType: number; contextId: number },
  range: { from: string; to: string },
  only: { networks?: readonly string[]; sentiments?: readonly number[] } = {},
): Promise<number> {
  // Per network from the network rows of the dimension rollups, else from the sentiment rows.
  const networks = only.networks ? sql`and value in (${sql.join(only.networks.length ? [...only.networks] : [""])})` : sql``;
  const sentiments = only.sentiments ? sql`and sentiment in (${sql.join(only.sentiments.length ? [...only.sentiments] : [9])})` : sql``;
  const rows = rollupRowsOf(businessProfileId, context, only.networks ? "network" : "sentiment", await rollupParts(db, businessProfileId, range, null), sql`${networks} ${sentiments}`);
  const { rows: sums } = await sql<{ mentions: number | null }>`select sum(mentions) as mentions from (${rows}) r`.execute(db);
  return Number(sums[0]?.mentions ?? 0);
}

/** Per topic and sentiment: the topic's mentions in the hours [from, to) from the hourly rollup (context type 2). */
export async function sumTopicRollups(
  db: Database,
  businessProfileId: number,
  topicIds: readonly number[],
  range: { from: string; to: string },
): Promise<Array<{ topicId: number; sentiment: number; mentions: number }>> {
  if (!topicIds.length) return [];
  const rows = await db
    .selectFrom("analyticsHourlySentiment")
    .select((eb) => ["contextId as topicId", "sentiment", eb.fn.sum<number>("mentions").as("mentions")])
    .where("businessProfileId", "=", businessProfileId)
    .where("contextType", "=", 2)
    .where("contextId", "in", [...topicIds])
    .where("bucket", ">=", range.from)
    .where("bucket", "<", range.to)
    .groupBy(["contextId", "sentiment"])
    .execute();
  return rows.map((r) => ({ topicId: r.topicId, sentiment: r.sentiment, mentions: Number(r.mentions) }));
}
