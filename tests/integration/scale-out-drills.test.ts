// The fault drills of issue 28 on two instances sharing one PostgreSQL database, as two machines would
// (ADR 043): kill -9 of one of two instances during an NDJSON ingest and during triage loses no
// acknowledged item or action and stores none twice, while the other keeps serving; the dead one's running
// import is marked interrupted after a lease, while an import running on a live instance is not when
// another instance starts. Needs `npm run build` and PostgreSQL
// (scripts/with-postgres.sh); without PostgreSQL it is skipped. bench/drills.ts prints the figures.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkIngestStored,
  checkTriageStored,
  createIngestStream,
  ingestKillDrill,
  latestImport,
  setUpTriage,
  startHeldImport,
  triageKillDrill,
} from "../../bench/lib/drills";
import type { RunningServer } from "../../bench/lib/server";
import { DRILL_LEASE_SECONDS, DRILL_POLL_SECONDS, startTwoInstances, waitUntil, type Session, type TwoInstances } from "../../bench/lib/two-instances";
import { testEngines } from "../support/database";

const ROOT = path.resolve(__dirname, "../..");
const postgres = testEngines({ engineSpecific: true }).includes("postgres");

// In order: A is killed mid-ingest (B survives); C starts while an import runs on B; C is killed mid-triage.
describe.skipIf(!postgres)("kill -9 and restarts, two instances on one PostgreSQL", () => {
  let t: TwoInstances;
  let admin: Session;
  let importStream = 0;
  /** A third instance, started by the import test after A is killed; the triage drill's victim. */
  let c: RunningServer | undefined;

  beforeAll(async () => {
    t = await startTwoInstances(ROOT, process.env.TEST_DATABASE_URL!);
    admin = await t.signIn(t.a, t.admin.email);
    importStream = (await createIngestStream(t.a.origin, admin, "Imports", "import")).id;
  }, 60_000);
  afterAll(() => t?.stop(), 30_000);

  it("kill -9 of one of two instances mid-ingest: every acknowledged batch stored once, retried batches once too, the other serves throughout; its running import is marked interrupted after a lease", async () => {
    const stream = await createIngestStream(t.a.origin, admin, "Drill ingest");
    const [victim, survivor] = [t.a, t.b];
    // An import in progress on the victim: it dies with it.
    const orphan = startHeldImport(victim.origin, admin, importStream, "orphan");
    expect(await waitUntil(async () => (await latestImport(t.database, importStream))?.status === "running", 10_000)).toBe(true);
    const orphanId = (await latestImport(t.database, importStream))!.id;
    let killed = false;
    const result = await ingestKillDrill({
      streamId: stream.id,
      ingestKey: stream.key,
      targets: () => (killed ? [survivor.origin] : [victim.origin, survivor.origin]),
      killAfter: 10,
      kill: () => {
        killed = true;
        victim.child.kill("SIGKILL");
      },
      probe: survivor.origin,
      batches: 30,
      batchSize: 100,
      concurrency: 4,
      tag: "pgdrill",
    });
    expect((await orphan.response).status).toBe(0);
    console.info(
      `ingest, kill -9 after ${result.killedAtMs} ms: ${result.inFlightAtKill} batches in flight, ${result.retried} sent again (${result.retriedFoundStored} already stored), probes ${result.probe.ok} ok / ${result.probe.failed} failed, max gap ${result.probe.maxGapMs} ms, ${result.itemsPerSecond} items/s`,
    );
    expect(result.unacknowledged).toBe(0);
    expect(result.rejected).toBe(0);
    expect(result.firstTry + result.retried).toBe(30);
    // The survivor answered every request it got, ingest and probes alike.
    expect(result.byTarget[survivor.origin]!.failed).toBe(0);
    expect(result.probe.failed).toBe(0);
    expect(await checkIngestStored(t.database, stream.id, result)).toEqual({ sent: 3_000, stored: 3_000, acknowledgedMissing: 0, duplicates: 0 });
    // The orphaned import: the survivor's interrupted-imports job marks it once its heartbeat is a lease old.
    expect(
      await waitUntil(
        async () => (await t.database.db.selectFrom("imports").select("status").where("id", "=", orphanId).executeTakeFirstOrThrow()).status === "interrupted",
        (DRILL_LEASE_SECONDS + 8 * DRILL_POLL_SECONDS) * 1000,
      ),
    ).toBe(true);
  }, 60_000);

  it("an import running on the survivor is not marked interrupted when another instance starts, nor by the others' rounds", async () => {
    const held = startHeldImport(t.b.origin, admin, importStream, "held");
    expect(await waitUntil(async () => (await latestImport(t.database, importStream))?.status === "running", 10_000)).toBe(true);
    const before = (await latestImport(t.database, importStream))!;
    // Another instance starts (its start marks imports whose heartbeat is stale), then the scheduler rounds
    // of both (the interrupted-imports job) pass over two leases.
    c = await t.startInstance("c");
    await new Promise((r) => setTimeout(r, 2 * DRILL_LEASE_SECONDS * 1000));
    const during = (await latestImport(t.database, importStream))!;
    expect(during).toMatchObject({ id: before.id, status: "running" });
    expect(during.heartbeatAt! > before.heartbeatAt!).toBe(true);
    const done = await held.finish();
    expect(done.status).toBe(201);
    expect(done.json).toMatchObject({ id: before.id, status: "done", accepted: 20, rejected: 0 });
  }, 40_000);

  it("kill -9 of one of two instances mid-triage: every action one history row, none twice, the state right; the other serves throughout", async () => {
    const [survivor, victim] = [t.b, c!];
    const setup = await setUpTriage(survivor.origin, t.database, t, { agents: 4, perAgent: 5, tag: "pgtriage" });
    let killed = false;
    const result = await triageKillDrill({
      ...setup,
      targets: () => (killed ? [survivor.origin] : [victim.origin, survivor.origin]),
      killAfter: 30,
      kill: () => {
        killed = true;
        victim.child.kill("SIGKILL");
      },
      probe: survivor.origin,
    });
    expect(killed).toBe(true);
    console.info(
      `triage, kill -9 after ${result.killedAtMs} ms: ${result.inFlightAtKill} actions in flight, ${result.retried} sent again, probes ${result.probe.ok} ok / ${result.probe.failed} failed, max gap ${result.probe.maxGapMs} ms, ${result.actionsPerSecond} actions/s`,
    );
    expect(result.unacknowledged).toBe(0);
    expect(result.actions).toBe(4 * 5 * 5);
    expect(result.byTarget[survivor.origin]!.failed).toBe(0);
    expect(result.probe.failed).toBe(0);
    expect(await checkTriageStored(t.database, setup)).toEqual({
      items: 20,
      historyRows: 20 * 5,
      expectedHistoryRows: 20 * 5,
      itemsWithExtraHistory: 0,
      itemsWithMissingHistory: 0,
      itemsInWrongState: 0,
      notifications: 20,
    });
  }, 60_000);
});
