import crypto from "node:crypto";
import fs from "node:fs";
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
}

export function readConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? "data");
  const appEnv = env.APP_ENV ?? DEFAULT_APP_ENV;
  if (!isAppEnv(appEnv)) throw new Error(`APP_ENV must be one of local, demo, preprod, prod (got ${appEnv})`);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
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
    mailFrom: env.MAIL_FROM || `${env.PRODUCT_NAME || DEFAULT_PRODUCT_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
  };
}

/** Without SESSION_SECRET, one is generated into data/ on first start and reused afterwards. */
function sessionSecretFromDataDir(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
