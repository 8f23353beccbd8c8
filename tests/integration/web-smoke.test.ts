import http from "node:http";
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

  it("a browser that leaves while a page is still streaming is not reported as an error", async () => {
    const browser = new FormClient(web.baseUrl);
    await browser.signIn(tenant.accounts.admin.email, TENANT_PASSWORD);
    const before = web.logLines.length;
    // The shell arrives first, the loaders' data after it: hanging up on the first chunk leaves
    // React's stream with work to do (a user who clicks away or closes the tab).
    // Hanging up at different moments: while the loaders run, once the shell arrives, or later.
    for (const delayMs of [0, 1, 2, 5, 10, 20, null]) {
      await new Promise<void>((resolve) => {
        const request = http.get(
          `${web.baseUrl}/inbox`,
          { headers: { cookie: browser.cookieHeader() } },
          (response) => {
            response.once("data", () => {
              request.destroy();
              resolve();
            });
          },
        );
        request.on("error", () => resolve());
        if (delayMs !== null) setTimeout(() => request.destroy(), delayMs);
      });
    }
    // Let the server see each hang-up (the next request is answered only after them). A hang-up at 0 ms
    // may not reach the server at all.
    expect((await browser.get("/inbox")).status).toBe(200);
    const lines = web.logLines.slice(before);
    expect(
      lines.filter((line) => line.includes('"path":"/inbox"') && line.includes('"msg":"request"')).length,
    ).toBeGreaterThanOrEqual(5);
    expect(lines.filter((line) => line.includes('"level":"error"'))).toEqual([]);
  });
});
