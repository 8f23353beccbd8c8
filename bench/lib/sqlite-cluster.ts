// One Earshot on SQLite with WEB_CONCURRENCY=2 (two server processes behind one port, Node's cluster
// module; ADR 043), for the kill -9 and SIGTERM drills of bench/drills.ts and
// tests/integration/cluster-drills.test.ts. A one-second scheduler round and a two-second job lease, as
// the two-instance drills use; the test process opens the same SQLite file to set up and check.
import fs from "node:fs";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { makeTempDir, spawnServer, waitForStatus200, type RunningServer } from "./server";
import { sleep } from "./stats";
import { createDrillTenant, DRILL_LEASE_SECONDS, DRILL_POLL_SECONDS } from "./two-instances";

export interface SqliteCluster {
  server: RunningServer;
  database: DatabaseHandle;
  dataDir: string;
  businessProfileId: number;
  admin: { id: number; email: string };
  agent: { id: number; email: string };
  /** The live workers' pids by worker number, from their "listening" log lines. */
  workerPids(): Map<number, number>;
  /** Waits until `count` workers listen whose pids are not in `except` (a replaced worker's new pid). */
  waitForWorkers(count: number, except?: number[], timeoutMs?: number): Promise<Map<number, number>>;
  stop(): Promise<void>;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function startSqliteCluster(root: string, options: { workers?: number; port?: number } = {}): Promise<SqliteCluster> {
  const workers = options.workers ?? 2;
  const dir = makeTempDir("earshot-cluster-");
  const dataDir = path.join(dir, "data");
  fs.mkdirSync(dataDir, { recursive: true });
  const server = await spawnServer({
    root,
    dataDir,
    demo: false,
    logFile: path.join(dir, "cluster.log"),
    ...(options.port ? { port: options.port } : {}),
    env: {
      SESSION_SECRET: "cluster-drill-secret-cluster-drill-secret",
      WEB_CONCURRENCY: String(workers),
      POLL_INTERVAL_SECONDS: String(DRILL_POLL_SECONDS),
      JOB_LEASE_SECONDS: String(DRILL_LEASE_SECONDS),
    },
  });
  const workerPids = () => {
    const pids = new Map<number, number>();
    for (const line of server.logLines()) {
      if (line.msg === "listening" && typeof line.worker === "number" && typeof line.pid === "number") pids.set(line.worker, line.pid);
    }
    for (const [n, pid] of pids) if (!alive(pid)) pids.delete(n);
    return pids;
  };
  const waitForWorkers = async (count: number, except: number[] = [], timeoutMs = 30_000) => {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const pids = workerPids();
      if ([...pids.values()].filter((pid) => !except.includes(pid)).length >= count) return pids;
      if (performance.now() > deadline) throw new Error(`${count} workers did not listen within ${timeoutMs} ms:\n${server.logTail()}`);
      if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`the cluster exited:\n${server.logTail()}`);
      await sleep(50);
    }
  };
  try {
    await waitForStatus200(server, "/healthz");
    await waitForWorkers(workers);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const database = openDatabase({ url: path.join(dataDir, "app.db") });
  const tenant = await createDrillTenant(database);
  return {
    server,
    database,
    dataDir,
    ...tenant,
    workerPids,
    waitForWorkers,
    async stop() {
      await server.stop();
      await database.close();
      if (process.env.BENCH_KEEP_DATA !== "1") fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
