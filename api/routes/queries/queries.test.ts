import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { lintQuery, QUERY_MAX_LENGTH } from "../../../domain/query";
import { createApiFixture, type ApiFixture, type SignedIn } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

describe.each(testEngines({ engineSpecific: true }))("POST /v1/queries/validate on %s", (engine) => {
  let fx: ApiFixture;
  let agent: SignedIn;
  let guest: SignedIn;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    const tenant = await fx.createTenant();
    [agent, guest] = await Promise.all([fx.signIn(tenant.accounts.agent.email), fx.signIn(tenant.accounts.guest.email)]);
  });
  afterAll(() => fx?.cleanup());

  const validate = (body: unknown, auth: SignedIn | undefined = agent) => fx.request("POST", "/api/v1/queries/validate", { auth, body });

  it("answers valid for a clean query, for any signed-in user", async () => {
    for (const auth of [agent, guest]) {
      const res = await validate({ query: '("acme corp" OR acme*) AND (price OR cost~1)' }, auth);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ valid: true, errors: [] });
    }
  });

  it("lists every fault with its offset and length, as the linter gives them", async () => {
    const query = "*acme AND AND (price)";
    const res = await validate({ query });
    expect(res.status).toBe(200);
    expect(res.json.valid).toBe(false);
    expect(res.json.errors).toEqual(lintQuery(query));
    expect(res.json.errors.length).toBeGreaterThan(1);
    expect(res.json.errors[0]).toEqual({ message: MESSAGES.queryLint.leadingWildcard, offset: 0, length: expect.any(Number) });
  });

  it("reports a blank or missing query as not valid: 'Should not be empty!' at 0, 0", async () => {
    for (const body of [{ query: "" }, { query: "   " }, {}]) {
      const res = await validate(body);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ valid: false, errors: [{ message: MESSAGES.required, offset: 0, length: 0 }] });
    }
  });

  it("refuses a query over the length limit with 400", async () => {
    expect((await validate({ query: "a".repeat(QUERY_MAX_LENGTH) })).status).toBe(200);
    const res = await validate({ query: "a".repeat(QUERY_MAX_LENGTH + 1) });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error_message: MESSAGES.queryLint.tooLong });
  });

  it("refuses a 100 KB body with 400 before parsing it, quickly", async () => {
    const started = performance.now();
    const res = await validate({ query: "acme OR ".repeat(12_800) });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error_message: MESSAGES.payloadTooLarge });
    expect(performance.now() - started).toBeLessThan(1000);

    // Not even JSON: the size alone decides.
    const raw = await fx.api.fetch(
      new Request("http://api.test/api/v1/queries/validate", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${agent.accessToken}`,
          "x-csrf-token": agent.csrfToken,
          "content-length": String(100 * 1024),
        },
        body: "{".repeat(100 * 1024),
      }),
    );
    expect(raw.status).toBe(400);
  });

  it("needs a session and a well-typed query", async () => {
    expect((await fx.request("POST", "/api/v1/queries/validate", { body: { query: "acme" } })).status).toBe(401);
    const res = await validate({ query: 42 });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ query: [MESSAGES.wrongFormat] });
  });
});
