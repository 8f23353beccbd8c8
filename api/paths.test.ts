// The spec's paths (ADR 035): every route answers the same with and without a trailing slash, and an
// address whose id is not a number is a record that does not exist (404, the catalogue's words), on
// every route, never the validator's English.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../domain/messages";
import { createApiFixture, type ApiFixture, type SignedIn } from "../tests/support/api-fixture";

let fx: ApiFixture;
let admin: SignedIn;

/** Each method and path once (Hono lists a route once per handler, validators included). */
function apiRoutes() {
  return [
    ...new Map(
      fx.api.app.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/")).map((r) => [`${r.method} ${r.path}`, r]),
    ).values(),
  ];
}

const PARAM = /\{[^}]+\}|:[A-Za-z_]+/g;
const hasParam = (path: string) => /\{[^}]+\}|:[A-Za-z_]+/.test(path);

/** The status alone: event streams (live notifications, live search) never end, so the body is dropped. */
async function statusOf(path: string): Promise<number> {
  const response = await fx.api.fetch(new Request(`http://api.test${path}`, { headers: { authorization: `Bearer ${admin.accessToken}` } }));
  await response.body?.cancel();
  return response.status;
}

beforeAll(async () => {
  fx = await createApiFixture("sqlite");
  const tenant = await fx.createTenant();
  admin = await fx.signIn(tenant.accounts.admin.email);
});
afterAll(() => fx.cleanup());

describe("trailing slashes", () => {
  it("GET /api/v1/muted_keywords/ (the spec's spelling) is the list, as without the slash", async () => {
    const bare = await fx.request("GET", "/api/v1/muted_keywords", { auth: admin });
    const slashed = await fx.request("GET", "/api/v1/muted_keywords/", { auth: admin });
    expect(bare.status).toBe(200);
    expect(slashed.status).toBe(200);
    expect(slashed.json).toEqual(bare.json);
  });

  it("every GET route answers with a trailing slash exactly as without one", async () => {
    const gets = apiRoutes().filter((r) => r.method === "GET" && !hasParam(r.path));
    expect(gets.length).toBeGreaterThan(40);
    const differences: string[] = [];
    for (const route of gets) {
      const [bare, slashed] = await Promise.all([statusOf(route.path), statusOf(`${route.path}/`)]);
      if (bare !== slashed) differences.push(`${route.path}: ${bare} vs ${slashed} with a slash`);
    }
    expect(differences).toEqual([]);
  });

  it("a write with a trailing slash reaches its route too", async () => {
    const res = await fx.request("POST", "/api/v1/muted_keywords/", { auth: admin, body: { muted_keywords: [{ value: "slashed" }] } });
    expect(res.status).toBe(201);
    const list = await fx.request("GET", "/api/v1/muted_keywords", { auth: admin });
    expect(JSON.stringify(list.json)).toContain("slashed");
  });
});

describe("ids that are not numbers", () => {
  it("every route with a numeric id answers 404 with the catalogue's words for a non-numeric one", async () => {
    const withParams = apiRoutes().filter((r) => hasParam(r.path));
    expect(withParams.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of withParams) {
      for (const bad of ["abc", "1.5", "-3"]) {
        const path = route.path.replace(PARAM, bad);
        const hasBody = !["GET", "HEAD", "DELETE"].includes(route.method);
        const res = await fx.request(route.method, path, { auth: admin, ...(hasBody ? { body: {} } : {}) });
        const text = JSON.stringify(res.json);
        if (/Invalid input|expected number|NaN/.test(text) || res.status === 422) failures.push(`${route.method} ${path}: ${res.status} ${text}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("GET /api/v1/topics/abc is 404 'Not found', like a missing topic", async () => {
    for (const path of ["/api/v1/topics/abc", "/api/v1/accounts/x", "/api/v1/streams/abc"]) {
      const res = await fx.request("GET", path, { auth: admin });
      expect(res.status, path).toBe(404);
      expect(res.json, path).toEqual({ error_message: MESSAGES.notFound });
    }
  });
});
