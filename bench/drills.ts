// `npm run bench -- drills` (issue 28, ADR 043): the fault drills, with their figures.
// PostgreSQL, two instances on two ports sharing one database (BENCH_DATABASE_URL, else TEST_DATABASE_URL,
// else postgres://postgres@127.0.0.1:5432/postgres; a fresh database is made and dropped):
// - kill -9 of one instance during an NDJSON ingest (4 clients, batches of 100 to both in turn; a batch
//   whose answer is lost is sent again to the survivor): acknowledged items missing, items stored twice,
//   the survivor's failed answers, and how soon the dead instance's running import is marked interrupted;
// - an import running on the survivor while a third instance starts and three leases pass: still running;
// - kill -9 of the third instance during triage (agents set states, assign and label through it and the
//   survivor): history rows beyond or short of the actions, items left in the wrong state;
// - SIGTERM of an instance with requests in flight and live streams open: time to exit.
// SQLite, WEB_CONCURRENCY=2 (two processes behind one port): the same kill -9 drills on one of the two
// processes, and SIGTERM of the whole server.
// tests/integration/scale-out-drills.test.ts and cluster-drills.test.ts assert the same in CI, smaller.
import {
  checkIngestStored,
  checkTriageStored,
  createIngestStream,
  ingestKillDrill,
  latestImport,
  setUpTriage,
  sigtermDrainDrill,
  startHeldImport,
  triageKillDrill,
  type DrainResult,
} from "./lib/drills";
import { startSqliteCluster } from "./lib/sqlite-cluster";
import { sleep } from "./lib/stats";
import { apiSignIn, DRILL_LEASE_SECONDS, startTwoInstances, waitUntil } from "./lib/two-instances";
import type { BenchContext, BenchOutcome, Check } from "./lib/types";

const BATCHES = Number(process.env.BENCH_DRILL_BATCHES) || 80;
const BATCH_SIZE = 100;
const AGENTS = 6;
const ITEMS_PER_AGENT = 10;
const HELD = 10;
const STREAMS = 4;
const HOLD_MS = 2_000;

