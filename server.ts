// Production entry: node build/server.js [--demo]. Migrates, optionally seeds the demo workspace,
// serves API + web on PORT, and drains in-flight requests on SIGTERM. With WEB_CONCURRENCY above 1 this
// process forks that many workers which each do so on the same port (server/cluster.ts, ADR 043).
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "@remix-run/node";
import { DEMO_BUSINESS_PROFILE_ID, seedDemoWorkspace } from "./services/workspace/seed-demo-workspace";
import { seedDemoSearches } from "./services/workspace/seed-demo-searches";
import { seedDemoTemplates } from "./services/workspace/seed-demo-templates";
import { seedDemoInboxWork, seedDemoLabels } from "./services/workspace/seed-demo-inbox";
import { DEMO_MENTION_COUNT, loadDemoCorpus } from "./jobs/demo-corpus";
import { createEarshot } from "./server/app";
import { createDrain } from "./server/graceful-shutdown";
import { readConfig } from "./server/config";
import { isLaterWorker, reportListening, runPrimary } from "./server/cluster";
import { createLogger, describeError } from "./server/logger";
import { ROLE_LABELS } from "./domain/roles";

/** --demo-mentions=N (or DEMO_MENTIONS) sets how many demo mentions are generated (default 50,000). */
function demoMentionCount(): number {
  const flag = process.argv.find((a) => a.startsWith("--demo-mentions="))?.split("=")[1] ?? process.env.DEMO_MENTIONS;
  const n = Number(flag);
  return flag !== undefined && Number.isInteger(n) && n >= 0 ? n : DEMO_MENTION_COUNT;
}

/** The demo corpus goes through the real pipeline after the server listens, so the first page is not kept waiting. */
async function loadDemoMentionsInBackground(earshot: Awaited<ReturnType<typeof createEarshot>>, logger: ReturnType<typeof createLogger>, count: number) {
  const started = performance.now();
  let lastLogged = 0;
  try {
    const report = await loadDemoCorpus(earshot.deps, DEMO_BUSINESS_PROFILE_ID, {
      count,
      onProgress: (done, total) => {
        if (done - lastLogged >= 10_000 || done === total) {
          lastLogged = done;
          logger.info("demo mentions loading", { done, total });
        }
      },
    });
    logger.info("demo mentions loaded", { accepted: report.accepted, rejected: report.rejected, ms: Math.round(performance.now() - started) });
    await seedDemoInboxWork(earshot.deps, DEMO_BUSINESS_PROFILE_ID);
  } catch (error) {
    logger.error("demo mentions failed", describeError(error));
  }
}

async function main() {
  const startedAt = performance.now();
  const logger = createLogger();
  const config = readConfig();
  if (cluster.isPrimary && config.webConcurrency > 1) return runPrimary(config.webConcurrency, logger);
  // Only the first worker (or the only process) seeds the demo: the others start once it listens.
  const demo = (process.argv.includes("--demo") || process.env.DEMO === "1") && !isLaterWorker();
  process.env.NODE_ENV ??= "production";

  const buildPath = path.resolve("build/index.js");
  const remixBuild = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const earshot = await createEarshot({ config, remixBuild, logger });

  let loadDemoMentions = false;
  if (demo) {
    const seedStarted = performance.now();
    const credentials = await seedDemoWorkspace(earshot.database.db, { password: process.env.DEMO_PASSWORD });
    const file = path.join(config.dataDir, "demo-credentials.txt");
    if (credentials) {
      const lines = credentials.map((c) => `${ROLE_LABELS[c.role].padEnd(13)} ${c.email.padEnd(32)} ${c.password}`);
      fs.mkdirSync(config.dataDir, { recursive: true });
      fs.writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
      await seedDemoSearches(earshot.deps, DEMO_BUSINESS_PROFILE_ID);
      await seedDemoLabels(earshot.deps, DEMO_BUSINESS_PROFILE_ID);
      await seedDemoTemplates(earshot.deps, DEMO_BUSINESS_PROFILE_ID);
      logger.info("demo workspace created", { ms: Math.round(performance.now() - seedStarted), file });
      loadDemoMentions = true;
    }
    if (fs.existsSync(file)) {
      process.stdout.write(`\nDemo accounts (also in ${path.relative(process.cwd(), file)}):\n${fs.readFileSync(file, "utf8")}\n`);
    }
  }

  const drain = createDrain(earshot.app.fetch);
  const server = serve({ fetch: drain.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info("listening", {
      url: `http://localhost:${info.port}`,
      engine: earshot.database.engine,
      appEnv: config.appEnv,
      startupMs: Math.round(performance.now() - startedAt),
      ...(cluster.isWorker ? { worker: Number(process.env.EARSHOT_WORKER), pid: process.pid } : {}),
    });
    reportListening();
    if (loadDemoMentions) void loadDemoMentionsInBackground(earshot, logger, demoMentionCount());
  });
  drain.attach(server as Server);

  // The shutdown sequence of ADR 025: stop taking background work and drain the requests in flight
  // (new ones are answered 503 meanwhile), then close the listener, the database, and exit 0.
  const shutdown = (signal: string) => {
    if (drain.stopping) return;
    logger.info("shutting down", { signal });
    drain
      .shutdown({
        stopWork: () => earshot.scheduler.stop(),
        close: () => earshot.close(),
        onGraceExpired: () => logger.warn("requests still running after grace period; closing them"),
      })
      .then(
        () => {
          logger.info("stopped");
          process.exit(0);
        },
        (error: unknown) => {
          logger.error("shutdown failed", describeError(error));
          process.exit(1);
        },
      );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  process.stderr.write(`${JSON.stringify({ level: "error", msg: "failed to start", ...describeError(error) })}\n`);
  process.exit(1);
});
