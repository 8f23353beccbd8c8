// Backup and restore of a whole install's database (ADR 045): SQLite through its online backup API
// (better-sqlite3's backup(), safe while the server writes), PostgreSQL through Debian's pg_dump and
// pg_restore (postgresql-client) in their custom format. The file says which engine made it: SQLite's
// header or pg_dump's "PGDMP". A restore goes into an empty database only, unless forced.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { openDatabase, type Database, type Engine } from "./client";

const SQLITE_HEADER = "SQLite format 3\0";
const PG_DUMP_HEADER = "PGDMP";

/** Which engine made a backup file (null: neither). */
export function backupEngineOf(file: string): Engine | null {
  const fd = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(16);
    const read = fs.readSync(fd, head, 0, 16, 0);
    const text = head.subarray(0, read).toString("latin1");
    if (text === SQLITE_HEADER) return "sqlite";
    if (text.startsWith(PG_DUMP_HEADER)) return "postgres";
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** A client tool's connection: the URL without its password, which goes in PGPASSWORD (not on the command line). */
function clientConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(`${command} was not found: install PostgreSQL's client tools (Debian: postgresql-client), the same major version as the server or newer`)
          : error,
      ),
    );
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim().slice(-2000)}`)),
    );
  });
}

/** What a database holds, to compare a restore with its source and to tell an empty database. */
export interface DatabaseSummary {
  businessProfiles: number;
  accounts: number;
  mentions: number;
}

async function tableExists(db: Database, engine: Engine, table: string): Promise<boolean> {
  const { rows } =
    engine === "postgres"
      ? await sql<{ n: number }>`select count(*) as n from information_schema.tables where table_schema = current_schema() and table_name = ${table}`.execute(db)
      : await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  return Number(rows[0]?.n ?? 0) > 0;
}

/** Counts of the install's workspaces, accounts and mentions; zeros where the schema is not there yet. */
async function summarizeDatabase(db: Database, engine: Engine): Promise<DatabaseSummary> {
  const count = async (table: "business_profiles" | "accounts" | "feed_items") => {
    if (!(await tableExists(db, engine, table))) return 0;
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    return Number(rows[0]?.n ?? 0);
  };
  return { businessProfiles: await count("business_profiles"), accounts: await count("accounts"), mentions: await count("feed_items") };
}

function isEmpty(summary: DatabaseSummary): boolean {
  return summary.businessProfiles === 0 && summary.accounts === 0 && summary.mentions === 0;
}

async function summarizeUrl(url: string): Promise<DatabaseSummary> {
  const handle = openDatabase({ url });
  try {
    return await summarizeDatabase(handle.db, handle.engine);
  } finally {
    await handle.close();
  }
}

/** Writes a backup of the database at `url` (a SQLite file path or a postgres:// URL) to `file`. */
export async function backupDatabase(url: string, file: string): Promise<DatabaseSummary> {
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (isPostgresUrl(url)) {
    const summary = await summarizeUrl(url);
    const { dbname, env } = clientConnection(url);
    const partial = `${target}.partial`;
    await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, `--dbname=${dbname}`], env);
    fs.renameSync(partial, target);
    return summary;
  }
  if (!fs.existsSync(url)) throw new Error(`No SQLite database at ${url}`);
  const source = new SQLite(url, { readonly: true, fileMustExist: true });
  try {
    const partial = `${target}.partial`;
    // Online: pages are copied while the server may go on writing; the copy is one consistent snapshot.
    await source.backup(partial);
    fs.renameSync(partial, target);
  } finally {
    source.close();
  }
  return summarizeUrl(target);
}

class RestoreRefusedError extends Error {}

/**
 * Restores `file` into the database at `url`. Refuses a database that holds workspaces, accounts or
 * mentions unless `force` (whose objects the backup then replaces). On PostgreSQL pg_restore runs in one
 * transaction (all or nothing); on SQLite the file is copied beside the database and renamed over it, so
 * the server must be stopped meanwhile. Returns what the restored database holds.
 */
export async function restoreDatabase(url: string, file: string, options: { force?: boolean } = {}): Promise<DatabaseSummary> {
  if (!fs.existsSync(file)) throw new Error(`No backup file at ${file}`);
  const engine: Engine = isPostgresUrl(url) ? "postgres" : "sqlite";
  const made = backupEngineOf(file);
  if (made === null) throw new Error(`${file} is neither a SQLite database nor a pg_dump custom-format file`);
  if (made !== engine) throw new Error(`${file} is a ${made === "sqlite" ? "SQLite" : "PostgreSQL"} backup; the configured database is ${engine === "sqlite" ? "SQLite" : "PostgreSQL"}`);
  if (engine === "sqlite" ? fs.existsSync(url) : true) {
    const current = await summarizeUrl(url);
    if (!isEmpty(current) && !options.force)
      throw new RestoreRefusedError(
        `The database is not empty (${current.businessProfiles} business profiles, ${current.accounts} accounts, ${current.mentions} mentions): restore into an empty database, or pass --force to replace it`,
      );
  }
  if (engine === "postgres") {
    const { dbname, env } = clientConnection(url);
    await run(
      "pg_restore",
      ["--no-owner", "--no-privileges", "--clean", "--if-exists", "--single-transaction", "--exit-on-error", `--dbname=${dbname}`, file],
      env,
    );
    return summarizeUrl(url);
  }
  const target = path.resolve(url);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  const partial = `${target}.restoring`;
  try {
    const check = source.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new Error(`${file} fails SQLite's quick_check: ${String(check)}`);
    await source.backup(partial);
  } finally {
    source.close();
  }
  // The old database's write-ahead log must not be replayed onto the restored file.
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.renameSync(partial, target);
  return summarizeUrl(target);
}
