import { sql, type Kysely } from "kysely";
import { engineOf } from "../client";

// SQLite: the dashboard's rollup tables become WITHOUT ROWID tables (ADR 017, "rollups without rowid"). Each is
// read as a range of its primary key (a context's hours, days or replied mentions over a period); with a
// rowid the key lives in a separate index and every row read is a second lookup into the table, while
// without one the rows are stored in key order and a period is one contiguous range (term reads about a
// third faster at a million mentions), and every write updates one b-tree instead of two. PostgreSQL
// keeps its tables: nothing to do there.
const TABLES = ["analytics_hourly_sentiment", "analytics_hourly_dimensions", "analytics_terms_daily", "analytics_first_replies"] as const;

/** Rebuilds a table from its own definition, with or without a rowid, keeping its rows and indexes. */
async function rebuild(db: Kysely<unknown>, table: string, withoutRowid: boolean): Promise<void> {
  const definition = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  const create = definition.rows[0]?.sql;
  if (!create) throw new Error(`migration 0017: table ${table} not found`);
  const stripped = create.replace(/\)\s*without\s+rowid\s*$/i, ")");
  const rebuilt = `${table}_rebuilt`;
  const renamed = stripped.replace(new RegExp(`^CREATE TABLE\\s+"?${table}"?`, "i"), `CREATE TABLE "${rebuilt}"`);
  if (renamed === stripped) throw new Error(`migration 0017: unexpected definition of ${table}`);
  await sql.raw(withoutRowid ? `${renamed} WITHOUT ROWID` : renamed).execute(db);
  await sql.raw(`INSERT INTO "${rebuilt}" SELECT * FROM "${table}"`).execute(db);
  await sql.raw(`DROP TABLE "${table}"`).execute(db);
  await sql.raw(`ALTER TABLE "${rebuilt}" RENAME TO "${table}"`).execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== "sqlite") return;
  for (const table of TABLES) await rebuild(db, table, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== "sqlite") return;
  for (const table of TABLES) await rebuild(db, table, false);
}
