// The navigation guard of spec core §2 over real HTTP (no browser): every environment, role and
// anonymous visitor against the built routes, unbuilt protected routes and unknown paths.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "../../domain/constants";
import { matchRouteRule } from "../../domain/navigation";
import { ROLES, type Role } from "../../domain/roles";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";
import { createTenantWithRoles, TENANT_PASSWORD, type RoleKey } from "../support/tenant";

const ENVS: AppEnv[] = ["local", "demo", "preprod", "prod"];
const ROLE_KEYS: RoleKey[] = ["systemAdmin", "admin", "agent", "guest"];
const ROLE_OF: Record<RoleKey, Role> = {
  systemAdmin: ROLES.systemAdmin,
  admin: ROLES.admin,
  agent: ROLES.agent,
  guest: ROLES.guest,
};

const GUEST_ONLY = new Set(["/login", "/sign-up", "/forget-password", "/reset-password/x"]);
/** Screens that have existed from the start: they render (200) once the guard lets the visitor in. */
const ALWAYS_BUILT = new Set(["/", "/login", "/logout"]);

const PATHS = [
  "/",
  "/login",
  "/logout",
  "/sign-up",
  "/forget-password",
  "/reset-password/x",
  "/some/unknown/path",
  "/admin",
  "/admin/accounts/1",
  "/inbox",
  "/inbox?x=1",
  "/search",
  "/settings",
  "/settings/users",
  "/settings/teams?tab=2",
  "/charts",
  "/topics/3",
  "/account/settings/preferences",
  "/moderation-report",
  "/helper",
  "/how_to",
];

/**
 * What the guard lets a visitor see: a redirect of its own, or the page. A page whose rule is not
 * built is 'Page not found' (404); one of the original screens renders (200); a screen being built
 * may render, answer 404 for a child not built yet, or redirect on its own (never a guard redirect).
 */
type Outcome = { redirect: string } | { page: "ok" | "notFound" | "any" };

/** Spec core §2 and docs/architecture.md, written out: what a visitor gets for a path in an environment. */
function expectedOutcome(pathAndQuery: string, role: Role | null, env: AppEnv): Outcome {
  const path = pathAndQuery.split("?")[0]!;
  const toLogin = { redirect: `/login?redirectFrom=${encodeURIComponent(pathAndQuery)}` };
  const home = { redirect: "/" };
  const rule = matchRouteRule(path);
  const page: Outcome = { page: !rule?.built ? "notFound" : ALWAYS_BUILT.has(path) ? "ok" : "any" };
  if (path === "/some/unknown/path") return { page: "notFound" };
  if (GUEST_ONLY.has(path)) return role === null ? page : home;
  if (role === null) return toLogin;
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (under("/admin") && role !== ROLES.systemAdmin) return home;
  if (under("/settings") && role === ROLES.guest) return home;
  // The helper is for those holding helper.index.read (agents and above by default, ADR 042).
  if (under("/helper") && role === ROLES.guest) return home;
  if (env === "demo" && (under("/inbox") || under("/search"))) return home;
  if ((env === "demo" || env === "prod") && under("/charts")) return home;
  return page;
}

async function expectOutcome(response: Response, want: Outcome, label: string) {
  const location = response.headers.get("location");
  const body = await response.text();
  if ("redirect" in want) {
    expect({ status: response.status, location }, label).toEqual({ status: 302, location: want.redirect });
    return;
  }
  if (want.page === "ok") expect(response.status, label).toBe(200);
  if (want.page === "notFound") {
    expect(response.status, label).toBe(404);
    expect(clean(body), label).toContain("Page not found");
  }
  if (want.page === "any") {
    expect([200, 302, 404], label).toContain(response.status);
    if (response.status === 302) {
      expect(location, label).not.toBe("/");
      expect(location, label).not.toMatch(/^\/login/);
    }
  }
}

const clean = (html: string) => html.replaceAll("<!-- -->", "");
const titleOf = (html: string) => clean(html).match(/<title>([^<]*)<\/title>/)?.[1];

interface EnvServer {
  web: WebServer;
  tenant: Awaited<ReturnType<typeof createTenantWithRoles>>;
  browsers: Record<RoleKey, FormClient>;
}

const servers = new Map<AppEnv, EnvServer>();

