import { afterAll, beforeAll, describe, it } from "vitest";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";

describe("explore", () => {
  let web: WebServer;
  let tenant: Awaited<ReturnType<typeof createTenantWithRoles>>;
  beforeAll(async () => {
    web = await startWebServer({ appEnv: "demo" });
    tenant = await createTenantWithRoles(web.db, { businessProfileId: 11 });
  });
  afterAll(() => web.close());
  it("x", async () => {
    const anon = new FormClient(web.baseUrl);
    for (const p of ["/", "/login", "/logout", "/some/unknown/path", "/admin", "/inbox?x=1", "/settings/users", "/charts", "/ADMIN", "/%61dmin", "/?shared_link_code=abc"]) {
      const r = await anon.get(p);
      console.log("anon", p, r.status, r.headers.get("location"));
    }
    const g = new FormClient(web.baseUrl);
    console.log((await g.signIn(tenant.accounts.guest.email, TENANT_PASSWORD)).status);
    for (const p of ["/", "/login", "/logout", "/some/unknown/path", "/admin", "/inbox?x=1", "/settings/users", "/charts", "/ADMIN", "/%61dmin"]) {
      const r = await g.get(p);
      console.log("guest", p, r.status, r.headers.get("location"));
    }
    const r = await g.get("/");
    console.log(r.headers.get("content-security-policy"));
    console.log((await r.text()).replaceAll("<!-- -->", ""));
    const l = await anon.get("/login");
    console.log([...l.headers.entries()]);
    console.log(await l.text());
    console.log(web.logLines.slice(-3));
  });
});
