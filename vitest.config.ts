import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{domain,db,services,api,ingest,jobs,app,server,tests/integration,scripts}/**/*.test.{ts,tsx}"],
    exclude: ["node_modules", "build", "tests/e2e/**"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machine, where a
    // suite spends much of its time waiting for PostgreSQL or its in-process server (ADR 023).
    maxWorkers: 2,
  },
});
