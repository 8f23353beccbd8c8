// The real production bundle as a child process: demo seeding, restart without reseeding, graceful
// shutdown with a request in flight, and the create-admin command. Needs `npm run build`.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MEMBERS } from "../../services/workspace/seed-demo-workspace";
import { FormClient } from "../support/web-fixture";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "../..");
const DEMO_PASSWORD = "Demo-pass1!";

/** The child's environment: this process's, minus settings that would change what is tested. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of [
    "NODE_ENV",
    "APP_ENV",
    "DATABASE_URL",
    "SESSION_SECRET",
    "SMTP_URL",
    "API_URL",
    "SENTRY_DSN",
    "PUBLIC_URL",
    "PRODUCT_NAME",
    "TRUST_PROXY",
    "DEMO",
    "DEMO_PASSWORD",
    "PORT",
    "HOST",
  ]) {
    delete env[key];
  }
  return { ...env, HOST: "127.0.0.1", ...extra };
}

/** "connected", or the error code of a fresh TCP connection attempt. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface RunningServer {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout matches; rejects if the process exits first. */
  waitForOutput(pattern: RegExp): Promise<void>;
  exited: Promise<number | null>;
}

const started: RunningServer[] = [];

async function startServer(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["build/server.js", ...args], {
    cwd: ROOT,
    env: childEnv({ DATA_DIR: dataDir, PORT: String(port), ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const watchers = new Set<() => void>();
  child.stdout!.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    for (const check of watchers) check();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const waitForOutput = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(out)) {
          watchers.delete(check);
          resolve();
        }
      };
      watchers.add(check);
      check();
      void exited.then((code) => {
        watchers.delete(check);
        reject(new Error(`server exited (${code}) before printing ${pattern}\nstdout:\n${out}\nstderr:\n${err}`));
      });
    });
  const server: RunningServer = {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    stdout: () => out,
    stderr: () => err,
    waitForOutput,
    exited,
  };
  started.push(server);
  await waitForOutput(/"msg":"listening"/);
  const health = await fetch(`${server.baseUrl}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok" });
  return server;
}

async function stopServer(server: RunningServer): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGTERM");
  return server.exited;
}

async function apiSignIn(baseUrl: string, email: string, password: string) {
  const response = await fetch(`${baseUrl}/api/v1/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { access_token?: string; account?: { role: number } };
  return { status: response.status, ...body };
}

async function apiGet<T>(baseUrl: string, pathAndQuery: string, accessToken: string): Promise<T> {
  const response = await fetch(`${baseUrl}${pathAndQuery}`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(response.status, pathAndQuery).toBe(200);
  return (await response.json()) as T;
}

const tempDirs: string[] = [];
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "earshot-lifecycle-"));
  tempDirs.push(dir);
  return dir;
}

beforeAll(() => {
  if (!fs.existsSync(path.join(ROOT, "build/server.js")) || !fs.existsSync(path.join(ROOT, "build/cli.js"))) {
    throw new Error("build/server.js or build/cli.js is missing: run `npm run build` first");
  }
});

afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
  }
  await Promise.all(started.map((s) => s.exited));
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("node build/server.js --demo", () => {
  const dataDir = tempDataDir();
  let first: RunningServer;
  let credentialsBefore: string;
  let secretBefore: string;
  let signedInBrowser: FormClient;

  it("prints the four demo accounts, each of which signs in, in business profile 11", async () => {
    first = await startServer(dataDir, ["--demo"], { DEMO_PASSWORD });
    const out = first.stdout();
    expect(out).toContain("Demo accounts");
    expect(out).toContain('"msg":"demo workspace created"');
    for (const member of DEMO_MEMBERS) {
      expect(out).toMatch(new RegExp(`${member.email.replaceAll(".", "\\.")}\\s+${DEMO_PASSWORD}`));
      const session = await apiSignIn(first.baseUrl, member.email, DEMO_PASSWORD);
      expect(session.status, member.email).toBe(201);
      expect(session.account?.role).toBe(member.role);
      const me = await apiGet<{ business_profile: { id: number; name: string } }>(
        first.baseUrl,
        "/api/accounts",
        session.access_token!,
      );
      expect(me.business_profile.id).toBe(11);
    }
    credentialsBefore = fs.readFileSync(path.join(dataDir, "demo-credentials.txt"), "utf8");
    expect(credentialsBefore.trim().split("\n")).toHaveLength(4);
    secretBefore = fs.readFileSync(path.join(dataDir, "session-secret"), "utf8");
    expect(secretBefore.length).toBeGreaterThanOrEqual(32);
  });

  it("the built web bundle shows a wrong password on the form (not a 500) and signs in with the right one", async () => {
    const browser = new FormClient(first.baseUrl);
    const csrf = await browser.formToken("/login");
    const wrong = await browser.post("/login", { csrf, email: "admin@demo.earshot.test", password: "Wrong-pass1!" });
    expect(wrong.status).toBe(200);
    expect((await wrong.text()).replaceAll("<!-- -->", "")).toContain("Email or password is incorrect");
    const right = await browser.signIn("admin@demo.earshot.test", DEMO_PASSWORD, "/some/page?q=1");
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/some/page?q=1");
    const home = await browser.get("/");
    expect(home.status).toBe(200);
    expect((await home.text()).replaceAll("<!-- -->", "")).toContain("<title>Dashboard | Earshot</title>");
    signedInBrowser = browser;
  });

  it("a restart on the same DATA_DIR does not reseed, and keeps the session secret and sessions", async () => {
    expect(await stopServer(first)).toBe(0);
    const second = await startServer(dataDir, ["--demo"], { DEMO_PASSWORD: "Other-pass2!" });
    try {
      const out = second.stdout();
      expect(out).not.toContain("demo workspace created");
      expect(out).toContain("Demo accounts");
      expect(fs.readFileSync(path.join(dataDir, "demo-credentials.txt"), "utf8")).toBe(credentialsBefore);
      expect(fs.readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(secretBefore);
      expect((await apiSignIn(second.baseUrl, "guest@demo.earshot.test", "Other-pass2!")).status).toBe(401);
      const session = await apiSignIn(second.baseUrl, "sysadmin@demo.earshot.test", DEMO_PASSWORD);
      expect(session.status).toBe(201);
      const accounts = await apiGet<{ data: Array<{ email: string }> }>(
        second.baseUrl,
        "/api/v1/accounts",
        session.access_token!,
      );
      expect(accounts.data.map((a) => a.email).sort()).toEqual(DEMO_MEMBERS.map((m) => m.email).sort());
      // The cookie signed before the restart still opens the dashboard (same secret, same database).
      const again = new FormClient(second.baseUrl);
      const home = await again.get("/", { cookie: signedInBrowser.cookieHeader() });
      expect(home.status).toBe(200);
      await home.text();
    } finally {
      expect(await stopServer(second)).toBe(0);
    }
  });

  it("SIGTERM drains: every request in flight completes, a new one is answered 503 with Retry-After, exit code 0", async () => {
    const server = await startServer(dataDir, ["--demo"], { DEMO_PASSWORD });
    const session = await apiSignIn(server.baseUrl, "agent@demo.earshot.test", DEMO_PASSWORD);
    expect(session.status).toBe(201);
    const csrf = (session as { csrf_token?: string }).csrf_token!;
    // Requests held open by their bodies: each is dispatched (100 Continue) and has sent half its body
    // when the signal comes; the server has to read the rest to answer.
    const IN_FLIGHT = 20;
    const held = await Promise.all(
      Array.from({ length: IN_FLIGHT }, (_, i) =>
        holdRequest(server.port, "/api/v1/queries/validate", JSON.stringify({ query: `refund AND "case ${i}"` }), {
          authorization: `Bearer ${session.access_token!}`,
          "x-csrf-token": csrf,
        }),
      ),
    );

    server.child.kill("SIGTERM");
    await server.waitForOutput(/"msg":"shutting down"/);
    // The listener stays open while draining: a brand-new connection is answered, and told to come back.
    expect(await tryConnect(server.port)).toBe("connected");
    const during = await rawRequest(server.port, "/api/v1/streams", { authorization: `Bearer ${session.access_token!}` });
    expect(during.status).toBe(503);
    expect(Number(during.headers["retry-after"])).toBeGreaterThan(0);
    expect(during.headers.connection).toBe("close");
    const page = await rawRequest(server.port, "/login", {});
    expect(page.status).toBe(503);

    for (const request of held) request.finish();
    const answers = await Promise.all(held.map((r) => r.response));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: IN_FLIGHT }, () => 200));
    for (const answer of answers) expect(JSON.parse(answer.body)).toMatchObject({ valid: true });
    // Exits on its own once they are answered, without waiting out the 25 s grace period.
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toContain('"msg":"stopped"');
    expect(server.stdout()).not.toContain("requests still running after grace period");
  }, 60_000);
});

