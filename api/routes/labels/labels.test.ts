import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { backfillsSettled } from "../../../services/queries/backfill";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

interface LabelJson {
  id: number;
  name: string;
  category: string | null;
  label_type: string;
  context_id: number | null;
  context_type: number | null;
  owner_account_id: number | null;
  created_at: string;
  updated_at: string;
  items_count: number;
}

const FORBIDDEN = { error_message: MESSAGES.forbidden };

describe.each(testEngines({ engineSpecific: true }))("labels API on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let roles: Record<"systemAdmin" | "admin" | "agent" | "guest", SignedIn>;
  let theirAdmin: SignedIn;
  let theirs: TenantFixture;
  let streamId: number;
  let ingestKey: string;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    theirs = await fx.createTenant();
    mine = await fx.createTenant();
    roles = await fx.signInRoles(mine);
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);
    const stream = await fx.request("POST", "/api/v1/streams", {
      auth: roles.admin,
      body: { name: "Tweets", social_type: "twitter", category: "streams", source: "api" },
    });
    streamId = stream.json.id;
    ingestKey = stream.json.ingest_key;
  });
  afterAll(async () => {
    if (fx) await backfillsSettled(fx.deps);
    await fx?.cleanup();
  });

  const create = (body: Record<string, unknown>, auth: SignedIn = roles.agent) => fx.request("POST", "/api/labels", { auth, body });
  const list = async (auth: SignedIn = roles.agent, query = "") => {
    const res = await fx.request("GET", `/api/v1/labels${query}`, { auth });
    expect(res.status).toBe(200);
    return res.json.data as LabelJson[];
  };

  let itemCounter = 0;
  async function newItem(text: string): Promise<number> {
    const externalId = `item-${++itemCounter}`;
    const res = await fx.api.fetch(
      new Request(`http://api.test/api/v1/ingest/streams/${streamId}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-ingest-key": ingestKey },
        body: JSON.stringify([{ external_id: externalId, text, created_at: "2024-05-01T10:00:00Z", author: { username: "ann" } }]),
      }),
    );
    expect(await res.json()).toMatchObject({ accepted: 1 });
    const row = await fx.db.selectFrom("feedItems").select("id").where("externalId", "=", externalId).executeTakeFirstOrThrow();
    return row.id;
  }

  it("creates a label with its category, type and context, owned by its creator", async () => {
    const res = await create({ name: "  Billing  ", category: "Support", context_id: 12, context_type: 1 });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      name: "Billing",
      category: "Support",
      label_type: "feed_item",
      context_id: 12,
      context_type: 1,
      owner_account_id: roles.agent.accountId,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      items_count: 0,
    });
    const labels = await list();
    expect(labels.map((l) => l.name)).toContain("Billing");
    // Only labels made in one context, when asked.
    expect((await list(roles.agent, "?context_id=12&context_type=1")).map((l) => l.name)).toEqual(["Billing"]);
    expect(await list(roles.agent, "?context_id=13")).toEqual([]);
  });

  it("requires a name and keeps names unique in the business profile, ignoring case", async () => {
    const missing = await create({ category: "Support" });
    expect(missing.status).toBe(422);
    expect(missing.json).toEqual({ error_message: `name ${MESSAGES.required}`, errors: { name: [MESSAGES.required] } });
    expect((await create({ name: "   " })).json.errors).toEqual({ name: [MESSAGES.required] });
    expect((await create({ name: "x".repeat(101) })).json.errors).toEqual({ name: [MESSAGES.maxLength] });

    expect((await create({ name: "Praise" })).status).toBe(201);
    const taken = await create({ name: "PRAISE" });
    expect(taken.status).toBe(422);
    expect(taken.json).toEqual({ error_message: `name ${MESSAGES.nameTaken}`, errors: { name: [MESSAGES.nameTaken] } });
    // Another business profile has its own names.
    expect((await create({ name: "Praise" }, theirAdmin)).status).toBe(201);
    expect((await list()).filter((l) => l.name.toLowerCase() === "praise")).toHaveLength(1);
  });

  it("keeps the name unique when two people create it at once", async () => {
    const results = await Promise.all([create({ name: "Race" }), create({ name: "race" }, roles.admin)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.status === 422)!.json.errors).toEqual({ name: [MESSAGES.nameTaken] });
  });

  it("lists the business profile's labels by name with how many items carry each", async () => {
    const bug = (await create({ name: "Bug", category: "Support" })).json.id as number;
    const a = await newItem("first");
    const b = await newItem("second");
    await fx.request("POST", `/api/v1/feed-items/${a}/set-labels`, { auth: roles.agent, body: { label_ids: [bug] } });
    await fx.request("POST", `/api/v1/feed-items/${b}/set-labels`, { auth: roles.agent, body: { label_ids: [bug] } });
    const labels = await list();
    const names = labels.map((l) => l.name);
    expect(names).toEqual([...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    expect(labels.find((l) => l.id === bug)!.items_count).toBe(2);
    // Names only (the inbox sidebar): the same labels, without the counts.
    const namesOnly = await list(roles.agent, "?items_count=0");
    expect(namesOnly.map((l) => l.id)).toEqual(labels.map((l) => l.id));
    expect(namesOnly.every((l) => !("items_count" in l))).toBe(true);
    // Never another business profile's labels.
    expect((await list(theirAdmin)).map((l) => l.name)).toEqual(["Praise"]);
    expect((await list(roles.agent, `?business_profile_id=${mine.businessProfileId}`)).length).toBe(labels.length);
    expect(await fx.request("GET", `/api/v1/labels?business_profile_id=${theirs.businessProfileId}`, { auth: roles.agent })).toMatchObject({
      status: 403,
    });
  });

  it("renames a label and changes its category; the name stays required and unique", async () => {
    const id = (await create({ name: "Feature request", category: "Product" })).json.id as number;
    const renamed = await fx.request("PATCH", `/api/v1/labels/${id}`, { auth: roles.agent, body: { name: "Feature idea" } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id, name: "Feature idea", category: "Product" });
    const recategorised = await fx.request("PATCH", `/api/v1/labels/${id}`, { auth: roles.agent, body: { category: "" } });
    expect(recategorised.json).toMatchObject({ name: "Feature idea", category: null });
    // Its own name in another case is not "taken".
    expect((await fx.request("PATCH", `/api/v1/labels/${id}`, { auth: roles.agent, body: { name: "FEATURE IDEA" } })).status).toBe(200);

    expect((await fx.request("PATCH", `/api/v1/labels/${id}`, { auth: roles.agent, body: { name: "" } })).json.errors).toEqual({
      name: [MESSAGES.required],
    });
    expect((await fx.request("PATCH", `/api/v1/labels/${id}`, { auth: roles.agent, body: { name: "billing" } })).json.errors).toEqual({
      name: [MESSAGES.nameTaken],
    });
    const theirLabel = (await list(theirAdmin))[0]!;
    expect((await fx.request("PATCH", `/api/v1/labels/${theirLabel.id}`, { auth: roles.agent, body: { name: "Mine now" } })).status).toBe(404);
    expect((await list(theirAdmin))[0]!.name).toBe(theirLabel.name);
  });

  it("deletes a label: it comes off every item, and a saved search filtering by it lets them go", async () => {
    const vip = (await create({ name: "VIP" })).json.id as number;
    const item = await newItem("A loyal customer writes about the loyalty programme");
    await fx.request("POST", `/api/v1/feed-items/${item}/set-labels`, { auth: roles.agent, body: { label_ids: [vip] } });
    const search = await fx.request("POST", "/api/search/items", {
      auth: roles.admin,
      body: {
        name: "Loyal VIPs",
        category: "brand",
        query: [
          { type: "must", values: [{ filter_type: "keywords", value: "loyal" }] },
          { type: "must", values: [{ filter_type: "labels", value: vip }] },
        ],
      },
    });
    expect(search.status).toBe(201);
    await backfillsSettled(fx.deps);
    const inSearch = async () =>
      (await fx.request("GET", `/api/v1/feed-items?source_type=search&source_id=${search.json.id}`, { auth: roles.agent })).json.data.map(
        (i: { id: number }) => i.id,
      );
    expect(await inSearch()).toEqual([item]);

    expect((await fx.request("DELETE", `/api/v1/labels/${vip}`, { auth: roles.agent })).status).toBe(204);
    expect((await list()).map((l) => l.id)).not.toContain(vip);
    expect((await fx.request("GET", `/api/v1/feed-items/${item}`, { auth: roles.agent })).json.labels).toEqual([]);
    expect(await inSearch()).toEqual([]);
    expect((await fx.request("DELETE", `/api/v1/labels/${vip}`, { auth: roles.agent })).status).toBe(404);
    const theirLabel = (await list(theirAdmin))[0]!;
    expect((await fx.request("DELETE", `/api/v1/labels/${theirLabel.id}`, { auth: roles.agent })).status).toBe(404);
  });

  it("refuses guests (no labels permission)", async () => {
    const id = (await list())[0]!.id;
    expect(await fx.request("GET", "/api/v1/labels", { auth: roles.guest })).toMatchObject({ status: 403, json: FORBIDDEN });
    expect(await create({ name: "Guest label" }, roles.guest)).toMatchObject({ status: 403, json: FORBIDDEN });
    expect((await fx.request("PATCH", `/api/v1/labels/${id}`, { auth: roles.guest, body: { name: "x" } })).status).toBe(403);
    expect((await fx.request("DELETE", `/api/v1/labels/${id}`, { auth: roles.guest })).status).toBe(403);
    expect((await fx.request("GET", "/api/v1/labels")).status).toBe(401);
  });
});
