// Lint rules, including docs/architecture.md's layer table: a file may only import the layers listed for it.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

// A relative import of a top-level folder, e.g. "../../db/client" for "db".
const folder = (name) => `^(\\.\\.?/)+(.*/)?${name}(/|\\.ts$|$)`;

const layer = (...groups) => ({
  "no-restricted-imports": [
    "error",
    {
      patterns: groups.map(([pattern, message]) =>
        Array.isArray(pattern) ? { group: pattern, message } : { regex: pattern, message },
      ),
    },
  ],
});

const NODE_IO = [["node:*", "fs", "path", "crypto", "better-sqlite3", "pg", "kysely", "hono", "hono/*", "nodemailer"], "domain/ is pure: no I/O."];
const DB = [folder("db"), "Only services/ (and the server) may import db/."];
const SERVICES = [folder("services"), "This layer may not import services/."];
const API = [folder("api"), "Only the server mounts api/."];
const APP = [folder("app"), "Only the server hosts the Remix app."];
const REMIX = [["@remix-run/*"], "Only app/ uses Remix."];
const INGEST = [folder("ingest"), "Only jobs/ may import ingest/."];
const JOBS = [folder("jobs"), "Only the server starts jobs/."];
const SERVER = [folder("server"), "server/ is the composition root; nothing imports it."];

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", ".cache/**", "node_modules/**", "test-results/**", "playwright-report/**", "tmp/**", "data/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  { files: ["domain/**/*.{ts,tsx}"], ignores: ["**/*.test.ts"], rules: layer(NODE_IO, DB, SERVICES, API, APP, REMIX, INGEST, JOBS, SERVER) },
  { files: ["db/**/*.ts"], ignores: ["**/*.test.ts"], rules: layer(SERVICES, API, APP, INGEST, JOBS, SERVER) },
  { files: ["services/**/*.ts"], ignores: ["**/*.test.ts"], rules: layer(API, APP, REMIX, INGEST, JOBS, SERVER) },
  { files: ["api/**/*.ts"], ignores: ["**/*.test.ts"], rules: layer(DB, APP, REMIX, INGEST, JOBS, SERVER) },
  { files: ["ingest/**/*.ts"], ignores: ["**/*.test.ts"], rules: layer(DB, API, APP, JOBS, SERVER) },
  { files: ["jobs/**/*.ts"], ignores: ["**/*.test.ts"], rules: layer(DB, API, APP, SERVER) },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: layer(DB, SERVICES, API, INGEST, JOBS, SERVER),
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["**/*.test.ts", "tests/**", "bench/**", "scripts/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
