// Single sign-on through the web server, as a browser without JavaScript does it (issue 26, ADR 041):
// an admin saves the identity provider on /account/settings/sso ('Wrong format!' under a certificate
// that does not parse), a user signs in through "Sign in with SSO" and the loopback identity provider,
// and refused answers come back to /login with the catalogue's reason and nobody signed in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../domain/messages";
import { FormClient, startWebServer, toastText, type WebServer } from "../support/web-fixture";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";
import { postedSamlResponse, startTestIdp, type Forgery, type TestIdp } from "../support/saml-idp";

let web: WebServer;
let idp: TestIdp;
let tenant: Awaited<ReturnType<typeof createTenantWithRoles>>;

beforeAll(async () => {
  web = await startWebServer();
  idp = await startTestIdp();
  tenant = await createTenantWithRoles(web.db);
});
afterAll(async () => {
  await idp?.close();
  await web?.close();
});

const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

/** Goes from "Sign in with SSO" to the identity provider's page; returns its form's answer. */
async function throughIdentityProvider(browser: FormClient, email: string, forgery: Forgery = {}) {
  const csrf = await browser.formToken("/sso");
  const found = await browser.post("/sso?index", { csrf, email });
  expect(found.status).toBe(302);
  const startPath = found.headers.get("location")!;
  expect(startPath).toBe(`/sso/saml/${tenant.businessProfileId}`);
  const page = await browser.get(startPath);
  const html = await page.text();
  expect(page.status).toBe(200);
  const refresh = html.match(/<meta http-equiv="refresh" content="0;url=([^"]+)"/)?.[1];
  expect(refresh).toBeTruthy();
  const idpUrl = refresh!.replace(/&amp;/g, "&");
  expect(idpUrl.startsWith(idp.loginUrl)).toBe(true);
  idp.signInAs(email);
  idp.forge(forgery);
  return postedSamlResponse(await (await fetch(idpUrl)).text());
}

/** The identity provider's page posts the answer from its own origin. */
function postAnswer(browser: FormClient, answer: { action: string; samlResponse: string }) {
  const path = new URL(answer.action).pathname;
  return browser.post(path, { SAMLResponse: answer.samlResponse, RelayState: "" }, { origin: new URL(idp.loginUrl).origin, "sec-fetch-site": "cross-site" });
}

describe("single sign-on in the browser", () => {
  it("an admin saves the identity provider; a certificate that does not parse reads 'Wrong format!' under the field", async () => {
    const admin = new FormClient(web.baseUrl);
    expect((await admin.signIn(tenant.accounts.admin.email, TENANT_PASSWORD)).status).toBe(302);
    const page = await (await admin.get("/account/settings/sso")).text();
    expect(page).toContain(`/sso/saml/${tenant.businessProfileId}/acs`);
    expect(page).toContain(`/sso/saml/${tenant.businessProfileId}/metadata`);
    const csrf = await admin.formToken("/account/settings/sso");
    const fields = { csrf, idp_login_url: idp.loginUrl, idp_entity_id: idp.entityId, is_active: "on" };
    const refused = await admin.post("/account/settings/sso", { ...fields, idp_cert: "-----BEGIN CERTIFICATE-----\nMIIBnotacert\n-----END CERTIFICATE-----" });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toMatch(new RegExp(`id="sso-idp_cert-error"[^>]*>${escaped(MESSAGES.wrongFormat)}<`));
    const saved = await admin.post("/account/settings/sso", { ...fields, idp_cert: idp.keys.cert });
    expect(saved.status).toBe(302);
    expect(toastText(await (await admin.get(saved.headers.get("location")!)).text())).toBe(MESSAGES.sso.saved);
    // An agent has no SSO screen (and, with SSO on, no password login either: the admin's stays).
    const agent = new FormClient(web.baseUrl);
    const agentLogin = await agent.signIn(tenant.accounts.agent.email, TENANT_PASSWORD);
    expect(agentLogin.headers.get("set-cookie") ?? "").not.toMatch(/accessToken/);
    expect(await agentLogin.text()).toContain(escaped(MESSAGES.sso.passwordLoginClosed));
  });

  it("signs in through the identity provider without JavaScript, as a password login does", async () => {
    const browser = new FormClient(web.baseUrl);
    const answer = await throughIdentityProvider(browser, tenant.accounts.agent.email);
    const signedIn = await postAnswer(browser, answer);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/");
    const settings = await browser.get("/account/settings/preferences");
    expect(settings.status).toBe(200);
  });

  it.each([
    ["unsigned", { signature: "none" }, MESSAGES.sso.notSigned],
    ["another audience", { audience: "https://elsewhere.example/metadata" }, MESSAGES.sso.wrongAudience],
  ] as const)("refuses an %s answer on /login and signs nobody in", async (_name, forgery, message) => {
    const browser = new FormClient(web.baseUrl);
    const signedIn = await postAnswer(browser, await throughIdentityProvider(browser, tenant.accounts.agent.email, forgery));
    expect(signedIn.status).toBe(302);
    const location = signedIn.headers.get("location")!;
    expect(location).toMatch(/^\/login\?sso_error=/);
    expect(await (await browser.get(location)).text()).toContain(escaped(message));
    expect((await browser.get("/account/settings/preferences")).headers.get("location")).toMatch(/^\/login/);
  });

  it("refuses an answer posted into a browser that did not start the sign-in (login CSRF)", async () => {
    const attacker = new FormClient(web.baseUrl);
    const answer = await throughIdentityProvider(attacker, tenant.accounts.agent.email);
    const victim = new FormClient(web.baseUrl);
    const posted = await postAnswer(victim, answer);
    expect(posted.headers.get("location")).toBe("/login?sso_error=otherBrowser");
    expect(await (await victim.get("/login?sso_error=otherBrowser")).text()).toContain(escaped(MESSAGES.sso.otherBrowser));
    expect((await victim.get("/account/settings/preferences")).headers.get("location")).toMatch(/^\/login/);
  });

  it("serves the metadata and says so when an address has no SSO", async () => {
    const metadata = await fetch(`${web.baseUrl}/sso/saml/${tenant.businessProfileId}/metadata`);
    expect(metadata.headers.get("content-type")).toMatch(/samlmetadata\+xml/);
    expect(await metadata.text()).toContain("AssertionConsumerService");
    const browser = new FormClient(web.baseUrl);
    const csrf = await browser.formToken("/sso");
    const answer = await browser.post("/sso?index", { csrf, email: "someone@nowhere.example" });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(escaped(MESSAGES.sso.notSetUp));
  });
});
