// The fault drills of issue 28 (ADR 043), as client-side procedures shared by bench/drills.ts (which
// prints their figures) and the CI tests (tests/integration/scale-out-drills.test.ts on PostgreSQL,
// tests/integration/cluster-drills.test.ts on SQLite with WEB_CONCURRENCY=2):
// - kill -9 of one of two processes during an NDJSON ingest: every batch the client saw acknowledged
//   (2xx) is stored exactly once, a batch whose answer was lost is sent again to a survivor and is then
//   stored once too, and the survivor answers throughout;
// - kill -9 during triage: agents set states, assign and label through the API of two processes; every
//   acknowledged action is one history row, a repeated one (its answer lost) none more;
// - SIGTERM drains: requests in flight are answered, new ones are told 503, live streams end, the
//   process exits within 25 s and its port then refuses connections.
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import type { DatabaseHandle } from "../../db/client";
import { sleep } from "./stats";
import { apiCall, apiSignIn, type Session } from "./two-instances";

/** A request's answer; status 0 when the connection failed (refused, reset, timed out). */
interface Answer {
  status: number;
  json: unknown;
  error?: string;
}

const REQUEST_TIMEOUT_MS = 20_000;
const MAX_ATTEMPTS = 6;

async function send(url: string, init: RequestInit): Promise<Answer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: response.status, json };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { status: 0, json: null, error: cause ?? (error as Error).message };
  }
}

/** Whether a failed answer is worth sending again elsewhere: the connection failed, or a 5xx. */
const retryable = (answer: Answer) => answer.status === 0 || answer.status >= 500;

// ---------------------------------------------------------------------------------------------
// A probe of the survivor: GET /healthz every 50 ms for the whole drill.

export interface ProbeResult {
  ok: number;
  failed: number;
  /** The longest time between two successful probes (or from the start to the first). */
  maxGapMs: number;
}

