import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiFixture, type ApiFixture, type SignedIn } from "../tests/support/api-fixture";
import { testEngines } from "../tests/support/database";
import { undoMethodOverride } from "./app";

describe.each(testEngines())("API app on %s", (engine) => {
  let fx: ApiFixture;
  let admin: SignedIn;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    // Routes can only be added before the first request builds the router.
    fx.api.app.get("/v1/test-failure", () => {
      throw new Error("database password is hunter2");
    });
    fx.api.app.get("/v1/test-failure-async", async () => {
      await Promise.resolve();
      throw new TypeError("Cannot read properties of undefined (reading 'secret')");
    });
    const tenant = await fx.createTenant();
    admin = await fx.signIn(tenant.accounts.admin.email);
  });
  afterAll(() => fx.cleanup());

  describe("Server-Timing", () => {
    it("reports the store's queries and time of each answer", async () => {
      const res = await fx.request("GET", "/api/v1/teams", { auth: admin });
      expect(res.status).toBe(200);
      const timing = res.headers.get("server-timing") ?? "";
      const match = /db;dur=([\d.]+);desc="(\d+) queries", app;dur=([\d.]+)/.exec(timing);
      expect(match, timing).not.toBeNull();
      expect(Number(match![2])).toBeGreaterThan(0);
      expect(Number(match![3])).toBeGreaterThanOrEqual(Number(match![1]));
    });
  });

  describe("OpenAPI document", () => {
    it("is served at /api/v1/openapi.json as OpenAPI 3.1 with the routes' paths", async () => {
      const res = await fx.request("GET", "/api/v1/openapi.json");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(res.json.openapi).toBe("3.1.0");
      expect(res.json.info).toEqual({ title: "Earshot API", version: "1" });

      const paths = res.json.paths as Record<string, Record<string, unknown>>;
      // Keys carry the /api mount and OpenAPI's {param} style.
      expect(Object.keys(paths)).toEqual(
        expect.arrayContaining([
          "/api/v1/session",
          "/api/accounts",
          "/api/accounts/token",
          "/api/accounts/logout",
          "/api/v1/accounts",
          "/api/v1/accounts/{id}",
          "/api/v1/account_events",
        ]),
      );
      for (const key of Object.keys(paths)) {
        expect(key.startsWith("/api/")).toBe(true);
        expect(key).not.toMatch(/\/:/);
      }
      expect(Object.keys(paths["/api/v1/session"]!).sort()).toEqual(["delete", "post", "put"]);
      expect(Object.keys(paths["/api/v1/accounts/{id}"]!).sort()).toEqual(["delete", "get", "patch"]);
      expect(Object.keys(paths["/api/v1/account_events"]!).sort()).toEqual(["get", "post"]);
    });

    it("documents parameters, bodies and error responses", async () => {
      const doc = (await fx.request("GET", "/api/v1/openapi.json")).json;
      const getAccount = doc.paths["/api/v1/accounts/{id}"].get;
      expect(getAccount.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: "id", in: "path", required: true })]),
      );
      expect(Object.keys(getAccount.responses)).toEqual(expect.arrayContaining(["200", "401", "404"]));

      const login = doc.paths["/api/v1/session"].post;
      const loginSchema = login.requestBody.content["application/json"].schema;
      expect(loginSchema.properties).toHaveProperty("email");
      expect(loginSchema.properties).toHaveProperty("password");
      expect(loginSchema.properties).toHaveProperty("otp_code");
      expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(["201", "401", "422", "429"]));

      const list = doc.paths["/api/v1/accounts"].get;
      expect(list.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: "business_profile_id", in: "query" })]),
      );
    });

    it("is readable without signing in and does not include the test routes' secrets", async () => {
      const res = await fx.request("GET", "/api/v1/openapi.json");
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.json)).not.toMatch(/password_hash|otp_secret/);
    });
  });

  describe("unknown paths", () => {
    it("answer 404 { error_message: 'Not found' }", async () => {
      for (const [method, path] of [
        ["GET", "/api/nothing-here"],
        ["GET", "/api/v1/accounts/1/unknown"],
        ["GET", "/api/v9/session"],
        ["PATCH", "/api/v1/nothing-here"],
      ] as const) {
        const res = await fx.request(method, path, { auth: admin });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.json).toEqual({ error_message: "Not found" });
      }
    });

    it("answer 404 to anonymous callers too", async () => {
      const res = await fx.request("GET", "/api/nothing-here");
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error_message: "Not found" });
    });

    it("answer 404 for a known path with a method it does not serve", async () => {
      const res = await fx.request("DELETE", "/api/v1/account_events", { auth: admin });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error_message: "Not found" });
    });
  });

  describe("unexpected errors", () => {
    it("answer 500 'Something went wrong' without message or stack, and are logged", async () => {
      for (const path of ["/api/v1/test-failure", "/api/v1/test-failure-async"]) {
        const before = fx.errors.length;
        const res = await fx.request("GET", path, { auth: admin });
        expect(res.status).toBe(500);
        expect(res.json).toEqual({ error_message: "Something went wrong" });
        const text = JSON.stringify(res.json);
        expect(text).not.toMatch(/hunter2|secret|stack|at |\.ts/);
        expect(fx.errors.length).toBe(before + 1);
        expect(fx.errors.at(-1)).toBeInstanceOf(Error);
      }
    });
  });

  describe("malformed requests", () => {
    it("answer 400 for a JSON body that does not parse", async () => {
      const res = await fx.api.fetch(
        new Request("http://api.test/api/v1/session", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{not json",
        }),
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error_message: expect.any(String) });
    });

    it("treat a GET-via-POST body that is not a JSON object as no parameters", async () => {
      for (const body of ["null", "[1,2]", '"text"', "42", "{broken", ""]) {
        const res = await fx.api.fetch(
          new Request("http://api.test/api/v1/accounts", {
            method: "POST",
            headers: {
              authorization: `Bearer ${admin.accessToken}`,
              "content-type": "application/json",
              "x-http-method-override": "GET",
            },
            body,
          }),
        );
        expect(res.status, body).toBe(200);
        const json = (await res.json()) as { data: Array<{ id: number }> };
        expect(json.data.map((a) => a.id)).toContain(admin.accountId);
      }
    });
  });
});

