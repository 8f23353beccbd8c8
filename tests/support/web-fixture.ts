import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "@remix-run/node";
import type { Engine } from "../../db/client";
import type { AppEnv } from "../../domain/constants";
import { createEarshot, type Earshot } from "../../server/app";
import { readConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import type { Mailer, MailMessage } from "../../services/mail/mailer";
import { createTestDatabase } from "./database";

let buildPromise: Promise<ServerBuild> | undefined;

/** The Remix server build (npm test builds first; run `npm run build` before running a suite alone). */
export function loadRemixBuild(): Promise<ServerBuild> {
  const file = path.resolve("build/index.js");
  if (!fs.existsSync(file)) throw new Error("build/index.js is missing: run `npm run build` first");
  buildPromise ??= import(pathToFileURL(file).href) as Promise<ServerBuild>;
  return buildPromise;
}

export interface WebFixtureOptions {
  engine?: Engine;
  appEnv?: AppEnv;
  env?: Record<string, string>;
  mailer?: Mailer;
  now?: () => Date;
}

/** A real Earshot HTTP server on a loopback port over a fresh database. */
export async function startWebServer(options: WebFixtureOptions = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "earshot-web-"));
  const database = await createTestDatabase(options.engine ?? "sqlite");
  const logLines: string[] = [];
  const sentMail: MailMessage[] = [];
  const config = readConfig({
    DATA_DIR: dataDir,
    APP_ENV: options.appEnv ?? "local",
    SESSION_SECRET: "test-secret-test-secret-test-secret",
    ...options.env,
  });
  const earshot: Earshot = await createEarshot({
    config,
    remixBuild: await loadRemixBuild(),
    database,
    logger: createLogger((line) => logLines.push(line)),
    mailer: options.mailer ?? { send: async (m) => void sentMail.push(m) },
    ...(options.now ? { now: options.now } : {}),
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: earshot.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    earshot,
    deps: earshot.deps,
    db: earshot.database.db,
    logLines,
    sentMail,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type WebServer = Awaited<ReturnType<typeof startWebServer>>;

/** A cookie jar browser stand-in for HTTP-level tests of pages and forms (no JavaScript). */
export class FormClient {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private remember(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(cookie) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(pathAndQuery: string, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${pathAndQuery}`, {
      redirect: "manual",
      headers: { cookie: this.cookieHeader(), ...headers },
      signal,
    });
    this.remember(response);
    return response;
  }

  async post(pathAndQuery: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.baseUrl}${pathAndQuery}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: this.cookieHeader(),
        "content-type": "application/x-www-form-urlencoded",
        origin: this.baseUrl,
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
    this.remember(response);
    return response;
  }

  /** Reads the form token from a page (every form carries it). */
  async formToken(pathAndQuery = "/login"): Promise<string> {
    const html = await (await this.get(pathAndQuery)).text();
    const token = html.match(/name="csrf" value="([^"]+)"/)?.[1];
    if (!token) throw new Error(`no form token on ${pathAndQuery}`);
    return token;
  }

  async signIn(email: string, password: string, redirectFrom = ""): Promise<Response> {
    const csrf = await this.formToken("/login");
    return this.post("/login", { csrf, email, password, redirectFrom });
  }
}

/** The text of the toast a server-rendered page shows (as a browser without JavaScript sees it), or "". */
export function toastText(html: string): string {
  const toast = /data-testid="toast"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";
  return toast.replace(/<[^>]+>/g, "").trim();
}
