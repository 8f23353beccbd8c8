import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../tests/support/api-fixture";
import { seedDemoTemplates } from "./seed-demo-templates";

describe("the demo workspace's reply templates", () => {
  let fx: ApiFixture;
  let tenant: TenantFixture;
  let agent: SignedIn;

  beforeAll(async () => {
    fx = await createApiFixture("sqlite");
    tenant = await fx.createTenant();
    await seedDemoTemplates(fx.deps, tenant.businessProfileId, tenant.accounts.admin.email);
    agent = await fx.signIn(tenant.accounts.agent.email);
  });
  afterAll(() => fx?.cleanup());

  it("shares templates with variables with the whole team; the retired one is not offered for replies", async () => {
    const all = (await fx.request("GET", "/api/v1/templates", { auth: agent })).json.data as Array<{ name: string; message: string; active: boolean }>;
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.every((t) => t.message.includes("{{author_name}}") && t.message.includes("{{agent_first_name}}"))).toBe(true);
    expect(all.filter((t) => !t.active).map((t) => t.name)).toEqual(["Holiday shipping delays"]);
    const offered = (await fx.request("GET", "/api/v1/templates?for_selection=1", { auth: agent })).json.data as Array<{ name: string }>;
    expect(offered.map((t) => t.name)).not.toContain("Holiday shipping delays");
    expect(offered).toHaveLength(all.length - 1);
  });

  it("does nothing for another business profile's admin", async () => {
    const other = await fx.createTenant();
    await seedDemoTemplates(fx.deps, other.businessProfileId, tenant.accounts.admin.email);
    const otherAgent = await fx.signIn(other.accounts.agent.email);
    expect((await fx.request("GET", "/api/v1/templates", { auth: otherAgent })).json.data).toEqual([]);
  });
});
