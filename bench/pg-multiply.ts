// A large PostgreSQL search store in minutes instead of an hour: copies the demo tenant's mentions
// (already stored through the real pipeline by bench/ingest-worker.ts) `factor - 1` more times, each copy
// with its own external ids (and reply parents), the same text, tokens, scores and times. Search benches
// then read `factor` times the mentions with the corpus's own term frequencies. The rollups, vocabulary
// counts and memberships are not copied (ad hoc searches read none of them). Nor is the table vacuumed:
// bench/query.ts does what autovacuum would do after the load.
// Usage: node --import tsx bench/pg-multiply.ts <postgres-url> <factor>
import pg from "pg";

async function main() {
  const [url, factorArg] = process.argv.slice(2);
  const factor = Number(factorArg);
  if (!url || !Number.isInteger(factor) || factor < 2) throw new Error("usage: pg-multiply <postgres-url> <factor ≥ 2>");
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const { rows: columns } = await db.query<{ name: string }>(
    `select column_name as name from information_schema.columns
     where table_schema = current_schema() and table_name = 'feed_items' and column_name <> 'id' order by ordinal_position`,
  );
  const { rows: bounds } = await db.query<{ max: string }>("select max(id) as max from feed_items");
  const maxId = Number(bounds[0]?.max ?? 0);
  const list = columns.map((c) => pg.escapeIdentifier(c.name)).join(", ");
  for (let copy = 1; copy < factor; copy++) {
    const values = columns
      .map((c) =>
        c.name === "external_id" || c.name === "parent_external_id"
          ? `${pg.escapeIdentifier(c.name)} || '~${copy}'`
          : pg.escapeIdentifier(c.name),
      )
      .join(", ");
    const started = performance.now();
    const result = await db.query(`insert into feed_items (${list}) select ${values} from feed_items where id <= $1 order by id`, [maxId]);
    process.stderr.write(`  copy ${copy}: ${result.rowCount} rows in ${Math.round(performance.now() - started)} ms\n`);
  }
  await db.end();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
