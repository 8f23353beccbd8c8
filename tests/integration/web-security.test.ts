// Web security over real HTTP: session cookie flags, form CSRF and cross-site posts, API CSRF,
// CSP nonces, request ids, the /n/ prefix, tenancy, logout revocation and token renewal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../domain/messages";
import { createCookieSessionStorage } from "@remix-run/node";
import { createWebSessionStorage, SECURE_WEB_SESSION_COOKIE, WEB_SESSION_COOKIE } from "../../app/lib/session.server";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";

const SESSION_SECRET = "test-secret-test-secret-test-secret"; // the fixture's
const sessions = createWebSessionStorage({ secret: SESSION_SECRET, secure: false });

type Tenant = Awaited<ReturnType<typeof createTenantWithRoles>>;

function webSessionCookie(response: Response, name = WEB_SESSION_COOKIE): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

async function decodeSession(setCookie: string): Promise<Record<string, unknown>> {
  const session = await sessions.getSession(setCookie.split(";")[0]);
  return session.data as Record<string, unknown>;
}

async function apiSignIn(baseUrl: string, email: string) {
  const response = await fetch(`${baseUrl}/api/v1/session`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ email, password: TENANT_PASSWORD }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as {
    access_token: string;
    refresh_token: string;
    csrf_token: string;
    account: { id: number };
  };
}

async function sessionsOf(web: WebServer, accountId: number) {
  return web.db.selectFrom("authSessions").selectAll().where("accountId", "=", accountId).execute();
}

let web: WebServer;
let tenant: Tenant;
let other: Tenant;

beforeAll(async () => {
  web = await startWebServer();
  tenant = await createTenantWithRoles(web.db);
  other = await createTenantWithRoles(web.db);
});
afterAll(() => web.close());

