import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { Database } from "./client";
import * as m0001 from "./migrations/0001-accounts-and-sessions";
import * as m0002 from "./migrations/0002-notifications";
import * as m0003 from "./migrations/0003-invites-resets-2fa-takeovers";
import * as m0004 from "./migrations/0004-teams-name-case-insensitive";
import * as m0005 from "./migrations/0005-login-challenges";

// Migrations are listed here (not read from disk) so the bundled server carries them.
const MIGRATIONS: Record<string, Migration> = {
  "0001-accounts-and-sessions": m0001,
  "0002-notifications": m0002,
  "0003-invites-resets-2fa-takeovers": m0003,
  "0004-teams-name-case-insensitive": m0004,
  "0005-login-challenges": m0005,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
