// Inbox bench (ADR 014): with the demo corpus stored (1,000,000 mentions by default, SQLite), ten agents
// signed in at once (each connection its own user) through the built web server:
// - the inbox list, as the page (GET /inbox) and as the API call behind it (GET /api/v1/feed-items), for
//   the main sources: all items by date, one stream, assigned to me, one label, and a filter combination;
// - action round-trips: assign (to a teammate, who is notified) and set labels, each on a random item.
// Target on a 2-core machine: p95 ≤ 50 ms each. ADR 020 says why the server-rendered page cannot meet it
// under ten connections that never pause, and why the bench still measures it as written.
// Before the server starts, the bench gives the store what an inbox in use has: the ten agents, six labels
// on 2% of the items each, and 1% of the items assigned (spread over the agents).
// BENCH_INBOX_SIZE (default 1000000) mentions; BENCH_INBOX_SQLITE_DIR reuses a data directory an earlier
// run prepared (BENCH_KEEP_DATA=1 keeps it). While working on it: BENCH_INBOX_ONLY (a regular expression)
// runs only the scenarios whose names match; BENCH_INBOX_NODE_OPTIONS is the server's NODE_OPTIONS (e.g.
// `--import ./profile-hook.mjs` to profile it: --cpu-prof is not allowed there).
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase, type Database } from "../db/client";
import { insertAccount } from "../db/repositories/accounts";
import { ACCOUNT_STATE } from "../domain/constants";
import { defaultPermissionsForRole } from "../domain/permissions";
import { ROLES } from "../domain/roles";
import { hashPassword } from "../services/security/passwords";
import { DEMO_BUSINESS_PROFILE_ID } from "../services/workspace/seed-demo-workspace";
import { signInWithApi } from "./lib/http";
import { runIngestWorker } from "./lib/ingest-worker-process";
import { runLoad, runPacedLoad, type AutocannonClient, type AutocannonRequest, type LoadResult, type LoadScenario } from "./lib/load";
import { BUSY_THRESHOLD, watchOtherCpu } from "./lib/machine";
import { loadTable } from "./lib/report";
import { assertBuilt, DEMO_PASSWORD, makeTempDir, readMemory, snapshotBuild, spawnServer, waitForStatus200 } from "./lib/server";
import type { BenchContext, BenchOutcome, Check } from "./lib/types";

export const TARGETS = { p95Ms: 50 } as const;

const AGENTS = 10;
const LABELS = ["Urgent", "Refund", "Bug report", "Praise", "Shipping", "Follow-up"];
/** Every 50th item carries each label (2% each); every 100th is assigned (1%). */
const LABEL_MODULO = 50;
const ASSIGN_MODULO = 100;
/** Items the actions pick from at random: the newest of the inbox. */
const ACTION_POOL = 1_000;
/**
 * Users who pause: each agent loads the next page about a second after the last one arrived (a brisk
 * triage pace), measured for at least 20 s so that p95 rests on some 200 page loads.
 */
const PACED_THINK_S = 1;
const PACED_MIN_DURATION_S = 20;

interface Prepared {
  agents: Array<{ id: number; email: string }>;
  labelIds: number[];
  /** The stream with the most items. */
  streamId: number;
  items: number;
}

const agentEmail = (i: number) => `bench-agent-${i}@demo.earshot.test`;

