// Issue 30: without JavaScript, the folder picker of a new saved search lists only the folders of its
// section (the one the page opened in: `?section=`, else "my"), never every section's grouped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSearchFolder } from "../../db/repositories/search-folders";
import { MESSAGES } from "../../domain/messages";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";

const LABELS = MESSAGES.searchScreen;

/** The options of the server-rendered folder select (what a browser without JavaScript offers). */
function folderChoices(html: string): { groups: string[]; options: string[] } {
  const select = /<select[^>]*name="folder_id"[^>]*>([\s\S]*?)<\/select>/.exec(html);
  expect(select, "a folder select").not.toBeNull();
  const body = select![1]!;
  return {
    groups: [...body.matchAll(/<optgroup label="([^"]*)"/g)].map((m) => m[1]!),
    options: [...body.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]!),
  };
}

describe("a new saved search's folder picker without JavaScript", () => {
  let web: WebServer;
  let admin: FormClient;

  beforeAll(async () => {
    web = await startWebServer();
    const tenant = await createTenantWithRoles(web.db);
    const now = new Date().toISOString();
    const owner = tenant.accounts.admin.id;
    for (const [name, category] of [
      ["Mine A", "my"],
      ["Brand B", "brand"],
      ["Team C", "team"],
    ] as const) {
      await insertSearchFolder(web.db, tenant.businessProfileId, { name, category, ownerAccountId: owner, entityType: 1, entityIds: [] }, now);
    }
    admin = new FormClient(web.baseUrl);
    expect((await admin.signIn(tenant.accounts.admin.email, TENANT_PASSWORD)).status).toBe(302);
  });
  afterAll(() => web.close());

  it("lists the folders of the section the page opened in, and only those", async () => {
    const mine = folderChoices(await (await admin.get("/search")).text());
    expect(mine).toEqual({ groups: [LABELS.sectionMy], options: [LABELS.topLevel, "Mine A"] });
    const brand = folderChoices(await (await admin.get("/search?section=brand")).text());
    expect(brand).toEqual({ groups: [LABELS.sectionBrand], options: [LABELS.topLevel, "Brand B"] });
    // The section picker starts at that section.
    expect(await (await admin.get("/search?section=brand")).text()).toMatch(/<option value="brand" selected="">/);
    // An unknown section is "my".
    expect(folderChoices(await (await admin.get("/search?section=nope")).text()).options).toEqual([LABELS.topLevel, "Mine A"]);
  });
});
