// The administration commands of `node build/cli.js` (cli.ts is only the process entry).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import * as z from "zod";
import { backupDatabase, restoreDatabase, type DatabaseSummary } from "../db/backup";
import { openDatabase, type Database } from "../db/client";
import { migrateToLatest } from "../db/migrate";
import { ROLES, type Role } from "../domain/roles";
import { PasswordSchema } from "../domain/schemas/password";
import { rebuildAnalytics } from "../services/analytics/rebuild";
import { createWorkspace } from "../services/workspace/create-workspace";
import { readConfig } from "./config";

export const USAGE =
  "Usage: node build/cli.js create-admin --email EMAIL --password PASSWORD [--first-name F] [--last-name L] [--business-profile NAME]\n" +
  "         Creates a business profile (a workspace) and its first admin. That admin manages this profile\n" +
  "         only: its members, teams, streams and settings. This is the way to start a workspace.\n" +
  "       node build/cli.js create-system-admin --email EMAIL --password PASSWORD [--first-name F] [--last-name L] [--business-profile NAME]\n" +
  "         Creates an install-wide system admin (for the operator) in a new business profile. A system\n" +
  "         admin can read every profile's accounts and take over their accounts (/admin).\n" +
  "       node build/cli.js analytics:rebuild [--business-profile-id ID]\n" +
  "         Recomputes the dashboard's rollups from the stored mentions.\n" +
  "       node build/cli.js backup FILE\n" +
  "         Writes a backup of the configured database to FILE: SQLite's online backup (the server may run),\n" +
  "         or pg_dump's custom format on PostgreSQL (needs Debian's postgresql-client).\n" +
  "       node build/cli.js restore FILE [--force]\n" +
  "         Restores FILE into the configured database, then migrates it. Refuses a database that holds\n" +
  "         workspaces, accounts or mentions unless --force. Stop the server first.\n";

export interface CommandIo {
  env?: Record<string, string | undefined>;
  write?: (text: string) => void;
  /** An open database to use instead of the configured one (tests); left open. */
  database?: Database;
}

/** The configured database: a postgres:// URL or the SQLite file's path. */
function databaseUrl(io: CommandIo): string {
  const config = readConfig(io.env ?? process.env);
  return config.databaseUrl ?? path.join(config.dataDir, "app.db");
}

async function withDatabase<T>(io: CommandIo, work: (db: Database) => Promise<T>): Promise<T> {
  if (io.database) return work(io.database);
  const handle = openDatabase({ url: databaseUrl(io) });
  try {
    await migrateToLatest(handle.db);
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

const ROLE_NAMES: Partial<Record<Role, string>> = { [ROLES.admin]: "admin", [ROLES.systemAdmin]: "system admin" };

/** create-admin (role admin of the new profile) and create-system-admin (role system admin, install-wide). */
function createFirstAccount(role: typeof ROLES.admin | typeof ROLES.systemAdmin) {
  return async (args: string[], io: CommandIo) => {
    const { values } = parseArgs({
      args,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        "first-name": { type: "string", default: role === ROLES.systemAdmin ? "System" : "Workspace" },
        "last-name": { type: "string", default: "Admin" },
        "business-profile": { type: "string", default: "Default" },
      },
    });
    const email = z.email().safeParse(values.email);
    if (!email.success) throw new Error("--email must be a valid e-mail address");
    const password = PasswordSchema.safeParse(values.password);
    if (!password.success) throw new Error(`--password: ${password.error.issues.map((i) => i.message).join(" ")}`);
    const { businessProfile, accounts } = await withDatabase(io, (db) =>
      createWorkspace(db, {
        name: values["business-profile"]!,
        members: [
          { role, email: email.data, password: password.data, firstName: values["first-name"]!, lastName: values["last-name"]! },
        ],
      }),
    );
    io.write?.(
      `Created ${ROLE_NAMES[role]} ${accounts[0]!.email} (id ${accounts[0]!.id}) in business profile "${businessProfile.name}" (id ${businessProfile.id}).\n`,
    );
  };
}

/** analytics:rebuild [--business-profile-id N]: recomputes the dashboard's rollups from the stored mentions (ADR 015). */
async function analyticsRebuild(args: string[], io: CommandIo) {
  const { values } = parseArgs({ args, options: { "business-profile-id": { type: "string" } } });
  const raw = values["business-profile-id"];
  const id = raw === undefined ? undefined : Number(raw);
  if (id !== undefined && (!Number.isInteger(id) || id <= 0)) throw new Error("--business-profile-id must be a positive integer");
  const started = Date.now();
  const ids = await withDatabase(io, (db) => rebuildAnalytics(db, id));
  io.write?.(`Rebuilt the analytics rollups of ${ids.length} business profile(s) in ${Date.now() - started} ms.\n`);
}

function describe(summary: DatabaseSummary): string {
  return `${summary.businessProfiles} business profiles, ${summary.accounts} accounts, ${summary.mentions} mentions`;
}

/** backup FILE: the configured database, as it is now, into FILE (ADR 045). */
async function backup(args: string[], io: CommandIo) {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new Error("Usage: node build/cli.js backup FILE");
  const started = Date.now();
  const summary = await backupDatabase(databaseUrl(io), file);
  io.write?.(`Backed up ${describe(summary)} to ${file} (${fs.statSync(file).size} bytes) in ${Date.now() - started} ms.\n`);
}

/** restore FILE [--force]: FILE into the configured database (empty unless --force), then the migrations. */
async function restore(args: string[], io: CommandIo) {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { force: { type: "boolean", default: false } } });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new Error("Usage: node build/cli.js restore FILE [--force]");
  const url = databaseUrl(io);
  const started = Date.now();
  const summary = await restoreDatabase(url, file, { force: values.force });
  // A backup of an older version is brought up to this one's schema.
  const handle = openDatabase({ url });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  io.write?.(`Restored ${describe(summary)} from ${file} in ${Date.now() - started} ms.\n`);
}

export const COMMANDS: Record<string, (args: string[], io: CommandIo) => Promise<void>> = {
  "create-admin": createFirstAccount(ROLES.admin),
  "create-system-admin": createFirstAccount(ROLES.systemAdmin),
  "analytics:rebuild": analyticsRebuild,
  backup,
  restore,
};
