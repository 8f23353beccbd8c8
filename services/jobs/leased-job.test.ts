import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimJobLease, ensureJobLease, findJobLease } from "../../db/repositories/leases";
import type { ServiceDeps } from "../context";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import { testDeps } from "../../tests/support/search";
import { runLeasedJob, type ScheduledJob } from "./leased-job";
import { startScheduler } from "../../jobs/scheduler";

// A job runs once per due time however many processes offer to run it (ADR 043): claims race, a holder's
// renewals keep the job while it runs, and a dead holder's job is taken over once its lease ran out.
describe.each(testEngines({ engineSpecific: true }))("leased jobs on %s", (engine) => {
  let database: TestDatabase;
  let clock: number;
  let deps: ServiceDeps;
  let n = 0;
  const uniqueName = () => `job-${engine}-${++n}`;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    clock = Date.parse("2026-11-29T08:00:00.000Z");
    deps = { ...testDeps(database.db, undefined), now: () => new Date(clock) };
  }, 60_000);
  afterAll(() => database?.cleanup());

  function countingJob(name: string, everyMs: number, work: () => Promise<void> = async () => undefined) {
    const job: ScheduledJob & { count: number } = {
      name,
      everyMs,
      count: 0,
      run: async () => {
        job.count++;
        await work();
      },
    };
    return job;
  }

  it("runs a due job once when several processes offer at the same time, then not until it is due again", async () => {
    const job = countingJob(uniqueName(), 60_000, () => new Promise((r) => setTimeout(r, 30)));
    const offers = await Promise.all(
      ["a", "b", "c", "d", "e"].map((owner) => runLeasedJob(deps, job, { owner, leaseMs: 10_000 })),
    );
    expect(offers.filter((o) => o === "ran")).toHaveLength(1);
    expect(offers.filter((o) => o === "not-due")).toHaveLength(4);
    expect(job.count).toBe(1);
    expect(await runLeasedJob(deps, job, { owner: "a", leaseMs: 10_000 })).toBe("not-due");
    clock += 60_000;
    expect(await runLeasedJob(deps, job, { owner: "b", leaseMs: 10_000 })).toBe("ran");
    expect(job.count).toBe(2);
    const row = await findJobLease(deps.db, job.name);
    expect(row).toMatchObject({ runs: 2, owner: null, leaseUntil: null, dueAt: new Date(clock + 60_000).toISOString() });
  });

  it("takes over the job of a holder that died once its lease ran out, and the due run finishes once", async () => {
    const job = countingJob(uniqueName(), 60_000);
    const start = new Date(clock).toISOString();
    // A process took the lease and was killed: it never renews and never finishes.
    await ensureJobLease(deps.db, job.name, start);
    expect(await claimJobLease(deps.db, { name: job.name, owner: "dead", now: start, leaseUntil: new Date(clock + 30_000).toISOString() })).not.toBeNull();
    clock += 10_000;
    expect(await runLeasedJob(deps, job, { owner: "alive", leaseMs: 30_000 })).toBe("not-due");
    expect(job.count).toBe(0);
    clock += 21_000;
    expect(await runLeasedJob(deps, job, { owner: "alive", leaseMs: 30_000 })).toBe("ran");
    expect(await runLeasedJob(deps, job, { owner: "other", leaseMs: 30_000 })).toBe("not-due");
    expect(job.count).toBe(1);
    expect((await findJobLease(deps.db, job.name))?.runs).toBe(1);
  });

  it("a failed run gives the lease back and leaves the job due", async () => {
    const job: ScheduledJob = { name: uniqueName(), everyMs: 60_000, run: () => Promise.reject(new Error("feed down")) };
    const errors: unknown[] = [];
    expect(await runLeasedJob(deps, job, { owner: "a", leaseMs: 30_000 }, (e) => errors.push(e))).toBe("failed");
    expect(errors).toHaveLength(1);
    expect(await findJobLease(deps.db, job.name)).toMatchObject({ owner: null, runs: 0 });
    let ran = 0;
    expect(await runLeasedJob(deps, { ...job, run: async () => void ran++ }, { owner: "b", leaseMs: 30_000 })).toBe("ran");
    expect(ran).toBe(1);
  });

  it("renews the lease while a long run goes on: nobody else takes the job meanwhile", async () => {
    const live: ServiceDeps = { ...deps, now: () => new Date() };
    let release!: () => void;
    const job = countingJob(uniqueName(), 60_000, () => new Promise<void>((r) => (release = r)));
    const holder = runLeasedJob(live, job, { owner: "holder", leaseMs: 150 });
    // Three lease lengths later the holder still has it.
    await new Promise((r) => setTimeout(r, 450));
    expect(await runLeasedJob(live, job, { owner: "thief", leaseMs: 150 })).toBe("not-due");
    release();
    expect(await holder).toBe("ran");
    expect(job.count).toBe(1);
  });

  it("two schedulers (two processes) over the same jobs: each job runs once per round", async () => {
    const jobs = [countingJob(uniqueName(), 60_000), countingJob(uniqueName(), 60_000)];
    const one = startScheduler(deps, { intervalMs: 3_600_000, owner: "one", jobs });
    const two = startScheduler(deps, { intervalMs: 3_600_000, owner: "two", jobs });
    try {
      const [a, b] = await Promise.all([one.tick(), two.tick()]);
      for (const job of jobs) {
        expect([a[job.name], b[job.name]].sort()).toEqual(["not-due", "ran"]);
        expect(job.count).toBe(1);
      }
    } finally {
      await one.stop();
      await two.stop();
    }
  });
});
