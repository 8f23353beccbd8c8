import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { LOGO_BYTES_MAX } from "../../../domain/schemas/business-profiles";
import { seedDemoSearches } from "../../../services/workspace/seed-demo-searches";
import { seedDemoTemplates } from "../../../services/workspace/seed-demo-templates";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

const L = MESSAGES.businessProfiles;

// A 1×1 PNG, a JPEG's and a WebP's first bytes: what `file-type` recognises them by.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x1a, 0, 0, 0]), Buffer.from("WEBPVP8 "), Buffer.alloc(18)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

// The business-profile admin as a system admin meets it (issue 26, ADR 040): the list, create and edit
// as multipart forms, logos checked by their content, the copy of another profile's configuration in one
// transaction, the Discord bots, and the account's default streams.
describe.each(testEngines({ engineSpecific: true }))("business profiles admin API on %s", (engine) => {
  let fx: ApiFixture;
  let source: TenantFixture;
  let other: TenantFixture;
  let roles: Record<"systemAdmin" | "admin" | "agent" | "guest", SignedIn>;
  let otherAdmin: SignedIn;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    source = await fx.createTenant();
    other = await fx.createTenant();
    roles = await fx.signInRoles(source);
    otherAdmin = await fx.signIn(other.accounts.admin.email);
  });
  afterAll(async () => {
    await fx?.cleanup();
  });

  function form(fields: Record<string, string | { bytes: Buffer; name: string; type: string }>) {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value === "string") body.append(key, value);
      else body.append(key, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
    }
    return body;
  }

  async function send(method: "POST" | "PATCH", body: FormData, auth: SignedIn = roles.systemAdmin) {
    const res = await fx.api.fetch(
      new Request("http://api.test/api/v1/admin/business_profiles", {
        method,
        headers: { authorization: `Bearer ${auth.accessToken}`, "x-csrf-token": auth.csrfToken },
        body,
      }),
    );
    return { status: res.status, json: (await res.json()) as any };
  }

  const profilesNamed = (name: string) =>
    fx.db.selectFrom("businessProfiles").select("id").where("name", "=", name).execute();
  const logoCount = async () => Number((await fx.db.selectFrom("businessProfileLogos").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

  it("lists every profile for a system admin, with logo, time zone, created_at and active accounts; others get 403", async () => {
    const res = await fx.request("GET", "/api/v1/admin/business_profiles", { auth: roles.systemAdmin });
    expect(res.status).toBe(200);
    const mine = res.json.data.find((p: { id: number }) => p.id === source.businessProfileId);
    expect(mine).toMatchObject({ time_zone: "UTC", active_accounts_count: 4, logo: null, logo_url: null, copied_business_profile_id: null });
    expect(mine.created_at).toMatch(/^\d{4}-/);
    for (const who of [roles.admin, roles.agent, roles.guest]) {
      expect((await fx.request("GET", "/api/v1/admin/business_profiles", { auth: who })).status).toBe(403);
      expect((await send("POST", form({ name: "Not Mine" }), who)).status).toBe(403);
      expect((await send("PATCH", form({ id: String(source.businessProfileId), name: "Not Mine" }), who)).status).toBe(403);
    }
  });

  it("accepts a PNG whatever its name says and serves it with its own type and nosniff", async () => {
    const res = await send("POST", form({ name: "Acme Logos 1", logo: { bytes: PNG, name: "notes.txt", type: "text/plain" } }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Acme Logos 1", logo: { content_type: "image/png", byte_size: PNG.length }, active_accounts_count: 1 });
    expect(res.json.default_account_id).toEqual(expect.any(Number));
    const logo = await fx.api.fetch(new Request(`http://api.test${res.json.logo_url}`));
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/png");
    expect(logo.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await logo.arrayBuffer())).toEqual(PNG);
    // Without the address's version (the content's hash) there is nothing to fetch.
    const bare = await fx.api.fetch(new Request(`http://api.test/api/v1/business_profiles/${res.json.id}/logo`));
    expect(bare.status).toBe(404);
    const wrong = await fx.api.fetch(new Request(`http://api.test/api/v1/business_profiles/${res.json.id}/logo?v=0000000000000000`));
    expect(wrong.status).toBe(404);

    // A WebP replaces it on edit; a name alone keeps it.
    const edited = await send("PATCH", form({ id: String(res.json.id), name: "Acme Logos One", logo: { bytes: WEBP, name: "logo.png", type: "image/png" } }));
    expect(edited.status).toBe(200);
    expect(edited.json.logo).toEqual({ content_type: "image/webp", byte_size: WEBP.length });
    expect(edited.json.logo_url).not.toBe(res.json.logo_url);
    const renamed = await send("PATCH", form({ id: String(res.json.id), name: "Acme Logos Uno" }));
    expect(renamed.json).toMatchObject({ name: "Acme Logos Uno", logo: { content_type: "image/webp" } });
    // The account's business profile shows the same logo address.
    const admin = await fx.db.selectFrom("businessProfiles").select("logoUrl").where("id", "=", res.json.id).executeTakeFirstOrThrow();
    expect(admin.logoUrl).toBe(renamed.json.logo_url);
  });

  it("refuses a text named .png, an SVG and a logo over the limit with the catalogue's words, storing nothing", async () => {
    const before = await logoCount();
    const cases = [
      { logo: { bytes: Buffer.from("just some text, not an image"), name: "logo.png", type: "image/png" }, message: L.logoNotImage },
      { logo: { bytes: SVG, name: "logo.svg", type: "image/svg+xml" }, message: L.logoNotImage },
      { logo: { bytes: Buffer.concat([PNG, Buffer.alloc(LOGO_BYTES_MAX)]), name: "big.png", type: "image/png" }, message: L.logoTooLarge },
    ];
    for (const [i, c] of cases.entries()) {
      const name = `Refused Logo ${i}`;
      const res = await send("POST", form({ name, logo: c.logo }));
      expect(res.status, c.logo.name).toBe(422);
      expect(res.json.errors.logo).toEqual([c.message]);
      expect(await profilesNamed(name)).toEqual([]);
    }
    const target = (await profilesNamed("Acme Logos Uno"))[0]!.id;
    const edit = await send("PATCH", form({ id: String(target), name: "Acme Logos Changed", logo: cases[0]!.logo }));
    expect(edit.status).toBe(422);
    expect(await profilesNamed("Acme Logos Changed")).toEqual([]);
    expect(await logoCount()).toBe(before);
  });

  it("wants a unique name of letters, numbers and spaces", async () => {
    const empty = await send("POST", form({ name: "  " }));
    expect(empty.status).toBe(422);
    expect(empty.json.errors.name).toEqual([MESSAGES.required]);
    const format = await send("POST", form({ name: "Acme/Corp!" }));
    expect(format.json.errors.name).toEqual([MESSAGES.wrongFormat]);
    const taken = await send("POST", form({ name: "ACME LOGOS UNO" }));
    expect(taken.status).toBe(422);
    expect(taken.json.errors.name).toEqual([MESSAGES.nameTaken]);
    expect((await send("POST", form({ name: "Ünïcode Brand 2" }))).status).toBe(201);
  });

  it("answers 404 in the catalogue's words for ids that are not numbers or name nothing", async () => {
    for (const path of ["/api/v1/admin/business_profiles/abc", "/api/v1/admin/business_profiles/999999", "/api/v1/admin/business_profiles/discord_bots?business_profile_id=abc"]) {
      const res = await fx.request("GET", path, { auth: roles.systemAdmin });
      expect(res.status, path).toBe(404);
      expect(res.json.error_message).toMatch(/^(Not found|This business profile does not exist\.)$/);
    }
    const patch = await send("PATCH", form({ id: "abc", name: "Whatever" }));
    expect(patch.status).toBe(404);
    expect(patch.json.error_message).toBe(MESSAGES.notFound);
    expect((await send("PATCH", form({ id: "999999", name: "Whatever" }))).status).toBe(404);
    const copy = await send("POST", form({ name: "Copy Of Nothing", copied_business_profile_id: "x1" }));
    expect(copy.status).toBe(404);
    const missing = await send("POST", form({ name: "Copy Of Nothing", copied_business_profile_id: "999999" }));
    expect(missing.status).toBe(422);
    expect(missing.json.errors.copied_business_profile_id).toEqual([L.sourceNotFound]);
    expect(await profilesNamed("Copy Of Nothing")).toEqual([]);
  });

  describe("copied_business_profile_id", () => {
    let label: number;
    let searchId: number;
    let groupId: number;

    beforeAll(async () => {
      await seedDemoSearches(fx.deps, source.businessProfileId, source.accounts.admin.email);
      await seedDemoTemplates(fx.deps, source.businessProfileId, source.accounts.admin.email);
      label = (await fx.request("POST", "/api/labels", { auth: roles.admin, body: { name: "Urgent" } })).json.id;
      const search = await fx.db
        .selectFrom("searchItems")
        .select(["id", "query"])
        .where("businessProfileId", "=", source.businessProfileId)
        .where("name", "=", "Shop orders")
        .executeTakeFirstOrThrow();
      searchId = search.id;
      const query = [...JSON.parse(search.query), { type: "must", values: [{ filterType: "labels", value: label }, { filterType: "authors", value: 7 }] }];
      await fx.db.updateTable("searchItems").set({ query: JSON.stringify(query) }).where("id", "=", searchId).execute();
      groupId = (await fx.db.selectFrom("topicGroups").select("id").where("businessProfileId", "=", source.businessProfileId).executeTakeFirstOrThrow()).id;
      const rule = await fx.request("POST", "/api/v1/admin/rules", {
        auth: roles.admin,
        body: { name: "Orders get Urgent", rule_type: 1, status_type: 1, label_ids: [label], entities: [{ entity_type: 2, entity_id: searchId }, { entity_type: 4, entity_id: groupId }] },
      });
      expect(rule.status).toBe(201);
      const stream = await fx.request("POST", "/api/v1/streams", { auth: roles.admin, body: { name: "Tweets", social_type: "twitter", category: "streams", source: "api" } });
      const streamRule = await fx.request("POST", "/api/v1/admin/rules", {
        auth: roles.admin,
        body: { name: "Tweets get Urgent", rule_type: 1, status_type: 1, label_ids: [label], entities: [{ entity_type: 1, entity_id: stream.json.id }] },
      });
      expect(streamRule.status).toBe(201);
      const ingest = await fx.api.fetch(
        new Request(`http://api.test/api/v1/ingest/streams/${stream.json.id}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-ingest-key": stream.json.ingest_key },
          body: JSON.stringify([{ external_id: "m-1", text: "my order is late", kind: "post", created_at: new Date().toISOString(), author: { username: "ann" } }]),
        }),
      );
      expect(ingest.status).toBeLessThan(300);
      expect((await fx.request("POST", "/api/v1/muted_keywords", { auth: roles.admin, body: { muted_keywords: [{ value: "spoiler" }] } })).status).toBeLessThan(300);
      const now = new Date().toISOString();
      const owned = { businessProfileId: source.businessProfileId, createdAt: now, updatedAt: now };
      await fx.db.insertInto("sentimentExcludeWords").values({ ...owned, textToExclude: "killer", replaceWith: "great", languages: "[]", socialTypes: "[]" }).execute();
      await fx.db.insertInto("dashboardTemplates").values({ ...owned, createdBy: null, name: "Orders view", time: 7, timeUnit: "Days", config: JSON.stringify({ contextIds: [`1-${searchId}`, "6-0"], widgets: [{ id: "sentiment", config: {} }] }) }).execute();
      await fx.db.insertInto("annotationLayers").values({ ...owned, createdBy: null, name: "Launches", color: 3, brand: null, type: "PR" }).execute();
    });

    async function rowsOf(table: "labels" | "searchItems" | "searchFolders" | "topics" | "topicGroups" | "replyTemplates" | "rules" | "mutedKeywords" | "sentimentExcludeWords" | "dashboardTemplates" | "annotationLayers", profileId: number) {
      return (await fx.db.selectFrom(table as "labels").selectAll().where("businessProfileId", "=", profileId).orderBy("id").execute()) as unknown as Array<Record<string, any>>;
    }

    it("starts the new profile with a copy of the configuration, its own ids, references remapped; never mentions, streams or accounts", async () => {
      const res = await send("POST", form({ name: "Copied Brand", copied_business_profile_id: String(source.businessProfileId) }));
      expect(res.status).toBe(201);
      const copy = res.json.id as number;
      expect(res.json.copied_business_profile_id).toBe(source.businessProfileId);
      const tables = ["labels", "searchItems", "searchFolders", "topics", "topicGroups", "replyTemplates", "rules", "mutedKeywords", "sentimentExcludeWords", "dashboardTemplates", "annotationLayers"] as const;
      for (const table of tables) {
        const [theirs, ours] = [await rowsOf(table, source.businessProfileId), await rowsOf(table, copy)];
        expect(theirs.length, table).toBeGreaterThan(0);
        expect(ours.map((r) => r.name ?? r.value ?? r.textToExclude), table).toEqual(theirs.map((r) => r.name ?? r.value ?? r.textToExclude));
        const theirIds = new Set(theirs.map((r) => r.id));
        expect(ours.some((r) => theirIds.has(r.id)), table).toBe(false);
      }
      const labels = new Map((await rowsOf("labels", copy)).map((r) => [r.name, r.id]));
      const groups = await rowsOf("topicGroups", copy);
      const topics = await rowsOf("topics", copy);
      expect(topics.filter((t) => t.topicGroupId !== null).every((t) => groups.some((g) => g.id === t.topicGroupId))).toBe(true);
      const items = await rowsOf("searchItems", copy);
      const folders = await rowsOf("searchFolders", copy);
      expect(items.filter((i) => i.folderId !== null).every((i) => folders.some((f) => f.id === i.folderId))).toBe(true);
      const orders = items.find((i) => i.name === "Shop orders")!;
      const groupsOfQuery = JSON.parse(orders.query);
      expect(groupsOfQuery.at(-1)).toEqual({ type: "must", values: [{ filterType: "labels", value: labels.get("Urgent") }] });
      // Visibility: everyone's stays everyone's (the new profile), a personal search is the default account's.
      const account = res.json.default_account_id as number;
      for (const row of [...items, ...folders, ...(await rowsOf("replyTemplates", copy))]) {
        expect([JSON.stringify([copy]), JSON.stringify([account])]).toContain(row.entityIds);
      }
      const rules = await rowsOf("rules", copy);
      const ordersRule = rules.find((r) => r.name === "Orders get Urgent")!;
      expect(JSON.parse(ordersRule.labelIds)).toEqual([labels.get("Urgent")]);
      expect(JSON.parse(ordersRule.entities)).toEqual([
        { entity_id: orders.id, entity_type: 2 },
        { entity_id: groups.find((g) => g.name === "Product")!.id, entity_type: 4 },
      ]);
      expect(ordersRule.brokenReason).toBeNull();
      // A rule that watched a stream (not copied) acts on nothing until edited, never on more.
      const streamRule = rules.find((r) => r.name === "Tweets get Urgent")!;
      expect(JSON.parse(streamRule.entities)).toEqual([]);
      expect(streamRule.brokenReason).toBe(MESSAGES.rulesScreen.brokenSource);
      const [template] = await rowsOf("dashboardTemplates", copy);
      expect(JSON.parse(template!.config).contextIds).toEqual([`1-${orders.id}`, "6-0"]);
      const count = async (table: "feedItems" | "streams" | "webhooks" | "accounts" | "queryMatches") =>
        Number((await fx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).where("businessProfileId", "=", copy).executeTakeFirstOrThrow()).n);
      expect(await count("feedItems")).toBe(0);
      expect(await count("streams")).toBe(0);
      expect(await count("webhooks")).toBe(0);
      expect(await count("queryMatches")).toBe(0);
      expect(await count("accounts")).toBe(1);

      // Taken over, its default account finds the copied searches and templates.
      const takeover = await fx.request("POST", "/api/v1/admin/accounts/takeover", { auth: roles.systemAdmin, body: { business_profile_id: copy } });
      expect(takeover.status).toBe(201);
      const as = { accessToken: takeover.json.access_token, refreshToken: takeover.json.refresh_token, csrfToken: takeover.json.csrf_token, sessionCookie: "", accountId: account };
      const folderList = await fx.request("GET", "/api/search/folders", { auth: as });
      expect(JSON.stringify(folderList.json)).toContain("Login outage");
      const templates = await fx.request("GET", "/api/v1/templates", { auth: as });
      expect(JSON.stringify(templates.json)).toContain("Refund request");
    });

    it("copies in one transaction: a failure midway leaves nothing, the profile included", async () => {
      const before = await fx.db.selectFrom("labels").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      // The last table copied goes missing for a moment: every earlier write must be undone.
      await sql`alter table annotation_layers rename to annotation_layers_away`.execute(fx.db);
      let res;
      try {
        res = await send("POST", form({ name: "Half Copied", copied_business_profile_id: String(source.businessProfileId) }));
      } finally {
        await sql`alter table annotation_layers_away rename to annotation_layers`.execute(fx.db);
      }
      expect(res.status).toBe(500);
      expect(await profilesNamed("Half Copied")).toEqual([]);
      const after = await fx.db.selectFrom("labels").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      expect(await fx.db.selectFrom("accounts").select("id").where("email", "like", "default-account-%").where("businessProfileId", "not in", (await fx.db.selectFrom("businessProfiles").select("id").execute()).map((p) => p.id)).execute()).toEqual([]);
    });
  });

  describe("discord_bots", () => {
    let bot: number;
    beforeAll(async () => {
      const res = await fx.request("POST", "/api/v1/streams", { auth: roles.admin, body: { name: "Discord help", social_type: "discord", category: "channel streams", source: "api" } });
      expect(res.status).toBe(201);
      bot = res.json.id;
      const ingest = await fx.api.fetch(
        new Request(`http://api.test/api/v1/ingest/streams/${bot}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-ingest-key": res.json.ingest_key },
          body: JSON.stringify([
            { external_id: "d-1", text: "help please", kind: "post", created_at: new Date().toISOString(), author: { username: "bo" }, url: "https://discord.com/channels/912345678901234567/912345678901234601/1100000000000000001" },
          ]),
        }),
      );
      expect(ingest.status).toBeLessThan(300);
    });

    it("answers the profile's Discord streams (not 422: the {id} route no longer catches the path)", async () => {
      const path = `/api/v1/admin/business_profiles/discord_bots?business_profile_id=${source.businessProfileId}`;
      for (const who of [roles.systemAdmin, roles.admin]) {
        const res = await fx.request("GET", path, { auth: who });
        expect(res.status).toBe(200);
        expect(res.json.data).toEqual([
          expect.objectContaining({ id: bot, name: "Discord help", status: "active", items_count: 1, server_id: "912345678901234567", channel_id: "912345678901234601" }),
        ]);
        expect(res.json.data[0].last_delivery_at).toMatch(/^\d{4}-/);
      }
      for (const who of [roles.agent, roles.guest]) expect((await fx.request("GET", path, { auth: who })).status).toBe(403);
      // An admin of another profile: 404, as for a profile that does not exist.
      expect((await fx.request("GET", path, { auth: otherAdmin })).status).toBe(404);
      const theirs = await fx.request("GET", `/api/v1/admin/business_profiles/discord_bots?business_profile_id=${other.businessProfileId}`, { auth: otherAdmin });
      expect(theirs.json.data).toEqual([]);
    });
  });

  describe("PUT /v1/accounts/preferences/ui/default_streams", () => {
    it("keeps the account's default streams, only of its own profile, at most three", async () => {
      const mk = async (auth: SignedIn, name: string) =>
        (await fx.request("POST", "/api/v1/streams", { auth, body: { name, social_type: "twitter", category: "streams", source: "api" } })).json.id as number;
      const [a, b] = [await mk(roles.admin, "Default A"), await mk(roles.admin, "Default B")];
      const theirs = await mk(otherAdmin, "Theirs");
      const put = (body: unknown, auth = roles.agent) => fx.request("PUT", "/api/v1/accounts/preferences/ui/default_streams", { auth, body });
      const ok = await put({ default_dashboard_streams: [b, a] });
      expect(ok.status).toBe(200);
      expect(ok.json.preferences.ui.default_dashboard_streams).toEqual([b, a]);
      expect((await fx.request("GET", "/api/accounts", { auth: roles.agent })).json.preferences.ui.default_dashboard_streams).toEqual([b, a]);
      const foreign = await put({ default_dashboard_streams: [a, theirs] });
      expect(foreign.status).toBe(422);
      expect(foreign.json.errors.default_dashboard_streams).toEqual([MESSAGES.defaultStreams.notFound]);
      const many = await put({ default_dashboard_streams: [a, b, a + 1000, a + 1001] });
      expect(many.json.errors.default_dashboard_streams).toEqual([MESSAGES.tooManyElements]);
      expect((await put({ default_dashboard_streams: ["abc"] })).status).toBe(404);
      const cleared = await put({ default_dashboard_streams: [] });
      expect(cleared.json.preferences.ui.default_dashboard_streams).toEqual([]);
    });
  });
});
