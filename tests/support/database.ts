import crypto from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle, type Engine } from "../../db/client";
import { migrateToLatest } from "../../db/migrate";

/**
 * The engines the data-touching suites run against. `npm test` always provides PostgreSQL
 * (scripts/with-postgres.sh); REQUIRE_POSTGRES makes its absence an error rather than a skip.
 */
export function testEngines(): Engine[] {
  if (process.env.TEST_DATABASE_URL) return ["sqlite", "postgres"];
  if (process.env.REQUIRE_POSTGRES === "1") throw new Error("TEST_DATABASE_URL is required (REQUIRE_POSTGRES=1)");
  return ["sqlite"];
}

export interface TestDatabase extends DatabaseHandle {
  cleanup(): Promise<void>;
}

/** A fresh, migrated database: in-memory SQLite, or a private schema on the test PostgreSQL server. */
export async function createTestDatabase(engine: Engine, options: { migratedUpTo?: string } = {}): Promise<TestDatabase> {
  if (engine === "sqlite") {
    const handle = openDatabase({ url: ":memory:" });
    await migrateToLatest(handle.db, options.migratedUpTo);
    return { ...handle, cleanup: () => handle.close() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = openDatabase({ url, postgresSchema: schema, poolSize: 4 });
  await migrateToLatest(handle.db, options.migratedUpTo);
  return {
    ...handle,
    cleanup: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop schema if exists ${schema} cascade`);
      await dropper.end();
    },
  };
}