beforeAll(async () => {
  await Promise.all(
    ENVS.map(async (env) => {
      const web = await startWebServer({ appEnv: env });
      const tenant = await createTenantWithRoles(web.db, env === "demo" ? { businessProfileId: 11 } : {});
      const browsers = {} as Record<RoleKey, FormClient>;
      for (const key of ROLE_KEYS) {
        const browser = new FormClient(web.baseUrl);
        const response = await browser.signIn(tenant.accounts[key].email, TENANT_PASSWORD);
        expect(response.status, `${env} ${key} sign-in`).toBe(302);
        browsers[key] = browser;
      }
      servers.set(env, { web, tenant, browsers });
    }),
  );
});

afterAll(async () => {
  await Promise.all([...servers.values()].map((s) => s.web.close()));
});

describe.each(ENVS)("guard matrix in APP_ENV=%s", (env) => {
  for (const who of [null, ...ROLE_KEYS] as const) {
    it(`${who ?? "anonymous"}: status and Location of every route`, async () => {
      const { web, browsers } = servers.get(env)!;
      const browser = who ? browsers[who] : new FormClient(web.baseUrl);
      const role = who ? ROLE_OF[who] : null;
      for (const path of PATHS) {
        await expectOutcome(
          await browser.get(path),
          expectedOutcome(path, role, env),
          `${path} as ${who ?? "anonymous"}`,
        );
      }
      if (who) {
        // Still signed in after the whole walk (no guard decision signed anyone out).
        const home = await browser.get("/");
        expect(home.status).toBe(200);
        await home.text();
      }
    });
  }

  it("no role's dashboard reports an error (a panel the role may not read is shown empty, as expected)", async () => {
    const { web, browsers } = servers.get(env)!;
    for (const who of ROLE_KEYS) {
      const before = web.logLines.length;
      const page = await browsers[who].get("/");
      expect(page.status, who).toBe(200);
      await page.text();
      expect(
        web.logLines.slice(before).filter((line) => line.includes('"level":"error"')),
        who,
      ).toEqual([]);
    }
  });

  it("a signed-in user's role shows on the dashboard (the account behind the cookie is the right one)", async () => {
    const { browsers } = servers.get(env)!;
    const html = clean(await (await browsers.agent.get("/")).text());
    expect(html).toMatch(/data-testid="role">Agent</);
  });
});

