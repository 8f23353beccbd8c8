// Is anything else using the CPU? Benches on a busy machine measure the neighbours, so the
// background load is sampled (from /proc/stat, Linux) and reported with every figure.
import fs from "node:fs";
import { sleep } from "./stats";

/** Above this share of all cores busy (while the bench itself is idle), figures are suspect. */
export const BUSY_THRESHOLD = 0.2;

function cpuTimes(): { idle: number; total: number } | null {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = fields.reduce((sum, v) => sum + v, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
    return { idle, total };
  } catch {
    return null;
  }
}

/** Share (0..1) of all cores busy over `ms`; null where /proc/stat is missing. */
export async function cpuBusyShare(ms = 1_000): Promise<number | null> {
  const a = cpuTimes();
  await sleep(ms);
  const b = cpuTimes();
  if (!a || !b || b.total <= a.total) return null;
  return Math.round((1 - (b.idle - a.idle) / (b.total - a.total)) * 100) / 100;
}

/**
 * Waits (bounded) until the machine is quiet. Returns the last busy share seen; the caller warns
 * when it is still above the threshold.
 */
export async function waitForQuiet(maxWaitS: number, log: (line: string) => void): Promise<number | null> {
  const deadline = Date.now() + maxWaitS * 1000;
  let busy = await cpuBusyShare();
  let announced = false;
  while (busy !== null && busy > BUSY_THRESHOLD && Date.now() < deadline) {
    if (!announced) {
      log(
        `machine busy (${Math.round(busy * 100)}% CPU used by other processes); waiting up to ${maxWaitS} s for it to calm down…`,
      );
      announced = true;
    }
    await sleep(4_000);
    busy = await cpuBusyShare();
  }
  if (busy !== null && busy > BUSY_THRESHOLD) {
    log(`WARNING: still ${Math.round(busy * 100)}% CPU busy with other processes; the figures below are not reliable.`);
  } else if (announced) {
    log(`machine quiet (${Math.round((busy ?? 0) * 100)}% busy)`);
  }
  return busy;
}
