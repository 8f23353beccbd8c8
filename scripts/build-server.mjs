// Bundles server.ts and cli.ts for production (a few ms; packages stay external).
// `--watch` keeps esbuild running and rebuilds on every change (npm run dev:watch).
import { context } from "esbuild";

const ctx = await context({
  // The enrichment worker runs in its own thread (ingest/parallel-enricher.ts finds it beside server.js).
  entryPoints: { server: "server.ts", cli: "cli.ts", "enrich-worker": "ingest/enrich-worker.ts" },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: process.argv.includes("--watch") ? "info" : "warning",
  // Keep `with { type: "json" }` on external JSON packages (stopwords-iso): Node needs it.
  supported: { "import-attributes": true },
});

if (process.argv.includes("--watch")) {
  await ctx.watch();
} else {
  await ctx.rebuild();
  await ctx.dispose();
}