/** What an inbox in use has, written straight into the store (idempotent: a reused directory keeps it). */
async function prepareInbox(db: Database): Promise<Prepared> {
  const bp = DEMO_BUSINESS_PROFILE_ID;
  const now = new Date().toISOString();
  const existing = await db.selectFrom("accounts").select(["id", "email"]).where("email", "like", "bench-agent-%").orderBy("id").execute();
  let agents = existing;
  if (!agents.length) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    agents = [];
    for (let i = 1; i <= AGENTS; i++) {
      const row = await insertAccount(db, {
        businessProfileId: bp,
        email: agentEmail(i),
        firstName: "Bench",
        lastName: `Agent ${i}`,
        role: ROLES.agent,
        state: ACCOUNT_STATE.active,
        passwordHash,
        permissions: JSON.stringify(defaultPermissionsForRole(ROLES.agent)),
        preferences: "{}",
        avatarUrl: null,
        otpSecret: null,
        otpEnabled: 0,
        otpLastUsedStep: null,
        createdAt: now,
        updatedAt: now,
      });
      agents.push({ id: row.id, email: row.email });
    }
  }

  let labels = await db.selectFrom("labels").select("id").where("businessProfileId", "=", bp).where("category", "=", "Bench").orderBy("id").execute();
  if (!labels.length) {
    await db.transaction().execute(async (trx) => {
      for (const name of LABELS) {
        await trx
          .insertInto("labels")
          .values({
            businessProfileId: bp,
            name,
            nameKey: name.toLowerCase(),
            category: "Bench",
            labelType: "feed_item",
            contextId: null,
            contextType: null,
            ownerAccountId: null,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
      }
      labels = await trx.selectFrom("labels").select("id").where("businessProfileId", "=", bp).where("category", "=", "Bench").orderBy("id").execute();
      for (const [index, label] of labels.entries()) {
        await sql`insert into feed_item_labels (business_profile_id, feed_item_id, label_id)
          select business_profile_id, id, ${label.id} from feed_items
          where business_profile_id = ${bp} and id % ${LABEL_MODULO} = ${index}`.execute(trx);
      }
      for (const [index, agent] of agents.entries()) {
        await sql`update feed_items set assigned_to_type = 'account', assigned_to_id = ${agent.id}, assigned_at = ${now}
          where business_profile_id = ${bp} and id % ${ASSIGN_MODULO * AGENTS} = ${index * ASSIGN_MODULO + 7}`.execute(trx);
      }
    });
  }

  const stream = await db
    .selectFrom("feedItems")
    .select(["streamId", (eb) => eb.fn.countAll<number>().as("n")])
    .where("businessProfileId", "=", bp)
    .where("streamId", "is not", null)
    .groupBy("streamId")
    .orderBy("n", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  const items = await db
    .selectFrom("feedItems")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("businessProfileId", "=", bp)
    .executeTakeFirstOrThrow();
  return { agents, labelIds: labels.map((l) => l.id), streamId: stream.streamId!, items: Number(items.n) };
}

/** The newest items an agent's inbox lists (those the actions pick from: ones an agent may act on). */
async function actionPool(origin: string, headers: Record<string, string>): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; offset < ACTION_POOL; offset += 100) {
    const response = await fetch(`${origin}/api/v1/feed-items?source_type=all&limit=100&offset=${offset}`, {
      headers: { ...headers, accept: "application/json" },
    });
    if (response.status !== 200) throw new Error(`GET /api/v1/feed-items answered ${response.status}`);
    ids.push(...((await response.json()) as { data: Array<{ id: number }> }).data.map((item) => item.id));
  }
  return ids;
}

const WEB_COOKIE = "__earshot";
/**
 * The loaders Remix's single fetch runs when the agent changes the inbox's source with JavaScript: the
 * root's and the list's. The shell's and the sidebar's (with whom items can be assigned to) are kept by
 * their shouldRevalidate. Named in `_routes`, as the browser does (tests/e2e/inbox.spec.ts checks it).
 */
const IN_APP_NAVIGATION_ROUTES = ["root", "routes/_shell.inbox._index"].join(",");
const SIGN_IN_TIMEOUT_MS = 30_000;

function cookieFrom(response: Response, name: string): string | null {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    if (pair?.startsWith(`${name}=`)) return pair;
  }
  return null;
}

/**
 * The login form, as a browser signs in; the session is checked on /inbox, not on the dashboard at / (as
 * lib/http's signInWithForm does), so the dashboard's own cost at a million mentions stays out of it.
 */
async function signInToInbox(origin: string, email: string): Promise<string> {
  try {
    // A kept-alive connection the busy server has just closed answers ECONNRESET: tried again, twice.
    for (let attempt = 1; ; attempt++) {
      try {
        return await signInToInboxOnce(origin, email);
      } catch (error) {
        if (attempt >= 3 || !/ECONNRESET|fetch failed/.test(`${String(error)} ${error instanceof Error ? String(error.cause) : ""}`)) throw error;
      }
    }
  } catch (error) {
    // undici says only "fetch failed": the cause is what helps.
    const cause = error instanceof Error && error.cause ? `: ${String(error.cause)}` : "";
    throw new Error(`signing in ${email} through the login form failed${cause}`, { cause: error });
  }
}

