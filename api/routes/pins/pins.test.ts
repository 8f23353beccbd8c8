import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { backfillsSettled } from "../../../services/queries/backfill";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

const keywords = (query: string) => [{ type: "must", values: [{ filter_type: "keywords", value: query }] }];

describe.each(testEngines())("pins API on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let admin: SignedIn;
  let agent: SignedIn;
  let guest: SignedIn;
  let theirAdmin: SignedIn;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    mine = await fx.createTenant();
    const theirs = await fx.createTenant();
    ({ admin, agent, guest } = await fx.signInRoles(mine));
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);
  });
  afterAll(async () => {
    if (fx) await backfillsSettled(fx.deps);
    await fx?.cleanup();
  });

  const pins = async (auth: SignedIn, type?: string) => {
    const res = await fx.request("GET", `/api/v3/accounts/pins${type ? `?type=${type}` : ""}`, { auth });
    expect(res.status).toBe(200);
    return res.json.data as Array<{ entity_id: number; type: string }>;
  };
  const pin = (auth: SignedIn, body: Record<string, unknown>) => fx.request("POST", "/api/v3/accounts/pins", { auth, body });

  async function search(auth: SignedIn, entityType: number) {
    const res = await fx.request("POST", "/api/search/items", {
      auth,
      body: { name: `Search ${Math.random()}`, category: "team", entity_type: entityType, query: keywords("acme") },
    });
    expect(res.status).toBe(201);
    return res.json as { id: number };
  }

  it("pins, lists and unpins per user, by body or by query string", async () => {
    const shared = await search(agent, 2);
    const res = await pin(guest, { entity_id: shared.id, type: "search_item" });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ entity_id: shared.id, type: "search_item" });
    expect(await pin(guest, { entity_id: String(shared.id), type: "search_item" })).toMatchObject({ status: 201 });
    expect(await pins(guest, "search_item")).toEqual([{ entity_id: shared.id, type: "search_item" }]);
    expect(await pins(guest)).toEqual([{ entity_id: shared.id, type: "search_item" }]);
    expect(await pins(agent, "search_item")).toEqual([]);
    expect((await fx.request("GET", `/api/search/items/${shared.id}`, { auth: guest })).json.pinned).toBe(true);

    const del = await fx.request("DELETE", "/api/v3/accounts/pins", { auth: guest, body: { entity_id: shared.id, type: "search_item" } });
    expect(del.status).toBe(204);
    expect(await pins(guest, "search_item")).toEqual([]);

    await pin(guest, { entity_id: shared.id, type: "search_item" });
    const byQuery = await fx.request("DELETE", `/api/v3/accounts/pins?entity_id=${shared.id}&type=search_item`, { auth: guest });
    expect(byQuery.status).toBe(204);
    expect(await pins(guest, "search_item")).toEqual([]);
  });

  it("validates the pin with catalogue messages", async () => {
    const res = await pin(agent, { type: "widget" });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ entity_id: [MESSAGES.required], type: [MESSAGES.wrongFormat] });
    const del = await fx.request("DELETE", "/api/v3/accounts/pins", { auth: agent });
    expect(del.status).toBe(422);
    expect(del.json.errors).toEqual({ entity_id: [MESSAGES.required], type: [MESSAGES.required] });
    expect((await fx.request("GET", "/api/v3/accounts/pins?type=widget", { auth: agent })).status).toBe(422);
    expect((await fx.request("GET", "/api/v3/accounts/pins")).status).toBe(401);
  });

  it("answers 404 for what the caller cannot see, like a missing entity", async () => {
    const onlyMe = await search(agent, 1);
    const missing = await pin(admin, { entity_id: 999_999, type: "search_item" });
    expect(missing.status).toBe(404);
    for (const auth of [admin, guest, theirAdmin]) {
      const res = await pin(auth, { entity_id: onlyMe.id, type: "search_item" });
      expect(res.status).toBe(404);
      expect(res.json).toEqual(missing.json);
    }
    for (const type of ["search_folder", "topic", "stream"]) {
      expect((await pin(admin, { entity_id: 999_999, type })).status).toBe(404);
    }
  });

  it("hides pins of entities the caller no longer sees", async () => {
    const shared = await search(admin, 2);
    expect((await pin(agent, { entity_id: shared.id, type: "search_item" })).status).toBe(201);
    await fx.request("PUT", `/api/search/items/${shared.id}`, { auth: admin, body: { entity_type: 1 } });
    expect(await pins(agent, "search_item")).toEqual([]);
    await fx.request("PUT", `/api/search/items/${shared.id}`, { auth: admin, body: { entity_type: 2 } });
    expect(await pins(agent, "search_item")).toEqual([{ entity_id: shared.id, type: "search_item" }]);
  });

  it("shares the streams' pins (type stream) and the templates' (a template the caller sees)", async () => {
    const stream = await fx.request("POST", "/api/v1/streams", {
      auth: admin,
      body: { name: "Pinned stream", social_type: "twitter", category: "streams", source: "api" },
    });
    expect(stream.status).toBe(201);
    expect((await pin(agent, { entity_id: stream.json.id, type: "stream" })).status).toBe(201);
    expect((await fx.request("GET", `/api/v1/streams/${stream.json.id}`, { auth: agent })).json.pinned).toBe(true);
    expect(await pins(agent, "stream")).toEqual([{ entity_id: stream.json.id, type: "stream" }]);
    // Another tenant's stream and a deleted one are gone alike, and the answer says so.
    const gone = { status: 404, json: { error_message: MESSAGES.channelScreen.streamNotFound } };
    expect(await pin(theirAdmin, { entity_id: stream.json.id, type: "stream" })).toMatchObject(gone);
    expect((await fx.request("DELETE", `/api/v1/streams/${stream.json.id}`, { auth: admin })).status).toBe(204);
    expect(await pin(admin, { entity_id: stream.json.id, type: "stream" })).toMatchObject(gone);

    const template = await fx.request("POST", "/api/v1/templates", {
      auth: admin,
      body: { name: "Pinned template", message: "Thanks!", entity_type: 2 },
    });
    expect(template.status).toBe(201);
    expect((await pin(agent, { entity_id: template.json.id, type: "template" })).status).toBe(201);
    expect(await pins(agent, "template")).toEqual([{ entity_id: template.json.id, type: "template" }]);
    expect((await pin(agent, { entity_id: template.json.id + 1000, type: "template" })).status).toBe(404);
    expect((await pin(theirAdmin, { entity_id: template.json.id, type: "template" })).status).toBe(404);
  });

  it("pins folders and topics the caller sees", async () => {
    const folder = await fx.request("POST", "/api/search/folders", { auth: agent, body: { name: "F", category: "team", entity_type: 2 } });
    const topic = await fx.request("POST", "/api/v1/topics", { auth: agent, body: { name: "Pinned topic", type: "keywords", keywords: ["x"] } });
    expect((await pin(guest, { entity_id: folder.json.id, type: "search_folder" })).status).toBe(201);
    expect((await pin(guest, { entity_id: topic.json.id, type: "topic" })).status).toBe(201);
    expect(await pins(guest)).toEqual(
      expect.arrayContaining([
        { entity_id: folder.json.id, type: "search_folder" },
        { entity_id: topic.json.id, type: "topic" },
      ]),
    );
    expect((await fx.request("GET", "/api/search/folders", { auth: guest })).json.data[0]).toMatchObject({ id: folder.json.id, pinned: true });
  });
});
