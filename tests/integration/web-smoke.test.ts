import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";

describe("web server smoke", () => {
  let web: WebServer;
  let tenant: Awaited<ReturnType<typeof createTenantWithRoles>>;
  beforeAll(async () => {
    web = await startWebServer();
    tenant = await createTenantWithRoles(web.db);
  });
  afterAll(() => web.close());

  it("signs in through the login form without JavaScript and shows the dashboard", async () => {
    const browser = new FormClient(web.baseUrl);
    const response = await browser.signIn(tenant.accounts.admin.email, TENANT_PASSWORD);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const page = await browser.get("/");
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("<title>Dashboard | Earshot</title>");
    expect(html).toContain("Welcome, admin.");
  });
});
