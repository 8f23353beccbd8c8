import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { Database } from "./client";
import * as m0001 from "./migrations/0001-accounts-and-sessions";
import * as m0002 from "./migrations/0002-notifications";

// Migrations are listed here (not read from disk) so the bundled server carries them.
const MIGRATIONS: Record<string, Migration> = {
  "0001-accounts-and-sessions": m0001,
  "0002-notifications": m0002,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
