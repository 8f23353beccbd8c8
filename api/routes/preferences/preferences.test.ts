import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createApiFixture,
  TEST_PASSWORD,
  type ApiFixture,
  type SignedIn,
  type TenantFixture,
} from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { MESSAGES } from "../../../domain/messages";

const GENERAL = "/api/v1/accounts/preferences/general";
const PASSWORD = "/api/v1/accounts/preferences/security/password";
const CURRENT_WRONG = MESSAGES.currentPasswordWrong;
const CHANGED = MESSAGES.passwordChanged;
const NEW_PASSWORD = "Changed-pass7";

describe.each(testEngines())("account preferences on %s", (engine) => {
  let fx: ApiFixture;
  let tenant: TenantFixture;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    tenant = await fx.createTenant();
  });
  afterAll(() => fx.cleanup());

  function me(auth: SignedIn) {
    return fx.request("GET", "/api/accounts", { auth });
  }

  function changePassword(auth: SignedIn, body: Record<string, unknown>) {
    return fx.request("PUT", PASSWORD, { auth, body });
  }

  describe("PATCH /v1/accounts/preferences/ui (ADR 033)", () => {
    const UI = "/api/v1/accounts/preferences/ui";

    it("the inbox layout: rows by default, cards once chosen, for the caller only, and back", async () => {
      const auth = await fx.signIn(tenant.accounts.agent.email);
      const other = await fx.signIn(tenant.accounts.guest.email);
      expect((await me(auth)).json.preferences.ui.inbox_layout).toBe("rows");

      const res = await fx.request("PATCH", UI, { auth, body: { inbox_layout: "cards" } });
      expect(res.status).toBe(200);
      expect(res.json.preferences.ui).toEqual({ default_dashboard_streams: [], inbox_layout: "cards" });
      expect((await me(auth)).json.preferences.ui.inbox_layout).toBe("cards");
      expect((await me(other)).json.preferences.ui.inbox_layout).toBe("rows");
      // The general preferences are kept.
      expect((await me(auth)).json.preferences.general.url_warning).toBe(true);

      expect((await fx.request("PATCH", UI, { auth, body: { inbox_layout: "rows" } })).status).toBe(200);
      expect((await me(auth)).json.preferences.ui.inbox_layout).toBe("rows");
    });

    it("refuses a layout that does not exist (422) and a caller who is not signed in (401)", async () => {
      const auth = await fx.signIn(tenant.accounts.agent.email);
      const bad = await fx.request("PATCH", UI, { auth, body: { inbox_layout: "tiles" } });
      expect(bad.status).toBe(422);
      expect(bad.json.errors.inbox_layout).toBeDefined();
      expect((await fx.request("PATCH", UI, { body: { inbox_layout: "cards" } })).status).toBe(401);
    });
  });

  describe("PUT /v1/accounts/preferences/general", () => {
    it("defaults to url_warning on, the others off", async () => {
      const auth = await fx.signIn(tenant.accounts.guest.email);
      const res = await me(auth);
      expect(res.json.preferences.general).toEqual({
        url_warning: true,
        review_on_reply: false,
        direct_email_to_network: false,
      });
    });

    it("stores the three booleans; GET /accounts shows them, and only for the caller", async () => {
      const auth = await fx.signIn(tenant.accounts.agent.email);
      const other = await fx.signIn(tenant.accounts.admin.email);
      const settings = { url_warning: false, review_on_reply: true, direct_email_to_network: true };
      const res = await fx.request("PUT", GENERAL, { auth, body: settings });
      expect(res.status).toBe(200);
      expect(res.json.id).toBe(tenant.accounts.agent.id);
      expect(res.json.preferences.general).toEqual(settings);

      const after = await me(auth);
      expect(after.json.preferences.general).toEqual(settings);
      // Other preferences are untouched.
      expect(after.json.preferences.security.two_factor_authorization.otp_enabled).toBe(false);
      expect(after.json.preferences.ui).toEqual({ default_dashboard_streams: [], inbox_layout: "rows" });
      expect((await me(other)).json.preferences.general).toEqual({
        url_warning: true,
        review_on_reply: false,
        direct_email_to_network: false,
      });

      // Turning them back: a form's unticked boxes are absent; ticked ones post 'on'.
      const back = await fx.request("PUT", GENERAL, { auth, body: { url_warning: "on" } });
      expect(back.status).toBe(200);
      expect((await me(auth)).json.preferences.general).toEqual({
        url_warning: true,
        review_on_reply: false,
        direct_email_to_network: false,
      });
    });

    it("needs a signed-in caller and the CSRF token", async () => {
      const body = { url_warning: false, review_on_reply: false, direct_email_to_network: false };
      expect((await fx.request("PUT", GENERAL, { body })).status).toBe(401);
      const auth = await fx.signIn(tenant.accounts.guest.email);
      expect((await fx.request("PUT", GENERAL, { auth, body, csrf: null })).status).toBe(403);
      expect((await me(auth)).json.preferences.general.url_warning).toBe(true);
    });
  });

  describe("PUT /v1/accounts/preferences/security/password", () => {
    it("refuses a wrong current password with 422 on current_password and changes nothing", async () => {
      const auth = await fx.signIn(tenant.accounts.systemAdmin.email);
      const other = await fx.signIn(tenant.accounts.systemAdmin.email);
      const res = await changePassword(auth, {
        current_password: "Wrong-pass1",
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ current_password: [CURRENT_WRONG] });
      // Nothing changed: the old password still signs in, other sessions live on.
      expect((await me(other)).status).toBe(200);
      await fx.signIn(tenant.accounts.systemAdmin.email, TEST_PASSWORD);
    });

    it("applies the password rules and the confirmation", async () => {
      const auth = await fx.signIn(tenant.accounts.systemAdmin.email);
      const weak = await changePassword(auth, {
        current_password: TEST_PASSWORD,
        password: "short",
        password_confirmation: "short",
      });
      expect(weak.status).toBe(422);
      expect(weak.json.errors.password[0]).toBe("It is too short!");
      const mismatch = await changePassword(auth, {
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: "Other-pass7",
      });
      expect(mismatch.status).toBe(422);
      expect(mismatch.json.errors).toEqual({ password_confirmation: ["Must be the same as password!"] });
      const missing = await changePassword(auth, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
      expect(missing.status).toBe(422);
      expect(missing.json.errors).toEqual({ current_password: ["Should not be empty!"] });
      await fx.signIn(tenant.accounts.systemAdmin.email, TEST_PASSWORD);
    });

    it("with the right password: 200, the other sessions end, the current one keeps working", async () => {
      const t = await fx.createTenant();
      const email = t.accounts.agent.email;
      const current = await fx.signIn(email);
      const other = await fx.signIn(email);
      const neighbour = await fx.signIn(t.accounts.guest.email);

      const res = await changePassword(current, {
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ message: CHANGED });

      // The other session is over: access, refresh and cookie.
      expect((await me(other)).status).toBe(401);
      const refreshed = await fx.request("PUT", "/api/v1/session", {
        headers: { authorization: `Bearer ${other.refreshToken}` },
      });
      expect(refreshed.status).toBe(401);
      const minted = await fx.request("GET", "/api/accounts/token", {
        headers: { cookie: `earshot_api_session=${other.sessionCookie}` },
      });
      expect(minted.status).toBe(401);

      // The current session works, refreshes, and can still mutate.
      expect((await me(current)).status).toBe(200);
      const rotated = await fx.request("PUT", "/api/v1/session", {
        headers: { authorization: `Bearer ${current.refreshToken}` },
      });
      expect(rotated.status).toBe(200);
      expect((await me({ ...current, accessToken: rotated.json.access_token })).status).toBe(200);
      // Another account is not touched.
      expect((await me(neighbour)).status).toBe(200);

      // The old password no longer signs in; the new one does.
      const old = await fx.request("POST", "/api/v1/session", { body: { email, password: TEST_PASSWORD } });
      expect(old.status).toBe(401);
      await fx.signIn(email, NEW_PASSWORD);
    });
  });
});
