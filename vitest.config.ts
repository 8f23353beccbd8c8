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
    // Test files share a worker's module cache instead of each importing the whole app again: importing
    // took 1,495 of a loaded run's file-seconds with isolation and 133 without (ADR 023). Files keep their
    // own databases and apps; nothing may hide state in a module that another file could see.
    isolate: false,
  },
});
