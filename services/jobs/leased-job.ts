import crypto from "node:crypto";
import os from "node:os";
import { claimJobLease, ensureJobLease, finishJobLease, releaseJobLease, renewJobLease } from "../../db/repositories/leases";
import type { ServiceDeps } from "../context";

// A background job that runs exactly once per due time however many processes (on however many
// machines) share the database (ADR 043). Each round every process offers to run each job; the one whose
// claim of the job's lease row succeeds runs it, the others move on. The holder renews its lease while
// the job runs; a finished run moves the job's due time on. A holder that dies (kill -9, a machine lost)
// stops renewing: once its lease runs out the job, still due, is taken over by another process and run
// again from its stored state (every job keeps its progress in the database: a stream's next poll time,
// the rollups' change list, an alert's last evaluation, a firing's e-mail status).

export interface ScheduledJob {
  /** Unique among jobs: the job_leases row. */
  name: string;
  /** How long after a finished run the job is due again. */
  everyMs: number;
  run(deps: ServiceDeps): Promise<unknown>;
}

/** What one offer to run a job came to. */
export type JobOutcome = "ran" | "not-due" | "lost" | "failed";

export interface LeaseSettings {
  /** This process's name in the lease rows (host, pid and a random part). */
  owner: string;
  /** How long a lease lasts without renewal: how long a dead holder keeps a job. */
  leaseMs: number;
}

/** A lease owner name unique to this process and start. */
export function leaseOwnerName(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * Runs the job if it is due and no live process holds it. The lease is renewed every third of its length
 * while the job runs. A job that throws stays due (given back at once, tried again next round).
 */
export async function runLeasedJob(
  deps: ServiceDeps,
  job: ScheduledJob,
  settings: LeaseSettings,
  onError?: (error: unknown) => void,
): Promise<JobOutcome> {
  const now = deps.now();
  await ensureJobLease(deps.db, job.name, now.toISOString());
  const claimed = await claimJobLease(deps.db, {
    name: job.name,
    owner: settings.owner,
    now: now.toISOString(),
    leaseUntil: new Date(now.getTime() + settings.leaseMs).toISOString(),
  });
  if (!claimed) return "not-due";
  let held = true;
  const renew = setInterval(() => {
    renewJobLease(deps.db, {
      name: job.name,
      owner: settings.owner,
      leaseUntil: new Date(deps.now().getTime() + settings.leaseMs).toISOString(),
    }).then(
      (still) => {
        held &&= still;
      },
      (error: unknown) => onError?.(error),
    );
  }, Math.max(10, Math.floor(settings.leaseMs / 3)));
  renew.unref();
  try {
    await job.run(deps);
  } catch (error) {
    clearInterval(renew);
    onError?.(error);
    await releaseJobLease(deps.db, { name: job.name, owner: settings.owner });
    return "failed";
  }
  clearInterval(renew);
  const finished = deps.now();
  const recorded = await finishJobLease(deps.db, {
    name: job.name,
    owner: settings.owner,
    now: finished.toISOString(),
    nextDueAt: new Date(finished.getTime() + job.everyMs).toISOString(),
  });
  return recorded && held ? "ran" : "lost";
}
