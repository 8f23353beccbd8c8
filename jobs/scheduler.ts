import type { ServiceDeps } from "../services/context";
import { compactDailyRollupsOfAll } from "../services/analytics/daily-rollups";
import { pollDueStreams } from "../services/mentions/poll-stream";
import { evaluateAlerts } from "../services/alerts/evaluate";
import { deliverAlertMails } from "../services/alerts/deliver";
import { runEmailReports } from "../services/reports/deliver";

export interface Scheduler {
  /** Runs one round now (tests, and the first round at start). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The in-process scheduler: every `intervalMs` it polls the feed and review streams that are due
 * (their next poll time is stored, so a restart resumes where it stopped), then makes the daily rollups
 * of the days that changed (ADR 017), evaluates the active alerts and sends the e-mails of their firings
 * (ADR 029), and sends the e-mail reports that are due (ADR 039). One round at a time; one job failing does not stop the others.
 */
export function startScheduler(
  deps: ServiceDeps,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): Scheduler {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = async () => {
    if (running) return running;
    running = (async () => {
      try {
        for (const job of [pollDueStreams, compactDailyRollupsOfAll, evaluateAlerts, deliverAlertMails, runEmailReports]) {
          try {
            await job(deps);
          } catch (error) {
            options.onError?.(error);
          }
        }
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) void tick();
  }, options.intervalMs ?? 15_000);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
