// Bundles server.ts and cli.ts for production (a few ms; packages stay external).
import { build } from "esbuild";

await build({
  entryPoints: { server: "server.ts", cli: "cli.ts" },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
