import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiFixture, TEST_PASSWORD, type ApiFixture, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

describe.each(testEngines())("session API on %s", (engine) => {
  let fx: ApiFixture;
  let tenant: TenantFixture;
  beforeAll(async () => {
    fx = await createApiFixture(engine);
    tenant = await fx.createTenant();
  });
  afterAll(() => fx.cleanup());

  it("signs in and returns account, csrf, access and refresh tokens", async () => {
    const res = await fx.request("POST", "/api/v1/session", {
      body: { email: tenant.accounts.agent.email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(201);
    expect(res.json.account.email).toBe(tenant.accounts.agent.email);
    expect(res.json.account.business_profile.id).toBe(tenant.businessProfileId);
    expect(res.json.account).not.toHaveProperty("password_hash");
    expect(res.json.csrf_token).toEqual(expect.any(String));
    expect(res.json.access_token).toEqual(expect.any(String));
    expect(res.json.refresh_token).toEqual(expect.any(String));
    expect(res.headers.get("set-cookie")).toMatch(/earshot_api_session=.*HttpOnly/i);
  });

  it("answers 401 'Email or password is incorrect' for a wrong password or unknown e-mail", async () => {
    for (const body of [
      { email: tenant.accounts.admin.email, password: "Wrong-pass1" },
      { email: "nobody@example.test", password: "Wrong-pass1" },
    ]) {
      const res = await fx.request("POST", "/api/v1/session", { body });
      expect(res.status).toBe(401);
      expect(res.json.error_message).toBe("Email or password is incorrect");
    }
  });

  it("answers 422 with catalogue messages for empty fields", async () => {
    const res = await fx.request("POST", "/api/v1/session", { body: { email: "", password: "" } });
    expect(res.status).toBe(422);
    expect(res.json.errors.email).toEqual(["Should not be empty!"]);
    expect(res.json.errors.password).toEqual(["Should not be empty!"]);
  });

  it("serves the current account at GET /accounts and revokes it on DELETE /v1/session", async () => {
    const auth = await fx.signIn(tenant.accounts.admin.email);
    const me = await fx.request("GET", "/api/accounts", { auth });
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(tenant.accounts.admin.id);
    expect(me.json.role).toBe(1);
    const out = await fx.request("DELETE", "/api/v1/session", { auth });
    expect(out.status).toBe(204);
    expect((await fx.request("GET", "/api/accounts", { auth })).status).toBe(401);
    const refreshed = await fx.request("PUT", "/api/v1/session", {
      headers: { authorization: `Bearer ${auth.refreshToken}` },
    });
    expect(refreshed.status).toBe(401);
  });
});