export async function run(ctx: BenchContext): Promise<BenchOutcome> {
  const checks: Check[] = [];
  const figures: BenchOutcome["figures"] = [];
  const results: Record<string, unknown> = {};

  // --- PostgreSQL: two instances, as two machines.
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const t = await startTwoInstances(ctx.root, serverUrl);
  try {
    const admin = await t.signIn(t.a, t.admin.email);
    const importStream = (await createIngestStream(t.a.origin, admin, "Imports", "import")).id;

    // kill -9 during an NDJSON ingest, with an import running on the victim.
    const stream = await createIngestStream(t.a.origin, admin, "Drill ingest");
    const [victim, survivor] = [t.a, t.b];
    const orphan = startHeldImport(victim.origin, admin, importStream, "orphan");
    await waitUntil(async () => (await latestImport(t.database, importStream))?.status === "running", 10_000);
    const orphanId = (await latestImport(t.database, importStream))!.id;
    let killed = false;
    let killedAt = 0;
    const ingest = await ingestKillDrill({
      streamId: stream.id,
      ingestKey: stream.key,
      targets: () => (killed ? [survivor.origin] : [victim.origin, survivor.origin]),
      killAfter: Math.floor(BATCHES / 3),
      kill: () => {
        killed = true;
        killedAt = performance.now();
        victim.child.kill("SIGKILL");
      },
      probe: survivor.origin,
      batches: BATCHES,
      batchSize: BATCH_SIZE,
      concurrency: 4,
      tag: "pgbench",
    });
    await orphan.response;
    const stored = await checkIngestStored(t.database, stream.id, ingest);
    await waitUntil(async () => (await t.database.db.selectFrom("imports").select("status").where("id", "=", orphanId).executeTakeFirstOrThrow()).status === "interrupted", 30_000);
    const orphanMarkedMs = Math.round(performance.now() - killedAt);
    ctx.log(
      `  PG ingest, kill -9 of A after ${ingest.killedAtMs} ms: ${ingest.firstTry} batches acknowledged first time, ${ingest.retried} sent again (${ingest.retriedFoundStored} already stored by A), ${ingest.inFlightAtKill} in flight at the kill; stored ${stored.stored}/${stored.sent}, ${stored.duplicates} twice, ${stored.acknowledgedMissing} acknowledged missing; B failed ${ingest.byTarget[survivor.origin]?.failed ?? 0} of ${(ingest.byTarget[survivor.origin]?.ok ?? 0) + (ingest.byTarget[survivor.origin]?.failed ?? 0)}, probes ${ingest.probe.failed} failed (max gap ${ingest.probe.maxGapMs} ms); ${ingest.itemsPerSecond} items/s; A's import marked interrupted ${orphanMarkedMs} ms after the kill`,
    );
    checks.push(
      { label: "PG ingest kill -9: acknowledged items missing", value: stored.acknowledgedMissing, unit: "", target: 0, kind: "max" },
      { label: "PG ingest kill -9: items stored twice", value: stored.duplicates, unit: "", target: 0, kind: "max" },
      { label: "PG ingest kill -9: the survivor's failed answers (ingest and probes)", value: (ingest.byTarget[survivor.origin]?.failed ?? 0) + ingest.probe.failed, unit: "", target: 0, kind: "max" },
      { label: `PG: the killed instance's import marked interrupted after (lease ${DRILL_LEASE_SECONDS} s)`, value: orphanMarkedMs, unit: "ms", target: 10_000, kind: "max" },
    );
    figures.push(
      { label: "PG ingest drill: items/s with the kill", value: ingest.itemsPerSecond },
      { label: "PG ingest drill: batches in flight at the kill / sent again / already stored", value: `${ingest.inFlightAtKill} / ${ingest.retried} / ${ingest.retriedFoundStored}` },
    );
    results.pgIngest = { ...ingest, outcomes: undefined, batchIds: undefined, stored, orphanMarkedMs };

    // An import on the survivor while another instance starts and three leases pass.
    const held = startHeldImport(survivor.origin, admin, importStream, "held");
    await waitUntil(async () => (await latestImport(t.database, importStream))?.status === "running", 10_000);
    const victim2 = await t.startInstance("c");
    await sleep(3 * DRILL_LEASE_SECONDS * 1000);
    const during = await latestImport(t.database, importStream);
    const heldDone = await held.finish();
    ctx.log(`  import on B while C started and ${3 * DRILL_LEASE_SECONDS} s passed: ${during?.status}; finished ${heldDone.status} ${(heldDone.json as { status?: string } | null)?.status}`);
    checks.push({ label: "PG: an import on one instance marked interrupted by another's start or rounds", value: during?.status === "running" ? 0 : 1, unit: "", target: 0, kind: "max" });

    // kill -9 during triage: B and C.
    const setup = await setUpTriage(survivor.origin, t.database, t, { agents: AGENTS, perAgent: ITEMS_PER_AGENT, tag: "pgtriage" });
    let killed2 = false;
    const triage = await triageKillDrill({
      ...setup,
      targets: () => (killed2 ? [survivor.origin] : [victim2.origin, survivor.origin]),
      killAfter: Math.floor((AGENTS * ITEMS_PER_AGENT * 5) / 3),
      kill: () => {
        killed2 = true;
        victim2.child.kill("SIGKILL");
      },
      probe: survivor.origin,
    });
    const triaged = await checkTriageStored(t.database, setup);
    logTriage(ctx, "PG", triage, triaged);
    checks.push(
      { label: "PG triage kill -9: history rows beyond the actions", value: triaged.itemsWithExtraHistory, unit: "items", target: 0, kind: "max" },
      { label: "PG triage kill -9: acknowledged actions missing or items in the wrong state", value: triaged.itemsWithMissingHistory + triaged.itemsInWrongState, unit: "items", target: 0, kind: "max" },
      { label: "PG triage kill -9: the survivor's failed answers", value: (triage.byTarget[survivor.origin]?.failed ?? 0) + triage.probe.failed, unit: "", target: 0, kind: "max" },
    );
    figures.push({ label: "PG triage drill: actions/s / in flight at the kill / sent again", value: `${triage.actionsPerSecond} / ${triage.inFlightAtKill} / ${triage.retried}` });
    results.pgTriage = { ...triage, outcomes: undefined, triaged };

    // SIGTERM of the survivor with requests in flight and live streams open.
    const agent = await apiSignIn(survivor.origin, t.agent.email);
    const drain = await sigtermDrainDrill({ child: survivor.child, port: survivor.port, session: agent, held: HELD, streams: STREAMS, holdAfterSignalMs: HOLD_MS });
    logDrain(ctx, "PG instance", drain);
    checks.push(...drainChecks("PG instance", drain));
    results.pgDrain = drain;
  } finally {
    await t.stop();
  }

  // --- SQLite, two processes behind one port.
  const cluster = await startSqliteCluster(ctx.root);
  try {
    const killOne = () => {
      const pid = [...cluster.workerPids().values()].at(-1)!;
      process.kill(pid, "SIGKILL");
      return pid;
    };
    const admin = await apiSignIn(cluster.server.origin, cluster.admin.email);
    const stream = await createIngestStream(cluster.server.origin, admin, "Drill ingest");
    let victim = 0;
    let killedAt = 0;
    const ingest = await ingestKillDrill({
      streamId: stream.id,
      ingestKey: stream.key,
      targets: () => [cluster.server.origin],
      killAfter: Math.floor(BATCHES / 3),
      kill: () => {
        killedAt = performance.now();
        victim = killOne();
      },
      probe: cluster.server.origin,
      batches: BATCHES,
      batchSize: BATCH_SIZE,
      concurrency: 4,
      tag: "sqlitebench",
    });
    const stored = await checkIngestStored(cluster.database, stream.id, ingest);
    await cluster.waitForWorkers(2, [victim], 30_000);
    const replacedMs = Math.round(performance.now() - killedAt);
    ctx.log(
      `  SQLite ingest, kill -9 of one of 2 processes after ${ingest.killedAtMs} ms: ${ingest.firstTry} batches acknowledged first time, ${ingest.retried} sent again (${ingest.retriedFoundStored} already stored), ${ingest.inFlightAtKill} in flight; stored ${stored.stored}/${stored.sent}, ${stored.duplicates} twice, ${stored.acknowledgedMissing} acknowledged missing; probes ${ingest.probe.ok} ok, ${ingest.probe.failed} failed, max gap ${ingest.probe.maxGapMs} ms; ${ingest.itemsPerSecond} items/s; replaced (listening) after ${replacedMs} ms`,
    );
    checks.push(
      { label: "SQLite ×2 ingest kill -9: acknowledged items missing", value: stored.acknowledgedMissing, unit: "", target: 0, kind: "max" },
      { label: "SQLite ×2 ingest kill -9: items stored twice", value: stored.duplicates, unit: "", target: 0, kind: "max" },
      { label: "SQLite ×2 ingest kill -9: longest time the port gave no answer", value: ingest.probe.maxGapMs, unit: "ms", target: 2_000, kind: "max" },
    );
    figures.push(
      { label: "SQLite ×2 ingest drill: items/s with the kill", value: ingest.itemsPerSecond },
      { label: "SQLite ×2: a killed process replaced and listening after", value: replacedMs, unit: "ms" },
    );
    results.sqliteIngest = { ...ingest, outcomes: undefined, batchIds: undefined, stored, replacedMs };

    const setup = await setUpTriage(cluster.server.origin, cluster.database, cluster, { agents: AGENTS, perAgent: ITEMS_PER_AGENT, tag: "sqlitetriage" });
    const triage = await triageKillDrill({
      ...setup,
      targets: () => [cluster.server.origin],
      killAfter: Math.floor((AGENTS * ITEMS_PER_AGENT * 5) / 3),
      kill: () => void killOne(),
      probe: cluster.server.origin,
    });
    const triaged = await checkTriageStored(cluster.database, setup);
    logTriage(ctx, "SQLite ×2", triage, triaged);
    checks.push(
      { label: "SQLite ×2 triage kill -9: history rows beyond the actions", value: triaged.itemsWithExtraHistory, unit: "items", target: 0, kind: "max" },
      { label: "SQLite ×2 triage kill -9: acknowledged actions missing or items in the wrong state", value: triaged.itemsWithMissingHistory + triaged.itemsInWrongState, unit: "items", target: 0, kind: "max" },
    );
    figures.push({ label: "SQLite ×2 triage drill: actions/s / in flight at the kill / sent again", value: `${triage.actionsPerSecond} / ${triage.inFlightAtKill} / ${triage.retried}` });
    results.sqliteTriage = { ...triage, outcomes: undefined, triaged };

    await cluster.waitForWorkers(2);
    const agent = await apiSignIn(cluster.server.origin, cluster.agent.email);
    const drain = await sigtermDrainDrill({ child: cluster.server.child, port: cluster.server.port, session: agent, held: HELD, streams: STREAMS, holdAfterSignalMs: HOLD_MS });
    logDrain(ctx, "SQLite ×2 server", drain);
    checks.push(...drainChecks("SQLite ×2 server", drain));
    results.sqliteDrain = drain;
  } finally {
    await cluster.stop();
  }

  return { name: "drills", checks, figures, warnings: ["measured on a machine shared with other work"], results };
}

