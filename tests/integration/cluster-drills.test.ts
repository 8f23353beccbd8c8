// The fault drills of issue 28 on one machine: Earshot on SQLite with WEB_CONCURRENCY=2, two processes
// behind one port (ADR 043). kill -9 of one of the two during an NDJSON ingest and during triage loses no
// acknowledged item or action and stores none twice, the other keeps serving and the dead one is
// replaced; SIGTERM drains: requests in flight are answered, new ones told 503, live streams ended, and
// the server exits within 25 s. Needs `npm run build`. bench/drills.ts prints the figures.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkIngestStored,
  checkTriageStored,
  createIngestStream,
  ingestKillDrill,
  setUpTriage,
  sigtermDrainDrill,
  triageKillDrill,
} from "../../bench/lib/drills";
import { startSqliteCluster, type SqliteCluster } from "../../bench/lib/sqlite-cluster";
import { apiSignIn } from "../../bench/lib/two-instances";

const ROOT = path.resolve(__dirname, "../..");

describe("two processes on one SQLite file (WEB_CONCURRENCY=2)", () => {
  let cluster: SqliteCluster;

  beforeAll(async () => {
    cluster = await startSqliteCluster(ROOT);
  }, 60_000);
  afterAll(() => cluster?.stop(), 30_000);

  /** Kills one live worker with SIGKILL; its pid. */
  const killOneWorker = () => {
    const pid = [...cluster.workerPids().values()].at(-1)!;
    process.kill(pid, "SIGKILL");
    return pid;
  };

  it("kill -9 of one process mid-ingest: every acknowledged batch stored once, retried batches once too, the port keeps answering, the process is replaced", async () => {
    const admin = await apiSignIn(cluster.server.origin, cluster.admin.email);
    const stream = await createIngestStream(cluster.server.origin, admin, "Drill ingest");
    let victim = 0;
    const result = await ingestKillDrill({
      streamId: stream.id,
      ingestKey: stream.key,
      targets: () => [cluster.server.origin],
      killAfter: 8,
      kill: () => {
        victim = killOneWorker();
      },
      probe: cluster.server.origin,
      batches: 24,
      batchSize: 100,
      concurrency: 4,
      tag: "sqlitedrill",
    });
    expect(victim).toBeGreaterThan(0);
    console.info(
      `ingest, kill -9 after ${result.killedAtMs} ms: ${result.inFlightAtKill} batches in flight, ${result.retried} sent again (${result.retriedFoundStored} already stored), probes ${result.probe.ok} ok / ${result.probe.failed} failed, max gap ${result.probe.maxGapMs} ms, ${result.itemsPerSecond} items/s`,
    );
    expect(result.unacknowledged).toBe(0);
    expect(result.rejected).toBe(0);
    expect(await checkIngestStored(cluster.database, stream.id, result)).toEqual({ sent: 2_400, stored: 2_400, acknowledgedMissing: 0, duplicates: 0 });
    // The other process answered on the port all along: no gap of more than two seconds between answers.
    expect(result.probe.ok).toBeGreaterThan(0);
    expect(result.probe.maxGapMs).toBeLessThan(2_000);
    // The primary replaced the dead process.
    await cluster.waitForWorkers(2, [victim], 20_000);
  }, 60_000);

  it("kill -9 of one process mid-triage: every action one history row, none twice, the state right", async () => {
    await cluster.waitForWorkers(2);
    const setup = await setUpTriage(cluster.server.origin, cluster.database, cluster, { agents: 4, perAgent: 6, tag: "sqlitetriage" });
    let victim = 0;
    const result = await triageKillDrill({
      ...setup,
      targets: () => [cluster.server.origin],
      killAfter: 40,
      kill: () => {
        victim = killOneWorker();
      },
      probe: cluster.server.origin,
    });
    expect(victim).toBeGreaterThan(0);
    console.info(
      `triage, kill -9 after ${result.killedAtMs} ms: ${result.inFlightAtKill} actions in flight, ${result.retried} sent again, probes ${result.probe.ok} ok / ${result.probe.failed} failed, max gap ${result.probe.maxGapMs} ms, ${result.actionsPerSecond} actions/s`,
    );
    expect(result.unacknowledged).toBe(0);
    expect(result.actions).toBe(4 * 6 * 5);
    expect(result.probe.maxGapMs).toBeLessThan(2_000);
    expect(await checkTriageStored(cluster.database, setup)).toEqual({
      items: 24,
      historyRows: 24 * 5,
      expectedHistoryRows: 24 * 5,
      itemsWithExtraHistory: 0,
      itemsWithMissingHistory: 0,
      itemsInWrongState: 0,
      notifications: 24,
    });
    await cluster.waitForWorkers(2, [victim], 20_000);
  }, 60_000);

  it("SIGTERM drains both processes within 25 s: requests in flight answered, new ones told 503, live streams ended, then the port refuses", async () => {
    await cluster.waitForWorkers(2);
    const agent = await apiSignIn(cluster.server.origin, cluster.agent.email);
    const drain = await sigtermDrainDrill({
      child: cluster.server.child,
      port: cluster.server.port,
      session: agent,
      held: 10,
      streams: 4,
      holdAfterSignalMs: 1_500,
    });
    console.info(`SIGTERM → exit ${drain.exitMs} ms (2 processes, 10 requests in flight for 1.5 s, 4 live streams)`);
    expect(drain.heldStatuses).toEqual(Array.from({ length: 10 }, () => 200));
    expect(drain.duringStatus).toBe(503);
    expect(Number(drain.duringRetryAfter)).toBeGreaterThan(0);
    expect(drain.streamsEnded).toBe(4);
    expect(drain.exitCode).toBe(0);
    expect(drain.exitMs).toBeLessThan(25_000);
    expect(drain.afterExit).toBe("ECONNREFUSED");
  }, 60_000);
});
