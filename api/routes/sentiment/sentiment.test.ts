import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import {
  createApiFixture,
  type ApiFixture,
  type SignedIn,
  type TenantFixture,
} from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

let counter = 0;
/** Exclusion texts unique to each test, so entries (global ones above all) never meet across tests. */
const word = (prefix = "term") => `${prefix}${++counter}x${Math.random().toString(36).slice(2, 7)}`;

const FORBIDDEN = { error_message: MESSAGES.forbidden };
const NOT_FOUND = { error_message: MESSAGES.excludeWordNotFound };

interface ExcludeWordJson {
  id: number;
  text_to_exclude: string;
  replace_with: string;
  languages: string[];
  social_types: string[];
  business_profile_id: number | null;
  created_at: string;
  updated_at: string;
}

describe.each(testEngines({ engineSpecific: true }))("sentiment exclusion words API on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let theirs: TenantFixture;
  let systemAdmin: SignedIn;
  let admin: SignedIn;
  let agent: SignedIn;
  let guest: SignedIn;
  let theirAdmin: SignedIn;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    [mine, theirs] = await Promise.all([fx.createTenant(), fx.createTenant()]);
    ({ systemAdmin, admin, agent, guest } = await fx.signInRoles(mine));
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);
  });
  afterAll(() => fx?.cleanup());

  const list = (auth: SignedIn, path = "/api/v1/sentiments/exclude_words") => fx.request("GET", path, { auth });
  const create = (auth: SignedIn, body: Record<string, unknown>) =>
    fx.request("POST", "/api/v1/sentiments/exclude_words", { auth, body });
  const update = (auth: SignedIn, id: number, body: Record<string, unknown>) =>
    fx.request("PUT", `/api/v1/sentiments/exclude_words/${id}`, { auth, body });
  const remove = (auth: SignedIn, id: number) =>
    fx.request("DELETE", `/api/v1/sentiments/exclude_words/${id}`, { auth });
  const preview = (auth: SignedIn, body: Record<string, unknown>) =>
    fx.request("POST", "/api/v1/sentiments/preview", { auth, body });

  async function created(auth: SignedIn, body: Record<string, unknown>): Promise<ExcludeWordJson> {
    const res = await create(auth, body);
    expect(res.status).toBe(201);
    return res.json;
  }

  const idsOf = (entries: ExcludeWordJson[]) => entries.map((entry) => entry.id);

  describe("roles", () => {
    it("lets admins and system admins list and write; agents and guests get 403", async () => {
      for (const auth of [agent, guest]) {
        expect(await list(auth)).toMatchObject({ status: 403, json: FORBIDDEN });
        expect(await list(auth, "/api/v1/sentiment")).toMatchObject({ status: 403, json: FORBIDDEN });
        expect(await create(auth, { text_to_exclude: word() })).toMatchObject({ status: 403, json: FORBIDDEN });
        expect(await preview(auth, { text: "hello" })).toMatchObject({ status: 403, json: FORBIDDEN });
      }
      const entry = await created(admin, { text_to_exclude: word() });
      for (const auth of [agent, guest]) {
        expect(await update(auth, entry.id, { text_to_exclude: word() })).toMatchObject({
          status: 403,
          json: FORBIDDEN,
        });
        expect(await remove(auth, entry.id)).toMatchObject({ status: 403, json: FORBIDDEN });
      }
      expect((await list(admin)).status).toBe(200);
      expect((await list(systemAdmin)).status).toBe(200);
      expect(await created(systemAdmin, { text_to_exclude: word() })).toMatchObject({
        business_profile_id: mine.businessProfileId,
      });
    });
  });

  describe("POST /v1/sentiments/exclude_words", () => {
    it("creates a tenant entry with its languages and networks", async () => {
      const text = word("crash reporting ");
      const res = await create(admin, {
        text_to_exclude: `  ${text}  `,
        replace_with: "tool",
        languages: ["en", "de"],
        social_types: ["twitter", "reddit"],
      });
      expect(res.status).toBe(201);
      expect(res.json).toEqual({
        id: expect.any(Number),
        text_to_exclude: text,
        replace_with: "tool",
        languages: ["en", "de"],
        social_types: ["twitter", "reddit"],
        business_profile_id: mine.businessProfileId,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
    });

    it("takes an empty replacement (the text is removed) and defaults languages and networks to all", async () => {
      const entry = await created(admin, { text_to_exclude: word() });
      expect(entry).toMatchObject({ replace_with: "", languages: [], social_types: [] });
    });

    it("answers 422 'Should not be empty!' for an empty text to exclude, and stores nothing", async () => {
      const before = (await list(admin)).json.data.length;
      for (const text of ["", "   "]) {
        const res = await create(admin, { text_to_exclude: text, replace_with: "x" });
        expect(res.status).toBe(422);
        expect(res.json.errors).toEqual({ text_to_exclude: [MESSAGES.required] });
      }
      expect((await create(admin, { replace_with: "x" })).json.errors).toEqual({
        text_to_exclude: [MESSAGES.required],
      });
      expect((await list(admin)).json.data.length).toBe(before);
    });

    it("refuses a network that does not exist", async () => {
      const res = await create(admin, { text_to_exclude: word(), social_types: ["myspace"] });
      expect(res.status).toBe(422);
      expect(Object.keys(res.json.errors)).toEqual([expect.stringMatching(/^social_types/)]);
    });

    it("writes a global entry (all business profiles) for system admins only", async () => {
      expect(await create(admin, { text_to_exclude: word(), global: true })).toMatchObject({
        status: 403,
        json: FORBIDDEN,
      });
      const global = await created(systemAdmin, { text_to_exclude: word("global"), global: true });
      expect(global.business_profile_id).toBeNull();
    });
  });

  describe("GET /v1/sentiments/exclude_words and GET /v1/sentiment", () => {
    it("list the tenant's entries and the global ones, never another tenant's", async () => {
      const own = await created(admin, { text_to_exclude: word("own") });
      const global = await created(systemAdmin, { text_to_exclude: word("everyone"), global: true });
      const foreign = await created(theirAdmin, { text_to_exclude: word("foreign") });

      const ours = (await list(admin)).json.data as ExcludeWordJson[];
      expect(idsOf(ours)).toEqual(expect.arrayContaining([own.id, global.id]));
      expect(idsOf(ours)).not.toContain(foreign.id);
      expect(
        ours.every(
          (entry) => entry.business_profile_id === mine.businessProfileId || entry.business_profile_id === null,
        ),
      ).toBe(true);
      expect(ours.find((entry) => entry.id === global.id)).toEqual(global);

      const theirList = idsOf((await list(theirAdmin)).json.data);
      expect(theirList).toEqual(expect.arrayContaining([foreign.id, global.id]));
      expect(theirList).not.toContain(own.id);

      // The spec's development mock, now real, answers the same list.
      expect((await list(admin, "/api/v1/sentiment")).json).toEqual({ data: ours });
    });

    it("refuses to list another business profile's entries", async () => {
      const res = await list(admin, `/api/v1/sentiments/exclude_words?business_profile_id=${theirs.businessProfileId}`);
      expect(res.status).toBe(403);
      expect(
        (await list(admin, `/api/v1/sentiments/exclude_words?business_profile_id=${mine.businessProfileId}`)).status,
      ).toBe(200);
    });
  });

  describe("PUT /v1/sentiments/exclude_words", () => {
    it("updates by id in the path, and by id in the body on the collection", async () => {
      const entry = await created(admin, { text_to_exclude: word(), languages: ["en"] });
      const byPath = await update(admin, entry.id, {
        text_to_exclude: "sick",
        replace_with: "great",
        languages: ["en", "fr"],
        social_types: ["reddit"],
      });
      expect(byPath.status).toBe(200);
      expect(byPath.json).toMatchObject({
        id: entry.id,
        text_to_exclude: "sick",
        replace_with: "great",
        languages: ["en", "fr"],
        social_types: ["reddit"],
        business_profile_id: mine.businessProfileId,
      });

      const byBody = await fx.request("PUT", "/api/v1/sentiments/exclude_words", {
        auth: admin,
        body: { id: entry.id, text_to_exclude: "wicked", replace_with: "", languages: [], social_types: [] },
      });
      expect(byBody.status).toBe(200);
      expect(byBody.json).toMatchObject({
        id: entry.id,
        text_to_exclude: "wicked",
        replace_with: "",
        languages: [],
        social_types: [],
      });
      expect((await list(admin)).json.data.find((e: ExcludeWordJson) => e.id === entry.id)).toEqual(byBody.json);
    });

    it("answers 422 for an empty text to exclude", async () => {
      const entry = await created(admin, { text_to_exclude: word() });
      const res = await update(admin, entry.id, { text_to_exclude: "" });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ text_to_exclude: [MESSAGES.required] });
    });

    it("answers 404 for another tenant's entry and for a missing one, exactly alike", async () => {
      const entry = await created(admin, { text_to_exclude: word() });
      expect(await update(theirAdmin, entry.id, { text_to_exclude: "taken" })).toMatchObject({
        status: 404,
        json: NOT_FOUND,
      });
      expect(
        await fx.request("PUT", "/api/v1/sentiments/exclude_words", {
          auth: theirAdmin,
          body: { id: entry.id, text_to_exclude: "taken" },
        }),
      ).toMatchObject({ status: 404, json: NOT_FOUND });
      expect(await update(admin, 999_999, { text_to_exclude: "x" })).toMatchObject({ status: 404, json: NOT_FOUND });
      expect((await list(admin)).json.data.find((e: ExcludeWordJson) => e.id === entry.id).text_to_exclude).toBe(
        entry.text_to_exclude,
      );
    });

    it("lets only system admins change a global entry or make one", async () => {
      const global = await created(systemAdmin, { text_to_exclude: word("global"), global: true });
      expect(await update(admin, global.id, { text_to_exclude: "mine now" })).toMatchObject({
        status: 403,
        json: FORBIDDEN,
      });
      expect(await update(theirAdmin, global.id, { text_to_exclude: "mine now" })).toMatchObject({
        status: 403,
        json: FORBIDDEN,
      });

      const own = await created(admin, { text_to_exclude: word() });
      expect(await update(admin, own.id, { text_to_exclude: own.text_to_exclude, global: true })).toMatchObject({
        status: 403,
      });

      const edited = await update(systemAdmin, global.id, {
        text_to_exclude: global.text_to_exclude,
        replace_with: "ok",
        global: true,
      });
      expect(edited.json).toMatchObject({ replace_with: "ok", business_profile_id: null });
      // Unticked, the entry becomes the system admin's own profile's.
      const scoped = await update(systemAdmin, global.id, { text_to_exclude: global.text_to_exclude, global: false });
      expect(scoped.json.business_profile_id).toBe(mine.businessProfileId);
      expect(idsOf((await list(theirAdmin)).json.data)).not.toContain(global.id);
    });
  });

  describe("DELETE /v1/sentiments/exclude_words/{id}", () => {
    it("deletes the tenant's entry (204), then answers 404", async () => {
      const entry = await created(admin, { text_to_exclude: word() });
      const res = await remove(admin, entry.id);
      expect(res.status).toBe(204);
      expect(res.json).toBeNull();
      expect(idsOf((await list(admin)).json.data)).not.toContain(entry.id);
      expect(await remove(admin, entry.id)).toMatchObject({ status: 404, json: NOT_FOUND });
    });

    it("answers 404 for another tenant's entry and keeps it", async () => {
      const entry = await created(admin, { text_to_exclude: word() });
      expect(await remove(theirAdmin, entry.id)).toMatchObject({ status: 404, json: NOT_FOUND });
      expect(idsOf((await list(admin)).json.data)).toContain(entry.id);
    });

    it("lets only system admins delete a global entry", async () => {
      const global = await created(systemAdmin, { text_to_exclude: word("global"), global: true });
      expect(await remove(admin, global.id)).toMatchObject({ status: 403, json: FORBIDDEN });
      expect((await remove(systemAdmin, global.id)).status).toBe(204);
      expect(idsOf((await list(theirAdmin)).json.data)).not.toContain(global.id);
    });
  });

  describe("POST /v1/sentiments/preview", () => {
    // A crash-reporting tool's users write "crash reporting", which reads as negative.
    const TEXT = "Crash reporting works";

    it("refuses an empty text or an over-long one or language with the catalogue's messages (422)", async () => {
      for (const [body, field, message] of [
        [{ text: "" }, "text", MESSAGES.required],
        [{ text: "x".repeat(5001) }, "text", MESSAGES.maxLength],
        [{ text: TEXT, language: "x".repeat(9) }, "language", MESSAGES.maxLength],
      ] as const) {
        const res = await preview(admin, body);
        expect(res.status, field).toBe(422);
        expect(res.json.errors[field], field).toEqual([message]);
      }
    });

    it("shows the sentiment and the words that drove it, then the effect of an exclusion", async () => {
      // A tenant of its own: the exclusions of the other tests must not change what it sees.
      const tenant = await fx.createTenant();
      const tenantAdmin = await fx.signIn(tenant.accounts.admin.email);
      const before = await preview(tenantAdmin, { text: TEXT, language: "en" });
      expect(before.status).toBe(200);
      expect(before.json).toMatchObject({ language: "en", sentiment: -1 });
      expect(before.json.sentiment_score).toBeLessThan(0);
      expect(before.json.sentiment_drivers).toEqual(
        expect.arrayContaining([
          { term: "crash", weight: expect.any(Number) },
          { term: "works", weight: expect.any(Number) },
        ]),
      );
      expect(before.json.sentiment_drivers.find((d: { term: string }) => d.term === "crash").weight).toBeLessThan(0);

      // Another language's or another network's exclusion changes nothing here.
      const german = await created(tenantAdmin, { text_to_exclude: "crash reporting", languages: ["de"] });
      const reddit = await created(tenantAdmin, { text_to_exclude: "crash reporting", social_types: ["reddit"] });
      expect((await preview(tenantAdmin, { text: TEXT, language: "en", social_type: "twitter" })).json.sentiment).toBe(
        -1,
      );
      expect((await preview(tenantAdmin, { text: TEXT, language: "en", social_type: "reddit" })).json.sentiment).toBe(
        1,
      );
      await remove(tenantAdmin, german.id);
      await remove(tenantAdmin, reddit.id);

      await created(tenantAdmin, { text_to_exclude: "crash reporting", replace_with: "", languages: ["en"] });
      const after = await preview(tenantAdmin, { text: TEXT, language: "en" });
      expect(after.json).toMatchObject({ language: "en", sentiment: 1 });
      expect(after.json.sentiment_drivers.map((d: { term: string }) => d.term)).toEqual(["works"]);

      // Other tenants keep scoring it as before.
      expect((await preview(theirAdmin, { text: TEXT, language: "en" })).json.sentiment).toBe(-1);
    });

    it("detects the language when none is given, and refuses an empty text", async () => {
      const res = await preview(admin, { text: "I really love this app, it is great" });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ language: "en", sentiment: 1 });
      expect((await preview(admin, { text: "" })).status).toBe(422);
    });
  });
});
