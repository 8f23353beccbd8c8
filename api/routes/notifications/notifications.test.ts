import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertNotification } from "../../../db/repositories/notifications";
import { createApiFixture, type ApiFixture, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

describe.each(testEngines())("notifications API on %s", (engine) => {
  let fx: ApiFixture;
  let tenant: TenantFixture;
  let other: TenantFixture;
  beforeAll(async () => {
    fx = await createApiFixture(engine);
    tenant = await fx.createTenant();
    other = await fx.createTenant();
    const base = { category: "assignment", socialType: "twitter", readAt: null, dismissed: 0 };
    await insertNotification(fx.db, {
      ...base,
      businessProfileId: tenant.businessProfileId,
      accountId: tenant.accounts.agent.id,
      text: "Older <b>item</b>",
      entityName: "Brand search",
      createdAt: "2026-11-01T10:00:00.000Z",
    });
    await insertNotification(fx.db, {
      ...base,
      businessProfileId: tenant.businessProfileId,
      accountId: tenant.accounts.agent.id,
      text: "Newer item",
      entityName: null,
      dismissed: 1,
      createdAt: "2026-11-02T10:00:00.000Z",
    });
    await insertNotification(fx.db, {
      ...base,
      businessProfileId: other.businessProfileId,
      accountId: other.accounts.agent.id,
      text: "Someone else's",
      entityName: null,
      createdAt: "2026-11-03T10:00:00.000Z",
    });
  });
  afterAll(() => fx.cleanup());

  it("lists the caller's notifications newest first, text untouched", async () => {
    const auth = await fx.signIn(tenant.accounts.agent.email);
    const res = await fx.request("GET", "/api/v1/notifications", { auth });
    expect(res.status).toBe(200);
    expect(res.json.data.map((n: { text: string }) => n.text)).toEqual(["Newer item", "Older <b>item</b>"]);
    expect(res.json.data[0]).toMatchObject({ dismissed: true, read_at: null, social_type: "twitter" });
  });

  it("shows nothing of other accounts or tenants", async () => {
    const auth = await fx.signIn(tenant.accounts.admin.email);
    const res = await fx.request("GET", "/api/v1/notifications", { auth });
    expect(res.json.data).toEqual([]);
  });

  it("needs a signed-in caller", async () => {
    expect((await fx.request("GET", "/api/v1/notifications")).status).toBe(401);
  });
});
