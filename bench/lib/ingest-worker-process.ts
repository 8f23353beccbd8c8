// bench/ingest-worker.ts in its own process (its peak memory is its own): a fresh database with the demo
// workspace and `count` generated mentions through the real pipeline.
import { spawn } from "node:child_process";
import path from "node:path";
import type { BenchContext } from "./types";

export interface IngestWorkerResult {
  count: number;
  accepted: number;
  rejected: number;
  seconds: number;
  itemsPerSecond: number;
  peakRssMB: number;
}

/** Runs the worker on `target` (a SQLite file or a PostgreSQL URL); its progress lines go to the log. */
export function runIngestWorker(ctx: BenchContext, target: string, count: number, schema?: string): Promise<IngestWorkerResult> {
  return new Promise((resolve, reject) => {
    const args = ["--import", "tsx", path.join(ctx.root, "bench/ingest-worker.ts"), target, String(count), ...(schema ? [schema] : [])];
    const child = spawn(process.execPath, args, { cwd: ctx.root, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
      ctx.log(d.toString().trimEnd());
    });
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1);
      if (code === 0 && line) resolve(JSON.parse(line) as IngestWorkerResult);
      else reject(new Error(`ingest worker exited ${code}: ${err.slice(-2000)}`));
    });
  });
}
