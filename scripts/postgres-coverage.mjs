// Which repository functions the PostgreSQL pass of the suite leaves out (ADR 023). Runs the
// engine-specific suites on PostgreSQL only, recording the repository function behind every query
// (tests/support/database.ts, TEST_RECORD_REPOSITORY_CALLS), and lists each exported function of
// db/repositories that ran none. Needs TEST_DATABASE_URL (or run it through scripts/with-postgres.sh).
//   node scripts/postgres-coverage.mjs            the engine-specific suites (as `npm test` runs them)
//   node scripts/postgres-coverage.mjs --all      every suite (as before ADR 023), to compare
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

if (!process.env.TEST_DATABASE_URL) {
  console.error("postgres-coverage: TEST_DATABASE_URL is required (bash scripts/with-postgres.sh node scripts/postgres-coverage.mjs)");
  process.exit(2);
}
const all = process.argv.includes("--all");
const record = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pg-coverage-")), "calls.txt");
fs.writeFileSync(record, "");
const files = spawnSync("grep", ["-rlF", "--include=*.test.ts", all ? "testEngines(" : "testEngines({ engineSpecific: true })", "api", "db", "services", "jobs", "ingest"], {
  encoding: "utf8",
}).stdout.split("\n").filter(Boolean);
const run = spawnSync("npx", ["vitest", "run", ...files], {
  stdio: "inherit",
  env: { ...process.env, TEST_ENGINES: "postgres", TEST_RECORD_REPOSITORY_CALLS: record, ...(all ? { TEST_ALL_ENGINES: "1" } : {}) },
});
const called = new Set(fs.readFileSync(record, "utf8").split("\n").filter(Boolean));
const missing = [];
for (const file of fs.readdirSync("db/repositories").filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts")).sort()) {
  const source = fs.readFileSync(path.join("db/repositories", file), "utf8");
  for (const match of source.matchAll(/^export (?:async )?function (\w+)|^export const (\w+) = (?:async )?\(/gm)) {
    const name = match[1] ?? match[2];
    if (!called.has(`${file} ${name}`)) missing.push(`${file} ${name}`);
  }
}
console.log(`\npostgres-coverage: ${files.length} suites on PostgreSQL; ${missing.length} exported repository functions ran no query there:`);
for (const name of missing) console.log(`  ${name}`);
process.exit(run.status ?? 1);
