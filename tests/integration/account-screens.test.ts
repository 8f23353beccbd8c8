import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../domain/messages";
import { ROLES } from "../../domain/roles";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";

// The account screens of issue 3 as a browser without JavaScript sees them: plain form posts,
// errors rendered by the server from the action's reply, successes as redirects and toasts.

const NEW_PASSWORD = "Changed-pass2!";

/** Page text as a user reads it: React's text separators dropped and entities decoded. */
async function pageText(response: Response): Promise<string> {
  return (await response.text())
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}

/** The <input> tag of a field, to check its value or checked state. */
function inputTag(html: string, name: string): string {
  const tag = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`no input named ${name}`);
  return tag;
}

/** The messages shown under fields and above forms (role="alert"), not the page's serialized data. */
function alerts(html: string): string[] {
  return [...html.matchAll(/<(?:p|div) [^>]*role="alert"[^>]*>([^<]*)<\/(?:p|div)>/g)].map((m) => m[1]!);
}

function isChecked(html: string, name: string): boolean {
  return /\schecked=""/.test(inputTag(html, name));
}

describe("account screens without JavaScript", () => {
  let web: WebServer;
  let tenant: Awaited<ReturnType<typeof createTenantWithRoles>>;

  beforeAll(async () => {
    web = await startWebServer();
    tenant = await createTenantWithRoles(web.db);
  });
  afterAll(() => web.close());

  /** An invite created through the API, as an admin's app would; returns the token from the e-mail. */
  async function inviteByApi(email: string): Promise<string> {
    const session = await fetch(`${web.baseUrl}/api/v1/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: tenant.accounts.admin.email, password: TENANT_PASSWORD }),
    });
    expect(session.ok).toBe(true);
    const { access_token, csrf_token } = (await session.json()) as { access_token: string; csrf_token: string };
    const invite = await fetch(`${web.baseUrl}/api/v1/team_member_invites`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${access_token}`, "x-csrf-token": csrf_token },
      body: JSON.stringify({ email, role: ROLES.agent, team_ids: [] }),
    });
    expect(invite.status).toBe(201);
    const mail = web.sentMail.findLast((m) => m.to === email);
    const token = mail?.text.match(/\/sign-up\?tm=(\S+)/)?.[1];
    if (!token) throw new Error("no invite link in the e-mail");
    return decodeURIComponent(token);
  }

  function resetLinkPath(email: string): string {
    const mail = web.sentMail.findLast((m) => m.to === email);
    const link = mail?.text.match(/https?:\/\/[^/\s]+(\/reset-password\/\S+)/)?.[1];
    if (!link) throw new Error("no reset link in the e-mail");
    return link;
  }

  describe("sign-up", () => {
    it("shows the 'Sign Up' header only with an invite token, and no form for an unknown one", async () => {
      const browser = new FormClient(web.baseUrl);
      const bogus = await browser.get("/sign-up?tm=not-a-real-token");
      expect(bogus.status).toBe(200);
      const html = await pageText(bogus);
      expect(html).toContain("<title>Sign Up | Earshot</title>");
      expect(html).toContain(`<h1 class="mb-6 text-2xl font-semibold">${MESSAGES.signUp}</h1>`);
      expect(html).toContain(MESSAGES.inviteInvalid);
      expect(html).not.toContain('name="first_name"');

      const bare = await pageText(await browser.get("/sign-up"));
      expect(bare).not.toContain(`font-semibold">${MESSAGES.signUp}</h1>`);
      expect(bare).not.toContain('name="first_name"');
    });

    it("validates every field on the server, signs up from the invite and ends signed in on '/'", async () => {
      const email = `new-${Date.now()}@example.test`;
      const token = await inviteByApi(email);
      const browser = new FormClient(web.baseUrl);

      const page = await pageText(await browser.get(`/sign-up?tm=${encodeURIComponent(token)}`));
      expect(page).toContain(`font-semibold">${MESSAGES.signUp}</h1>`);
      expect(inputTag(page, "email")).toContain(`value="${email}"`);
      expect(inputTag(page, "team_member_invite_token")).toContain(`value="${token}"`);
      const csrf = await browser.formToken(`/sign-up?tm=${encodeURIComponent(token)}`);
      const base = { csrf, team_member_invite_token: token };

      const empty = await browser.post(`/sign-up?tm=${token}`, {
        ...base,
        first_name: "",
        last_name: "",
        email: "",
        password: "",
        password_confirmation: "",
      });
      expect(empty.status).toBe(200);
      const emptyHtml = await pageText(empty);
      expect(alerts(emptyHtml)).toEqual(Array(5).fill(MESSAGES.required));

      const fields = { ...base, first_name: "<i>Ann</i>", last_name: "O'Neil", email };
      const mismatch = await pageText(
        await browser.post(`/sign-up?tm=${token}`, { ...fields, password: NEW_PASSWORD, password_confirmation: "Other-pass3!" }),
      );
      expect(alerts(mismatch)).toContain(MESSAGES.sameAsPassword);
      expect(inputTag(mismatch, "password")).not.toContain(NEW_PASSWORD);

      const weak = await pageText(
        await browser.post(`/sign-up?tm=${token}`, { ...fields, password: "abcdefgh", password_confirmation: "abcdefgh" }),
      );
      expect(alerts(weak)).toContain(MESSAGES.passwordDigit);

      // The API's field error shows under the field as '{field} {first message}'.
      const otherEmail = await pageText(
        await browser.post(`/sign-up?tm=${token}`, {
          ...fields,
          email: "someone-else@example.test",
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        }),
      );
      expect(alerts(otherEmail)).toContain(`Email ${MESSAGES.inviteEmailMismatch}`);

      const done = await browser.post(`/sign-up?tm=${token}`, { ...fields, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe("/");
      const dashboard = await browser.get("/");
      expect(dashboard.status).toBe(200);
      const dashboardHtml = await dashboard.text();
      // The name is text, not markup.
      expect(dashboardHtml).toContain("&lt;i&gt;Ann&lt;/i&gt;");
      expect(dashboardHtml).not.toContain("<i>Ann</i>");

      // The invite works once.
      const again = new FormClient(web.baseUrl);
      expect(await pageText(await again.get(`/sign-up?tm=${encodeURIComponent(token)}`))).toContain(MESSAGES.inviteInvalid);
      const againCsrf = await again.formToken("/login");
      const reused = await pageText(
        await again.post(`/sign-up?tm=${encodeURIComponent(token)}`, {
          ...fields,
          csrf: againCsrf,
          email,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        }),
      );
      expect(alerts(reused)).toContain(MESSAGES.inviteInvalid);
    });

    it("refuses a post without the form token", async () => {
      const browser = new FormClient(web.baseUrl);
      await browser.get("/sign-up");
      const response = await browser.post("/sign-up", { first_name: "A", last_name: "B", email: "a@example.test" });
      expect(response.status).toBe(403);
    });
  });

  describe("forgotten password", () => {
    it("is linked from the login page", async () => {
      const login = await pageText(await new FormClient(web.baseUrl).get("/login"));
      expect(login).toContain(`href="/forget-password"`);
      expect(login).toContain(MESSAGES.forgotPassword);
    });

    it("asks for an e-mail and answers the same for known and unknown addresses", async () => {
      const browser = new FormClient(web.baseUrl);
      const page = await pageText(await browser.get("/forget-password"));
      expect(page).toContain("<title>Forgot Password | Earshot</title>");
      expect(page).toContain('href="/login"');
      const csrf = await browser.formToken("/forget-password");

      expect(alerts(await pageText(await browser.post("/forget-password", { csrf, email: "" })))).toContain(MESSAGES.required);
      expect(alerts(await pageText(await browser.post("/forget-password", { csrf, email: "nope" })))).toContain(MESSAGES.email);

      const mailBefore = web.sentMail.length;
      const known = await pageText(await browser.post("/forget-password", { csrf, email: tenant.accounts.guest.email }));
      const unknown = await pageText(await browser.post("/forget-password", { csrf, email: "nobody@example.test" }));
      expect(known).toContain(MESSAGES.resetEmailSent);
      expect(unknown).toContain(MESSAGES.resetEmailSent);
      const messageBlock = (html: string) => html.match(/<p role="status"[^>]*>[^<]*<\/p>/)?.[0];
      expect(messageBlock(known)).toBe(messageBlock(unknown));
      expect(web.sentMail.length).toBe(mailBefore + 1);
      expect(web.sentMail.at(-1)?.to).toBe(tenant.accounts.guest.email);
    });
  });

  describe("reset password", () => {
    it("says so for a link that is not valid and offers a new one", async () => {
      const html = await pageText(await new FormClient(web.baseUrl).get("/reset-password/not-a-token"));
      expect(html).toContain("<title>Reset Password | Earshot</title>");
      expect(html).toContain(MESSAGES.resetLinkInvalid);
      expect(html).toContain('href="/forget-password"');
      expect(html).not.toContain('name="password"');
    });

    it("changes the password from the e-mailed link, once", async () => {
      const { email } = tenant.accounts.agent;
      const browser = new FormClient(web.baseUrl);
      const csrf = await browser.formToken("/forget-password");
      await browser.post("/forget-password", { csrf, email });
      const link = resetLinkPath(email);

      const form = await pageText(await browser.get(link));
      expect(form).toContain('name="password_confirmation"');
      expect(form).toContain(email);

      expect(alerts(await pageText(await browser.post(link, { csrf, password: "", password_confirmation: "" })))).toContain(MESSAGES.required);
      const mismatch = await pageText(await browser.post(link, { csrf, password: NEW_PASSWORD, password_confirmation: "Different-pass3!" }));
      expect(alerts(mismatch)).toContain(MESSAGES.sameAsPassword);

      const done = await browser.post(link, { csrf, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe("/login");
      expect(await pageText(await browser.get("/login"))).toContain(MESSAGES.passwordChanged);

      expect((await new FormClient(web.baseUrl).signIn(email, TENANT_PASSWORD)).status).toBe(200);
      const signedIn = await new FormClient(web.baseUrl).signIn(email, NEW_PASSWORD);
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("location")).toBe("/");

      // Used once: the same link now says it is not valid, on the page and on a post.
      expect(await pageText(await browser.get(link))).toContain(MESSAGES.resetLinkInvalid);
      const reused = await pageText(await browser.post(link, { csrf, password: "Third-pass4!", password_confirmation: "Third-pass4!" }));
      expect(alerts(reused)).toContain(MESSAGES.resetLinkInvalid);
    });
  });

  describe("account settings", () => {
    let settingsTenant: Awaited<ReturnType<typeof createTenantWithRoles>>;
    beforeAll(async () => {
      settingsTenant = await createTenantWithRoles(web.db);
    });

    it("needs a signed-in user and opens on the preferences tab", async () => {
      const anonymous = await new FormClient(web.baseUrl).get("/account/settings/preferences");
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toBe(`/login?redirectFrom=${encodeURIComponent("/account/settings/preferences")}`);

      const browser = new FormClient(web.baseUrl);
      await browser.signIn(settingsTenant.accounts.guest.email, TENANT_PASSWORD);
      const index = await browser.get("/account/settings");
      expect(index.status).toBe(302);
      expect(index.headers.get("location")).toBe("/account/settings/preferences");

      const dashboard = await pageText(await browser.get("/"));
      expect(dashboard).toContain('href="/account/settings"');
    });

    it("saves the preferences and shows them checked", async () => {
      const browser = new FormClient(web.baseUrl);
      await browser.signIn(settingsTenant.accounts.admin.email, TENANT_PASSWORD);
      const page = await pageText(await browser.get("/account/settings/preferences"));
      expect(page).toContain("<title>Account Settings | Earshot</title>");
      for (const text of [MESSAGES.preferences, MESSAGES.safetyAndPrivacy, MESSAGES.urlWarningHelp, MESSAGES.reviewOnReplyHelp, MESSAGES.directEmailToNetworkHelp]) {
        expect(page).toContain(text);
      }
      expect(isChecked(page, "url_warning")).toBe(true); // the default
      expect(isChecked(page, "review_on_reply")).toBe(false);
      expect(isChecked(page, "direct_email_to_network")).toBe(false);

      const csrf = await browser.formToken("/account/settings/preferences");
      const saved = await browser.post("/account/settings/preferences", { csrf, intent: "general", review_on_reply: "on", direct_email_to_network: "on" });
      expect(saved.status).toBe(302);
      expect(saved.headers.get("location")).toBe("/account/settings/preferences");
      const after = await pageText(await browser.get("/account/settings/preferences"));
      expect(after).toContain(MESSAGES.preferencesSaved);
      expect(isChecked(after, "url_warning")).toBe(false);
      expect(isChecked(after, "review_on_reply")).toBe(true);
      expect(isChecked(after, "direct_email_to_network")).toBe(true);

      const forged = await browser.post("/account/settings/preferences", { intent: "general", url_warning: "on" });
      expect(forged.status).toBe(403);

      // The default streams' form (ADR 040): none chosen is every mention; a stream of another profile is refused.
      const streams = await browser.post("/account/settings/preferences", { csrf, intent: "default_streams", default_dashboard_streams: "" });
      expect(streams.status).toBe(302);
      expect(await pageText(await browser.get("/account/settings/preferences"))).toContain(MESSAGES.defaultStreams.saved);
      const foreign = await browser.post("/account/settings/preferences", { csrf, intent: "default_streams", default_dashboard_streams: "999999" });
      expect(foreign.status).toBe(422);
      expect(await pageText(foreign)).toContain(`${MESSAGES.defaultStreams.title} ${MESSAGES.defaultStreams.notFound}`);
    });

    it("changes the password with the current one", async () => {
      const { email } = settingsTenant.accounts.agent;
      const browser = new FormClient(web.baseUrl);
      await browser.signIn(email, TENANT_PASSWORD);
      const path = "/account/settings/safety-and-privacy";
      const csrf = await browser.formToken(path);
      const post = async (fields: Record<string, string>) =>
        pageText(await browser.post(path, { csrf, intent: "change-password", ...fields }));

      const empty = await post({ current_password: "", password: "", password_confirmation: "" });
      expect(alerts(empty)).toEqual(Array(3).fill(MESSAGES.required));
      const mismatch = await post({ current_password: TENANT_PASSWORD, password: NEW_PASSWORD, password_confirmation: "Nope-pass9!" });
      expect(alerts(mismatch)).toEqual([MESSAGES.sameAsPassword]);
      const wrong = await post({ current_password: "Wrong-pass1!", password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
      expect(alerts(wrong)).toEqual([`Current password ${MESSAGES.currentPasswordWrong}`]);
      const changed = await post({ current_password: TENANT_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
      expect(changed).toContain(MESSAGES.passwordChanged);
      expect(changed).not.toContain(NEW_PASSWORD);

      // This session goes on; the new password signs in elsewhere.
      expect((await browser.get(path)).status).toBe(200);
      expect((await new FormClient(web.baseUrl).signIn(email, NEW_PASSWORD)).status).toBe(302);
    });

    it("sets up two-factor login, shows 10 backup codes once, then login asks for the code", async () => {
      const { email } = settingsTenant.accounts.guest;
      const browser = new FormClient(web.baseUrl);
      await browser.signIn(email, TENANT_PASSWORD);
      const path = "/account/settings/safety-and-privacy";
      const before = await pageText(await browser.get(path));
      expect(before).toContain(MESSAGES.setUpTwoFactor);
      expect(before).toContain(MESSAGES.twoFactorDisabled);
      const csrf = await browser.formToken(path);

      const setup = await pageText(await browser.post(path, { csrf, intent: "setup-2fa" }));
      expect(setup).toMatch(/<img[^>]*src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+"/);
      expect(setup).not.toMatch(/<svg[^>]*shape-rendering/); // the QR code is an image, never inline markup
      const secret = setup.match(/data-testid="otp-secret"[^>]*>([A-Z2-7]+)</)?.[1];
      expect(secret).toBeTruthy();
      const carried = { secret: inputTag(setup, "secret").match(/value="([^"]+)"/)![1]!, qr_code: inputTag(setup, "qr_code").match(/value="([^"]+)"/)![1]! };
      expect(carried.secret).toBe(secret);

      // A wrong or missing code keeps the set-up on screen (no JavaScript: the page carries it).
      const activate = (otp_code: string) => browser.post(path, { csrf, intent: "activate-2fa", ...carried, otp_code });
      const empty = await pageText(await activate(""));
      expect(alerts(empty)).toContain(MESSAGES.required);
      expect(empty).toContain(secret);
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret!) });
      const wrongCode = String((Number(totp.generate()) + 500_000) % 1_000_000).padStart(6, "0");
      const wrong = await pageText(await activate(wrongCode));
      expect(alerts(wrong)).toContain(`Code ${MESSAGES.codeNotValid}`);
      expect(wrong).toContain(secret);

      const on = await pageText(await activate(totp.generate()));
      const codes = [...on.matchAll(/<li class="rounded bg-white[^"]*">([^<]+)<\/li>/g)].map((m) => m[1]!);
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      expect(on).toContain(MESSAGES.backupCodesNote);
      expect(on).toContain(MESSAGES.twoFactorEnabled);
      expect(on).toContain(MESSAGES.regenerateBackupCodes);
      expect(on).not.toContain('name="qr_code"');

      // Shown once: the page itself no longer lists them.
      const reloaded = await pageText(await browser.get(path));
      expect(reloaded).not.toContain(codes[0]);
      expect(reloaded).toContain(MESSAGES.turnOffTwoFactor);

      const regenerated = await pageText(await browser.post(path, { csrf, intent: "regenerate-codes" }));
      const newCodes = [...regenerated.matchAll(/<li class="rounded bg-white[^"]*">([^<]+)<\/li>/g)].map((m) => m[1]!);
      expect(newCodes).toHaveLength(10);
      expect(newCodes).not.toContain(codes[0]);
      expect(regenerated).toContain(MESSAGES.backupCodesRegenerated);

      // Login now asks for the code; a backup code lets the user in.
      const other = new FormClient(web.baseUrl);
      const asked = await other.signIn(email, TENANT_PASSWORD);
      expect(asked.status).toBe(200);
      expect(inputTag(await pageText(asked), "otp_code")).toBeTruthy();
      const loginCsrf = await other.formToken("/login");
      const inWithCode = await other.post("/login", { csrf: loginCsrf, email, password: TENANT_PASSWORD, otp_code: newCodes[0]!, redirectFrom: "" });
      expect(inWithCode.status).toBe(302);
      expect(inWithCode.headers.get("location")).toBe("/");

      // Turning it off needs the password.
      const off = (password: string) => browser.post(path, { csrf, intent: "disable-2fa", password });
      expect(alerts(await pageText(await off("")))).toContain(MESSAGES.required);
      expect(alerts(await pageText(await off("Wrong-pass1!")))).toContain(`Password ${MESSAGES.currentPasswordWrong}`);
      const turnedOff = await off(TENANT_PASSWORD);
      expect(turnedOff.status).toBe(302);
      const offPage = await pageText(await browser.get(path));
      expect(offPage).toContain(MESSAGES.twoFactorDisabled);
      expect(offPage).toContain(MESSAGES.setUpTwoFactor);
      expect((await new FormClient(web.baseUrl).signIn(email, TENANT_PASSWORD)).status).toBe(302);
    });

    it("refuses an unknown intent", async () => {
      const browser = new FormClient(web.baseUrl);
      await browser.signIn(settingsTenant.accounts.systemAdmin.email, TENANT_PASSWORD);
      const csrf = await browser.formToken("/account/settings/safety-and-privacy");
      const response = await browser.post("/account/settings/safety-and-privacy", { csrf, intent: "drop-tables" });
      expect(response.status).toBe(400);
    });
  });
});
