// Two Earshot instances on two ports sharing one PostgreSQL database, as two machines would (issue 28,
// ADR 043): the drills of bench/two-instances.ts and the CI test tests/integration/scale-out.test.ts.
// Each instance is `node build/server.js` with WEB_CONCURRENCY=1, a one-second scheduler round and a
// two-second job lease; a loopback feed server counts the requests it gets.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { ROLES } from "../../domain/roles";
import { createWorkspace } from "../../services/workspace/create-workspace";
import { makeTempDir, spawnServer, waitForStatus200, type RunningServer } from "./server";
import { sleep } from "./stats";

const PASSWORD = "Scale-pass1!";
/** Scheduler round and job lease of the drills' instances (seconds). */
export const DRILL_POLL_SECONDS = 1;
export const DRILL_LEASE_SECONDS = 2;

export interface FeedServer {
  url(pathname: string): string;
  /** Requests by path. */
  requests: Map<string, number>;
  /** Paths whose next request is held (never answered) until the connection closes. */
  hold: Set<string>;
  close(): Promise<void>;
}

const rss = (tag: string, n: number) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>${tag}</title><link>https://${tag}.example</link><description>d</description>
${Array.from({ length: n }, (_, i) => `<item><title>${tag} post ${i}</title><link>https://${tag}.example/${i}</link><guid isPermaLink="false">${tag}-${i}</guid><pubDate>${new Date(Date.now() - i * 60_000).toUTCString()}</pubDate><description>${tag} item ${i} about the product</description></item>`).join("\n")}
</channel></rss>`;

/** A feed server on 127.0.0.1: /<tag>.xml answers an RSS feed of ITEMS_PER_FEED items tagged <tag>. */
export async function startFeedServer(): Promise<FeedServer> {
  const requests = new Map<string, number>();
  const hold = new Set<string>();
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    requests.set(pathname, (requests.get(pathname) ?? 0) + 1);
    if (hold.delete(pathname)) return; // answered never: the poller waits until it is killed
    const tag = pathname.replace(/^\/|\.xml$/g, "");
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" });
    res.end(rss(tag, ITEMS_PER_FEED));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (pathname) => `http://127.0.0.1:${port}${pathname}`,
    requests,
    hold,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const ITEMS_PER_FEED = 5;

export interface Session {
  accessToken: string;
  csrfToken: string;
}

export interface TwoInstances {
  a: RunningServer;
  b: RunningServer;
  database: DatabaseHandle;
  feeds: FeedServer;
  businessProfileId: number;
  admin: { id: number; email: string };
  agent: { id: number; email: string };
  signIn(server: RunningServer, email: string): Promise<Session>;
  call(server: RunningServer, session: Session, method: string, pathname: string, body?: unknown): Promise<{ status: number; json: unknown }>;
  /** Starts another instance on the same database (after a kill). */
  startInstance(name: string): Promise<RunningServer>;
  stop(): Promise<void>;
}

