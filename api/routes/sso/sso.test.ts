import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { postedSamlResponse, readAuthnRequest, startTestIdp, type Forgery, type TestIdp } from "../../../tests/support/saml-idp";

// Single sign-on (issue 26, ADR 041) against a real identity provider on loopback: the admin's SSO
// configuration, the sign-in (AuthnRequest → signed answer → the same session as a password login),
// and every forgery refused with the catalogue's reason and no session opened.

const CONFIG_PATH = "/api/v1/admin/business_profiles/preferences/sso/saml";

describe.each(testEngines({ engineSpecific: true }))("single sign-on on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let theirs: TenantFixture;
  let roles: Record<"systemAdmin" | "admin" | "agent" | "guest", SignedIn>;
  let theirAdmin: SignedIn;
  let idp: TestIdp;
  let theirIdp: TestIdp;

  const configFor = (provider: TestIdp, isActive = true) => ({
    idp_login_url: provider.loginUrl,
    idp_entity_id: provider.entityId,
    idp_cert: provider.keys.cert,
    is_active: isActive,
  });

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    mine = await fx.createTenant();
    theirs = await fx.createTenant();
    roles = await fx.signInRoles(mine);
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);
    idp = await startTestIdp();
    theirIdp = await startTestIdp();
  });
  afterAll(async () => {
    await idp?.close();
    await theirIdp?.close();
    await fx?.cleanup();
  });

  async function sessionCount(): Promise<number> {
    const row = await fx.db.selectFrom("authSessions").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Starts at `profileId`, lets `provider` answer for `email` (bent by `forgery`), posts the answer. */
  async function signInThrough(
    provider: TestIdp,
    email: string,
    options: { forgery?: Forgery; profileId?: number; bindingToken?: string | null; samlResponse?: (original: string) => string } = {},
  ) {
    const profileId = options.profileId ?? mine.businessProfileId;
    const started = await fx.request("POST", "/api/v1/session/sso/saml/requests", { body: { business_profile_id: profileId } });
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    provider.signInAs(email);
    provider.forge(options.forgery ?? {});
    const page = await fetch(started.json.redirect_url.replace(new URL(started.json.redirect_url).origin, new URL(provider.loginUrl).origin));
    const posted = postedSamlResponse(await page.text());
    const samlResponse = options.samlResponse ? options.samlResponse(posted.samlResponse) : posted.samlResponse;
    const binding = options.bindingToken === undefined ? started.json.binding_token : options.bindingToken;
    const body = { business_profile_id: profileId, saml_response: samlResponse, ...(binding ? { binding_token: binding } : {}) };
    const answer = await fx.request("POST", "/api/v1/session/sso/saml", { body });
    return { answer, body, acsAction: posted.action, started: started.json };
  }

  it("keeps the configuration per profile: every member reads their own, admins write it", async () => {
    const empty = await fx.request("GET", CONFIG_PATH, { auth: roles.admin });
    expect(empty).toMatchObject({
      status: 200,
      json: {
        idp_login_url: null,
        idp_entity_id: null,
        idp_cert: null,
        is_active: false,
        sp_entity_id: `http://localhost:3000/sso/saml/${mine.businessProfileId}/metadata`,
        acs_url: `http://localhost:3000/sso/saml/${mine.businessProfileId}/acs`,
        metadata_url: `http://localhost:3000/sso/saml/${mine.businessProfileId}/metadata`,
        sign_in_url: `http://localhost:3000/sso/saml/${mine.businessProfileId}`,
      },
    });
    for (const who of [roles.agent, roles.guest]) {
      expect((await fx.request("GET", CONFIG_PATH, { auth: who })).status).toBe(200);
      expect(await fx.request("PUT", CONFIG_PATH, { auth: who, body: configFor(idp) })).toMatchObject({ status: 403, json: { error_message: MESSAGES.forbidden } });
    }
    const saved = await fx.request("PUT", CONFIG_PATH, { auth: roles.admin, body: configFor(idp) });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json).toMatchObject({ idp_login_url: idp.loginUrl, idp_entity_id: idp.entityId, is_active: true });
    expect(saved.json.idp_cert).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
    expect((await fx.request("GET", CONFIG_PATH, { auth: roles.systemAdmin })).json.idp_entity_id).toBe(idp.entityId);
    expect((await fx.request("GET", CONFIG_PATH, { auth: roles.agent })).json.idp_entity_id).toBe(idp.entityId);
    // Another profile's admin sees their own profile's (empty) configuration, never ours.
    const other = await fx.request("GET", CONFIG_PATH, { auth: theirAdmin });
    expect(other.json).toMatchObject({ idp_entity_id: null, acs_url: `http://localhost:3000/sso/saml/${theirs.businessProfileId}/acs` });
    expect((await fx.request("PUT", CONFIG_PATH, { auth: theirAdmin, body: configFor(theirIdp) })).status).toBe(200);
    expect((await fx.request("GET", CONFIG_PATH, { auth: roles.admin })).json.idp_entity_id).toBe(idp.entityId);
  });

  it("answers 'Wrong format!' under a certificate that does not parse, and checks the other fields", async () => {
    const body = (fields: Record<string, unknown>) => ({ ...configFor(idp), ...fields });
    for (const idp_cert of ["not a certificate", "-----BEGIN CERTIFICATE-----\nMIIBroken\n-----END CERTIFICATE-----", "MIIC" + "A".repeat(400)]) {
      const res = await fx.request("PUT", CONFIG_PATH, { auth: roles.admin, body: body({ idp_cert }) });
      expect(res.status, idp_cert).toBe(422);
      expect(res.json.errors).toEqual({ idp_cert: [MESSAGES.wrongFormat] });
    }
    const res = await fx.request("PUT", CONFIG_PATH, { auth: roles.admin, body: body({ idp_login_url: "http://idp.example.com/sso", idp_entity_id: " " }) });
    expect(res.json.errors).toEqual({ idp_login_url: [MESSAGES.url], idp_entity_id: [MESSAGES.required] });
    // Nothing of the refused bodies was kept.
    expect((await fx.request("GET", CONFIG_PATH, { auth: roles.admin })).json.idp_login_url).toBe(idp.loginUrl);
  });

  it("serves the service provider's metadata", async () => {
    const res = await fx.api.fetch(new Request(`http://api.test/api/v1/session/sso/saml/${mine.businessProfileId}/metadata`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/samlmetadata\+xml/);
    const xml = await res.text();
    expect(xml).toContain(`entityID="http://localhost:3000/sso/saml/${mine.businessProfileId}/metadata"`);
    expect(xml).toContain(`Location="http://localhost:3000/sso/saml/${mine.businessProfileId}/acs"`);
    expect(xml).toContain('WantAssertionsSigned="true"');
    expect((await fx.api.fetch(new Request("http://api.test/api/v1/session/sso/saml/999999/metadata"))).status).toBe(404);
  });

  it("finds the profile by the address's account or domain", async () => {
    const lookup = (email: string) => fx.request("POST", "/api/v1/session/sso/saml/lookup", { body: { email } });
    expect((await lookup(mine.accounts.agent.email)).json).toEqual({ business_profile_id: mine.businessProfileId });
    expect(await lookup("nobody@nowhere.test")).toMatchObject({ status: 404, json: { error_message: MESSAGES.sso.notSetUp } });
    // example.test holds accounts of both profiles, both with SSO on: the domain names no one profile.
    expect((await lookup("new-person@example.test")).status).toBe(404);
  });

  it("signs in through the identity provider with the same session and tokens as a password login", async () => {
    const before = await sessionCount();
    const { answer, acsAction, started } = await signInThrough(idp, mine.accounts.agent.email);
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    expect(Object.keys(answer.json).sort()).toEqual(["access_token", "account", "csrf_token", "refresh_token"]);
    expect(answer.json.account).toMatchObject({ id: mine.accounts.agent.id, email: mine.accounts.agent.email });
    expect(answer.headers.get("set-cookie")).toMatch(/earshot_api_session=/);
    expect(await sessionCount()).toBe(before + 1);
    expect(acsAction).toBe(`http://localhost:3000/sso/saml/${mine.businessProfileId}/acs`);
    const request = idp.received.at(-1)!;
    expect(request).toMatchObject({ acsUrl: acsAction, issuer: `http://localhost:3000/sso/saml/${mine.businessProfileId}/metadata` });
    expect(readAuthnRequest(started.redirect_url).id).toBe(request.id);
    const me = await fx.request("GET", "/api/accounts", {
      auth: { accessToken: answer.json.access_token, refreshToken: "", csrfToken: answer.json.csrf_token, sessionCookie: "", accountId: 0 },
    });
    expect(me.json.id).toBe(mine.accounts.agent.id);
  });

  describe("refuses, with the catalogue's reason and no session", () => {
    const agent = () => mine.accounts.agent.email;
    const cases: Array<[string, () => Parameters<typeof signInThrough>, string]> = [
      ["an unsigned assertion", () => [idp, agent(), { forgery: { signature: "none" } }], MESSAGES.sso.notSigned],
      ["an assertion signed by another key", () => [idp, agent(), { forgery: { signature: "other" } }], MESSAGES.sso.notSigned],
      ["a forged assertion wrapping the signed one (XSW)", () => [idp, agent(), { forgery: { wrap: "nested", email: mine.accounts.admin.email } }], MESSAGES.sso.notSigned],
      ["a forged assertion with the signed one's ID and signature (XSW)", () => [idp, agent(), { forgery: { wrap: "copied-signature", email: mine.accounts.admin.email } }], MESSAGES.sso.notSigned],
      ["another audience", () => [idp, agent(), { forgery: { audience: "https://other-service.example/metadata" } }], MESSAGES.sso.wrongAudience],
      ["another recipient", () => [idp, agent(), { forgery: { recipient: "https://other-service.example/acs" } }], MESSAGES.sso.wrongRecipient],
      ["another issuer", () => [idp, agent(), { forgery: { issuer: "https://impostor.example/idp" } }], MESSAGES.sso.wrongIssuer],
      ["an expired assertion", () => [idp, agent(), { forgery: { notBeforeMs: -20 * 60_000, notOnOrAfterMs: -10 * 60_000 } }], MESSAGES.sso.expired],
      ["an assertion not valid yet", () => [idp, agent(), { forgery: { notBeforeMs: 10 * 60_000 } }], MESSAGES.sso.expired],
      ["an answer to a request this browser did not start", () => [idp, agent(), { bindingToken: null }], MESSAGES.sso.otherBrowser],
      ["an answer to an unknown request", () => [idp, agent(), { forgery: { inResponseTo: "_never-sent" } }], MESSAGES.sso.otherBrowser],
      ["an assertion of a deleted account", () => [idp, mine.accounts.guest.email], MESSAGES.sso.unknownAccount],
      ["an address without an account", () => [idp, "stranger@example.test"], MESSAGES.sso.unknownAccount],
      ["an assertion of another profile's account", () => [idp, theirs.accounts.agent.email], MESSAGES.sso.unknownAccount],
      ["another profile's identity provider, for our request", () => [theirIdp, agent()], MESSAGES.sso.notSigned],
      [
        "another profile's identity provider, for our account at its own profile",
        () => [theirIdp, agent(), { profileId: theirs.businessProfileId }],
        MESSAGES.sso.unknownAccount,
      ],
    ];

    beforeAll(async () => {
      // The guest's account is deleted by an admin: SSO must not bring it back.
      expect((await fx.request("DELETE", `/api/v1/accounts/${mine.accounts.guest.id}`, { auth: roles.admin })).status).toBe(204);
    });

    it.each(cases)("%s", async (_name, args, message) => {
      const before = await sessionCount();
      const { answer } = await signInThrough(...args());
      expect(answer).toMatchObject({ status: 401, json: { error_message: message } });
      expect(answer.headers.get("set-cookie")).toBeNull();
      expect(await sessionCount()).toBe(before);
    });

    it("the same answer twice (replayed)", async () => {
      const first = await signInThrough(idp, agent());
      expect(first.answer.status).toBe(201);
      const before = await sessionCount();
      const again = await fx.request("POST", "/api/v1/session/sso/saml", { body: first.body });
      expect(again).toMatchObject({ status: 401, json: { error_message: MESSAGES.sso.replayed } });
      expect(await sessionCount()).toBe(before);
    });

    it("a second answer to the same request (InResponseTo twice)", async () => {
      const first = await signInThrough(idp, agent());
      expect(first.answer.status).toBe(201);
      const request = idp.received.at(-1)!;
      // The identity provider answers the same request again: a new assertion, the same InResponseTo.
      const second = await signInThrough(idp, agent(), { forgery: { inResponseTo: request.id } });
      expect(second.answer).toMatchObject({ status: 401, json: { error_message: MESSAGES.sso.replayed } });
    });

    it("the same assertion in another response to a fresh request", async () => {
      const first = await signInThrough(idp, agent(), { forgery: { assertionId: "_reused-assertion" } });
      expect(first.answer.status).toBe(201);
      const again = await signInThrough(idp, agent(), { forgery: { assertionId: "_reused-assertion" } });
      expect(again.answer).toMatchObject({ status: 401, json: { error_message: MESSAGES.sso.replayed } });
    });

    it("a profile whose single sign-on is off", async () => {
      expect((await fx.request("PUT", CONFIG_PATH, { auth: theirAdmin, body: configFor(theirIdp, false) })).status).toBe(200);
      const started = await fx.request("POST", "/api/v1/session/sso/saml/requests", { body: { business_profile_id: theirs.businessProfileId } });
      expect(started).toMatchObject({ status: 404, json: { error_message: MESSAGES.sso.notActive } });
    });
  });

  it("closes password login to agents and guests while SSO is on; admins keep it", async () => {
    const agentLogin = await fx.request("POST", "/api/v1/session", { body: { email: mine.accounts.agent.email, password: "Secret-pass1" } });
    expect(agentLogin).toMatchObject({ status: 401, json: { error_message: MESSAGES.sso.passwordLoginClosed } });
    // A wrong password still reads as one: the SSO hint is for whoever knows the password.
    const wrong = await fx.request("POST", "/api/v1/session", { body: { email: mine.accounts.agent.email, password: "nope-nope-1" } });
    expect(wrong.json.error_message).toBe(MESSAGES.emailOrPasswordIncorrect);
    expect((await fx.request("POST", "/api/v1/session", { body: { email: mine.accounts.admin.email, password: "Secret-pass1" } })).status).toBe(201);
    expect((await fx.request("PUT", CONFIG_PATH, { auth: roles.admin, body: configFor(idp, false) })).status).toBe(200);
    expect((await fx.request("POST", "/api/v1/session", { body: { email: mine.accounts.agent.email, password: "Secret-pass1" } })).status).toBe(201);
  });
});
