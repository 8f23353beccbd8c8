// The one place that chooses the database engine: SQLite file by default, PostgreSQL for postgres URLs.
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import type { DatabaseSchema } from "./schema";
import { tallyQuery } from "./query-timing";
import { countWrites, type WriteCounter } from "./write-tracking";
import { earshotNear } from "./token-match";

export type Database = Kysely<DatabaseSchema>;
export type Engine = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  engine: Engine;
  /** Check that the database answers (used by /healthz). */
  ping(): Promise<void>;
  /**
   * PostgreSQL only: LISTENs on `channel` on a connection of its own (not the pool's), reconnecting when
   * it drops (`onReconnect` then: notifications sent meanwhile were missed). Resolves once listening.
   */
  listen?(channel: string, handlers: ChannelHandlers): Promise<Listener>;
  close(): Promise<void>;
}

export interface ChannelHandlers {
  onMessage(payload: string): void;
  onReconnect(): void;
  onError(error: unknown): void;
}

export interface Listener {
  close(): Promise<void>;
}

/** How long a dropped LISTEN connection waits before it connects again. */
const LISTEN_RETRY_MS = 1_000;

/** A dedicated client that LISTENs on one channel and comes back after a drop. */
async function listenOn(
  config: { connectionString: string; options?: string },
  channel: string,
  handlers: ChannelHandlers,
): Promise<Listener> {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (again: boolean): Promise<void> => {
    const next = new pg.Client(config);
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onMessage(message.payload);
    });
    // Only the client in use reconnects (a dropped one's late events are ignored).
    next.on("error", (error) => {
      if (client !== next) return;
      handlers.onError(error);
      scheduleReconnect();
    });
    next.on("end", () => {
      if (client === next) scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    if (again) handlers.onReconnect();
  };
  const scheduleReconnect = () => {
    if (closed || retry) return;
    const dropped = client;
    client = null;
    void dropped?.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = null;
      connect(true).catch((error: unknown) => {
        handlers.onError(error);
        scheduleReconnect();
      });
    }, LISTEN_RETRY_MS);
    retry.unref();
  };
  await connect(false);
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

const DEFAULT_SQLITE_PATH = "data/app.db";

function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

// node-pg returns int8 and numeric as strings; our counts and sums fit in doubles.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

export interface OpenDatabaseOptions {
  /** postgres://... or a SQLite file path (":memory:" allowed). */
  url?: string;
  /** PostgreSQL only: schema to use as search_path (tests isolate themselves this way). */
  postgresSchema?: string;
  poolSize?: number;
  /** SQLite only: open an in-memory copy of this database image (tests copy a migrated one, ADR 023). */
  sqliteImage?: Buffer;
}

const sqliteWrites = new WeakMap<Database, WriteCounter>();

/**
 * SQLite: how many statements that may change data (outside the bookkeeping tables, db/write-tracking.ts)
 * this process ran through this database; undefined for PostgreSQL or a transaction.
 */
export function writesThrough(db: Database): number | undefined {
  return sqliteWrites.get(db)?.writes;
}

export function openDatabase(options: OpenDatabaseOptions = {}): DatabaseHandle {
  const url = options.url;
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      ...(options.postgresSchema ? { options: `-c search_path=${options.postgresSchema}` } : {}),
    });
    const db = new Kysely<DatabaseSchema>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new CamelCasePlugin()],
      log: tallyQuery,
    });
    const listeners = new Set<Listener>();
    const clientConfig = { connectionString: url, ...(options.postgresSchema ? { options: `-c search_path=${options.postgresSchema}` } : {}) };
    return {
      db,
      engine: "postgres",
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      listen: async (channel, handlers) => {
        const listener = await listenOn(clientConfig, channel, handlers);
        listeners.add(listener);
        return {
          close: async () => {
            listeners.delete(listener);
            await listener.close();
          },
        };
      },
      // The LISTEN connections close with the pool (a database cannot be dropped while they are open).
      close: async () => {
        for (const listener of [...listeners]) await listener.close();
        listeners.clear();
        await db.destroy();
      },
    };
  }
  const file = (url as string | undefined)?.replace(/^file:/, "") || DEFAULT_SQLITE_PATH;
  if (file !== ":memory:" && !options.sqliteImage) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(options.sqliteImage ?? file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  cachePreparedStatements(sqlite);
  // Ordered proximity over a mention's stored tokens, which FTS5 cannot express (ADR 012).
  sqlite.function("earshot_near", { deterministic: true }, earshotNear);
  const counter: WriteCounter = { writes: 0 };
  const noteWrite = countWrites(counter);
  const db = new Kysely<DatabaseSchema>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      tallyQuery(event);
      noteWrite(event);
    },
  });
  sqliteWrites.set(db, counter);
  return {
    db,
    engine: "sqlite",
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter" ? "postgres" : "sqlite";
}

const STATEMENT_CACHE_LIMIT = 500;

/**
 * Kysely prepares every query anew; repeated queries (most of them) reuse their prepared statement.
 * better-sqlite3 runs statements synchronously, so one statement object is never used twice at once.
 */
function cachePreparedStatements(sqlite: SQLite.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      if (cache.size >= STATEMENT_CACHE_LIMIT) cache.clear();
      statement = prepare(source);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
}
