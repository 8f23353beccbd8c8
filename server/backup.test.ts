// `node build/cli.js backup FILE` and `restore FILE [--force]` (ADR 045) on both engines: a workspace with
// demo mentions through the real pipeline, backed up, restored into an empty database, then compared
// table by table (counts) and record by record (a sample of each main table).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { backupEngineOf } from "../db/backup";
import { openDatabase, type Database, type Engine } from "../db/client";
import { migrateToLatest } from "../db/migrate";
import { createIngestPorts } from "../ingest";
import { loadDemoCorpus } from "../jobs/demo-corpus";
import type { ServiceDeps } from "../services/context";
import { DEMO_BUSINESS_PROFILE_ID, seedDemoWorkspace } from "../services/workspace/seed-demo-workspace";
import { testEngines } from "../tests/support/database";
import { COMMANDS } from "./commands";

const MENTIONS = 300;
/** Tables compared record by record (a sample of each, in key order). */
const SAMPLED = ["business_profiles", "accounts", "feed_items", "feed_item_actions", "identities", "analytics_hourly_sentiment"];

async function tableNames(db: Database, engine: Engine): Promise<string[]> {
  const { rows } =
    engine === "postgres"
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'feed_items_fts_%' order by 1`.execute(db);
  return rows.map((r) => r.name);
}

/** Every table's row count, and the first rows of the sampled tables (JSON, so values compare as text). */
async function snapshot(url: string) {
  const handle = openDatabase({ url });
  try {
    const counts: Record<string, number> = {};
    for (const table of await tableNames(handle.db, handle.engine)) {
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(handle.db);
      counts[table] = Number(rows[0]!.n);
    }
    const samples: Record<string, string> = {};
    for (const table of SAMPLED) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1, 2, 3 limit 25`.execute(handle.db);
      samples[table] = JSON.stringify(rows);
    }
    return { counts, samples };
  } finally {
    await handle.close();
  }
}

async function fill(url: string) {
  const handle = openDatabase({ url });
  const ingest = createIngestPorts();
  try {
    await migrateToLatest(handle.db);
    await seedDemoWorkspace(handle.db, { password: "Backup-test-1" });
    const deps: ServiceDeps = {
      db: handle.db,
      now: () => new Date("2026-11-29T12:00:00Z"),
      mailer: { send: async () => undefined },
      settings: { publicUrl: "http://127.0.0.1", productName: "Earshot" },
      ingest,
    };
    const report = await loadDemoCorpus(deps, DEMO_BUSINESS_PROFILE_ID, { count: MENTIONS, end: new Date("2026-11-01T00:00:00Z") });
    expect(report.accepted).toBe(MENTIONS);
  } finally {
    await ingest.close?.();
    await handle.close();
  }
}

describe.each(testEngines({ engineSpecific: true }))("backup and restore on %s", (engine) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "earshot-backup-"));
  const databases: string[] = [];
  let admin: pg.Client | null = null;

  /** A new empty database: a SQLite file path in the temporary folder, or a PostgreSQL database of its own. */
  async function newDatabase(name: string): Promise<string> {
    if (engine === "sqlite") return path.join(dir, name, "app.db");
    if (!admin) {
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    }
    const database = `earshot_backup_${name}_${crypto.randomBytes(4).toString("hex")}`;
    await admin.query(`create database ${database}`);
    databases.push(database);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database}`;
    return url.toString();
  }

  /** The command's environment: DATA_DIR for SQLite (its app.db), DATABASE_URL for PostgreSQL. */
  const envOf = (url: string) => (engine === "sqlite" ? { DATA_DIR: path.dirname(url) } : { DATABASE_URL: url });

  async function cli(command: "backup" | "restore", args: string[], url: string): Promise<string> {
    let out = "";
    await COMMANDS[command]!(args, { env: envOf(url), write: (text) => (out += text) });
    return out;
  }

  afterAll(async () => {
    if (admin) {
      for (const database of databases) await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    "backs up a filled database and restores it into an empty one: every table's count and a sample of records equal",
    async () => {
      const source = await newDatabase("source");
      await fill(source);
      const before = await snapshot(source);
      expect(before.counts.feed_items).toBe(MENTIONS);

      const file = path.join(dir, engine === "sqlite" ? "earshot.sqlite" : "earshot.dump");
      expect(await cli("backup", [file], source)).toMatch(new RegExp(`Backed up 1 business profiles, \\d+ accounts, ${MENTIONS} mentions`));
      expect(backupEngineOf(file)).toBe(engine);

      const target = await newDatabase("target");
      expect(await cli("restore", [file], target)).toMatch(new RegExp(`Restored 1 business profiles, \\d+ accounts, ${MENTIONS} mentions`));
      const after = await snapshot(target);
      expect(after.counts).toEqual(before.counts);
      expect(after.samples).toEqual(before.samples);

      // Not into a database that holds data, unless told; told, the backup replaces what is there.
      await expect(cli("restore", [file], target)).rejects.toThrow(/not empty .*--force/);
      await expect(cli("restore", [file, "--force"], target)).resolves.toMatch(/Restored/);
      expect((await snapshot(target)).counts).toEqual(before.counts);
    },
    120_000,
  );

  it("refuses a file that is not a backup of the configured engine", async () => {
    const target = await newDatabase("other");
    const notBackup = path.join(dir, "notes.txt");
    fs.writeFileSync(notBackup, "hello");
    await expect(cli("restore", [notBackup], target)).rejects.toThrow(/neither a SQLite database nor a pg_dump/);
    const foreign = path.join(dir, "foreign");
    fs.writeFileSync(foreign, engine === "sqlite" ? "PGDMP\u0001\u000e\u0000" : "SQLite format 3\u0000 and more");
    await expect(cli("restore", [foreign], target)).rejects.toThrow(engine === "sqlite" ? /is a PostgreSQL backup/ : /is a SQLite backup/);
    await expect(cli("backup", [], target)).rejects.toThrow(/Usage: node build\/cli.js backup FILE/);
  });
});