function logTriage(ctx: BenchContext, label: string, triage: Awaited<ReturnType<typeof triageKillDrill>>, triaged: Awaited<ReturnType<typeof checkTriageStored>>) {
  ctx.log(
    `  ${label} triage, kill -9 after ${triage.killedAtMs} ms: ${triage.actions} actions, ${triage.retried} sent again, ${triage.inFlightAtKill} in flight at the kill; history ${triaged.historyRows}/${triaged.expectedHistoryRows} rows, ${triaged.itemsWithExtraHistory} items with a row twice, ${triaged.itemsInWrongState} in the wrong state, ${triaged.notifications}/${triaged.items} notifications; probes ${triage.probe.failed} failed (max gap ${triage.probe.maxGapMs} ms); ${triage.actionsPerSecond} actions/s`,
  );
}

function logDrain(ctx: BenchContext, label: string, drain: DrainResult) {
  ctx.log(
    `  ${label} SIGTERM with ${HELD} requests in flight for ${HOLD_MS} ms and ${STREAMS} live streams: exited (code ${drain.exitCode}) after ${drain.exitMs} ms; in flight answered ${drain.heldStatuses.filter((s) => s === 200).length}/${HELD}; a new request told ${drain.duringStatus} after ${drain.refusedAfterMs} ms; streams ended ${drain.streamsEnded}/${STREAMS} within ${drain.streamsEndedMs} ms; afterwards ${drain.afterExit}`,
  );
}

function drainChecks(label: string, drain: DrainResult): Check[] {
  return [
    { label: `${label}: SIGTERM → exited, requests in flight ${HOLD_MS / 1000} s`, value: drain.exitMs, unit: "ms", target: 25_000, kind: "max" },
    { label: `${label}: requests in flight not answered 200`, value: drain.heldStatuses.filter((s) => s !== 200).length, unit: "", target: 0, kind: "max" },
  ];
}