async function signInToInboxOnce(origin: string, email: string): Promise<string> {
  const signal = () => AbortSignal.timeout(SIGN_IN_TIMEOUT_MS);
  const page = await fetch(`${origin}/login`, { signal: signal() });
  const html = await page.text();
  const csrf = html.match(/<input[^>]*name="csrf"[^>]*value="([^"]+)"/)?.[1];
  const anonymous = cookieFrom(page, WEB_COOKIE);
  if (page.status !== 200 || !csrf || !anonymous) throw new Error(`GET /login answered ${page.status} without a form to sign in`);
  const response = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    signal: signal(),
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: anonymous, origin },
    body: new URLSearchParams({ csrf, email, password: DEMO_PASSWORD, redirectFrom: "" }).toString(),
  });
  await response.arrayBuffer();
  const signedIn = cookieFrom(response, WEB_COOKIE);
  if (response.status !== 302 || !signedIn) throw new Error(`POST /login answered ${response.status}`);
  const inbox = await fetch(`${origin}/inbox`, { redirect: "manual", headers: { cookie: signedIn }, signal: signal() });
  await inbox.arrayBuffer();
  if (inbox.status !== 200) throw new Error(`GET /inbox with the signed-in cookie answered ${inbox.status}`);
  return signedIn;
}

/** Each connection signs in as the next agent (ten connections, ten users). */
function perConnection(credentials: Array<Record<string, string>>): (client: AutocannonClient) => void {
  let next = 0;
  return (client) => client.setHeaders(credentials[next++ % credentials.length]!);
}

/** The value `make` gave, made again when it is older than ten minutes. */
function fresh<T>(make: () => Promise<T>): () => Promise<T> {
  let made: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (!made || performance.now() - made.at > 10 * 60_000) made = { at: performance.now(), value: make() };
    return made.value;
  };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

const keepData = () => !!process.env.BENCH_KEEP_DATA;