describe("session cookie", () => {
  it("__earshot is HttpOnly, SameSite=Lax and not Secure over http", async () => {
    const browser = new FormClient(web.baseUrl);
    const cookie = webSessionCookie(await browser.get("/login"));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    const signedIn = webSessionCookie(await browser.signIn(tenant.accounts.agent.email, TENANT_PASSWORD));
    expect(signedIn).toMatch(/;\s*HttpOnly/i);
    expect(signedIn).not.toMatch(/;\s*Secure/i);
  });

  it("is sealed: the tokens it carries cannot be read in it, and a changed or old-style cookie signs out", async () => {
    const browser = new FormClient(web.baseUrl);
    const cookie = webSessionCookie(await browser.signIn(tenant.accounts.agent.email, TENANT_PASSWORD))!;
    const value = cookie.split(";")[0]!.slice(`${WEB_SESSION_COOKIE}=`.length);
    const data = await decodeSession(cookie);
    const secrets = [data.accessToken, data.refreshToken, data.apiSessionCookie, data.apiCsrfToken, data.formToken];
    for (const secret of secrets) expect(typeof secret === "string" && secret.length > 8).toBe(true);
    const readable = [value, decodeURIComponent(value), Buffer.from(value, "base64").toString("latin1"), Buffer.from(value, "base64url").toString("latin1")];
    for (const secret of secrets) for (const text of readable) expect(text).not.toContain(String(secret));
    expect(readable.join(" ")).not.toContain('"accountId"');

    const home = await browser.get("/");
    expect(home.status).toBe(200);
    await home.text();
    // One character changed: the seal does not open, the browser is signed out (not a 500).
    const flipped = value.slice(0, 20) + (value[20] === "A" ? "B" : "A") + value.slice(21);
    const tampered = await fetch(`${web.baseUrl}/`, { redirect: "manual", headers: { cookie: `${WEB_SESSION_COOKIE}=${flipped}` } });
    expect(tampered.status).toBe(302);
    expect(tampered.headers.get("location")).toMatch(/^\/login/);
    await tampered.text();
    // The signed (readable) cookie of before this change, with the same secret and the same data: signed out.
    const legacy = createCookieSessionStorage({ cookie: { name: WEB_SESSION_COOKIE, secrets: [SESSION_SECRET], path: "/" } });
    const old = await legacy.getSession();
    for (const [k, v] of Object.entries(data)) old.set(k, v);
    const oldCookie = (await legacy.commitSession(old)).split(";")[0]!;
    const signedOld = await fetch(`${web.baseUrl}/`, { redirect: "manual", headers: { cookie: oldCookie } });
    expect(signedOld.status).toBe(302);
    expect(signedOld.headers.get("location")).toMatch(/^\/login/);
    await signedOld.text();
  });

  describe("behind https (PUBLIC_URL=https://…, TRUST_PROXY=1)", () => {
    let secure: WebServer;
    let secureTenant: Tenant;
    beforeAll(async () => {
      secure = await startWebServer({ env: { PUBLIC_URL: "https://earshot.example", TRUST_PROXY: "1" } });
      secureTenant = await createTenantWithRoles(secure.db);
    });
    afterAll(() => secure.close());

    it("the web and API session cookies are Secure, and HSTS is sent", async () => {
      const browser = new FormClient(secure.baseUrl);
      const first = await browser.get("/login");
      expect(first.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
      // A host-only __Host- cookie: Secure, Path=/, no Domain; the http name is not used.
      expect(webSessionCookie(first)).toBeUndefined();
      const hostCookie = webSessionCookie(first, SECURE_WEB_SESSION_COOKIE);
      expect(hostCookie).toMatch(/;\s*Secure/i);
      expect(hostCookie).toMatch(/;\s*Path=\/(;|$)/i);
      expect(hostCookie).not.toMatch(/;\s*Domain=/i);
      const signedIn = await browser.signIn(secureTenant.accounts.admin.email, TENANT_PASSWORD);
      expect(signedIn.status).toBe(302);
      const cookie = webSessionCookie(signedIn, SECURE_WEB_SESSION_COOKIE)!;
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);

      const api = await fetch(`${secure.baseUrl}/api/v1/session`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: secureTenant.accounts.admin.email, password: TENANT_PASSWORD }),
      });
      const apiCookie = api.headers.getSetCookie().find((c) => c.startsWith("earshot_api_session="));
      expect(apiCookie).toMatch(/;\s*Secure/i);
      expect(apiCookie).toMatch(/;\s*HttpOnly/i);
    });

    it("a web login's throttle key is the address the trusted proxy appended, not the client's claim", async () => {
      const browser = new FormClient(secure.baseUrl);
      const csrf = await browser.formToken("/login");
      const response = await browser.post(
        "/login",
        { csrf, email: secureTenant.accounts.guest.email, password: "Wrong-pass1!" },
        { "x-forwarded-for": "203.0.113.77, 198.51.100.7" },
      );
      expect(response.status).toBe(200);
      expect((await response.text()).replaceAll("<!-- -->", "")).toContain("Email or password is incorrect");
      const keys = (await secure.db.selectFrom("loginThrottle").select("key").execute()).map((r) => r.key);
      expect(keys).toContain("address:198.51.100.7");
      expect(keys).not.toContain("address:203.0.113.77");
    });
  });
});

