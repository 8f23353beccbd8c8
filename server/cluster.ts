// Several server processes behind one port (ADR 043): the primary forks WEB_CONCURRENCY workers with
// Node's cluster module (connections are handed to them in turn); each worker is a whole Earshot
// (API, web, scheduler) sharing the database with the others. The first worker migrates and seeds
// before the others start. A worker that dies is replaced; SIGTERM/SIGINT are passed to every worker,
// which drains (ADR 025), and the primary exits when all have.
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "./logger";

/** Past this, workers still running after a SIGTERM are killed (they drain within 25 s). */
const STOP_DEADLINE_MS = 28_000;
/** A worker that died is replaced after this pause (a worker that dies at start does not spin). */
const RESTART_DELAY_MS = 1_000;

/** Set in a worker's environment: its number (1 for the first, which migrates and seeds). */
const WORKER_NUMBER_ENV = "EARSHOT_WORKER";

/** Whether this process is a cluster worker other than the first (skips start-up chores). */
export function isLaterWorker(): boolean {
  return cluster.isWorker && process.env[WORKER_NUMBER_ENV] !== "1";
}

/** Tells the primary this worker listens (the primary then starts the next ones). */
export function reportListening(): void {
  if (cluster.isWorker) process.send?.({ type: "earshot:listening" });
}

export function runPrimary(workers: number, logger: Logger): void {
  let stopping = false;
  const live = new Map<number, Worker>();

  const fork = (n: number): Worker => {
    const worker = cluster.fork({ [WORKER_NUMBER_ENV]: String(n) });
    live.set(n, worker);
    worker.on("exit", (code, signal) => {
      if (live.get(n) === worker) live.delete(n);
      if (stopping) {
        if (live.size === 0) {
          logger.info("stopped", { workers });
          process.exit(0);
        }
        return;
      }
      logger.warn("worker died; starting another", { worker: n, pid: worker.process.pid, code, signal });
      setTimeout(() => {
        if (!stopping) fork(n);
      }, RESTART_DELAY_MS).unref();
    });
    return worker;
  };

  logger.info("starting workers", { workers });
  const first = fork(1);
  const onMessage = (message: unknown) => {
    if ((message as { type?: string } | null)?.type !== "earshot:listening") return;
    first.off("message", onMessage);
    for (let n = 2; n <= workers; n++) fork(n);
  };
  first.on("message", onMessage);

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal, workers: live.size });
    if (live.size === 0) process.exit(0);
    for (const worker of live.values()) worker.process.kill("SIGTERM");
    setTimeout(() => {
      logger.warn("workers still running after the deadline; killing them", { workers: live.size });
      for (const worker of live.values()) worker.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
