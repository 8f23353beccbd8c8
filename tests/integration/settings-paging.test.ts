// Issue 31: 102,000 labels made /settings/labels answer 500 after 27 s. A settings list renders one page
// (LIST_PAGE_SIZE rows) with a plain next-page link that works without JavaScript (ADR 026).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_PAGE_SIZE, TEAMS_PAGE_SIZE } from "../../domain/limits";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";

let web: WebServer;

beforeAll(async () => {
  web = await startWebServer();
});
afterAll(() => web.close());

describe("/settings/labels with thousands of labels", () => {
  const LABELS = 3_000;
  let browser: FormClient;

  beforeAll(async () => {
    const tenant = await createTenantWithRoles(web.db);
    // Straight into the table, past the create limit, as a tenant from before the limit could hold them.
    const now = new Date().toISOString();
    const rows = Array.from({ length: LABELS }, (_, i) => {
      const name = `Label ${String(i).padStart(5, "0")}`;
      return {
        businessProfileId: tenant.businessProfileId,
        name,
        nameKey: name.toLowerCase(),
        category: null,
        labelType: "feed_item",
        contextId: null,
        contextType: null,
        ownerAccountId: null,
        createdAt: now,
        updatedAt: now,
      };
    });
    for (let i = 0; i < rows.length; i += 500) await web.db.insertInto("labels").values(rows.slice(i, i + 500)).execute();
    browser = new FormClient(web.baseUrl);
    expect((await browser.signIn(tenant.accounts.admin.email, TENANT_PASSWORD)).status).toBe(302);
  });

  it("answers 200 with one page of labels and a link to the next", async () => {
    const res = await browser.get("/settings/labels");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Label 00000");
    expect(html).toContain(`Label ${String(LIST_PAGE_SIZE - 1).padStart(5, "0")}`);
    expect(html).not.toContain(`Label ${String(LIST_PAGE_SIZE).padStart(5, "0")}`);
    expect(html).toContain('href="/settings/labels?page=2"');
    expect(html).toContain(`Page 1 of ${LABELS / LIST_PAGE_SIZE}`);
  });

  it("follows the next-page link to the next labels, with a way back", async () => {
    const res = await browser.get("/settings/labels?page=2");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`Label ${String(LIST_PAGE_SIZE).padStart(5, "0")}`);
    expect(html).not.toContain("Label 00000");
    expect(html).toContain('href="/settings/labels?page=3"');
    expect(html).toContain('href="/settings/labels"');
  });

  it("clamps a page past the end, or junk, to a real page", async () => {
    const last = await (await browser.get("/settings/labels?page=999")).text();
    expect(last).toContain(`Label ${String(LABELS - 1).padStart(5, "0")}`);
    expect(last).not.toContain("?page=31");
    expect((await browser.get("/settings/labels?page=abc")).status).toBe(200);
  });
});

describe("/settings/teams and /settings/muted-keywords page too", () => {
  let browser: FormClient;
  const TEAMS = 45;
  const KEYWORDS = 250;

  beforeAll(async () => {
    const tenant = await createTenantWithRoles(web.db);
    const now = new Date().toISOString();
    await web.db
      .insertInto("teams")
      .values(Array.from({ length: TEAMS }, (_, i) => ({ businessProfileId: tenant.businessProfileId, name: `Team ${String(i).padStart(3, "0")}`, createdAt: now, updatedAt: now })))
      .execute();
    await web.db
      .insertInto("mutedKeywords")
      .values(
        Array.from({ length: KEYWORDS }, (_, i) => ({
          businessProfileId: tenant.businessProfileId,
          value: `muted${String(i).padStart(4, "0")}`,
          valueKey: `muted${String(i).padStart(4, "0")}`,
          createdBy: tenant.accounts.admin.id,
          createdAt: now,
        })),
      )
      .execute();
    browser = new FormClient(web.baseUrl);
    expect((await browser.signIn(tenant.accounts.admin.email, TENANT_PASSWORD)).status).toBe(302);
  });

  it("shows TEAMS_PAGE_SIZE teams a page, with links between the pages", async () => {
    const first = await (await browser.get("/settings/teams")).text();
    expect(first).toContain("Team 000");
    expect(first).not.toContain(`Team ${String(TEAMS_PAGE_SIZE).padStart(3, "0")}`);
    expect(first).toContain('href="/settings/teams?page=2"');
    const last = await (await browser.get("/settings/teams?page=3")).text();
    expect(last).toContain(`Team ${String(TEAMS - 1).padStart(3, "0")}`);
    expect(last).toContain('href="/settings/teams?page=2"');
    expect(last).not.toContain("?page=4");
  });

  it("shows LIST_PAGE_SIZE muted keywords a page, with a link to the next", async () => {
    const first = await (await browser.get("/settings/muted-keywords")).text();
    expect(first).toContain("muted0000");
    expect(first).toContain('href="/settings/muted-keywords?page=2"');
    const second = await (await browser.get("/settings/muted-keywords?page=2")).text();
    expect(second).not.toContain(">muted0000<");
    expect(second).toContain('href="/settings/muted-keywords?page=3"');
  });
});