describe("form CSRF and cross-site posts", () => {
  it("a login post without the form token, or with a wrong one, is refused and signs nobody in", async () => {
    const browser = new FormClient(web.baseUrl);
    const csrf = await browser.formToken("/login");
    const fields = { email: tenant.accounts.admin.email, password: TENANT_PASSWORD };
    const bads: Array<Record<string, string>> = [
      {},
      { csrf: "x".repeat(csrf.length) },
      { csrf: `${csrf}x` },
      { csrf: "" },
    ];
    for (const bad of bads) {
      const response = await browser.post("/login", { ...bad, ...fields });
      expect(response.status, JSON.stringify(bad)).toBe(403);
      await response.text();
    }
    // The refusal says why, and offers the form again: loaded afresh, it carries this session's token.
    const refused = await (await browser.post("/login", { csrf: "", ...fields })).text();
    expect(refused).toContain(MESSAGES.csrfInvalid);
    expect(refused).toMatch(new RegExp(`<a href="/login"[^>]*>${MESSAGES.tryAgain}</a>`));
    // A token of another browser's session is just as wrong.
    const stranger = await new FormClient(web.baseUrl).formToken("/login");
    expect((await browser.post("/login", { csrf: stranger, ...fields })).status).toBe(403);
    const home = await browser.get("/");
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/login?redirectFrom=%2F");
  });

  it("a logout post without the right form token is refused and the user stays signed in", async () => {
    const browser = new FormClient(web.baseUrl);
    await browser.signIn(tenant.accounts.agent.email, TENANT_PASSWORD);
    const bads: Array<Record<string, string>> = [{}, { csrf: "nope" }];
    for (const bad of bads) {
      const response = await browser.post("/logout", bad);
      expect(response.status).toBe(403);
      await response.text();
    }
    const home = await browser.get("/");
    expect(home.status).toBe(200);
    await home.text();
    const live = (await sessionsOf(web, tenant.accounts.agent.id)).filter((s) => !s.revokedAt);
    expect(live.length).toBeGreaterThan(0);
  });

  it("the live streams and the fetches of page scripts answer a signed-out browser 401, not the login page", async () => {
    // An EventSource follows redirects: sent to /login, it would fetch the login page, whose new session
    // replaces the form token of the login form the browser shows (its post then fails as forged).
    const browser = new FormClient(web.baseUrl);
    const csrf = await browser.formToken("/login");
    for (const stream of ["/notifications/live?after_id=0", "/search/live?q=refund"]) {
      const live = await browser.get(stream, { accept: "text/event-stream" });
      expect(live.status, stream).toBe(401);
      expect(live.headers.get("location"), stream).toBeNull();
      expect(webSessionCookie(live), stream).toBeUndefined();
      await live.text();
    }
    // The same for what the page's script asks with fetch, which follows redirects as well: a JSON 401.
    const json = { accept: "application/json" };
    const scripted = [
      await browser.post("/inbox/presence", { csrf, item_id: "1", mode: "viewing" }, json),
      await browser.post("/inbox/draft", { csrf, item_id: "1", text: "Hello" }, json),
      await browser.post("/topics/lint", { csrf, query: "refund" }, json),
      await browser.get("/topics/keywords?word=refund", json),
      await browser.post("/notifications", { csrf, intent: "mark-read", ids: "1", enhanced: "1" }, json),
    ];
    for (const answer of scripted) {
      const address = new URL(answer.url).pathname;
      expect(answer.status, address).toBe(401);
      expect(answer.headers.get("location"), address).toBeNull();
      expect(webSessionCookie(answer), address).toBeUndefined();
      expect(await answer.json(), address).toEqual({ error: MESSAGES.unauthorized });
    }
    // A notification's form posted without JavaScript still goes to /login, as any page's form does.
    const plain = await browser.post("/notifications", { csrf, intent: "mark-all-read", redirect_to: "/inbox" });
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toMatch(/^\/login\?redirectFrom=/);
    await plain.text();
    const signedIn = await browser.post("/login", {
      csrf,
      email: tenant.accounts.agent.email,
      password: TENANT_PASSWORD,
    });
    expect(signedIn.status).toBe(302);
    await signedIn.text();
    // Signed in, the same address is the stream.
    const controller = new AbortController();
    const stream = await browser.get(
      "/notifications/live?after_id=0",
      { accept: "text/event-stream" },
      controller.signal,
    );
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    controller.abort();
  });

  it("posts from another site are refused even with the right token (Origin, Sec-Fetch-Site)", async () => {
    const browser = new FormClient(web.baseUrl);
    await browser.signIn(tenant.accounts.admin.email, TENANT_PASSWORD);
    const csrf = await browser.formToken("/");
    const crossSite: Array<Record<string, string>> = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: `${web.baseUrl.replace("127.0.0.1", "localhost")}` },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of crossSite) {
      const response = await browser.post("/logout", { csrf }, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      await response.text();
      const login = await new FormClient(web.baseUrl).post("/login", { csrf, email: "a@b.c", password: "x" }, headers);
      expect(login.status, JSON.stringify(headers)).toBe(403);
    }
    const home = await browser.get("/");
    expect(home.status).toBe(200);
    await home.text();
    // Same-origin posts pass (the fixture sends Origin = this server).
    const out = await browser.post("/logout", { csrf });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login");
  });

  it("an API mutation with a bearer but without (or with a wrong) X-CSRF-Token is refused", async () => {
    const tokens = await apiSignIn(web.baseUrl, tenant.accounts.agent.email);
    const body = JSON.stringify({ action_type: "page_view", event_type: "navigation", action_module: "/" });
    const post = (headers: Record<string, string>) =>
      fetch(`${web.baseUrl}/api/v1/account_events`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens.access_token}`, ...headers },
        body,
      });
    const missing = await post({});
    expect(missing.status).toBe(403);
    expect(((await missing.json()) as { error_message: string }).error_message).toBe("Invalid or missing CSRF token.");
    expect((await post({ "x-csrf-token": "wrong" })).status).toBe(403);
    const ok = await post({ "x-csrf-token": tokens.csrf_token });
    expect(ok.status).toBe(201);
    // DELETE /v1/session is a mutation too: the session survives a CSRF-less attempt.
    const del = await fetch(`${web.baseUrl}/api/v1/session`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(del.status).toBe(403);
    const me = await fetch(`${web.baseUrl}/api/accounts`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).toBe(200);
  });
});

describe("Cache-Control", () => {
  it("signed-in pages, API answers and refusals are no-store; the build's files stay cacheable", async () => {
    const browser = new FormClient(web.baseUrl);
    await browser.signIn(tenant.accounts.admin.email, TENANT_PASSWORD);
    const session = await apiSignIn(web.baseUrl, tenant.accounts.admin.email);
    const answers: Array<[string, Response]> = [
      ["dashboard", await browser.get("/")],
      ["streams", await browser.get("/settings/channels")],
      ["labels", await browser.get("/settings/labels")],
      ["login page", await new FormClient(web.baseUrl).get("/login")],
      ["signed-out redirect", await new FormClient(web.baseUrl).get("/settings/labels")],
      ["api streams", await fetch(`${web.baseUrl}/api/v1/streams`, { headers: { authorization: `Bearer ${session.access_token}` } })],
      ["api me", await fetch(`${web.baseUrl}/api/accounts`, { headers: { authorization: `Bearer ${session.access_token}` } })],
      ["api 401", await fetch(`${web.baseUrl}/api/v1/streams`)],
      ["api 404", await fetch(`${web.baseUrl}/api/nothing-here`)],
    ];
    for (const [label, response] of answers) {
      expect(response.headers.get("cache-control"), label).toBe("no-store");
      await response.text();
    }
    const html = await (await browser.get("/settings/labels")).text();
    const asset = html.match(/\/build\/[^"]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const file = await fetch(`${web.baseUrl}${asset}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    await file.text();
  });
});

