// Starts the enrichment worker from its TypeScript source (tests, benchmarks): the built server runs the
// bundled build/enrich-worker.js instead. Node 20 does not apply --import hooks to a worker's entry file.
import { register } from "tsx/esm/api";

register();
await import("./enrich-worker.ts");
