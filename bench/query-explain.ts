// The plans of the query bench's ad hoc searches on a filled PostgreSQL database: every statement that the
// first page (GET /v1/statuses, default order) and the capped counts (GET /v1/statuses/counts) run, under
// EXPLAIN (ANALYZE, BUFFERS), after each one's warm time in process.
// Usage: node --import tsx bench/query-explain.ts <postgres-url> [query…]   (default: AD_HOC_QUERIES)
// BENCH_EXPLAIN=0 prints the times only.
import pg from "pg";
import { CamelCasePlugin, Kysely, PostgresDialect } from "kysely";
import type { DatabaseSchema } from "../db/schema";
import { countFeedItemsUpTo, listFeedItems } from "../db/repositories/feed-items";
import { STATUS_COUNT_CAP } from "../domain/schemas/statuses";
import { searchExprOfQuery } from "../services/queries/search-filter";
import { DEMO_BUSINESS_PROFILE_ID } from "../services/workspace/seed-demo-workspace";
import { AD_HOC_QUERIES } from "./query-workload";

interface Statement {
  sql: string;
  parameters: readonly unknown[];
  ms: number;
}

async function main() {
  const [url, ...given] = process.argv.slice(2);
  if (!url) throw new Error("usage: query-explain <postgres-url> [query…]");
  const queries = given.length ? given : AD_HOC_QUERIES;
  let captured: Statement[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      captured.push({ sql: event.query.sql, parameters: event.query.parameters, ms: event.queryDurationMillis });
    },
  });
  const page = { orderBy: "counts.total_engagements" as const, direction: "desc" as const, offset: 0, limit: 15 };
  for (const text of queries) {
    const search = await searchExprOfQuery({ db }, DEMO_BUSINESS_PROFILE_ID, text);
    const filter = { ...(search ? { search } : {}), includeMuted: false };
    const timed = async <T>(work: () => Promise<T>) => {
      await work(); // warm-up
      const statements: Statement[] = [];
      captured = statements;
      const started = performance.now();
      const result = await work();
      captured = [];
      return { result, ms: performance.now() - started, statements };
    };
    const list = await timed(() => listFeedItems(db, DEMO_BUSINESS_PROFILE_ID, filter, page));
    const pageStatements = list.statements;
    const counts = await timed(() => countFeedItemsUpTo(db, DEMO_BUSINESS_PROFILE_ID, filter, STATUS_COUNT_CAP));
    const total = counts.result.rows.reduce((n, r) => n + r.count, 0);
    process.stdout.write(
      `\n## ${text}\npage ${list.ms.toFixed(1)} ms (${pageStatements.map((s) => s.ms.toFixed(1)).join(" + ")}), counts ${counts.ms.toFixed(1)} ms: ${total}${counts.result.capped ? "+" : ""}\n`,
    );
    if (process.env.BENCH_EXPLAIN === "0") continue;
    for (const statement of [...pageStatements, ...counts.statements]) {
      const plan = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${statement.sql}`, [...statement.parameters]);
      process.stdout.write(`\n${statement.sql.replace(/\s+/g, " ").slice(0, 300)}\n`);
      for (const row of plan.rows) process.stdout.write(`  ${row["QUERY PLAN"]}\n`);
    }
  }
  await db.destroy();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