function startProbe(origin: string): { stop(): Promise<ProbeResult> } {
  let stopped = false;
  const result: ProbeResult = { ok: 0, failed: 0, maxGapMs: 0 };
  let lastOk = performance.now();
  const loop = (async () => {
    while (!stopped) {
      const answer = await send(`${origin}/healthz`, {});
      const now = performance.now();
      if (answer.status === 200) {
        result.ok++;
        result.maxGapMs = Math.max(result.maxGapMs, now - lastOk);
        lastOk = now;
      } else {
        result.failed++;
      }
      await sleep(50);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      result.maxGapMs = Math.round(result.maxGapMs);
      return result;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Shared by both kill drills: work items sent by several clients at once, each to a live target in
// turn; the victim is killed once `killAfter` of them are acknowledged; a failed one is sent again to a
// survivor.

interface KillSettings {
  /** Where work goes: every live process's origin (two instances), or the one cluster port. */
  targets(): string[];
  /** Acknowledged work items after which `kill` is called (SIGKILL of the victim). */
  killAfter: number;
  kill(): void;
  /** An origin the survivor answers on, probed throughout. */
  probe: string;
}

interface Work {
  /** Which work item (a batch's number, an action's name). */
  key: string;
  send(target: string): Promise<Answer>;
}

interface WorkOutcome {
  key: string;
  /** The first attempt's target and answer. */
  firstTarget: string;
  firstStatus: number;
  firstError?: string;
  attempts: number;
  /** Acknowledged (2xx) at last. */
  acknowledged: boolean;
  /** Sent before the kill (its first attempt). */
  sentBeforeKill: boolean;
  /** The acknowledged answer's body. */
  answer: unknown;
}

export interface KillRun {
  outcomes: WorkOutcome[];
  /** Work items in flight when the victim was killed. */
  inFlightAtKill: number;
  /** ms from the start to the kill, and the whole run. */
  killedAtMs: number;
  durationMs: number;
  /** Per target origin: requests answered 2xx, and failed (connection or 5xx). */
  byTarget: Record<string, { ok: number; failed: number }>;
  probe: ProbeResult;
}

async function runWithKill(settings: KillSettings, queues: Work[][]): Promise<KillRun> {
  const outcomes: WorkOutcome[] = [];
  const byTarget: KillRun["byTarget"] = {};
  const count = (target: string, ok: boolean) => {
    const entry = (byTarget[target] ??= { ok: 0, failed: 0 });
    if (ok) entry.ok++;
    else entry.failed++;
  };
  let acknowledged = 0;
  let inFlight = 0;
  let killed = false;
  let inFlightAtKill = 0;
  let killedAtMs = 0;
  let turn = 0;
  const probe = startProbe(settings.probe);
  const started = performance.now();

  const runOne = async (work: Work): Promise<WorkOutcome> => {
    const targets = settings.targets();
    const firstTarget = targets[turn++ % targets.length]!;
    const sentBeforeKill = !killed;
    let target = firstTarget;
    let first: Answer | null = null;
    for (let attempt = 1; ; attempt++) {
      inFlight++;
      const answer = await work.send(target);
      inFlight--;
      first ??= answer;
      count(target, !retryable(answer));
      if (!retryable(answer)) {
        if (answer.status >= 300) throw new Error(`${target} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
        acknowledged++;
        if (!killed && acknowledged >= settings.killAfter) {
          killed = true;
          inFlightAtKill = inFlight;
          killedAtMs = performance.now() - started;
          settings.kill();
        }
        return {
          key: work.key,
          firstTarget,
          firstStatus: first.status,
          ...(first.error ? { firstError: first.error } : {}),
          attempts: attempt,
          acknowledged: true,
          sentBeforeKill,
          answer: answer.json,
        };
      }
      if (attempt === MAX_ATTEMPTS) {
        return { key: work.key, firstTarget, firstStatus: first.status, attempts: attempt, acknowledged: false, sentBeforeKill, answer: null };
      }
      // Sent again to another live process when there is one (the failed one may be the dead one).
      await sleep(100 * attempt);
      const live = settings.targets();
      target = live.find((t) => t !== target) ?? live[0]!;
    }
  };

  await Promise.all(
    queues.map(async (queue) => {
      for (const work of queue) outcomes.push(await runOne(work));
    }),
  );
  return { outcomes, inFlightAtKill, killedAtMs: Math.round(killedAtMs), durationMs: Math.round(performance.now() - started), byTarget, probe: await probe.stop() };
}

// ---------------------------------------------------------------------------------------------
// kill -9 during an NDJSON ingest.

export interface IngestDrillSettings extends KillSettings {
  streamId: number;
  ingestKey: string;
  batches: number;
  batchSize: number;
  /** Clients sending batches at once. */
  concurrency: number;
  /** Makes the external ids unique to this run. */
  tag: string;
}

export interface IngestDrillResult extends KillRun {
  /** The external ids of each batch, in order. */
  batchIds: string[][];
  /** Batches acknowledged on their first attempt, sent again (their first answer lost), never acknowledged. */
  firstTry: number;
  retried: number;
  unacknowledged: number;
  /** Retried batches the killed process had stored before it died (the retry found them all duplicates). */
  retriedFoundStored: number;
  itemsPerSecond: number;
  /** Items the server refused (none expected). */
  rejected: number;
}

/** The external id of item `i` of batch `b`. */
const externalId = (tag: string, b: number, i: number) => `${tag}-${b}-${i}`;

export async function ingestKillDrill(settings: IngestDrillSettings): Promise<IngestDrillResult> {
  const batchIds = Array.from({ length: settings.batches }, (_, b) => Array.from({ length: settings.batchSize }, (_, i) => externalId(settings.tag, b, i)));
  const bodies = batchIds.map((ids, b) =>
    ids
      .map((id, i) =>
        JSON.stringify({
          external_id: id,
          text: `Drill ${settings.tag} batch ${b} item ${i}: the delivery was late again, refund please`,
          created_at: new Date(Date.now() - (b * settings.batchSize + i) * 1000).toISOString(),
          author: { username: `drill${i % 50}` },
        }),
      )
      .join("\n"),
  );
  const post = (b: number): Work => ({
    key: String(b),
    send: (target) =>
      send(`${target}/api/v1/ingest/streams/${settings.streamId}`, {
        method: "POST",
        headers: { "content-type": "application/x-ndjson", "x-ingest-key": settings.ingestKey },
        body: bodies[b]!,
      }),
  });
  // Batch b goes to client b % concurrency, each client sending its batches one after the other.
  const queues = Array.from({ length: settings.concurrency }, (_, c) =>
    batchIds.map((_, b) => b).filter((b) => b % settings.concurrency === c).map(post),
  );
  const run = await runWithKill(settings, queues);
  const reports = run.outcomes.map((o) => o.answer as { accepted: number; duplicates: number; rejected: number } | null);
  const retriedOutcomes = run.outcomes.filter((o) => o.acknowledged && o.attempts > 1);
  return {
    ...run,
    batchIds,
    firstTry: run.outcomes.filter((o) => o.acknowledged && o.attempts === 1).length,
    retried: retriedOutcomes.length,
    unacknowledged: run.outcomes.filter((o) => !o.acknowledged).length,
    retriedFoundStored: retriedOutcomes.filter((o) => (o.answer as { duplicates: number }).duplicates === settings.batchSize).length,
    itemsPerSecond: Math.round((settings.batches * settings.batchSize) / (run.durationMs / 1000)),
    rejected: reports.reduce((n, r) => n + (r?.rejected ?? 0), 0),
  };
}

export interface IngestStoredCheck {
  /** Items sent, and stored (rows of the stream). */
  sent: number;
  stored: number;
  /** Items of acknowledged batches not stored. */
  acknowledgedMissing: number;
  /** External ids stored more than once. */
  duplicates: number;
}

/** What the database holds after an ingest drill: every acknowledged item once, nothing twice. */
export async function checkIngestStored(database: DatabaseHandle, streamId: number, result: IngestDrillResult): Promise<IngestStoredCheck> {
  const rows = await database.db
    .selectFrom("feedItems")
    .select((eb) => ["externalId", eb.fn.countAll<number>().as("n")])
    .where("streamId", "=", streamId)
    .groupBy("externalId")
    .execute();
  const counts = new Map(rows.map((r) => [r.externalId, Number(r.n)]));
  const acknowledged = new Set(result.outcomes.filter((o) => o.acknowledged).map((o) => Number(o.key)));
  let acknowledgedMissing = 0;
  result.batchIds.forEach((ids, b) => {
    if (acknowledged.has(b)) acknowledgedMissing += ids.filter((id) => !counts.has(id)).length;
  });
  return {
    sent: result.batchIds.length * (result.batchIds[0]?.length ?? 0),
    stored: rows.reduce((n, r) => n + Number(r.n), 0),
    acknowledgedMissing,
    duplicates: rows.filter((r) => Number(r.n) > 1).length,
  };
}

// ---------------------------------------------------------------------------------------------
// kill -9 during triage.

/**
 * What each item goes through, one action after the other: each changes the item, so each is one history
 * row (state twice, assignment once, labels twice).
 */
const TRIAGE_STEPS = ["pending", "assign", "label-one", "label-both", "closed"] as const;
export const TRIAGE_HISTORY_PER_ITEM = { state: 2, assignment: 1, labels: 2 } as const;

export interface TriageDrillSettings extends KillSettings {
  /** One session per agent (client); agent c works on items[c]. */
  sessions: Session[];
  items: number[][];
  /** Every item is assigned to this account (notified once per item). */
  assigneeId: number;
  labelIds: [number, number];
}

export interface TriageDrillResult extends KillRun {
  actions: number;
  firstTry: number;
  retried: number;
  unacknowledged: number;
  actionsPerSecond: number;
}

export async function triageKillDrill(settings: TriageDrillSettings): Promise<TriageDrillResult> {
  const [one, two] = settings.labelIds;
  const action = (session: Session, item: number, step: (typeof TRIAGE_STEPS)[number]): Work => {
    const [path, body]: [string, unknown] =
      step === "pending"
        ? ["/api/v1/feed-items/status/properties/state", { ids: [item], state: 2 }]
        : step === "closed"
          ? ["/api/v1/feed-items/status/properties/state", { ids: [item], state: 3 }]
          : step === "assign"
            ? [`/api/v1/feed-items/${item}/assign`, { assignee_type: "account", assignee_id: settings.assigneeId }]
            : [`/api/v1/feed-items/${item}/set-labels`, { label_ids: step === "label-one" ? [one] : [one, two] }];
    return {
      key: `${item}:${step}`,
      send: (target) =>
        send(`${target}${path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${session.accessToken}`, "x-csrf-token": session.csrfToken, "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
    };
  };
  const queues = settings.sessions.map((session, c) => (settings.items[c] ?? []).flatMap((item) => TRIAGE_STEPS.map((step) => action(session, item, step))));
  const run = await runWithKill(settings, queues);
  const actions = run.outcomes.length;
  return {
    ...run,
    actions,
    firstTry: run.outcomes.filter((o) => o.acknowledged && o.attempts === 1).length,
    retried: run.outcomes.filter((o) => o.acknowledged && o.attempts > 1).length,
    unacknowledged: run.outcomes.filter((o) => !o.acknowledged).length,
    actionsPerSecond: Math.round((actions / (run.durationMs / 1000)) * 10) / 10,
  };
}

export interface TriageStoredCheck {
  items: number;
  /** History rows stored, and expected (five per item). */
  historyRows: number;
  expectedHistoryRows: number;
  /** Items with a history row type recorded more or fewer times than its actions. */
  itemsWithExtraHistory: number;
  itemsWithMissingHistory: number;
  /** Items not closed, assigned and labelled as the last actions left them. */
  itemsInWrongState: number;
  /** Assignment notifications to the assignee (one per item expected). */
  notifications: number;
}

/** What the database holds after a triage drill. */
export async function checkTriageStored(
  database: DatabaseHandle,
  settings: Pick<TriageDrillSettings, "items" | "assigneeId" | "labelIds">,
): Promise<TriageStoredCheck> {
  const ids = settings.items.flat();
  const db = database.db;
  const history = await db
    .selectFrom("feedItemActions")
    .select((eb) => ["feedItemId", "actionType", eb.fn.countAll<number>().as("n")])
    .where("feedItemId", "in", ids)
    .groupBy(["feedItemId", "actionType"])
    .execute();
  const items = await db.selectFrom("feedItems").select(["id", "state", "assignedToType", "assignedToId"]).where("id", "in", ids).execute();
  const labels = await db.selectFrom("feedItemLabels").select(["feedItemId", "labelId"]).where("feedItemId", "in", ids).execute();
  const notifications = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("accountId", "=", settings.assigneeId)
    .where("category", "=", "assignment")
    .executeTakeFirstOrThrow();
  let extra = 0;
  let missing = 0;
  for (const id of ids) {
    const rows = history.filter((h) => h.feedItemId === id);
    const countOf = (type: string) => Number(rows.find((h) => h.actionType === type)?.n ?? 0);
    const wanted = Object.entries(TRIAGE_HISTORY_PER_ITEM);
    if (wanted.some(([type, n]) => countOf(type) > n) || rows.some((h) => !(h.actionType in TRIAGE_HISTORY_PER_ITEM))) extra++;
    if (wanted.some(([type, n]) => countOf(type) < n)) missing++;
  }
  const wantedLabels = [...settings.labelIds].sort((a, b) => a - b).join(",");
  const wrong = items.filter((item) => {
    const on = labels.filter((l) => l.feedItemId === item.id).map((l) => l.labelId).sort((a, b) => a - b).join(",");
    return item.state !== 3 || item.assignedToType !== "account" || item.assignedToId !== settings.assigneeId || on !== wantedLabels;
  }).length;
  return {
    items: ids.length,
    historyRows: history.reduce((n, h) => n + Number(h.n), 0),
    expectedHistoryRows: ids.length * Object.values(TRIAGE_HISTORY_PER_ITEM).reduce((a, b) => a + b, 0),
    itemsWithExtraHistory: extra,
    itemsWithMissingHistory: missing,
    itemsInWrongState: wrong + (ids.length - items.length),
    notifications: Number(notifications.n),
  };
}

// ---------------------------------------------------------------------------------------------
// SIGTERM drains within 25 s.

/** A POST dispatched to the server (it answered 100 Continue) with only half its body sent. */
async function holdRequest(port: number, pathname: string, body: string, headers: Record<string, string>) {
  const half = Math.floor(body.length / 2);
  const request = http.request({
    host: "127.0.0.1",
    port,
    path: pathname,
    method: "POST",
    agent: false,
    headers: {
      ...headers,
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      // The server answers 100 Continue once it has dispatched the request: it is in flight.
      expect: "100-continue",
    },
  });
  const response = new Promise<number>((resolve) => {
    request.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", () => resolve(0));
    });
    request.on("error", () => resolve(0));
  });
  await new Promise<void>((resolve, reject) => {
    request.once("continue", () => resolve());
    request.once("error", reject);
  });
  request.write(body.slice(0, half));
  return { response, finish: () => request.end(body.slice(half)) };
}

/** A live event stream (GET /api/v1/notifications/live) held open; resolves when the server ends it. */
async function openStream(port: number, accessToken: string) {
  return new Promise<{ ended: Promise<number> }>((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port, path: "/api/v1/notifications/live", agent: false, headers: { authorization: `Bearer ${accessToken}`, accept: "text/event-stream" } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`live stream answered ${res.statusCode}`));
        const ended = new Promise<number>((done) => {
          res.on("close", () => done(performance.now()));
          res.on("error", () => done(performance.now()));
        });
        res.resume();
        // Open once the first comment arrives.
        res.once("data", () => resolve({ ended }));
      },
    );
    request.on("error", reject);
  });
}

/** One GET on a fresh connection: its status and Retry-After, or the connection's error code. */
function freshRequest(port: number, pathname: string, headers: Record<string, string>) {
  return new Promise<{ status: number; retryAfter: string | null; error?: string }>((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path: pathname, agent: false, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, retryAfter: (res.headers["retry-after"] as string | undefined) ?? null }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ status: 0, retryAfter: null, error: error.code ?? error.message }));
  });
}

/** "connected", or the error code of a fresh TCP connection. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
  });
}

export interface DrainSettings {
  /** The server process to stop (a cluster's primary, or one instance), and its port. */
  child: ChildProcess;
  port: number;
  session: Session;
  /** Requests held in flight (half their body sent) when SIGTERM comes, and live streams open. */
  held: number;
  streams: number;
  /** How long after the signal the held requests send the rest of their bodies (slow clients). */
  holdAfterSignalMs: number;
}

export interface DrainResult {
  /** ms from SIGTERM to the process's exit, and its exit code. */
  exitMs: number;
  exitCode: number | null;
  /** The held requests' answers (200 each expected). */
  heldStatuses: number[];
  /** A request on a new connection while draining: its status (503 expected) and Retry-After. */
  duringStatus: number;
  duringRetryAfter: string | null;
  /** ms from SIGTERM until a new request was told 503. */
  refusedAfterMs: number;
  /** Live streams ended by the server, and the latest end (ms after SIGTERM). */
  streamsEnded: number;
  streamsEndedMs: number;
  /** A new connection after the exit ("ECONNREFUSED" expected). */
  afterExit: string;
}

export async function sigtermDrainDrill(settings: DrainSettings): Promise<DrainResult> {
  const auth = { authorization: `Bearer ${settings.session.accessToken}`, "x-csrf-token": settings.session.csrfToken };
  const held = await Promise.all(
    Array.from({ length: settings.held }, (_, i) =>
      holdRequest(settings.port, "/api/v1/queries/validate", JSON.stringify({ query: `refund AND "drain ${i}"` }), auth),
    ),
  );
  const streams = await Promise.all(Array.from({ length: settings.streams }, () => openStream(settings.port, settings.session.accessToken)));
  const exited = new Promise<number | null>((resolve) => {
    if (settings.child.exitCode !== null || settings.child.signalCode !== null) resolve(settings.child.exitCode);
    else settings.child.once("exit", (code) => resolve(code));
  });
  const signalled = performance.now();
  settings.child.kill("SIGTERM");
  let during: Awaited<ReturnType<typeof freshRequest>> = { status: 0, retryAfter: null };
  let refusedAfterMs = -1;
  const finishAt = signalled + settings.holdAfterSignalMs;
  // New requests until the slow ones finish: the first that is turned away is kept.
  while (performance.now() < finishAt || refusedAfterMs < 0) {
    const answer = await freshRequest(settings.port, "/api/v1/streams", { authorization: auth.authorization });
    if (refusedAfterMs < 0) {
      during = answer;
      if (answer.status !== 200) refusedAfterMs = Math.round(performance.now() - signalled);
      else if (performance.now() - signalled > 10_000) break;
    }
    await sleep(100);
  }
  for (const request of held) request.finish();
  const heldStatuses = await Promise.all(held.map((r) => r.response));
  const ends = await Promise.all(streams.map((s) => Promise.race([s.ended, exited.then(() => null)])));
  const exitCode = await exited;
  const exitMs = Math.round(performance.now() - signalled);
  const endedAt = ends.filter((t): t is number => t !== null);
  return {
    exitMs,
    exitCode,
    heldStatuses,
    duringStatus: during.status,
    duringRetryAfter: during.retryAfter,
    refusedAfterMs,
    streamsEnded: endedAt.length,
    streamsEndedMs: endedAt.length ? Math.round(Math.max(...endedAt) - signalled) : -1,
    afterExit: await tryConnect(settings.port),
  };
}

// ---------------------------------------------------------------------------------------------
// Setting up: streams, items and labels through the API of a live process.

/** An API stream (ingest key) made through `origin`. */
export async function createIngestStream(origin: string, admin: Session, name: string, source: "api" | "import" = "api"): Promise<{ id: number; key: string }> {
  const created = await apiCall(origin, admin, "POST", "/api/v1/streams", {
    name,
    social_type: source === "api" ? "twitter" : "zendesk",
    category: source === "api" ? "streams" : "inboxes",
    source,
  });
  if (created.status !== 201) throw new Error(`POST /api/v1/streams answered ${created.status}: ${JSON.stringify(created.json)}`);
  const json = created.json as { id: number; ingest_key: string | null };
  return { id: json.id, key: json.ingest_key ?? "" };
}

/**
 * What a triage drill works on: `agents` sessions of the agent, `perAgent` items each (ingested through
 * `origin`), two labels; the items are assigned to the admin (who is notified once per item).
 */
export async function setUpTriage(
  origin: string,
  database: DatabaseHandle,
  accounts: { admin: { id: number; email: string }; agent: { email: string } },
  options: { agents: number; perAgent: number; tag: string },
): Promise<Pick<TriageDrillSettings, "sessions" | "items" | "assigneeId" | "labelIds">> {
  const admin = await apiSignIn(origin, accounts.admin.email);
  const stream = await createIngestStream(origin, admin, `Triage ${options.tag}`);
  const total = options.agents * options.perAgent;
  const body = Array.from({ length: total }, (_, i) =>
    JSON.stringify({ external_id: `${options.tag}-t${i}`, text: `Triage ${i}: my order never arrived`, created_at: new Date(Date.now() - i * 60_000).toISOString(), author: { username: `buyer${i}` } }),
  ).join("\n");
  const ingested = await send(`${origin}/api/v1/ingest/streams/${stream.id}`, {
    method: "POST",
    headers: { "content-type": "application/x-ndjson", "x-ingest-key": stream.key },
    body,
  });
  if (ingested.status !== 200) throw new Error(`ingest answered ${ingested.status}`);
  const rows = await database.db.selectFrom("feedItems").select("id").where("streamId", "=", stream.id).orderBy("id").execute();
  if (rows.length !== total) throw new Error(`${rows.length} items stored, ${total} sent`);
  const labelIds: number[] = [];
  for (const name of ["Refund", "Courier"]) {
    const label = await apiCall(origin, admin, "POST", "/api/labels", { name: `${name} ${options.tag}` });
    if (label.status !== 201) throw new Error(`POST /api/labels answered ${label.status}`);
    labelIds.push((label.json as { id: number }).id);
  }
  const sessions = await Promise.all(Array.from({ length: options.agents }, () => apiSignIn(origin, accounts.agent.email)));
  return {
    sessions,
    items: sessions.map((_, c) => rows.slice(c * options.perAgent, (c + 1) * options.perAgent).map((r) => r.id)),
    assigneeId: accounts.admin.id,
    labelIds: [labelIds[0]!, labelIds[1]!],
  };
}

/**
 * A file import (NDJSON) whose upload stays open: the first lines are sent, the rest when `finish` is
 * called. Its record is "running" meanwhile, on the process that took it.
 */
export function startHeldImport(origin: string, session: Session, streamId: number, tag: string) {
  const encoder = new TextEncoder();
  const line = (i: number) => `${JSON.stringify({ external_id: `${tag}-i${i}`, text: `Imported ${i}: where is my parcel`, created_at: new Date(Date.now() - i * 1000).toISOString(), author: { username: `c${i}` } })}\n`;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const response = send(`${origin}/api/v1/streams/${streamId}/imports?format=ndjson&file_name=${tag}.ndjson`, {
    method: "POST",
    headers: { authorization: `Bearer ${session.accessToken}`, "x-csrf-token": session.csrfToken, "content-type": "application/x-ndjson" },
    body,
    duplex: "half",
  } as RequestInit & { duplex: "half" });
  controller.enqueue(encoder.encode(Array.from({ length: 10 }, (_, i) => line(i)).join("")));
  return {
    response,
    /** Sends the rest of the file; the import's answer. */
    finish() {
      controller.enqueue(encoder.encode(Array.from({ length: 10 }, (_, i) => line(10 + i)).join("")));
      controller.close();
      return response;
    },
  };
}

/** The newest import of the stream: its id and status, once there is one. */
export async function latestImport(database: DatabaseHandle, streamId: number) {
  return database.db.selectFrom("imports").select(["id", "status", "heartbeatAt"]).where("streamId", "=", streamId).orderBy("id", "desc").executeTakeFirst();
}
