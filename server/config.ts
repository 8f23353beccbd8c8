import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_APP_ENV, isAppEnv, type AppEnv } from "../domain/constants";
import { DEFAULT_PRODUCT_NAME } from "../domain/product";

/** Everything the process reads from its environment (README "Configuration"), read once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  appEnv: AppEnv;
  apiUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  productName: string;
  trustProxy: boolean;
  sentryDsn: string | undefined;
  mailFrom: string;
  translateUrl: string | undefined;
  /** Hosts the feed poller may reach although they resolve to private addresses. */
  feedAllowlist: string[];
  /** Review platform base URLs, as JSON: {"googlePlay": "http://scraper:3000"}. */
  reviewBaseUrls: Record<string, string>;
  /** Seconds between scheduler rounds (feed and review polling). */
  pollIntervalSeconds: number;
  /**
   * Server processes behind PORT (ADR 043): WEB_CONCURRENCY, or the number of cores on PostgreSQL and 1
   * on SQLite when it is not set.
   */
  webConcurrency: number;
  /** Seconds a background job's lease lasts unrenewed: how soon a dead process's job is taken over. */
  jobLeaseSeconds: number;
  /** The helper chat's optional model and GIF search (ADR 042). */
  helper: {
    llmUrl: string | undefined;
    llmModel: string | undefined;
    llmTimeoutMs: number;
    gifApiKey: string | undefined;
    gifApiBaseUrl: string | undefined;
  };
}

export function readConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const port = readPort(env.PORT);
  const dataDir = path.resolve(env.DATA_DIR || "data");
  // Like every other setting, an empty value (`APP_ENV=` in a compose file) means "not set".
  const appEnv = env.APP_ENV || DEFAULT_APP_ENV;
  if (!isAppEnv(appEnv)) throw new Error(`APP_ENV must be one of local, demo, preprod, prod (got ${appEnv})`);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, "");
  return {
    port,
    host: env.HOST || "0.0.0.0",
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    sessionSecret: env.SESSION_SECRET || sessionSecretFromDataDir(dataDir),
    appEnv,
    apiUrl: env.API_URL || undefined,
    publicUrl,
    smtpUrl: env.SMTP_URL || undefined,
    productName: env.PRODUCT_NAME || DEFAULT_PRODUCT_NAME,
    trustProxy: /^(1|true|yes)$/i.test(env.TRUST_PROXY ?? ""),
    sentryDsn: env.SENTRY_DSN || undefined,
    translateUrl: env.TRANSLATE_URL || undefined,
    feedAllowlist: (env.FEED_ALLOWLIST ?? "").split(",").map((h) => h.trim()).filter(Boolean),
    reviewBaseUrls: readJsonObject("REVIEW_BASE_URLS", env.REVIEW_BASE_URLS),
    pollIntervalSeconds: Number(env.POLL_INTERVAL_SECONDS) > 0 ? Number(env.POLL_INTERVAL_SECONDS) : 15,
    webConcurrency: readConcurrency(env.WEB_CONCURRENCY, env.DATABASE_URL),
    jobLeaseSeconds: Number(env.JOB_LEASE_SECONDS) > 0 ? Number(env.JOB_LEASE_SECONDS) : 60,
    helper: {
      llmUrl: env.HELPER_LLM_URL || undefined,
      llmModel: env.HELPER_LLM_MODEL || undefined,
      llmTimeoutMs: Number(env.HELPER_LLM_TIMEOUT_MS) > 0 ? Number(env.HELPER_LLM_TIMEOUT_MS) : 8000,
      gifApiKey: env.GIF_API_KEY || undefined,
      gifApiBaseUrl: env.GIF_API_BASE_URL || undefined,
    },
    mailFrom: env.MAIL_FROM || mailbox(env.PRODUCT_NAME || DEFAULT_PRODUCT_NAME, `no-reply@${new URL(publicUrl).hostname}`),
  };
}

/** Without SESSION_SECRET, one is generated into data/ on first start and reused afterwards. */
function sessionSecretFromDataDir(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  let existing = "";
  try {
    existing = fs.readFileSync(file, "utf8").trim();
  } catch {
    existing = "";
  }
  // An empty file (a crash while writing it, a stray `touch`) must not become an empty signing key.
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** "Name <address>", quoting a name with specials (RFC 5322), so "Acme, Inc" stays one sender. */
function mailbox(name: string, address: string): string {
  const display = /[()<>[\]:;@\\,."]/.test(name) ? `"${name.replace(/(["\\])/g, "\\$1")}"` : name;
  return `${display} <${address}>`;
}

/** PORT: 3000 when unset or empty; otherwise a whole number from 0 to 65535 (0: any free port). */
function readPort(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || port > 65535) throw new Error(`PORT must be a number from 0 to 65535 (got ${value})`);
  return port;
}

/** WEB_CONCURRENCY: a whole number from 1; unset or empty: the cores on PostgreSQL, 1 on SQLite. */
function readConcurrency(value: string | undefined, databaseUrl: string | undefined): number {
  if (value === undefined || value.trim() === "") {
    return databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl) ? os.availableParallelism() : 1;
  }
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1) throw new Error(`WEB_CONCURRENCY must be a whole number from 1 (got ${value})`);
  return n;
}

function readJsonObject(name: string, value: string | undefined): Record<string, string> {
  if (!value) return {};
  try {
    const parsed = JSON.parse(value) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, string>;
  } catch {
    // fall through
  }
  throw new Error(`${name} must be a JSON object such as {"googlePlay":"http://127.0.0.1:4000"}`);
}
