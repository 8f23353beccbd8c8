import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { LAYER_COLORS } from "../../../domain/palette";
import { createApiFixture, type ApiFixture, type SignedIn } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

describe.each(testEngines({ engineSpecific: true }))("annotations API on %s", (engine) => {
  let fx: ApiFixture;
  let admin: SignedIn;
  let agent: SignedIn;
  let guest: SignedIn;
  let theirAdmin: SignedIn;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    const mine = await fx.createTenant();
    const theirs = await fx.createTenant();
    ({ admin, agent, guest } = await fx.signInRoles(mine));
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);
  });
  afterAll(() => fx?.cleanup());

  const createLayer = (auth: SignedIn, body: Record<string, unknown>) => fx.request("POST", "/api/v1/annotations/layers", { auth, body });

  it("answers the layer colours and types", async () => {
    const res = await fx.request("GET", "/api/v1/annotations/layers_properties", { auth: agent });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      layer_properties: { colors: [...LAYER_COLORS], types: ["Research", "Community Events", "Global Events", "PR"] },
    });
  });

  it("creates, lists, changes and deletes layers; a colour used by another layer is refused with 422", async () => {
    const res = await createLayer(agent, { name: " Campaigns ", color: 3, type: "Community Events" });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ name: "Campaigns", color: 3, brand: null, type: "Community Events" });
    const id = res.json.id as number;

    const taken = await createLayer(admin, { name: "Same colour", color: 3, type: "PR" });
    expect(taken.status).toBe(422);
    expect(taken.json).toEqual({ error_message: MESSAGES.colorInUse, errors: { color: [MESSAGES.colorInUse] } });
    // Another tenant may use the same colour.
    expect((await createLayer(theirAdmin, { name: "Theirs", color: 3, type: "PR" })).status).toBe(201);

    const other = (await createLayer(admin, { name: "Other", color: 4, type: "PR" })).json.id as number;
    const clash = await fx.request("PATCH", `/api/v1/annotations/layers/${other}`, { auth: admin, body: { color: 3 } });
    expect(clash.status).toBe(422);
    expect(clash.json.error_message).toBe(MESSAGES.colorInUse);
    // Keeping its own colour is no clash.
    const renamed = await fx.request("PATCH", `/api/v1/annotations/layers/${id}`, { auth: admin, body: { name: "Renamed", color: 3 } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name: "Renamed", color: 3 });

    const listed = await fx.request("GET", "/api/v1/annotations/layers", { auth: guest });
    expect(listed.status).toBe(403);
    const names = (await fx.request("GET", "/api/v1/annotations/layers", { auth: agent })).json.data.map((l: { name: string }) => l.name);
    expect(names).toEqual(expect.arrayContaining(["Renamed", "Other"]));
    expect(names).not.toContain("Theirs");

    const invalid = await createLayer(agent, { name: "", color: 12, type: "Party" });
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors).toMatchObject({ name: [MESSAGES.required], color: [MESSAGES.wrongFormat], type: [MESSAGES.wrongFormat] });
    expect((await createLayer(guest, { name: "Guest", color: 9, type: "PR" })).status).toBe(403);

    expect((await fx.request("DELETE", `/api/v1/annotations/layers/${other}`, { auth: theirAdmin })).status).toBe(404);
    expect((await fx.request("PATCH", `/api/v1/annotations/layers/${other}`, { auth: theirAdmin, body: { name: "x" } })).status).toBe(404);
    expect((await fx.request("DELETE", `/api/v1/annotations/layers/${other}`, { auth: agent })).status).toBe(204);
    // Its colour is free again.
    expect((await createLayer(agent, { name: "Reuses 4", color: 4, type: "PR" })).status).toBe(201);
  });

  it("creates, lists by layer and range, changes and deletes annotations; other tenants get 404", async () => {
    const layer = (await createLayer(admin, { name: "Timeline", color: 7, type: "Global Events" })).json.id as number;
    const create = (body: Record<string, unknown>) =>
      fx.request("POST", "/api/v1/annotations/annotations", { auth: agent, body: { layer_id: layer, ...body } });
    const first = await create({
      name: "Outage",
      text: "API down for an hour",
      anchor_date: "2026-02-10",
      attachments: [{ name: "Postmortem", url: "https://example.test/pm" }],
    });
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(first.json).toMatchObject({
      name: "Outage",
      text: "API down for an hour",
      anchor_date: "2026-02-10T00:00:00.000Z",
      layer_id: layer,
      search_item_id: null,
      attachments: [{ name: "Postmortem", url: "https://example.test/pm" }],
      user: { id: agent.accountId, full_name: "agent Tester" },
    });
    const second = (await create({ name: "Launch", anchor_date: "2026-03-01T12:00:00Z" })).json.id as number;

    const list = async (query: string, auth: SignedIn = agent) =>
      (await fx.request("GET", `/api/v1/annotations/annotations${query}`, { auth })).json.data.map((a: { id: number }) => a.id);
    expect(await list(`?layer_ids=${layer}`)).toEqual([first.json.id, second]);
    // A list as the web client writes one (app/lib/case.ts toQueryString).
    expect(await list(`?layer_ids[]=${layer}`)).toEqual([first.json.id, second]);
    expect(await list(`?layer_ids=${layer}&range[from]=2026-02-20T00:00:00Z&range[to]=2026-04-01T00:00:00Z`)).toEqual([second]);
    expect(await list(`?layer_ids=${layer}`, theirAdmin)).toEqual([]);

    const patched = await fx.request("PATCH", `/api/v1/annotations/annotations/${second}`, {
      auth: admin,
      body: { name: "Big launch", text: "", anchor_date: "2026-03-02" },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ name: "Big launch", text: "", anchor_date: "2026-03-02T00:00:00.000Z" });

    const bad = await create({ name: "", anchor_date: "yesterday-ish", attachments: [{ name: "x", url: "javascript:alert(1)" }] });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.name).toEqual([MESSAGES.required]);
    expect(bad.json.errors.anchor_date).toEqual([MESSAGES.wrongFormat]);
    const theirLayer = (await createLayer(theirAdmin, { name: "Their timeline", color: 8, type: "PR" })).json.id;
    expect((await create({ name: "x", anchor_date: "2026-01-01", layer_id: theirLayer })).status).toBe(404);
    expect((await fx.request("PATCH", `/api/v1/annotations/annotations/${second}`, { auth: theirAdmin, body: { name: "x" } })).status).toBe(404);
    expect((await fx.request("DELETE", `/api/v1/annotations/annotations/${second}`, { auth: theirAdmin })).status).toBe(404);
    expect((await fx.request("DELETE", `/api/v1/annotations/annotations/${second}`, { auth: agent })).status).toBe(204);
    expect(await list(`?layer_ids=${layer}`)).toEqual([first.json.id]);

    // Deleting the layer deletes its annotations.
    expect((await fx.request("DELETE", `/api/v1/annotations/layers/${layer}`, { auth: agent })).status).toBe(204);
    expect((await fx.request("PATCH", `/api/v1/annotations/annotations/${first.json.id}`, { auth: agent, body: { name: "x" } })).status).toBe(404);
  });

  it("needs a signed-in caller without a shared-link code", async () => {
    expect((await fx.request("GET", "/api/v1/annotations/layers")).status).toBe(401);
    expect((await fx.request("GET", "/api/v1/annotations/annotations")).status).toBe(401);
  });
});
