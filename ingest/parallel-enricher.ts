import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { EnrichedMention, MentionEnricher, TenantEnrichmentContext } from "../services/mentions/ports";
import { COMPILED_VERSIONS_KEPT } from "./percolate";
import { createEnrichmentPipeline } from "./pipeline";

/**
 * The pipeline on a worker thread: enrichment is the costliest part of ingestion, and on a 2-core
 * machine it then overlaps with validation and storage on the main thread (the ingest queue keeps one
 * batch enriching while the previous one is stored). Falls back to the main thread if the worker dies.
 */
export function createParallelEnricher(): MentionEnricher & { close(): Promise<void> } {
  const local = createEnrichmentPipeline();
  const { url, execArgv } = workerLocation();
  let worker: Worker | null = null;
  let failed = false;
  let nextId = 1;
  // Definition versions this worker holds (it keeps COMPILED_VERSIONS_KEPT, we count half): their items
  // are sent once, then only their version.
  let sentVersions = new Set<string>();
  const pending = new Map<number, { resolve: (r: EnrichedMention[]) => void; reject: (e: Error) => void }>();

  const start = () => {
    sentVersions = new Set();
    const w = new Worker(url, { execArgv });
    w.unref();
    w.on("message", (message: { id: number; result?: EnrichedMention[]; error?: string }) => {
      const waiter = pending.get(message.id);
      if (!waiter) return;
      pending.delete(message.id);
      if (message.error !== undefined) waiter.reject(new Error(message.error));
      else waiter.resolve(message.result!);
    });
    const fail = (error: Error) => {
      failed = true;
      worker = null;
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
    };
    w.on("error", fail);
    w.on("exit", (code) => {
      if (pending.size) fail(new Error(`The enrichment worker stopped (exit ${code}).`));
      worker = null;
    });
    return w;
  };

  const withoutSentDefinitions = (context: TenantEnrichmentContext): TenantEnrichmentContext => {
    const definitions = context.definitions;
    if (!definitions?.items) return context;
    if (sentVersions.has(definitions.version)) return { ...context, definitions: { version: definitions.version } };
    sentVersions.add(definitions.version);
    if (sentVersions.size > COMPILED_VERSIONS_KEPT / 2) sentVersions.delete(sentVersions.values().next().value!);
    return context;
  };

  return {
    stepNames: local.stepNames,
    explain: local.explain,
    async enrich(items, context) {
      if (failed || items.length === 0) return local.enrich(items, context);
      worker ??= start();
      const id = nextId++;
      const answer = new Promise<EnrichedMention[]>((resolve, reject) => pending.set(id, { resolve, reject }));
      worker.postMessage({ id, items, context: withoutSentDefinitions(context) });
      try {
        return await answer;
      } catch (error) {
        if (process.env.DEBUG_ENRICH) console.error("enrich worker failed", error);
        // A worker that cannot run (a missing file, a crash) must not stop ingestion.
        return local.enrich(items, context);
      }
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}

/** The bundled worker beside build/server.js, or the TypeScript source through tsx (tests, bench). */
function workerLocation(): { url: URL; execArgv: string[] } {
  const bundled = new URL("./enrich-worker.js", import.meta.url);
  if (fs.existsSync(fileURLToPath(bundled))) return { url: bundled, execArgv: [] };
  return { url: new URL("./enrich-worker-dev.mjs", import.meta.url), execArgv: [] };
}
