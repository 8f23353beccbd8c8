import { Migrator, sql, type Migration, type MigrationProvider } from "kysely";
import { engineOf, type Database } from "./client";
import * as m0001 from "./migrations/0001-accounts-and-sessions";
import * as m0002 from "./migrations/0002-notifications";
import * as m0003 from "./migrations/0003-invites-resets-2fa-takeovers";
import * as m0004 from "./migrations/0004-teams-name-case-insensitive";
import * as m0005 from "./migrations/0005-login-challenges";
import * as m0006 from "./migrations/0006-mentions";
import * as m0007 from "./migrations/0007-saved-searches-and-topics";
import * as m0008 from "./migrations/0008-search-index";
import * as m0009 from "./migrations/0009-search-facets";
import * as m0010 from "./migrations/0010-inbox";
import * as m0011 from "./migrations/0011-analytics";
import * as m0012 from "./migrations/0012-dashboards";
import * as m0013 from "./migrations/0013-annotations";
import * as m0014 from "./migrations/0014-inbox-performance";
import * as m0015 from "./migrations/0015-analytics-narrow-rollups";
import * as m0016 from "./migrations/0016-analytics-first-replies";
import * as m0017 from "./migrations/0017-rollups-without-rowid";
import * as m0018 from "./migrations/0018-matches-by-mention-time";
import * as m0019 from "./migrations/0019-analytics-daily-dimensions";
import * as m0020 from "./migrations/0020-inbox-triage-index";
import * as m0021 from "./migrations/0021-daily-dimension-values-index";
import * as m0022 from "./migrations/0022-notifications-unread-index";
import * as m0023 from "./migrations/0023-exclude-words-read-for-admins";
import * as m0024 from "./migrations/0024-rules";
import * as m0025 from "./migrations/0025-alerts";
import * as m0027 from "./migrations/0027-email-reports";
import * as m0028 from "./migrations/0028-business-profile-logos";
import * as m0029 from "./migrations/0029-saml-sso";
import * as m0030 from "./migrations/0030-helper";
import * as m0031 from "./migrations/0031-scale-out";
import * as m0033 from "./migrations/0033-alert-mail-sending";
import * as m0035 from "./migrations/0035-import-heartbeats";

// Migrations are listed here (not read from disk) so the bundled server carries them.
const MIGRATIONS: Record<string, Migration> = {
  "0001-accounts-and-sessions": m0001,
  "0002-notifications": m0002,
  "0003-invites-resets-2fa-takeovers": m0003,
  "0004-teams-name-case-insensitive": m0004,
  "0005-login-challenges": m0005,
  "0006-mentions": m0006,
  "0007-saved-searches-and-topics": m0007,
  "0008-search-index": m0008,
  "0009-search-facets": m0009,
  "0010-inbox": m0010,
  "0011-analytics": m0011,
  "0012-dashboards": m0012,
  "0013-annotations": m0013,
  "0014-inbox-performance": m0014,
  "0015-analytics-narrow-rollups": m0015,
  "0016-analytics-first-replies": m0016,
  "0017-rollups-without-rowid": m0017,
  "0018-matches-by-mention-time": m0018,
  "0019-analytics-daily-dimensions": m0019,
  "0020-inbox-triage-index": m0020,
  "0021-daily-dimension-values-index": m0021,
  "0022-notifications-unread-index": m0022,
  "0023-exclude-words-read-for-admins": m0023,
  "0024-rules": m0024,
  "0025-alerts": m0025,
  "0027-email-reports": m0027,
  "0028-business-profile-logos": m0028,
  "0029-saml-sso": m0029,
  "0030-helper": m0030,
  "0031-scale-out": m0031,
  "0033-alert-mail-sending": m0033,
  "0035-import-heartbeats": m0035,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Runs the migrations not yet run, all of them or (tests of an upgrade) up to the one named. */
export async function migrateToLatest(db: Database, upTo?: string): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; with several
  // schemas on one server (parallel test schemas, or a shared database) it would find another
  // schema's lock table and then fail to use it. Ours live in the schema the connection writes to.
  const migrationTableSchema =
    engineOf(db) === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = upTo === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(upTo);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