export async function run(ctx: BenchContext): Promise<BenchOutcome> {
  assertBuilt(ctx.root);
  const checks: Check[] = [];
  const figures: BenchOutcome["figures"] = [];
  const warnings: string[] = [];
  const results: Record<string, unknown> = {};
  const size = Number(process.env.BENCH_INBOX_SIZE ?? 1_000_000);

  let dir = process.env.BENCH_INBOX_SQLITE_DIR;
  const own = !dir;
  if (!dir) dir = makeTempDir("earshot-bench-inbox");
  else fs.mkdirSync(dir, { recursive: true });
  // A named directory without a store is filled on this first run (later runs reuse it).
  if (!fs.existsSync(path.join(dir, "app.db"))) {
    await ctx.quiet(`ingest ${size}`);
    const ingest = await runIngestWorker(ctx, path.join(dir, "app.db"), size);
    figures.push({ label: `${size.toLocaleString("en")} demo mentions ingested`, value: ingest.itemsPerSecond, unit: "items/s" });
  }

  const appDir = makeTempDir("earshot-bench-inbox-app");
  try {
    const handle = openDatabase({ url: path.join(dir, "app.db") });
    let prepared: Prepared;
    try {
      prepared = await prepareInbox(handle.db);
    } finally {
      await handle.close();
    }
    ctx.log(
      `  ${prepared.items.toLocaleString("en")} mentions; ${prepared.agents.length} agents, ${prepared.labelIds.length} labels, stream ${prepared.streamId}`,
    );
    results.store = { mentions: prepared.items, agents: prepared.agents.length, labels: prepared.labelIds.length };

    const app = await snapshotBuild(ctx.root, appDir);
    const nodeOptions = process.env.BENCH_INBOX_NODE_OPTIONS;
    const server = await spawnServer({
      root: app,
      dataDir: dir,
      demo: false,
      logFile: path.join(dir, "server.log"),
      ...(nodeOptions ? { env: { NODE_OPTIONS: nodeOptions } } : {}),
    });
    try {
      await waitForStatus200(server);
      const origin = server.origin;
      const load = { connections: ctx.connections, durationS: ctx.durationS, warmupS: ctx.warmupS };
      // Signed in again when older than 10 minutes: waits for a quiet machine may outlast a 15-minute access token.
      const cookies = fresh(() => Promise.all(prepared.agents.map(async (a) => ({ cookie: await signInToInbox(origin, a.email) }))));
      const bearers = fresh(() =>
        Promise.all(
          prepared.agents.map(async (a) => {
            const session = await signInWithApi(origin, a.email);
            return { authorization: `Bearer ${session.accessToken}`, "x-csrf-token": session.csrfToken };
          }),
        ),
      );

      const { streamId, labelIds } = prepared;
      const actionItemIds = await actionPool(origin, (await bearers())[0]!);
      const label = labelIds[0]!;
      const sources: Array<{ name: string; page: string; api: string }> = [
        { name: "all, by date", page: "", api: "source_type=all&sort_by=created_at&order=desc" },
        { name: "a stream", page: `source=stream-${streamId}`, api: `source_type=stream&source_id=${streamId}` },
        { name: "assigned to me", page: "source=assigned", api: "source_type=assigned" },
        { name: "a label", page: `source=label-${label}`, api: `source_type=label&source_id=${label}` },
        {
          name: "filters: 2 networks, negative, open, English, not replied",
          page: "network=twitter&network=reddit&sentiment=negative&state=1&language=en&replied=0",
          api: "source_type=all&social_type=twitter,reddit&sentiments=-1&states=1&languages=en&is_replied=0",
        },
      ];

      const json = { accept: "application/json" };
      type Group = "page" | "navigation" | "api" | "action" | "diagnostic" | "capacity";
      const scenarios: Array<
        LoadScenario & {
          group: Group;
          credentials: () => Promise<Array<Record<string, string>>>;
          /** Fewer connections than the load's (a figure, not the target's setting). */
          connections?: number;
          /** Users who pause between requests instead of connections that never do. */
          paced?: boolean;
        }
      > = [];
      for (const source of sources) {
        scenarios.push({
          group: "api",
          name: `GET /api/v1/feed-items (${source.name})`,
          url: `${origin}/api/v1/feed-items?${source.api}&limit=15`,
          headers: json,
          credentials: bearers,
          expectStatus: 200,
        });
        scenarios.push({
          group: "page",
          name: `GET /inbox (${source.name})`,
          url: `${origin}/inbox${source.page ? `?${source.page}` : ""}`,
          credentials: cookies,
          expectStatus: 200,
        });
        // What a browser with JavaScript asks for when the agent moves to this source from another one:
        // the data of the loaders that revalidate (the sidebar's does not), no markup.
        const navigation = new URLSearchParams(source.page);
        navigation.set("_routes", IN_APP_NAVIGATION_ROUTES);
        scenarios.push({
          group: "navigation",
          name: `GET /inbox.data (${source.name}; in-app navigation)`,
          url: `${origin}/inbox.data?${navigation.toString()}`,
          credentials: cookies,
          expectStatus: 200,
        });
      }
      const post = (body: () => unknown, action: string): AutocannonRequest[] => [
        {
          method: "POST",
          setupRequest: (request) => ({
            ...request,
            path: `/api/v1/feed-items/${pick(actionItemIds)}/${action}`,
            body: JSON.stringify(body()),
          }),
        },
      ];
      scenarios.push({
        group: "action",
        name: "POST /api/v1/feed-items/{id}/assign (to a teammate)",
        url: `${origin}/api/v1/feed-items/${actionItemIds[0]}/assign`,
        method: "POST",
        headers: { ...json, "content-type": "application/json" },
        credentials: bearers,
        requests: post(() => ({ assignee_type: "account", assignee_id: pick(prepared.agents).id }), "assign"),
        expectStatus: 200,
      });
      scenarios.push({
        group: "action",
        name: "POST /api/v1/feed-items/{id}/set-labels (1 or 2 labels)",
        url: `${origin}/api/v1/feed-items/${actionItemIds[0]}/set-labels`,
        method: "POST",
        headers: { ...json, "content-type": "application/json" },
        credentials: bearers,
        requests: post(() => ({ label_ids: [...new Set([pick(labelIds), pick(labelIds)])] }), "set-labels"),
        expectStatus: 200,
      });

      // How the first page load fares with other shapes of load than the target's (figures, no target):
      // one agent alone, and ten agents who each pause about a second between pages.
      const firstPage = scenarios.find((scenario) => scenario.group === "page")!;
      scenarios.push({ ...firstPage, group: "capacity", name: `${firstPage.name}, one agent alone`, connections: 1 });
      scenarios.push({ ...firstPage, group: "capacity", name: `${firstPage.name}, ${AGENTS} agents pausing about ${PACED_THINK_S} s`, paced: true });

      // Where the page's time goes: what it asks for besides the list (no target).
      for (const [name, query] of [
        ["feed-items/count (all)", "feed-items/count?source_type=all"],
        ["feed-items/assigned-to-me-count", "feed-items/assigned-to-me-count"],
        ["accounts", "accounts"],
        ["teams", "teams"],
        ["notifications", "notifications"],
      ] as const) {
        scenarios.push({
          group: "diagnostic",
          name: `GET /api/v1/${name}`,
          url: `${origin}/api/v1/${query}`,
          headers: json,
          credentials: bearers,
          expectStatus: 200,
        });
      }

      const only = process.env.BENCH_INBOX_ONLY ? new RegExp(process.env.BENCH_INBOX_ONLY) : null;
      if (only) scenarios.splice(0, scenarios.length, ...scenarios.filter((s) => only.test(s.name)));

      type Measured = LoadResult & { group: Group; otherCpuDuring: number | null; rssAfterMB: number | null };
      const measured: Measured[] = [];
      for (const { group, credentials, connections, paced, ...scenario } of scenarios) {
        await ctx.quiet(scenario.name, [server.pid]);
        const settings = paced
          ? { ...load, durationS: Math.max(load.durationS, PACED_MIN_DURATION_S) }
          : { ...load, connections: connections ?? load.connections };
        ctx.log(
          `load: ${scenario.name} (${paced ? `${AGENTS} users pausing` : `${settings.connections} connections`}, ${settings.warmupS} s warm-up + ${settings.durationS} s)…`,
        );
        const otherCpu = watchOtherCpu(() => [server.pid]);
        const result = paced
          ? await runPacedLoad(
              { name: scenario.name, url: scenario.url, userHeaders: await credentials(), expectStatus: scenario.expectStatus },
              { ...settings, thinkS: PACED_THINK_S, serverPid: server.pid },
            )
          : await runLoad({ ...scenario, setupClient: perConnection(await credentials()) }, { ...settings, serverPid: server.pid });
        const otherCpuDuring = otherCpu();
        if (result.unexpectedResponses)
          warnings.push(`${scenario.name}: ${result.unexpectedResponses} responses not ${scenario.expectStatus} (${JSON.stringify(result.statusCodes)})`);
        if (otherCpuDuring !== null && otherCpuDuring > BUSY_THRESHOLD)
          warnings.push(`${scenario.name}: other processes used ${Math.round(otherCpuDuring * 100)}% of the CPU during the measurement`);
        measured.push({ ...result, group, otherCpuDuring, rssAfterMB: readMemory(server.pid)?.rssMB ?? null });
      }

      const table = (groups: Group[]) => loadTable(measured.filter((m) => groups.includes(m.group)));
      ctx.log(`\nLoad (${load.connections} connections = ${AGENTS} signed-in agents, ${load.durationS} s each after ${load.warmupS} s warm-up):`);
      ctx.log(table(["api", "page", "navigation", "action"]));
      ctx.log("\nThe first page load under other loads (no target): one agent alone; ten agents pausing between pages:");
      ctx.log(table(["capacity"]));
      ctx.log("\nDiagnostics (same settings; what the page asks for besides the list):");
      ctx.log(table(["diagnostic"]));
      const note = `${prepared.items.toLocaleString("en")} mentions, SQLite, ${load.connections} connections (${AGENTS} agents), ${load.durationS} s`;
      for (const [index, result] of measured.filter((m) => m.group !== "diagnostic" && m.group !== "capacity").entries()) {
        checks.push({
          label: `${result.name}: p95`,
          value: result.latencyMs.p95,
          unit: "ms",
          target: TARGETS.p95Ms,
          kind: "max",
          ...(index === 0 ? { note } : {}),
        });
      }
      for (const result of measured) {
        figures.push({
          label: `${result.name}: p50 / p95, throughput, server CPU per request`,
          value: `${result.latencyMs.p50} / ${result.latencyMs.p95} ms, ${result.requestsPerSecond} req/s, ${result.serverCpuMsPerRequest} ms`,
        });
      }
      results.loads = measured;
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(appDir, { recursive: true, force: true });
    if (own && !keepData()) fs.rmSync(dir, { recursive: true, force: true });
    else ctx.log(`  data kept in ${dir}`);
  }
  return { name: "inbox", checks, figures, warnings, results };
}
