import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{domain,db,services,api,ingest,jobs,app,server,tests/integration,scripts}/**/*.test.{ts,tsx}"],
    exclude: ["node_modules", "build", "tests/e2e/**"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
