// Is anything else using the CPU? Benches on a busy machine measure the neighbours, so the load
// of other processes is sampled (from /proc, Linux) before and during every measurement, the bench
// waits (within a bounded budget) for quiet, and contended figures are flagged.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { sleep } from "./stats";

/** Above this share of all cores used by other processes, a figure is flagged as contended. */
export const BUSY_THRESHOLD = 0.2;

interface SystemTimes {
  idle: number;
  total: number;
}

function systemTimes(): SystemTimes | null {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = fields.reduce((sum, v) => sum + v, 0);
    // Not busy: idle, iowait, and irq/softirq (the loopback traffic of the bench itself lands
    // there, charged to no process).
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0) + (fields[5] ?? 0) + (fields[6] ?? 0);
    return { idle, total };
  } catch {
    return null;
  }
}

/** utime + stime of a process (all threads), in the same clock ticks as /proc/stat. */
function processTicks(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // After "pid (comm) ", field 3 (state) is index 0, so utime (14) is 11 and stime (15) is 12.
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

let clockTicksPerSecond: number | null = null;
function ticksPerSecond(): number {
  if (clockTicksPerSecond === null) {
    try {
      clockTicksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      clockTicksPerSecond = 100;
    }
  }
  return clockTicksPerSecond;
}

/** CPU time (user + system, all threads) a process has used so far, in ms; null if unknown. */
export function processCpuMs(pid: number): number | null {
  const ticks = processTicks(pid);
  return ticks === null ? null : (ticks * 1000) / ticksPerSecond();
}

/**
 * Starts watching; the returned function gives the share (0..1 of all cores) that processes other
 * than `ownPids` (and this bench) used since the start. null where /proc is missing.
 */
export function watchOtherCpu(ownPids: () => number[]): () => number | null {
  const start = systemTimes();
  const startOwn = new Map([process.pid, ...ownPids()].map((pid) => [pid, processTicks(pid)]));
  return () => {
    const end = systemTimes();
    if (!start || !end || end.total <= start.total) return null;
    const busy = end.total - end.idle - (start.total - start.idle);
    // A process born meanwhile (a server being cold-started) counts from zero. One that exited
    // meanwhile counts as other; callers read this before stopping their servers.
    const own = [...new Set([process.pid, ...ownPids()])].reduce((sum, pid) => {
      const before = startOwn.get(pid) ?? 0;
      const after = processTicks(pid);
      return before === null || after === null ? sum : sum + (after - before);
    }, 0);
    const share = Math.max(0, busy - own) / (end.total - start.total);
    return Math.round(share * 100) / 100;
  };
}

/** Share (0..1) of all cores used by other processes over `ms`. */
export async function otherCpuShare(ms = 1_000, ownPids: number[] = []): Promise<number | null> {
  const done = watchOtherCpu(() => ownPids);
  await sleep(ms);
  return done();
}

export interface QuietGate {
  /** Waits (from the shared budget, at most 120 s per call) for quiet; returns the share last seen. */
  quiet(label: string, ownPids?: number[]): Promise<number | null>;
  /** Seconds of waiting budget left (retries of contended measurements need some). */
  remainingS(): number;
}

export function createQuietGate(budgetS: number, log: (line: string) => void): QuietGate {
  let remainingMs = budgetS * 1000;
  return {
    remainingS: () => Math.max(0, Math.round(remainingMs / 1000)),
    async quiet(label, ownPids = []) {
      const started = Date.now();
      const deadline = started + Math.min(remainingMs, 120_000);
      let busy = await otherCpuShare(1_000, ownPids);
      let announced = false;
      while (busy !== null && busy > BUSY_THRESHOLD && Date.now() < deadline) {
        if (!announced) {
          log(
            `[${label}] other processes use ${Math.round(busy * 100)}% of the CPU; waiting for quiet (budget ${Math.round(remainingMs / 1000)} s)…`,
          );
          announced = true;
        }
        await sleep(3_000);
        busy = await otherCpuShare(1_000, ownPids);
      }
      remainingMs -= Math.max(0, Date.now() - started - 1_000);
      if (announced) {
        log(
          busy !== null && busy > BUSY_THRESHOLD
            ? `[${label}] still ${Math.round(busy * 100)}% busy; measuring anyway (flagged)`
            : `[${label}] quiet after ${Math.round((Date.now() - started) / 1000)} s`,
        );
      }
      return busy;
    },
  };
}
