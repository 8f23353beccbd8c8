import { DEFAULT_LEASE_MS, type ServiceDeps } from "../services/context";
import { compactDailyRollupsOfAll } from "../services/analytics/daily-rollups";
import { pollDueStreams } from "../services/mentions/poll-stream";
import { evaluateAlerts } from "../services/alerts/evaluate";
import { deliverAlertMails } from "../services/alerts/deliver";
import { leaseOwnerName, runLeasedJob, type JobOutcome, type ScheduledJob } from "../services/jobs/leased-job";
import { markInterruptedImports } from "../services/mentions/imports";
import { runEmailReports } from "../services/reports/deliver";

export interface Scheduler {
  /** Runs one round now (tests, and the first round at start); each job's outcome by name. */
  tick(): Promise<Record<string, JobOutcome>>;
  /** Stops taking jobs and waits for the round in progress (at most `waitMs`, then leaves its leases to run out). */
  stop(options?: { waitMs?: number }): Promise<void>;
}

/** How long a stop waits for the round in progress: SIGTERM must be done within 25 s (ADR 025). */
const DEFAULT_STOP_WAIT_MS = 20_000;

/**
 * The background jobs, each run once per due time across every process (ADR 043). A job is added by
 * one entry here: a name, how often, and the function (it keeps its own progress in the database).
 */
function scheduledJobs(intervalMs: number): ScheduledJob[] {
  return [
    { name: "poll-streams", everyMs: intervalMs, run: pollDueStreams },
    { name: "daily-rollups", everyMs: intervalMs, run: compactDailyRollupsOfAll },
    { name: "evaluate-alerts", everyMs: intervalMs, run: evaluateAlerts },
    { name: "deliver-alert-mails", everyMs: intervalMs, run: deliverAlertMails },
    { name: "email-reports", everyMs: intervalMs, run: runEmailReports },
    // Imports whose process died (heartbeat older than a lease) stop showing as running.
    { name: "interrupted-imports", everyMs: intervalMs, run: markInterruptedImports },
  ];
}

/**
 * The scheduler: every `intervalMs` it offers to run each job that is due (ADR 043: a lease row per job,
 * so with several processes each due run happens once): the feed and review streams that are due (their
 * next poll time is stored, so a restart resumes where it stopped), the daily rollups of the days that
 * changed (ADR 017), the alerts' evaluation and their e-mails (ADR 029), the e-mail reports that are due (ADR 039), imports
 * whose process died (ADR 043). One round at a time in a process;
 * one job failing does not stop the others.
 */
export function startScheduler(
  deps: ServiceDeps,
  options: { intervalMs?: number; leaseMs?: number; owner?: string; jobs?: ScheduledJob[]; onError?: (error: unknown) => void } = {},
): Scheduler {
  const intervalMs = options.intervalMs ?? 15_000;
  const jobs = options.jobs ?? scheduledJobs(intervalMs);
  const settings = { owner: options.owner ?? leaseOwnerName(), leaseMs: options.leaseMs ?? deps.leaseMs ?? DEFAULT_LEASE_MS };
  let running: Promise<Record<string, JobOutcome>> | null = null;
  let stopped = false;
  const tick = async () => {
    if (running) return running;
    running = (async () => {
      const outcomes: Record<string, JobOutcome> = {};
      try {
        for (const job of jobs) {
          if (stopped) break;
          try {
            outcomes[job.name] = await runLeasedJob(deps, job, settings, options.onError);
          } catch (error) {
            outcomes[job.name] = "failed";
            options.onError?.(error);
          }
        }
      } finally {
        running = null;
      }
      return outcomes;
    })();
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) void tick();
  }, intervalMs);
  timer.unref();
  return {
    tick,
    async stop(stopOptions = {}) {
      stopped = true;
      clearInterval(timer);
      if (!running) return;
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        running.then(() => undefined, () => undefined),
        new Promise<void>((resolve) => {
          timeout = setTimeout(resolve, stopOptions.waitMs ?? DEFAULT_STOP_WAIT_MS);
          timeout.unref();
        }),
      ]);
      clearTimeout(timeout);
    },
  };
}
