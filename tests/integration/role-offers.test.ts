// ADR 035: a screen offers only what the account's permissions allow (the same table the API checks),
// so nobody fills in a form the API then refuses, and no menu entry leads to "not allowed".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenantWithRoles, TENANT_PASSWORD, type RoleKey } from "../support/tenant";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";

let web: WebServer;
let tenant: Awaited<ReturnType<typeof createTenantWithRoles>>;

beforeAll(async () => {
  web = await startWebServer();
  tenant = await createTenantWithRoles(web.db);
}, 60_000);
afterAll(() => web?.close());

async function page(key: RoleKey, path: string): Promise<string> {
  const browser = new FormClient(web.baseUrl);
  expect((await browser.signIn(tenant.accounts[key].email, TENANT_PASSWORD)).status).toBe(302);
  const response = await browser.get(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

describe("what each role is offered", () => {
  it("a guest's menu has neither Inbox nor Live Search; an agent's has both", async () => {
    const guest = await page("guest", "/");
    expect(guest).not.toMatch(/href="\/inbox"/);
    expect(guest).not.toMatch(/href="\/search"/);
    const agent = await page("agent", "/");
    expect(agent).toMatch(/href="\/inbox"/);
    expect(agent).toMatch(/href="\/search"/);
  });

  it("the dashboard offers a guest no Share button and no share dialog, even by its address", async () => {
    for (const path of ["/", "/?dialog=share"]) {
      const guest = await page("guest", path);
      expect(guest, path).not.toContain('data-testid="share-open"');
      expect(guest, path).not.toContain('data-testid="share-dialog"');
      expect(guest, path).not.toContain('data-testid="templates-toggle"');
    }
    const agent = await page("agent", "/?dialog=share");
    expect(agent).toContain('data-testid="share-open"');
    expect(agent).toContain('data-testid="share-dialog"');
  });
});