describe("undoMethodOverride", () => {
  it("turns a POST with X-HTTP-Method-Override: GET into the GET it stands for", async () => {
    const request = new Request("http://api.test/api/v1/statuses?limit=15", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-http-method-override": "GET",
        authorization: "Bearer abc",
        "shared-link-code": "xyz",
      },
      body: JSON.stringify({ range: { from: "2024-01-01T00:00:00Z", to: "2024-01-31T00:00:00Z" }, ids: [1, 2], q: "a b", none: null }),
    });
    const get = (await undoMethodOverride(request)) as Request;
    expect(get.method).toBe("GET");
    const url = new URL(get.url);
    expect(url.pathname).toBe("/api/v1/statuses");
    expect([...url.searchParams]).toEqual([
      ["limit", "15"],
      ["range[from]", "2024-01-01T00:00:00Z"],
      ["range[to]", "2024-01-31T00:00:00Z"],
      ["ids[]", "1"],
      ["ids[]", "2"],
      ["q", "a b"],
    ]);
    expect(get.headers.get("authorization")).toBe("Bearer abc");
    expect(get.headers.get("shared-link-code")).toBe("xyz");
    expect(get.headers.get("x-http-method-override")).toBeNull();
    expect(get.headers.get("content-type")).toBeNull();
    expect(get.body).toBeNull();
  });

  it("leaves other requests alone", async () => {
    const plainPost = new Request("http://api.test/api/v1/x", { method: "POST", body: "{}" });
    expect(await undoMethodOverride(plainPost)).toBe(plainPost);
    const otherOverride = new Request("http://api.test/api/v1/x", {
      method: "POST",
      headers: { "x-http-method-override": "DELETE" },
      body: "{}",
    });
    expect(await undoMethodOverride(otherOverride)).toBe(otherOverride);
    const get = new Request("http://api.test/api/v1/x", { headers: { "x-http-method-override": "GET" } });
    expect(await undoMethodOverride(get)).toBe(get);
  });
});