describe("redirects around login", () => {
  const local = () => servers.get("local")!;

  it("keeps path and query from the protected page, through the login form, back to it", async () => {
    const { web, tenant } = local();
    const browser = new FormClient(web.baseUrl);
    const first = await browser.get("/inbox?x=1");
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/login?redirectFrom=%2Finbox%3Fx%3D1");
    const loginPage = clean(await (await browser.get(first.headers.get("location")!)).text());
    const redirectFrom = loginPage.match(/name="redirectFrom" value="([^"]*)"/)?.[1];
    expect(redirectFrom).toBe("/inbox?x=1");
    const csrf = loginPage.match(/name="csrf" value="([^"]+)"/)![1]!;
    const signedIn = await browser.post("/login", {
      csrf,
      email: tenant.accounts.admin.email,
      password: TENANT_PASSWORD,
      redirectFrom: redirectFrom!,
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/inbox?x=1");
  });

  it.each([
    ["/some/page?q=1", "/some/page?q=1"],
    ["/settings/users?tab=2#list", "/settings/users?tab=2#list"],
    ["", "/"],
    ["/logout", "/"],
    ["/logout?x=1", "/"],
    ["/logout/", "/"],
    ["/LOGOUT", "/"],
    ["/login", "/"],
    ["/login?redirectFrom=%2Finbox", "/"],
    ["https://evil.example", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["%2F%2Fevil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["/\t/evil.example", "/"],
    // Issue 31: dot segments resolved to '//host' (the browser then left the site).
    ["/.//evil.example", "/"],
    ["/./..//evil.example", "/"],
    ["/%2e//evil.example", "/"],
    ["/a/..//evil.example?x=1", "/"],
    ["/./inbox", "/inbox"],
  ])("after a real form login, redirectFrom=%j lands on %s", async (redirectFrom, landing) => {
    const { web, tenant } = local();
    const browser = new FormClient(web.baseUrl);
    const response = await browser.signIn(tenant.accounts.agent.email, TENANT_PASSWORD, redirectFrom);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(landing);
  });

  it("redirectFrom coming through the login page's query (decoded once) is checked the same way", async () => {
    const { web, tenant } = local();
    for (const [query, landing] of [
      ["redirectFrom=%2F%2Fevil.example", "/"],
      ["redirectFrom=%252F%252Fevil.example", "/"],
      ["redirectFrom=https%3A%2F%2Fevil.example", "/"],
      ["redirectFrom=%2Fsome%2Fpage%3Fq%3D1", "/some/page?q=1"],
      ["redirectFrom=/.//evil.example", "/"],
      ["redirectFrom=%2F.%2F%2Fevil.example", "/"],
    ] as const) {
      const browser = new FormClient(web.baseUrl);
      const html = clean(await (await browser.get(`/login?${query}`)).text());
      const hidden = html.match(/name="redirectFrom" value="([^"]*)"/)![1]!.replaceAll("&amp;", "&");
      const csrf = html.match(/name="csrf" value="([^"]+)"/)![1]!;
      const response = await browser.post("/login", {
        csrf,
        email: tenant.accounts.guest.email,
        password: TENANT_PASSWORD,
        redirectFrom: hidden,
      });
      expect(response.headers.get("location"), query).toBe(landing);
    }
  });

  it("a signed-in user posting the login form again goes to the dashboard", async () => {
    const { browsers } = local();
    const csrf = await browsers.admin.formToken("/");
    const response = await browsers.admin.post("/login", { csrf, email: "x@example.test", password: "nope" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });
});

describe("titles and layouts", () => {
  it("titles read '{route title} | Earshot'", async () => {
    const { web, browsers } = servers.get("local")!;
    const anonymous = new FormClient(web.baseUrl);
    expect(titleOf(await (await anonymous.get("/login")).text())).toBe("Login | Earshot");
    expect(titleOf(await (await anonymous.get("/nowhere")).text())).toBe("Page not found | Earshot");
    expect(titleOf(await (await browsers.agent.get("/")).text())).toBe("Dashboard | Earshot");
    expect(titleOf(await (await browsers.agent.get("/nowhere")).text())).toBe("Page not found | Earshot");
    expect(titleOf(await (await browsers.agent.get("/logout")).text())).toBe("Logout | Earshot");
  });

  it("'Page not found' uses the auth layout when signed out and the default layout when signed in", async () => {
    const { web, browsers } = servers.get("preprod")!;
    const anonymous = clean(await (await new FormClient(web.baseUrl).get("/some/unknown/path")).text());
    expect(anonymous).toContain("Page not found");
    expect(anonymous).not.toContain('data-testid="avatar-menu"');
    expect(anonymous).not.toContain('aria-label="Main"');
    expect(anonymous).not.toContain("Logout");

    for (const key of ROLE_KEYS) {
      const response = await browsers[key].get("/some/unknown/path");
      expect(response.status).toBe(404);
      const html = clean(await response.text());
      expect(html, key).toContain("Page not found");
      expect(html, key).toContain('data-testid="avatar-menu"');
      // Side menu (Dashboard is built) for every role, guests included, and the avatar menu's Logout.
      expect(html, key).toMatch(/<nav[^>]*aria-label="Main"[^>]*>.*Dashboard/s);
      expect(html, key).toMatch(/<form method="post" action="\/logout"[^>]*>.*Logout/s);
    }
  });

  it("PRODUCT_NAME changes the title suffix", async () => {
    const web = await startWebServer({ env: { PRODUCT_NAME: "Acme Listen" } });
    try {
      const tenant = await createTenantWithRoles(web.db);
      const anonymous = new FormClient(web.baseUrl);
      expect(titleOf(await (await anonymous.get("/login")).text())).toBe("Login | Acme Listen");
      expect(titleOf(await (await anonymous.get("/nowhere")).text())).toBe("Page not found | Acme Listen");
      const browser = new FormClient(web.baseUrl);
      await browser.signIn(tenant.accounts.admin.email, TENANT_PASSWORD);
      expect(titleOf(await (await browser.get("/")).text())).toBe("Dashboard | Acme Listen");
    } finally {
      await web.close();
    }
  });
});
