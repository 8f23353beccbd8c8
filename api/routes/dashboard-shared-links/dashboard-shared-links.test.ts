import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WIDGET_IDS } from "../../../domain/dashboard";
import { MESSAGES } from "../../../domain/messages";
import { backfillsSettled } from "../../../services/queries/backfill";
import { createApiFixture, type ApiFixture, type SignedIn } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

const READ = { "x-http-method-override": "GET" };

describe.each(testEngines({ engineSpecific: true }))("dashboard templates and shared links on %s", (engine) => {
  let fx: ApiFixture;
  let admin: SignedIn;
  let agent: SignedIn;
  let guest: SignedIn;
  let theirAdmin: SignedIn;
  let brandId: number;
  let theirSearchId: number;
  let layerId: number;
  let otherLayerId: number;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    const mine = await fx.createTenant();
    const theirs = await fx.createTenant();
    ({ admin, agent, guest } = await fx.signInRoles(mine));
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);
    const query = [{ type: "must", values: [{ filter_type: "keywords", value: "refund" }] }];
    brandId = (await fx.request("POST", "/api/search/items", { auth: admin, body: { name: "Acme", category: "brand", query } })).json.id;
    theirSearchId = (await fx.request("POST", "/api/search/items", { auth: theirAdmin, body: { name: "Theirs", category: "brand", query } })).json.id;
    await backfillsSettled(fx.deps);
    layerId = (await fx.request("POST", "/api/v1/annotations/layers", { auth: admin, body: { name: "Launches", color: 0, type: "PR" } })).json.id;
    otherLayerId = (await fx.request("POST", "/api/v1/annotations/layers", { auth: admin, body: { name: "Research", color: 1, type: "Research" } })).json.id;
  });
  afterAll(() => fx?.cleanup());

  describe("dashboard templates", () => {
    it("creates, reads, lists and patches a template; the name is required", async () => {
      const created = await fx.request("POST", "/api/v1/dashboard/templates", {
        auth: agent,
        body: {
          name: " Weekly ",
          time: 7,
          time_unit: "Days",
          config: { context_ids: [`1-${brandId}`, "6-0"], widgets: [{ id: "sentiment", config: { hidden: ["neutral"] } }, { id: "topics" }] },
        },
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      expect(created.json).toMatchObject({
        name: "Weekly",
        time: 7,
        time_unit: "Days",
        config: { context_ids: [`1-${brandId}`, "6-0"], widgets: [{ id: "sentiment", config: { hidden: ["neutral"] } }, { id: "topics", config: {} }] },
      });
      const id = created.json.id as number;
      expect((await fx.request("GET", `/api/v1/dashboard/templates/${id}`, { auth: guest })).status).toBe(403);
      expect((await fx.request("GET", `/api/v1/dashboard/templates/${id}`, { auth: admin })).json.name).toBe("Weekly");
      const listed = await fx.request("GET", "/api/v1/dashboard/templates", { auth: admin });
      expect(listed.json.data.map((t: { id: number }) => t.id)).toContain(id);

      const renamed = await fx.request("PATCH", `/api/v1/dashboard/templates/${id}`, { auth: admin, body: { name: "Monthly", time_unit: "Months", time: 1 } });
      expect(renamed.status).toBe(200);
      expect(renamed.json).toMatchObject({ name: "Monthly", time: 1, time_unit: "Months", config: { context_ids: [`1-${brandId}`, "6-0"] } });

      const blank = await fx.request("PATCH", `/api/v1/dashboard/templates/${id}`, { auth: admin, body: { name: "  " } });
      expect(blank.status).toBe(422);
      expect(blank.json.errors).toEqual({ name: [MESSAGES.required] });
      const missing = await fx.request("POST", "/api/v1/dashboard/templates", { auth: admin, body: { time: 1 } });
      expect(missing.status).toBe(422);
      expect(missing.json.errors.name).toEqual([MESSAGES.required]);
    });

    it("refuses unknown widgets and more than 3 contexts with 400, another tenant's context with 404", async () => {
      const widget = await fx.request("POST", "/api/v1/dashboard/templates", {
        auth: admin,
        body: { name: "Bad", config: { widgets: [{ id: "sentiment" }, { id: "horoscope" }] } },
      });
      expect(widget.status).toBe(400);
      expect(widget.json.error_message).toBe(MESSAGES.dashboardConfig.unknownWidgetId("horoscope"));
      const four = await fx.request("POST", "/api/v1/dashboard/templates", {
        auth: admin,
        body: { name: "Four", config: { context_ids: ["6-0", `1-${brandId}`, "2-1", "2-2"] } },
      });
      expect(four.status).toBe(400);
      expect(four.json.error_message).toBe(MESSAGES.dashboardConfig.tooManyContexts(3));
      const foreign = await fx.request("POST", "/api/v1/dashboard/templates", {
        auth: admin,
        body: { name: "Foreign", config: { context_ids: [`1-${theirSearchId}`] } },
      });
      expect(foreign.status).toBe(404);
    });

    it("keeps tenants apart: another tenant's template answers 404 to read and write", async () => {
      const id = (await fx.request("POST", "/api/v1/dashboard/templates", { auth: admin, body: { name: "Private" } })).json.id;
      expect((await fx.request("GET", `/api/v1/dashboard/templates/${id}`, { auth: theirAdmin })).status).toBe(404);
      expect((await fx.request("PATCH", `/api/v1/dashboard/templates/${id}`, { auth: theirAdmin, body: { name: "Mine" } })).status).toBe(404);
      const theirs = await fx.request("GET", "/api/v1/dashboard/templates", { auth: theirAdmin });
      expect(theirs.json.data.map((t: { id: number }) => t.id)).not.toContain(id);
      expect((await fx.request("GET", "/api/v1/dashboard/templates")).status).toBe(401);
    });
  });

  describe("shared links", () => {
    async function createLink(body: Record<string, unknown>) {
      const res = await fx.request("POST", "/api/v1/dashboard_shared_links", { auth: agent, body });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return res.json as { id: number; code: string; title: string; non_logged_in_access: boolean; config: Record<string, unknown> };
    }
    const open = (code: string, auth?: SignedIn) =>
      fx.request("POST", `/api/v1/dashboard_shared_links/${encodeURIComponent(code)}`, { headers: READ, ...(auth ? { auth } : {}) });
    const layers = (code: string, auth?: SignedIn) =>
      fx.request("GET", "/api/v1/annotations/layers", { headers: { "shared-link-code": code }, ...(auth ? { auth } : {}) });

    it("creates a link with a random code and its config; lists and changes it", async () => {
      const link = await createLink({
        title: "Board",
        non_logged_in_access: true,
        config: {
          widgets: ["sentiment", "topics"],
          contexts: [{ context_type: 1, context_id: brandId }],
          time: 30,
          time_unit: "Days",
          time_zone: "Europe/Paris",
          layer_ids: [layerId],
        },
      });
      expect(link.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(link).toMatchObject({
        title: "Board",
        non_logged_in_access: true,
        config: {
          widgets: ["sentiment", "topics"],
          contexts: [{ context_type: 1, context_id: brandId, properties: null }],
          time: 30,
          time_range: null,
          time_unit: "Days",
          time_zone: "Europe/Paris",
          layer_ids: [layerId],
        },
      });
      const second = await createLink({ title: "Everything" });
      expect(second.code).not.toBe(link.code);
      expect(second.config).toMatchObject({ widgets: [...WIDGET_IDS], contexts: [{ context_type: 6, context_id: 0 }], layer_ids: [] });

      const listed = await fx.request("POST", "/api/v1/dashboard_shared_links", { auth: admin, headers: READ, body: {} });
      expect(listed.status).toBe(200);
      expect(listed.json.data.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([link.id, second.id]));

      const changed = await fx.request("PUT", `/api/v1/dashboard_shared_links/${link.id}`, {
        auth: admin,
        body: { title: "Board v2", non_logged_in_access: false },
      });
      expect(changed.status).toBe(200);
      expect(changed.json).toMatchObject({ title: "Board v2", non_logged_in_access: false, code: link.code, config: { layer_ids: [layerId] } });
      expect((await fx.request("PUT", `/api/v1/dashboard_shared_links/${link.id}`, { auth: guest, body: { title: "x" } })).status).toBe(403);
    });

    it("refuses bad configs: unknown widget 400, 4 contexts 400, another tenant's context or layer 404", async () => {
      const post = (config: Record<string, unknown>) =>
        fx.request("POST", "/api/v1/dashboard_shared_links", { auth: agent, body: { title: "x", config } });
      expect((await post({ widgets: ["nope"] })).status).toBe(400);
      expect((await post({ contexts: ["6-0", "6-0", "6-0", "6-0"] })).status).toBe(400);
      expect((await post({ contexts: [{ context_type: 1, context_id: theirSearchId }] })).status).toBe(404);
      const theirLayer = (await fx.request("POST", "/api/v1/annotations/layers", { auth: theirAdmin, body: { name: "T", color: 0, type: "PR" } })).json.id;
      expect((await post({ layer_ids: [theirLayer] })).status).toBe(404);
      const untitled = await fx.request("POST", "/api/v1/dashboard_shared_links", { auth: agent, body: { title: "" } });
      expect(untitled.status).toBe(422);
      expect(untitled.json.errors.title).toEqual([MESSAGES.required]);
    });

    it("opens a public link for anyone, a members-only link only for signed-in members of its tenant", async () => {
      const open1 = await createLink({ title: "Public", non_logged_in_access: true, config: { layer_ids: [layerId] } });
      const closed = await createLink({ title: "Members", non_logged_in_access: false });

      const anonymous = await open(open1.code);
      expect(anonymous.status).toBe(200);
      expect(anonymous.json).toMatchObject({ id: open1.id, title: "Public", non_logged_in_access: true, business_profile: { time_zone: "UTC" } });
      expect((await open(open1.code, theirAdmin)).status).toBe(200);

      // Signed out, a members-only link asks for the sign-in (401), not "does not exist" (issue 30).
      expect((await open(closed.code)).status).toBe(401);
      expect((await open(closed.code, theirAdmin)).status).toBe(404);
      expect((await open(closed.code, guest)).status).toBe(200);
      expect((await open("no-such-code")).status).toBe(404);

      // The same rules through the Shared-Link-Code header of any dashboard read.
      expect((await layers(open1.code)).status).toBe(200);
      expect((await layers(closed.code)).status).toBe(401);
      expect((await layers(closed.code, theirAdmin)).status).toBe(404);
      expect((await layers(closed.code, agent)).status).toBe(200);
      // Another tenant's member with a public link sees the link's tenant, not their own.
      const seen = await layers(open1.code, theirAdmin);
      expect(seen.json.data.map((l: { id: number }) => l.id)).toEqual([layerId]);
    });

    it("revoking takes effect at once; the link's holder cannot write (403)", async () => {
      const link = await createLink({ title: "Soon gone", non_logged_in_access: true });
      expect((await open(link.code)).status).toBe(200);
      const writeWithLink = await fx.request("POST", "/api/v1/annotations/layers", {
        auth: agent,
        headers: { "shared-link-code": link.code },
        body: { name: "Nope", color: 5, type: "PR" },
      });
      expect(writeWithLink.status).toBe(403);
      expect(writeWithLink.json.error_message).toBe(MESSAGES.dashboardConfig.sharedLinkReadOnly);
      const anonymousWrite = await fx.request("POST", "/api/v1/dashboard/templates", { headers: { "shared-link-code": link.code }, body: { name: "x" } });
      expect(anonymousWrite.status).toBe(403);

      expect((await fx.request("DELETE", `/api/v1/dashboard_shared_links/${link.id}`, { auth: theirAdmin })).status).toBe(404);
      expect((await fx.request("DELETE", `/api/v1/dashboard_shared_links/${link.id}`, { auth: agent })).status).toBe(204);
      expect((await open(link.code)).status).toBe(404);
      expect((await open(link.code, agent)).status).toBe(404);
      expect((await layers(link.code)).status).toBe(404);
      expect((await fx.request("DELETE", `/api/v1/dashboard_shared_links/${link.id}`, { auth: agent })).status).toBe(404);
      expect((await fx.request("PUT", `/api/v1/dashboard_shared_links/${link.id}`, { auth: agent, body: { title: "Back" } })).status).toBe(404);
      const listed = await fx.request("POST", "/api/v1/dashboard_shared_links", { auth: agent, headers: READ, body: {} });
      expect(listed.json.data.map((l: { id: number }) => l.id)).not.toContain(link.id);
    });

    it("keeps tenants apart: another tenant's link is not listed and cannot be changed", async () => {
      const link = await createLink({ title: "Ours" });
      const theirs = await fx.request("POST", "/api/v1/dashboard_shared_links", { auth: theirAdmin, headers: READ, body: {} });
      expect(theirs.json.data.map((l: { id: number }) => l.id)).not.toContain(link.id);
      expect((await fx.request("PUT", `/api/v1/dashboard_shared_links/${link.id}`, { auth: theirAdmin, body: { title: "Taken" } })).status).toBe(404);
    });

    it("shows a link's viewer only the annotations of its layers", async () => {
      const inLink = await fx.request("POST", "/api/v1/annotations/annotations", {
        auth: agent,
        body: { name: "Launch", anchor_date: "2026-03-02", layer_id: layerId },
      });
      expect(inLink.status, JSON.stringify(inLink.json)).toBe(201);
      const outside = await fx.request("POST", "/api/v1/annotations/annotations", {
        auth: agent,
        body: { name: "Study", anchor_date: "2026-03-03", layer_id: otherLayerId },
      });
      expect(outside.status).toBe(201);
      const link = await createLink({ title: "Annotated", non_logged_in_access: true, config: { layer_ids: [layerId] } });
      const read = (query: string) => fx.request("GET", `/api/v1/annotations/annotations${query}`, { headers: { "shared-link-code": link.code } });
      const all = await read("");
      expect(all.status).toBe(200);
      expect(all.json.data.map((a: { id: number }) => a.id)).toEqual([inLink.json.id]);
      const asked = await read(`?layer_ids=${layerId},${otherLayerId}`);
      expect(asked.json.data.map((a: { id: number }) => a.id)).toEqual([inLink.json.id]);
      expect((await read(`?layer_ids=${otherLayerId}`)).json.data).toEqual([]);
      // A member without the link reads both.
      const member = await fx.request("GET", `/api/v1/annotations/annotations?layer_ids=${layerId},${otherLayerId}`, { auth: agent });
      expect(member.json.data.map((a: { id: number }) => a.id)).toEqual([inLink.json.id, outside.json.id]);
    });
  });
});