/** A fresh database on the PostgreSQL server of `serverUrl`, two instances on it, a tenant. */
export async function startTwoInstances(root: string, serverUrl: string): Promise<TwoInstances> {
  const name = `scale_${crypto.randomBytes(5).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const feeds = await startFeedServer();
  const dir = makeTempDir("earshot-two-");
  const started: RunningServer[] = [];
  const startInstance = async (label: string) => {
    const dataDir = path.join(dir, label);
    fs.mkdirSync(dataDir, { recursive: true });
    const server = await spawnServer({
      root,
      dataDir,
      demo: false,
      logFile: path.join(dir, `${label}.log`),
      env: {
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: "scale-drill-secret-scale-drill-secret",
        WEB_CONCURRENCY: "1",
        POLL_INTERVAL_SECONDS: String(DRILL_POLL_SECONDS),
        JOB_LEASE_SECONDS: String(DRILL_LEASE_SECONDS),
        FEED_ALLOWLIST: "127.0.0.1",
      },
    });
    started.push(server);
    await waitForStatus200(server, "/healthz");
    return server;
  };
  // One after the other: the first migrates the new database.
  const a = await startInstance("a");
  const b = await startInstance("b");
  const database = openDatabase({ url: databaseUrl, poolSize: 2 });
  const tenant = await createDrillTenant(database);

  return {
    a,
    b,
    database,
    feeds,
    ...tenant,
    signIn: (server, email) => apiSignIn(server.origin, email),
    call: (server, session, method, pathname, body) => apiCall(server.origin, session, method, pathname, body),
    startInstance,
    async stop() {
      await Promise.all(started.map((s) => s.stop()));
      await database.close();
      await feeds.close();
      await admin(`drop database if exists ${name} with (force)`);
      if (process.env.BENCH_KEEP_DATA !== "1") fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A tenant with an admin and an agent (password PASSWORD), made directly in the database. */
export async function createDrillTenant(database: DatabaseHandle) {
  const tag = crypto.randomBytes(3).toString("hex");
  const { businessProfile, accounts } = await createWorkspace(database.db, {
    name: `Scale ${tag}`,
    members: [
      { role: ROLES.admin, email: `admin-${tag}@scale.test`, firstName: "Ada", lastName: "Admin", password: PASSWORD },
      { role: ROLES.agent, email: `agent-${tag}@scale.test`, firstName: "Al", lastName: "Agent", password: PASSWORD },
    ],
  });
  return {
    businessProfileId: businessProfile.id,
    admin: { id: accounts[0]!.id, email: accounts[0]!.email },
    agent: { id: accounts[1]!.id, email: accounts[1]!.email },
  };
}

/** Signs in through the API of the server at `origin` (sessions live in the database: any instance takes them). */
export async function apiSignIn(origin: string, email: string): Promise<Session> {
  const response = await fetch(`${origin}/api/v1/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const json = (await response.json()) as { access_token: string; csrf_token: string };
  if (response.status !== 201) throw new Error(`sign-in answered ${response.status}`);
  return { accessToken: json.access_token, csrfToken: json.csrf_token };
}

/** One API call as `session`; the answer's status and JSON (null when empty). */
export async function apiCall(origin: string, session: Session, method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${origin}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      "x-csrf-token": session.csrfToken,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
}

/** Opens GET /api/v1/notifications/live on `server`; resolves with the first notification's arrival time. */
export async function firstLiveNotification(server: RunningServer, session: Session, timeoutMs: number) {
  const controller = new AbortController();
  const response = await fetch(`${server.origin}/api/v1/notifications/live`, {
    headers: { authorization: `Bearer ${session.accessToken}`, accept: "text/event-stream" },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`live notifications answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  // Wait for the stream's first comment: the server listens from then on.
  const connected = (async () => {
    while (!text.includes(": connected")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended");
      text += decoder.decode(value, { stream: true });
    }
  })();
  await connected;
  const arrival = (async () => {
    while (!/event: notification\ndata: .*\n/.test(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended");
      text += decoder.decode(value, { stream: true });
    }
    const data = /event: notification\ndata: (.*)\n/.exec(text)![1]!;
    return { at: performance.now(), notification: JSON.parse(data) as { id: number; text: string } };
  })();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  return {
    arrival: arrival.finally(() => {
      clearTimeout(timer);
      controller.abort();
    }),
  };
}

/** Creates a feed stream through `server`; its first poll is due at once. */
export async function createFeedStream(t: TwoInstances, session: Session, feedPath: string): Promise<number> {
  const created = await t.call(t.a, session, "POST", "/api/v1/streams", {
    name: `Feed ${feedPath}`,
    social_type: "article",
    category: "streams",
    source: "feed",
    feed_url: t.feeds.url(feedPath),
    interval_seconds: 3600,
  });
  if (created.status !== 201) throw new Error(`POST /api/v1/streams answered ${created.status}: ${JSON.stringify(created.json)}`);
  return (created.json as { id: number }).id;
}

/** Mentions stored for the stream, and how many external ids are stored more than once. */
export async function storedOf(database: DatabaseHandle, streamId: number): Promise<{ stored: number; duplicates: number }> {
  const rows = await database.db.selectFrom("feedItems").select("externalId").where("streamId", "=", streamId).execute();
  return { stored: rows.length, duplicates: rows.length - new Set(rows.map((r) => r.externalId)).size };
}

/** Waits until `check` is true (polling every 50 ms) or the time is up; false then. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await check()) return true;
    await sleep(50);
  }
  return check();
}

/** The live process that holds the job's lease (its pid, from the owner name host:pid:random), if any. */
export async function leaseHolderPid(database: DatabaseHandle, job: string): Promise<number | null> {
  const row = await database.db.selectFrom("jobLeases").select(["owner", "leaseUntil"]).where("name", "=", job).executeTakeFirst();
  if (!row?.owner) return null;
  return Number(row.owner.split(":")[1]);
}
