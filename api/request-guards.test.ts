// Who is asking comes before what is sent (ADR 025): every API route that needs a caller answers an
// anonymous request 401 without reading its body or validating anything, and every body is capped
// (413) before it is read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../domain/messages";
import { REQUEST_BODY_LIMITS } from "../domain/request-limits";
import { createApiFixture, type ApiFixture, type SignedIn } from "../tests/support/api-fixture";
import { isOpenToAnonymous } from "./middleware/auth";

/** A body that records whether anything pulled from it. */
function watchedBody(text = "{}") {
  const state = { read: false };
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        state.read = true;
        controller.enqueue(bytes);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

/** A chunked body of `total` bytes made as it is read (never held whole), counting what was pulled. */
function generatedBody(total: number, chunk = 64 * 1024) {
  const state = { pulled: 0 };
  const piece = new Uint8Array(chunk).fill(0x61);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= total) return controller.close();
        const n = Math.min(chunk, total - state.pulled);
        state.pulled += n;
        controller.enqueue(n === chunk ? piece : piece.subarray(0, n));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

function concrete(path: string): string {
  return path.replace(/\{[^}]+\}|:[A-Za-z_]+/g, "1");
}

let fx: ApiFixture;
let admin: SignedIn;

beforeAll(async () => {
  fx = await createApiFixture("sqlite");
  const tenant = await fx.createTenant();
  admin = await fx.signIn(tenant.accounts.admin.email);
});
afterAll(() => fx.cleanup());

describe("authentication before the body", () => {
  it("an anonymous POST /api/labels {} is 401, not 422", async () => {
    const res = await fx.request("POST", "/api/labels", { body: {} });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error_message: MESSAGES.unauthorized });
  });

  it("every route that needs a caller answers an anonymous request 401 without reading its body", async () => {
    // Hono lists a route once per handler (validators included): one of each method and path.
    const routes = [
      ...new Map(
        fx.api.app.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/")).map((r) => [`${r.method} ${r.path}`, r]),
      ).values(),
    ];
    const guarded = routes.filter((r) => !isOpenToAnonymous(r.method, r.path.replace(/^\/api/, "").replace(/\{[^}]+\}|:[A-Za-z_]+/g, "1"), undefined));
    // The open ones are few, and listed: sign-in (password and SSO), renewal, invites, reset, ingest,
    // webhooks, shared links, logos.
    expect(routes.length - guarded.length).toBeLessThan(24);
    expect(guarded.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const route of guarded) {
      const { stream, state } = watchedBody('{"name":"x"}');
      const hasBody = !["GET", "HEAD", "DELETE"].includes(route.method);
      const response = await fx.api.fetch(
        new Request(`http://api.test${concrete(route.path)}?bad_param=%%%`, {
          method: route.method,
          headers: { "content-type": "application/json" },
          ...(hasBody ? { body: stream, duplex: "half" } : {}),
        } as RequestInit),
      );
      if (response.status !== 401 || state.read) failures.push(`${route.method} ${route.path}: ${response.status}${state.read ? " (body read)" : ""}`);
      await response.body?.cancel();
    }
    expect(failures).toEqual([]);
  });

  it("an expired or forged bearer token is no better than none", async () => {
    for (const token of ["forged", `${admin.accessToken}x`]) {
      const res = await fx.request("POST", "/api/v1/teams", { body: {}, headers: { authorization: `Bearer ${token}` } });
      expect(res.status, token).toBe(401);
    }
  });

  it("a GET-via-POST without credentials is 401 before its body is read; a shared link's read is let through", async () => {
    const { stream, state } = watchedBody('{"limit":5}');
    const res = await fx.api.fetch(
      new Request("http://api.test/api/v1/statuses", {
        method: "POST",
        headers: { "content-type": "application/json", "x-http-method-override": "GET" },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(401);
    expect(state.read).toBe(false);
    expect(isOpenToAnonymous("GET", "/v1/dashboard/sentiment", "code")).toBe(true);
    expect(isOpenToAnonymous("GET", "/v1/dashboard/sentiment", undefined)).toBe(false);
    expect(isOpenToAnonymous("POST", "/labels", "code")).toBe(false);
    expect(isOpenToAnonymous("GET", "/v1/statuses", "code")).toBe(false);
  });

  it("the open routes still work anonymously", async () => {
    const signIn = await fx.request("POST", "/api/v1/session", { body: { email: "nobody@example.test", password: "Wrong-pass1!" } });
    expect(signIn.status).toBe(401);
    expect(signIn.json.error_message).not.toBe(MESSAGES.unauthorized);
    expect((await fx.request("GET", "/api/v1/openapi.json")).status).toBe(200);
    const reset = await fx.request("POST", "/api/v1/accounts/preferences/security/password_reset", { body: {} });
    expect(reset.status).toBe(422);
    // The ingest key is checked by its handler: an anonymous body reaches its limit (413), not a 401.
    const { stream } = generatedBody(REQUEST_BODY_LIMITS.ingestBytesMax + 10);
    const ingest = await fx.api.fetch(
      new Request("http://api.test/api/v1/ingest/streams/1", {
        method: "POST",
        headers: { "content-type": "application/x-ndjson", "x-ingest-key": "esk_nope" },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(ingest.status).toBe(413);
  });
});

describe("body limits", () => {
  const json = REQUEST_BODY_LIMITS.jsonBytesMax;

  it("a declared body over the JSON limit is 413 with the catalogue's message, unread", async () => {
    const { stream, state } = watchedBody("{}");
    const res = await fx.api.fetch(
      new Request("http://api.test/api/v1/teams", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": String(json + 1),
          authorization: `Bearer ${admin.accessToken}`,
          "x-csrf-token": admin.csrfToken,
        },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error_message: MESSAGES.payloadTooLarge });
    expect(state.read).toBe(false);
  });

  it("a chunked body is refused at the limit, not read to its end", async () => {
    const total = 64 * 1024 * 1024;
    for (const [path, limit] of [
      ["/api/v1/teams", json],
      ["/api/v1/ingest/streams/1", REQUEST_BODY_LIMITS.ingestBytesMax],
      ["/api/webhooks/zendesk/00000000-0000-0000-0000-000000000000", REQUEST_BODY_LIMITS.webhookBytesMax],
    ] as const) {
      const { stream, state } = generatedBody(total);
      const res = await fx.api.fetch(
        new Request(`http://api.test${path}`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "transfer-encoding": "chunked",
            authorization: `Bearer ${admin.accessToken}`,
            "x-csrf-token": admin.csrfToken,
          },
          body: stream,
          duplex: "half",
        } as RequestInit),
      );
      expect(res.status, path).toBe(413);
      expect(await res.json()).toEqual({ error_message: MESSAGES.payloadTooLarge });
      expect(state.pulled, path).toBeLessThan(limit + 1024 * 1024);
    }
  });

  it("a GET-via-POST body over the limit is 413", async () => {
    const { stream } = generatedBody(json + 10);
    const res = await fx.api.fetch(
      new Request("http://api.test/api/v1/statuses", {
        method: "POST",
        headers: { "content-type": "application/json", "x-http-method-override": "GET", authorization: `Bearer ${admin.accessToken}` },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
  });

  it("a body under the limit goes through", async () => {
    const res = await fx.request("POST", "/api/v1/teams", { auth: admin, body: { name: "Night shift", description: "x".repeat(100) } });
    expect(res.status).toBeLessThan(300);
  });
});
