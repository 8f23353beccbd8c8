import { sql } from "kysely";
import { engineOf, type Database } from "../client";

/**
 * The tenant's own words that start with `prefix` (already folded), most frequent first: the topic
 * editor's keyword suggestions (GET /v1/keywords). SQLite compares bytes (binary collation), so a range
 * on the primary key finds the prefix; PostgreSQL's collation may not sort by code point, so it asks
 * `starts_with` instead.
 */
export async function suggestKeywords(
  db: Database,
  businessProfileId: number,
  prefix: string,
  limit: number,
): Promise<Array<{ keyword: string; count: number }>> {
  let query = db
    .selectFrom("queryVocabulary")
    .select(["token as keyword", "count"])
    .where("businessProfileId", "=", businessProfileId)
    .where("count", ">", 0);
  if (prefix) {
    query =
      engineOf(db) === "postgres"
        ? query.where(sql<boolean>`starts_with(token, ${prefix})`)
        : query.where("token", ">=", prefix).where("token", "<", `${prefix}\u{10FFFF}`);
  }
  const rows = await query.orderBy("count", "desc").orderBy("token").limit(limit).execute();
  return rows.map((r) => ({ keyword: r.keyword, count: Number(r.count) }));
}
