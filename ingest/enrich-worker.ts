// The enrichment worker thread: the pipeline's steps run here while the main thread validates and stores.
import { parentPort } from "node:worker_threads";
import type { NetworkedItem, TenantEnrichmentContext } from "../services/mentions/ports";
import { createEnrichmentPipeline } from "./pipeline";

const pipeline = createEnrichmentPipeline();

parentPort?.on("message", (message: { id: number; items: NetworkedItem[]; context: TenantEnrichmentContext }) => {
  try {
    parentPort!.postMessage({ id: message.id, result: pipeline.enrich(message.items, message.context) });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
