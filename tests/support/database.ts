import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { sql, type KyselyPlugin } from "kysely";
import { openDatabase, type DatabaseHandle, type Engine } from "../../db/client";
import { migrateToLatest } from "../../db/migrate";

/**
 * The engines a data-touching suite runs against (ADR 023). Every suite runs on SQLite. A suite also
 * runs on PostgreSQL when it is engine-specific, that is when its SQL differs by dialect (migrations,
 * repositories, full-text search, analytics rollups) or it is the PostgreSQL pass of repository
 * functions that no other engine-specific suite calls; `npm test` always provides PostgreSQL
 * (scripts/with-postgres.sh) and REQUIRE_POSTGRES makes its absence an error rather than a skip.
 * TEST_ALL_ENGINES=1 runs every suite on both, as before ADR 023; TEST_ENGINES=postgres runs only the
 * PostgreSQL passes (scripts/postgres-coverage.mjs).
 */
export function testEngines(options: { engineSpecific?: boolean } = {}): Engine[] {
  if (!process.env.TEST_DATABASE_URL) {
    if (process.env.REQUIRE_POSTGRES === "1") throw new Error("TEST_DATABASE_URL is required (REQUIRE_POSTGRES=1)");
    return ["sqlite"];
  }
  const both: Engine[] = process.env.TEST_ENGINES === "postgres" ? ["postgres"] : ["sqlite", "postgres"];
  if (options.engineSpecific || process.env.TEST_ALL_ENGINES === "1") return both;
  return process.env.TEST_ENGINES === "postgres" ? [] : ["sqlite"];
}

export interface TestDatabase extends DatabaseHandle {
  cleanup(): Promise<void>;
}

/**
 * With TEST_RECORD_REPOSITORY_CALLS=<file>, every query run on PostgreSQL appends the repository
 * function that ran it ("labels.ts listLabels") to that file: scripts/postgres-coverage.mjs compares
 * them with the repositories' exports to show what the PostgreSQL pass leaves out.
 */
function repositoryCallRecorder(file: string): KyselyPlugin {
  const seen = new Set<string>();
  return {
    transformQuery(args) {
      for (const line of (new Error().stack ?? "").split("\n")) {
        const frame = /at (?:async )?(?:\S+\.)?(\w+) \(.*\/db\/repositories\/([\w-]+\.ts)/.exec(line);
        if (!frame) continue;
        const name = `${frame[2]} ${frame[1]}`;
        if (!seen.has(name)) {
          seen.add(name);
          fs.appendFileSync(file, `${name}\n`);
        }
      }
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}

/** The test server's URL with another database name. */
function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Names the migrations' current text: a template made from other migrations is not reused. */
function migrationsHash(): string {
  const hash = crypto.createHash("sha256");
  const folder = fileURLToPath(new URL("../../db/migrations", import.meta.url));
  for (const file of fs.readdirSync(folder).sort()) {
    if (file.endsWith(".test.ts")) continue;
    hash.update(file).update(fs.readFileSync(path.join(folder, file)));
  }
  hash.update(fs.readFileSync(new URL("../../db/migrate.ts", import.meta.url)));
  return hash.digest("hex").slice(0, 12);
}

/**
 * A SQLite database migrated to the latest schema, as a file image made once for all test files (in the
 * temporary folder, named by the migrations' hash) and opened as an in-memory copy by each test database.
 */
async function migratedSqliteImage(): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `earshot-test-template-${migrationsHash()}.sqlite`);
  if (!fs.existsSync(file)) {
    const building = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    const handle = openDatabase({ url: building });
    try {
      await migrateToLatest(handle.db);
      await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
      await sql`pragma journal_mode = delete`.execute(handle.db);
    } finally {
      await handle.close();
    }
    fs.renameSync(building, file);
    for (const leftover of [`${building}-wal`, `${building}-shm`]) fs.rmSync(leftover, { force: true });
  }
  return fs.readFileSync(file);
}

let template: Promise<string> | undefined;

/**
 * A database on the test server migrated to the latest schema, made once for all test files (an
 * advisory lock makes the workers wait for the first), from which each test database is copied
 * (`create database ... template`, ADR 023): migrating took seconds per suite, copying takes a fraction.
 */
function migratedTemplate(url: string): Promise<string> {
  template ??= (async () => {
    const name = `earshot_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query("select pg_advisory_lock(23023)");
      const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (!found.rowCount) {
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building}`);
        await admin.query(`create database ${building}`);
        const handle = openDatabase({ url: withDatabase(url, building), poolSize: 1 });
        try {
          await migrateToLatest(handle.db);
        } finally {
          await handle.close();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
      }
      return name;
    } finally {
      await admin.query("select pg_advisory_unlock(23023)").catch(() => undefined);
      await admin.end();
    }
  })();
  return template;
}

/**
 * A fresh, migrated database: in-memory SQLite, or on the test PostgreSQL server a copy of the migrated
 * template (a database of its own), or a private schema migrated up to `migratedUpTo` (upgrade tests).
 */
export async function createTestDatabase(engine: Engine, options: { migratedUpTo?: string } = {}): Promise<TestDatabase> {
  if (engine === "sqlite") {
    if (options.migratedUpTo === undefined) {
      const handle = openDatabase({ url: ":memory:", sqliteImage: await migratedSqliteImage() });
      return { ...handle, cleanup: () => handle.close() };
    }
    const handle = openDatabase({ url: ":memory:" });
    await migrateToLatest(handle.db, options.migratedUpTo);
    return { ...handle, cleanup: () => handle.close() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const record = process.env.TEST_RECORD_REPOSITORY_CALLS;
  const recorded = (handle: DatabaseHandle) => (record ? { db: handle.db.withPlugin(repositoryCallRecorder(record)) } : {});
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (options.migratedUpTo === undefined) {
    const name = `t_${crypto.randomBytes(6).toString("hex")}`;
    await admin(`create database ${name} template ${await migratedTemplate(url)}`);
    const handle = openDatabase({ url: withDatabase(url, name), poolSize: 4 });
    return {
      ...handle,
      ...recorded(handle),
      cleanup: async () => {
        await handle.close();
        await admin(`drop database if exists ${name}`);
      },
    };
  }
  const schema = `t_${crypto.randomBytes(6).toString("hex")}`;
  await admin(`create schema ${schema}`);
  const handle = openDatabase({ url, postgresSchema: schema, poolSize: 4 });
  await migrateToLatest(handle.db, options.migratedUpTo);
  return {
    ...handle,
    ...recorded(handle),
    cleanup: async () => {
      await handle.close();
      await admin(`drop schema if exists ${schema} cascade`);
    },
  };
}
