// Issue 26: an account's default streams (PUT /v1/accounts/preferences/ui/default_streams, set on the
// preferences screen) are read by the inbox and the dashboard (ADR 040): a bare /inbox opens the first of
// them, "All items" stays reachable with ?source=all, and the dashboard's first context is every mention
// of them. Set through the preferences form, as a browser without JavaScript posts it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertStream } from "../../db/repositories/streams";
import { MESSAGES } from "../../domain/messages";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";

describe("an account's default streams, read by the inbox and the dashboard", () => {
  let web: WebServer;
  let agent: FormClient;
  let first: number;
  let second: number;

  beforeAll(async () => {
    web = await startWebServer();
    const tenant = await createTenantWithRoles(web.db);
    const now = new Date().toISOString();
    const make = async (name: string) =>
      (
        await insertStream(
          web.db,
          tenant.businessProfileId,
          { name, socialType: "twitter", category: "streams", source: "api", config: "{}", ingestKey: `key-${name.replace(/\W/g, "")}-${now}`, createdBy: tenant.accounts.admin.id },
          now,
        )
      ).id;
    first = await make("Support desk");
    second = await make("Brand watch");
    agent = new FormClient(web.baseUrl);
    expect((await agent.signIn(tenant.accounts.agent.email, TENANT_PASSWORD)).status).toBe(302);
  });
  afterAll(() => web.close());

  it("without default streams, /inbox is every item and the dashboard has no default-streams context", async () => {
    expect((await agent.get("/inbox")).status).toBe(200);
    expect(await (await agent.get("/")).text()).not.toContain(MESSAGES.defaultStreams.dashboardTitle("Support desk"));
  });

  it("once chosen on the preferences screen, the inbox opens on the first and the dashboard shows them", async () => {
    const csrf = await agent.formToken("/account/settings/preferences");
    // Two values under one name, as the form's selects post them (FormClient.post takes one per name).
    const body = new URLSearchParams({ csrf, intent: "default_streams" });
    body.append("default_dashboard_streams", String(first));
    body.append("default_dashboard_streams", String(second));
    const response = await fetch(`${web.baseUrl}/account/settings/preferences`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: agent.cookieHeader(), "content-type": "application/x-www-form-urlencoded", origin: web.baseUrl },
      body: body.toString(),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/account/settings/preferences");

    const inbox = await agent.get("/inbox");
    expect(inbox.status).toBe(302);
    expect(inbox.headers.get("location")).toBe(`/inbox?source=stream-${first}`);
    // Every item stays one click away.
    expect((await agent.get("/inbox?source=all")).status).toBe(200);

    const dashboard = await (await agent.get("/")).text();
    expect(dashboard).toContain(MESSAGES.defaultStreams.dashboardTitle("Support desk, Brand watch"));
  });
});
