// Starting and stopping Earshot servers for benches: loopback only, output to a log file, and every
// child killed when the bench ends, fails or is interrupted.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sleep } from "./stats";

export const LOOPBACK = "127.0.0.1";
export const DEMO_PASSWORD = "Demo-pass1!";
export const DEMO_ADMIN = "admin@demo.earshot.test";

const READY_TIMEOUT_MS = 30_000;
const READY_POLL_MS = 10;
const STOP_GRACE_MS = 10_000;

// ---------------------------------------------------------------------------------------------
// Child registry: whatever happens to the bench, no server outlives it.

const children = new Set<ChildProcess>();
let guardsInstalled = false;

function killAllNow() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        child.kill("SIGKILL");
      } catch {
        // already gone
      }
    }
  }
  children.clear();
}

function installGuards() {
  if (guardsInstalled) return;
  guardsInstalled = true;
  process.on("exit", killAllNow);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      process.stderr.write(`\nbench: ${signal}, stopping servers\n`);
      killAllNow();
      // Interrupted: nobody wants the half-done temp dirs.
      for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
      process.exit(signal === "SIGINT" ? 130 : 143);
    });
  }
  process.on("uncaughtException", (error) => {
    process.stderr.write(
      `bench: uncaught ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    killAllNow();
    process.exit(1);
  });
  process.on("unhandledRejection", (error) => {
    process.stderr.write(
      `bench: unhandled rejection ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    killAllNow();
    process.exit(1);
  });
}

// ---------------------------------------------------------------------------------------------

/** Fails with a clear message when `npm run build` has not been run. */
export function assertBuilt(root: string): void {
  const missing = ["build/server.js", "build/index.js", "public/build"].filter(
    (p) => !fs.existsSync(path.join(root, p)),
  );
  if (missing.length) {
    throw new Error(`Missing ${missing.join(", ")} in ${root}. The bench does not build; run \`npm run build\` first.`);
  }
}

/**
 * Copies what the server runs from (build/, public/, package.json; node_modules linked) into
 * `dest`, so a `npm run build` elsewhere during the bench cannot swap the files under the running
 * server. Checks that every /build/*.js the server build names exists in the copied public/.
 */
export async function snapshotBuild(root: string, dest: string): Promise<string> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    fs.rmSync(dest, { recursive: true, force: true });
    fs.mkdirSync(dest, { recursive: true });
    const before = fs.statSync(path.join(root, "build/index.js")).mtimeMs;
    fs.cpSync(path.join(root, "build"), path.join(dest, "build"), { recursive: true });
    fs.cpSync(path.join(root, "public"), path.join(dest, "public"), { recursive: true });
    fs.copyFileSync(path.join(root, "package.json"), path.join(dest, "package.json"));
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dest, "node_modules"), "dir");
    const after = fs.statSync(path.join(root, "build/index.js")).mtimeMs;
    const serverBuild = fs.readFileSync(path.join(dest, "build/index.js"), "utf8");
    const missing = [...new Set(serverBuild.match(/"\/build\/[^"]+\.js"/g) ?? [])]
      .map((quoted) => quoted.slice(1, -1))
      .filter((asset) => !fs.existsSync(path.join(dest, "public", asset)));
    if (before === after && missing.length === 0) return dest;
    await sleep(3_000);
  }
  throw new Error(
    "build/ and public/build do not match (is a build running?). Run `npm run build` and start the bench again.",
  );
}

const tempDirs = new Set<string>();

/** A fresh directory under the OS temp dir; removed if the bench is interrupted. */
export function makeTempDir(prefix: string): string {
  installGuards();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

/** A free TCP port on loopback (the OS picks it; freed again before the server binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, LOOPBACK, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

export interface LogLine {
  msg?: string;
  level?: string;
  [field: string]: unknown;
}

export interface RunningServer {
  pid: number;
  port: number;
  origin: string;
  logFile: string;
  /** performance.now() just before spawn(). */
  spawnedAt: number;
  child: ChildProcess;
  /** Parsed JSON log lines written so far (non-JSON lines are skipped). */
  logLines(): LogLine[];
  logTail(lines?: number): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  root: string;
  dataDir: string;
  demo: boolean;
  logFile: string;
  port?: number;
  /** Extra environment (e.g. DATABASE_URL for a PostgreSQL bench). */
  env?: Record<string, string>;
}

/** Spawns `node build/server.js` on loopback; returns at once (see waitForStatus200). */
export async function spawnServer(options: StartOptions): Promise<RunningServer> {
  installGuards();
  const port = options.port ?? (await freePort());
  const origin = `http://${LOOPBACK}:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    HOST: LOOPBACK,
    PORT: String(port),
    DATA_DIR: options.dataDir,
    PUBLIC_URL: origin,
    DEMO_PASSWORD,
    ...options.env,
  };
  // Nothing reaches out: no DATABASE_URL/API_URL/SMTP_URL/SENTRY_DSN from the caller's shell.
  const out = fs.openSync(options.logFile, "a");
  const args = [path.join(options.root, "build/server.js"), ...(options.demo ? ["--demo"] : [])];
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, { cwd: options.root, env, stdio: ["ignore", out, out] });
  fs.closeSync(out);
  children.add(child);
  child.once("exit", () => children.delete(child));
  if (!child.pid) throw new Error("could not spawn the server");

  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

  const readLog = () => {
    try {
      return fs.readFileSync(options.logFile, "utf8");
    } catch {
      return "";
    }
  };

  return {
    pid: child.pid,
    port,
    origin,
    logFile: options.logFile,
    spawnedAt,
    child,
    logLines: () =>
      readLog()
        .split("\n")
        .flatMap((line) => {
          if (!line.startsWith("{")) return [];
          try {
            return [JSON.parse(line) as LogLine];
          } catch {
            return [];
          }
        }),
    logTail: (lines = 20) => readLog().trimEnd().split("\n").slice(-lines).join("\n"),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const graceful = await Promise.race([exited.then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
      if (!graceful) {
        child.kill("SIGKILL");
        await Promise.race([exited, sleep(2_000)]);
      }
    },
  };
}

/** One GET with node:http (no lazy fetch initialisation inside the timed window). */
function probe(url: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", () => resolve(0));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(0));
  });
}

/**
 * Polls `pathname` until it answers 200; returns ms since spawn. Bounded by READY_TIMEOUT_MS;
 * fails at once when the server exits.
 */
export async function waitForStatus200(server: RunningServer, pathname = "/login"): Promise<number> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  const url = `${server.origin}${pathname}`;
  let last = 0;
  while (performance.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `server exited (code ${server.child.exitCode ?? server.child.signalCode}) before answering:\n${server.logTail()}`,
      );
    }
    last = await probe(url, 2_000);
    if (last === 200) return performance.now() - server.spawnedAt;
    await sleep(READY_POLL_MS);
  }
  throw new Error(
    `no 200 from GET ${pathname} within ${READY_TIMEOUT_MS} ms (last status ${last || "none"}):\n${server.logTail()}`,
  );
}

export interface Memory {
  rssMB: number;
  peakRssMB: number;
}

/** VmRSS / VmHWM of a process, from /proc (Linux). null elsewhere. */
export function readMemory(pid: number): Memory | null {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return null;
  }
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m"))?.[1] ?? NaN);
  const rss = kb("VmRSS");
  const hwm = kb("VmHWM");
  if (!Number.isFinite(rss)) return null;
  return { rssMB: Math.round((rss / 1024) * 10) / 10, peakRssMB: Math.round((hwm / 1024) * 10) / 10 };
}