/** A POST dispatched to the server (it answered 100 Continue) with only half its body sent. */
async function holdRequest(port: number, pathname: string, body: string, headers: Record<string, string>) {
  const half = Math.floor(body.length / 2);
  const request = http.request({
    host: "127.0.0.1",
    port,
    path: pathname,
    method: "POST",
    agent: false,
    headers: {
      ...headers,
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      // The server answers 100 Continue once it has dispatched the request: it is in flight.
      expect: "100-continue",
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on("response", (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.on("error", reject);
  });
  response.catch(() => undefined); // awaited by the test; never an unhandled rejection if a step fails first
  await new Promise<void>((resolve) => request.once("continue", () => resolve()));
  request.write(body.slice(0, half));
  return { response, finish: () => request.end(body.slice(half)) };
}

/** One GET on a fresh connection: status, headers and body (or the connection's error code). */
function rawRequest(port: number, pathname: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: pathname, agent: false, headers }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    request.on("error", reject);
  });
}

describe("node build/cli.js create-admin", () => {
  const cli = (dataDir: string, args: string[]) =>
    run(process.execPath, ["build/cli.js", ...args], { cwd: ROOT, env: childEnv({ DATA_DIR: dataDir }) }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );

  it("refuses a weak password with a message and creates nothing", async () => {
    const dataDir = tempDataDir();
    const weak = await cli(dataDir, [
      "create-admin",
      "--email",
      "root@acme.test",
      "--password",
      "weak",
      "--business-profile",
      "Acme",
    ]);
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain("--password:");
    expect(weak.stderr).toContain("It is too short!");
    expect(weak.stdout).not.toContain("Created");
    const badEmail = await cli(dataDir, ["create-admin", "--email", "nope", "--password", "Str0ng-pass!"]);
    expect(badEmail.code).toBe(1);
    expect(badEmail.stderr).toContain("--email must be a valid e-mail address");
    const usage = await cli(dataDir, []);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage:");
  });

  it("creates the workspace's admin (role admin, not a system admin) on a fresh DATA_DIR who can sign in", async () => {
    const dataDir = tempDataDir();
    const created = await cli(dataDir, [
      "create-admin",
      "--email",
      "root@acme.test",
      "--password",
      "Str0ng-pass!",
      "--business-profile",
      "Acme",
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/Created admin root@acme\.test .* business profile "Acme"/);
    const server = await startServer(dataDir, []);
    try {
      expect(server.stdout()).not.toContain("Demo accounts");
      const session = await apiSignIn(server.baseUrl, "root@acme.test", "Str0ng-pass!");
      expect(session.status).toBe(201);
      expect(session.account?.role).toBe(1);
      const me = await apiGet<{ role: number; business_profile: { name: string } }>(
        server.baseUrl,
        "/api/accounts",
        session.access_token!,
      );
      expect(me.business_profile.name).toBe("Acme");
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
    const again = await cli(dataDir, [
      "create-admin",
      "--email",
      "root2@acme.test",
      "--password",
      "Str0ng-pass!",
      "--business-profile",
      "Acme",
    ]);
    expect(again.code).toBe(1);
    expect(again.stderr.trim().length).toBeGreaterThan(0);
    // The install-wide system admin is the operator's separate, explicit command.
    const operator = await cli(dataDir, [
      "create-system-admin",
      "--email",
      "ops@operator.test",
      "--password",
      "Str0ng-pass!",
      "--business-profile",
      "Operator",
    ]);
    expect(operator.code, operator.stderr).toBe(0);
    expect(operator.stdout).toMatch(/Created system admin ops@operator\.test .* business profile "Operator"/);
  });
});