describe("headers and plumbing", () => {
  it("CSP carries a per-request nonce that every <script> of the login page bears", async () => {
    const browser = new FormClient(web.baseUrl);
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await browser.get("/login");
      const csp = response.headers.get("content-security-policy")!;
      const nonce = csp.match(/script-src [^;]*'nonce-([^']+)'/)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      // No inline event handlers either.
      expect(html).not.toMatch(/<[^>]+\son[a-z]+=/i);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("X-Request-Id is returned and logged; a well-formed incoming id is kept, a malformed one replaced", async () => {
    const response = await fetch(`${web.baseUrl}/login`);
    await response.text();
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[A-Za-z0-9._-]{8,}$/);
    const logged = web.logLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged.some((l) => l.requestId === id && l.path === "/login" && l.status === 200)).toBe(true);

    const kept = await fetch(`${web.baseUrl}/healthz`, { headers: { "x-request-id": "trace-abc-12345" } });
    expect(kept.headers.get("x-request-id")).toBe("trace-abc-12345");
    await kept.text();
    for (const bad of ["short", "has spaces in it", "x".repeat(101), "<script>alert(1)</script>"]) {
      const replaced = await fetch(`${web.baseUrl}/healthz`, { headers: { "x-request-id": bad } });
      await replaced.text();
      expect(replaced.headers.get("x-request-id")).not.toBe(bad);
      expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    const api = await fetch(`${web.baseUrl}/api/accounts`, { headers: { "x-request-id": "api-trace-0001" } });
    await api.text();
    expect(api.status).toBe(401);
    expect(api.headers.get("x-request-id")).toBe("api-trace-0001");
    expect(web.logLines.some((l) => l.includes('"requestId":"api-trace-0001"'))).toBe(true);
  });

  it("/n/* redirects to the same path at the root, never off-site", async () => {
    const cases: Array<[string, string]> = [
      ["/n/login", "/login"],
      ["/n/inbox?x=1", "/inbox?x=1"],
      ["/n/?shared_link_code=abc", "/?shared_link_code=abc"],
      ["/n", "/"],
      ["/n?shared_link_code=abc", "/?shared_link_code=abc"],
      ["/n//evil.example", "/evil.example"],
      ["/n///evil.example/x", "/evil.example/x"],
    ];
    for (const [from, to] of cases) {
      const response = await fetch(`${web.baseUrl}${from}`, { redirect: "manual" });
      expect(response.status, from).toBe(301);
      expect(response.headers.get("location"), from).toBe(to);
    }
    // A raw backslash, sent byte for byte (fetch would turn it into '/'), is refused or kept on site.
    const raw = await rawGet(web.baseUrl, "/n/\\evil.example");
    expect([301, 400]).toContain(raw.status);
    if (raw.status === 301) expect(raw.location).toBe("/evil.example");
    // A path that merely starts with "n" is not the prefix.
    const notPrefix = await fetch(`${web.baseUrl}/nope`, { redirect: "manual" });
    expect(notPrefix.status).toBe(404);
  });

  it("GET /healthz answers 200 {status:'ok'}", async () => {
    const response = await fetch(`${web.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
  });

  it("another tenant's account answers 404, like a missing one", async () => {
    const tokens = await apiSignIn(web.baseUrl, tenant.accounts.admin.email);
    const get = (id: number) =>
      fetch(`${web.baseUrl}/api/v1/accounts/${id}`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    const own = await get(tenant.accounts.guest.id);
    expect(own.status).toBe(200);
    expect(((await own.json()) as { id: number }).id).toBe(tenant.accounts.guest.id);
    const foreign = await get(other.accounts.admin.id);
    expect(foreign.status).toBe(404);
    const missing = await get(999_999);
    expect(missing.status).toBe(404);
    expect(await foreign.json()).toEqual(await missing.json());
  });
});

describe("session lifecycle through the web client", () => {
  it("logging out through the form revokes the API session behind the cookie", async () => {
    const fresh = await createTenantWithRoles(web.db);
    const browser = new FormClient(web.baseUrl);
    await browser.signIn(fresh.accounts.admin.email, TENANT_PASSWORD);
    const [before] = await sessionsOf(web, fresh.accounts.admin.id);
    expect(before?.revokedAt).toBeNull();
    const csrf = await browser.formToken("/");
    const out = await browser.post("/logout", { csrf });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login");
    const data = await decodeSession(webSessionCookie(out)!);
    expect(data.accessToken).toBeUndefined();
    expect(data.refreshToken).toBeUndefined();
    const after = await sessionsOf(web, fresh.accounts.admin.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.revokedAt).not.toBeNull();
    expect(after[0]!.revokedReason).toBe("logout");
    const home = await browser.get("/");
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/login?redirectFrom=%2F");
  });

  it("an expired access token is renewed with the refresh token; a revoked session signs the user out", async () => {
    const fresh = await createTenantWithRoles(web.db);
    const browser = new FormClient(web.baseUrl);
    const signedIn = await browser.signIn(fresh.accounts.agent.email, TENANT_PASSWORD);
    const firstTokens = await decodeSession(webSessionCookie(signedIn)!);
    expect(firstTokens.accessToken).toBeTruthy();
    const [session] = await sessionsOf(web, fresh.accounts.agent.id);

    await web.db
      .updateTable("authTokens")
      .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
      .where("sessionId", "=", session!.id)
      .where("kind", "=", "access")
      .execute();

    const renewed = await browser.get("/");
    expect(renewed.status).toBe(200);
    expect((await renewed.text()).replaceAll("<!-- -->", "")).toContain("Welcome, agent.");
    const cookie = webSessionCookie(renewed);
    expect(cookie).toBeDefined();
    const renewedTokens = await decodeSession(cookie!);
    expect(renewedTokens.accessToken).toBeTruthy();
    expect(renewedTokens.accessToken).not.toBe(firstTokens.accessToken);
    expect(renewedTokens.refreshToken).not.toBe(firstTokens.refreshToken);
    // The same API session, now with a used refresh token.
    const tokens = await web.db.selectFrom("authTokens").selectAll().where("sessionId", "=", session!.id).execute();
    expect(tokens.filter((t) => t.kind === "refresh" && t.usedAt)).toHaveLength(1);
    const again = await browser.get("/");
    expect(again.status).toBe(200);
    await again.text();

    const staleCookie = browser.cookieHeader();
    await web.db
      .updateTable("authSessions")
      .set({ revokedAt: new Date().toISOString(), revokedReason: "test" })
      .where("id", "=", session!.id)
      .execute();

    const out = await browser.get("/");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login?redirectFrom=%2F");
    const cleared = await decodeSession(webSessionCookie(out)!);
    for (const key of ["accessToken", "refreshToken", "apiCsrfToken", "apiSessionCookie", "accountId"]) {
      expect(cleared[key], key).toBeUndefined();
    }
    const login = await browser.get("/login");
    expect(login.status).toBe(200);
    await login.text();

    // With the stale cookie, a guest-only page clears the user and shows itself (no detour via
    // /login?redirectFrom=/login), and a protected one sends to login with redirectFrom.
    const stale = new FormClient(web.baseUrl);
    const staleLogin = await stale.get("/login", { cookie: staleCookie });
    expect(staleLogin.status).toBe(200);
    expect((await staleLogin.text()).replaceAll("<!-- -->", "")).toContain("<title>Login | Earshot</title>");
    expect((await decodeSession(webSessionCookie(staleLogin)!)).accessToken).toBeUndefined();
    const staleInbox = await stale.get("/inbox?x=1", { cookie: staleCookie });
    expect(staleInbox.status).toBe(302);
    expect(staleInbox.headers.get("location")).toBe("/login?redirectFrom=%2Finbox%3Fx%3D1");
  });
});

/** A GET whose path is sent byte for byte (fetch and URL would rewrite a backslash). */
async function rawGet(baseUrl: string, rawPath: string): Promise<{ status: number; location: string | null }> {
  const http = await import("node:http");
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path: rawPath, method: "GET" }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          location: (response.headers.location as string | undefined) ?? null,
        }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}
