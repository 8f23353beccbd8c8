// Browser journeys (tests/e2e) against the built server (`npm run build` first), in Debian's chromium
// (STACK.md pitfall 10: `npx playwright install` cannot download browsers here).
//
// Two projects: `js` runs every journey with JavaScript; `no-js` runs again, with JavaScript off, the
// journeys tagged `@no-js`: those where a form, or what the server renders before JavaScript loads, is
// what they test (every form and every screen's first render has at least one; ADR 023), because every
// screen and form must work without JavaScript (DESIGN.md "Web conventions"). A test that only makes
// sense with JavaScript is tagged `@js-only`; one that only makes sense without it `@no-js-only`.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { DEMO_PASSWORD } from "./tests/e2e/demo";

const PORT = Number(process.env.E2E_PORT ?? 3410);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// webServer commands run in this file's folder.
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const APP_DIR = "tmp/e2e-app";
const DATA_DIR = path.join(ROOT, "tmp/e2e-data");
// The app server's log (JSON lines: requests, errors), kept so that a failed or flaky journey's server
// side can be read; scripts/summarize-tests.mjs prints its errors.
const SERVER_LOG = path.join(ROOT, "test-results/e2e-server.log");
// The app server sends its e-mails to a local SMTP sink (tests/e2e/support/smtp-sink.ts), which stores
// them in MAIL_DIR for tests/e2e/mail.ts to read.
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3425);
const MAIL_DIR = path.resolve(ROOT, process.env.E2E_MAIL_DIR ?? "tmp/e2e-mail");
// The helper's GIF search goes to a stand-in for the provider (tests/support/gif-server.ts: Tenor's v2
// search on 127.0.0.1), whose GIFs point at the app's own favicon (the page's CSP allows 'self').
const GIF_PORT = Number(process.env.E2E_GIF_PORT ?? PORT + 3);
const E2E_GIF_KEY = "e2e-gif-key";
process.env.E2E_MAIL_DIR = MAIL_DIR; // read by tests/e2e/mail.ts in the workers

export default defineConfig({
  testDir: "tests/e2e",
  // Not the bare test-results/: Playwright empties its outputDir at start, and other suites' reports
  // (and test-results/screenshots) live next to it.
  outputDir: "test-results/e2e-artifacts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // CI: one retry, so that a journey losing a race to the loaded two-core machine does not sink the run;
  // scripts/summarize-tests.mjs names every journey that needed it (FLAKY), and one that fails twice fails.
  retries: process.env.CI ? 1 : 0,
  // Two cores: the server and two browsers are already enough.
  workers: 2,
  // Generous: the machine is shared with builds and other suites (load averages above 10 were seen).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: BASE_URL,
    // Tracing every test costs about a third of the run on a two-core machine: opt in with E2E_TRACE=1.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@no-js-only/ },
    { name: "no-js", use: { javaScriptEnabled: false }, grep: /@no-js\b/ },
  ],
  webServer: [
    {
      // Started first: the app server is configured to send to it. Emptied at start.
      command: "node --import tsx tests/e2e/support/smtp-sink.ts",
      // Plain SMTP: Playwright's `port` check only opens a TCP connection.
      port: SMTP_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { E2E_SMTP_PORT: String(SMTP_PORT), E2E_MAIL_DIR: MAIL_DIR },
    },
    {
      command: "node --import tsx tests/support/gif-server.ts",
      port: GIF_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { GIF_STAND_IN_PORT: String(GIF_PORT), GIF_STAND_IN_KEY: E2E_GIF_KEY, GIF_STAND_IN_MEDIA: BASE_URL },
    },
    {
      // The server runs from a copy of build/ and public/ taken at start, so a `npm run build` during the
      // run (other work on this machine does that) cannot swap the assets under the pages being tested.
      // A fresh database every run: the login throttle and sessions must not leak between runs.
      command: [
        `test -f build/server.js || { echo 'build/server.js is missing: run npm run build first' >&2; exit 1; }`,
        `rm -rf ${APP_DIR} "${DATA_DIR}" && mkdir -p ${APP_DIR} && cp -R build public ${APP_DIR}/`,
        `mkdir -p "${path.dirname(SERVER_LOG)}"`,
        `cd ${APP_DIR} && exec node build/server.js --demo > "${SERVER_LOG}"`,
      ].join(" && "),
      url: `${BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        DATA_DIR,
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DEMO_PASSWORD,
        // A small demo corpus: the journeys need some mentions, not the full 50,000 loading beside them.
        DEMO_MENTIONS: "2000",
        // Feed polling rounds every 2 s, so a journey sees a new feed's items quickly.
        POLL_INTERVAL_SECONDS: "2",
        PUBLIC_URL: BASE_URL,
        // Whatever the developer's shell holds, the journeys expect the default environment.
        APP_ENV: "local",
        NODE_ENV: "production",
        DATABASE_URL: "",
        API_URL: "",
        PRODUCT_NAME: "",
        TRUST_PROXY: "",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        SENTRY_DSN: "",
        SESSION_SECRET: "",
        // The channels journey polls an RSS feed it serves itself on 127.0.0.1 (tests/e2e/support/feed-server.ts).
        FEED_ALLOWLIST: "127.0.0.1",
        GIF_API_KEY: E2E_GIF_KEY,
        GIF_API_BASE_URL: `http://127.0.0.1:${GIF_PORT}`,
        HELPER_LLM_URL: "",
      },
    },
  ],
});
