// What reaches a Remix action (ADR 025): only a form, and a bounded one. Every route module that exports
// an action answers a post without a form body, or with another content type, 400 'Bad request' (never
// 500), signed in; a form body over the limit is 413 before any action reads it.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../domain/messages";
import { REQUEST_BODY_LIMITS } from "../../domain/request-limits";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";

const ROUTES_DIR = path.resolve(__dirname, "../../app/routes");

/**
 * The URL of a flat-routes module: pathless `_x` segments dropped, `$param` → 1, `$` → a splat; an
 * index route's action is addressed with `?index`.
 */
function urlOf(file: string): string {
  const parts = file.replace(/\.tsx?$/, "").split(".");
  const segments = parts.filter((s) => !s.startsWith("_")).map((s) => (s === "$" ? "anything" : s.startsWith("$") ? "1" : s));
  return `/${segments.join("/")}${parts.at(-1) === "_index" ? "?index" : ""}`;
}

const ACTION_ROUTES = fs
  .readdirSync(ROUTES_DIR)
  // Route-adjacent *.server.ts modules are not routes (remix.config.js ignores them; ADR 028).
  .filter((f) => /\.tsx?$/.test(f) && !f.includes(".test.") && !f.endsWith(".server.ts"))
  .filter((f) =>
    /export (async )?function action\b|export const action\b|export \{[^}]*\baction\b[^}]*\} from/.test(fs.readFileSync(path.join(ROUTES_DIR, f), "utf8")),
  )
  .map((file) => ({ file, url: urlOf(file) }));

let web: WebServer;
let browser: FormClient;

beforeAll(async () => {
  web = await startWebServer();
  const tenant = await createTenantWithRoles(web.db);
  browser = new FormClient(web.baseUrl);
  const signedIn = await browser.signIn(tenant.accounts.admin.email, TENANT_PASSWORD);
  expect(signedIn.status).toBe(302);
});
afterAll(() => web.close());

async function post(url: string, body: BodyInit | undefined, contentType: string | undefined, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { cookie: browser.cookieHeader(), origin: web.baseUrl, ...extra };
  if (contentType) headers["content-type"] = contentType;
  return fetch(`${web.baseUrl}${url}`, { method: "POST", redirect: "manual", headers, body, duplex: "half" } as RequestInit);
}

describe("posts that are not forms", () => {
  it("finds the action routes (logout and the settings screens among them)", () => {
    expect(ACTION_ROUTES.length).toBeGreaterThanOrEqual(29);
    expect(ACTION_ROUTES.map((r) => r.url)).toEqual(expect.arrayContaining(["/logout", "/settings/labels", "/login", "/?index"]));
  });

  it("a malformed multipart body is never a 500: 400, or the streamed upload's form-token refusal (403)", async () => {
    const answers: string[] = [];
    for (const route of ACTION_ROUTES) {
      const response = await post(route.url, "--nope\r\nthis is not multipart", "multipart/form-data; boundary=b0undary");
      const text = await response.text();
      // A signed-in visitor of the sign-in pages is sent home, whatever they post; so is this admin on the
      // system admin's /admin screens (the guard runs before the body is read).
      const sentHome = route.file.startsWith("_auth.") || route.file.startsWith("_shell.admin.");
      const expected = sentHome ? [302] : route.file.startsWith("_shell.settings.channels.$id") ? [403] : [400];
      if (!expected.includes(response.status)) answers.push(`${route.file} ${route.url}: ${response.status} ${text.slice(0, 80)}`);
    }
    expect(answers).toEqual([]);
  });

  const cases: Array<[string, BodyInit | undefined, string | undefined]> = [
    ["no body", undefined, undefined],
    ["application/json {}", "{}", "application/json"],
    ["text/plain", "csrf=x&name=y", "text/plain"],
  ];
  for (const [label, body, type] of cases) {
    it(`every action answers ${label} with 400 'Bad request', never 500`, async () => {
      const answers: string[] = [];
      for (const route of ACTION_ROUTES) {
        const response = await post(route.url, body, type);
        const text = await response.text();
        const ok = response.status === 400 && (text === MESSAGES.badRequest || text.includes(MESSAGES.badRequest));
        if (!ok) answers.push(`${route.file} ${route.url}: ${response.status} ${text.slice(0, 80)}`);
      }
      expect(answers).toEqual([]);
    });
  }

  it("a form post still works (the guard hands the body on)", async () => {
    const csrf = await browser.formToken("/settings/labels");
    const response = await browser.post("/settings/labels", { csrf, intent: "create", name: "Guarded" });
    expect(response.status).toBeLessThan(500);
    await response.text();
    const labels = await web.db.selectFrom("labels").select("name").execute();
    expect(labels.map((l) => l.name)).toContain("Guarded");
  });
});

describe("form body limit", () => {
  const max = REQUEST_BODY_LIMITS.formBytesMax;

  it("a declared form body over the limit is 413, before any action", async () => {
    const body = new URLSearchParams({ csrf: "x", name: "a".repeat(max) }).toString();
    const response = await post("/settings/labels", body, "application/x-www-form-urlencoded");
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(MESSAGES.payloadTooLarge);
  });

  it("a chunked form body is refused at the limit, anonymous or not", async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= 64 * 1024 * 1024) return controller.close();
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    const response = await fetch(`${web.baseUrl}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: web.baseUrl },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    await response.text();
  });
});
