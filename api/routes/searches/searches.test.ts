import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAccount } from "../../../db/repositories/accounts";
import { ACCOUNT_STATE } from "../../../domain/constants";
import { MESSAGES } from "../../../domain/messages";
import { defaultPermissionsForRole } from "../../../domain/permissions";
import { lintQuery } from "../../../domain/query";
import { ROLES } from "../../../domain/roles";
import { backfillsSettled } from "../../../services/queries/backfill";
import { hashPassword } from "../../../services/security/passwords";
import {
  createApiFixture,
  TEST_PASSWORD,
  type ApiFixture,
  type SignedIn,
  type TenantFixture,
} from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

const S = MESSAGES.searches;
const FORBIDDEN = { error_message: MESSAGES.forbidden };

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}`;

/** One must group holding a keyword query, as the API takes it (snake_case). */
const keywords = (query: string) => [{ type: "must", values: [{ filter_type: "keywords", value: query }] }];

describe.each(testEngines({ engineSpecific: true }))("saved searches API on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let theirs: TenantFixture;
  let admin: SignedIn;
  let agent: SignedIn;
  let guest: SignedIn;
  let systemAdmin: SignedIn;
  let otherAgent: SignedIn;
  let theirAdmin: SignedIn;
  /** agent and guest are members; admin, otherAgent and systemAdmin are not. */
  let teamA: number;
  /** otherAgent alone. */
  let teamB: number;
  let theirTeam: number;

  async function addAgent(tenant: TenantFixture): Promise<SignedIn> {
    const email = `agent2-${tenant.businessProfileId}-${Date.now()}@example.test`;
    const now = new Date().toISOString();
    await insertAccount(fx.db, {
      businessProfileId: tenant.businessProfileId,
      email,
      firstName: "Second",
      lastName: "Agent",
      role: ROLES.agent,
      state: ACCOUNT_STATE.active,
      passwordHash: await hashPassword(TEST_PASSWORD),
      permissions: JSON.stringify(defaultPermissionsForRole(ROLES.agent)),
      preferences: "{}",
      avatarUrl: null,
      otpSecret: null,
      otpEnabled: 0,
      otpLastUsedStep: null,
      createdAt: now,
      updatedAt: now,
    });
    return fx.signIn(email);
  }

  async function team(auth: SignedIn, accountIds: number[]): Promise<number> {
    const res = await fx.request("POST", "/api/v1/teams", { auth, body: { name: unique("Team"), account_ids: accountIds } });
    expect(res.status).toBe(201);
    return res.json.id;
  }

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    [mine, theirs] = await Promise.all([fx.createTenant(), fx.createTenant()]);
    ({ admin, agent, guest, systemAdmin } = await fx.signInRoles(mine));
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);
    otherAgent = await addAgent(mine);
    teamA = await team(admin, [agent.accountId, guest.accountId]);
    teamB = await team(admin, [otherAgent.accountId]);
    theirTeam = await team(theirAdmin, []);
  });
  afterAll(async () => {
    if (fx) await backfillsSettled(fx.deps);
    await fx?.cleanup();
  });

  const createItem = (auth: SignedIn, body: Record<string, unknown>) =>
    fx.request("POST", "/api/search/items", { auth, body: { query: keywords("acme"), ...body } });
  const createFolder = (auth: SignedIn, body: Record<string, unknown>) => fx.request("POST", "/api/search/folders", { auth, body });
  const getItem = (auth: SignedIn, id: number) => fx.request("GET", `/api/search/items/${id}`, { auth });
  const putItem = (auth: SignedIn, id: number, body: Record<string, unknown>) =>
    fx.request("PUT", `/api/search/items/${id}`, { auth, body });
  const listItems = async (auth: SignedIn, query = "") => {
    const res = await fx.request("GET", `/api/search/items${query}`, { auth });
    expect(res.status).toBe(200);
    return res.json.data as Array<Record<string, any>>;
  };
  const listFolders = async (auth: SignedIn, query = "") => {
    const res = await fx.request("GET", `/api/search/folders${query}`, { auth });
    expect(res.status).toBe(200);
    return res.json.data as Array<Record<string, any>>;
  };

  async function item(auth: SignedIn, body: Record<string, unknown>) {
    const res = await createItem(auth, { name: unique("Search"), ...body });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json;
  }
  async function folder(auth: SignedIn, body: Record<string, unknown>) {
    const res = await createFolder(auth, { name: unique("Folder"), ...body });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json;
  }

  /** Every way of reaching a search by id answers 404 alike for this caller. */
  /** Every call answers as it does for a missing search: 404, or 403 for a change by whoever may change none (ADR 035). */
  async function expectItemHidden(auth: SignedIn, id: number) {
    const calls = (target: number) => [
      () => getItem(auth, target),
      () => putItem(auth, target, { name: "Renamed" }),
      () => fx.request("DELETE", `/api/search/items/${target}`, { auth }),
      () => fx.request("POST", `/api/search/items/${target}/toggle-pin`, { auth }),
      () => fx.request("POST", "/api/v3/accounts/pins", { auth, body: { entity_id: target, type: "search_item" } }),
    ];
    const missing = calls(999_999);
    for (const [i, call] of calls(id).entries()) {
      const [res, like] = [await call(), await missing[i]!()];
      expect([404, 403]).toContain(res.status);
      expect({ status: res.status, json: res.json }).toEqual({ status: like.status, json: like.json });
    }
    expect((await listItems(auth)).map((i) => i.id)).not.toContain(id);
  }

  describe("POST /search/items", () => {
    it("saves a search with its query, visibility and backfill progress", async () => {
      const name = unique("Brand watch");
      const res = await createItem(agent, {
        name: `  ${name} `,
        category: "my",
        query: [
          { type: "must", values: [{ filter_type: "keywords", value: '"acme corp" OR acme*' }] },
          { type: "must-not", values: [{ filter_type: "networks", value: "reddit" }] },
        ],
        logo_src: "https://cdn.example.test/logo.png",
        are_alerts_enabled: true,
      });
      expect(res.status).toBe(201);
      expect(res.json).toEqual({
        id: expect.any(Number),
        name,
        category: "my",
        folder_id: null,
        logo_src: "https://cdn.example.test/logo.png",
        pinned: false,
        // Says whether an active alert watches it (ADR 029): posted true, still false without an alert.
        are_alerts_enabled: false,
        query: [
          { type: "must", values: [{ filter_type: "keywords", value: '"acme corp" OR acme*' }] },
          { type: "must-not", values: [{ filter_type: "networks", value: "reddit" }] },
        ],
        entity_type: 1,
        entity_ids: [agent.accountId],
        owner_account_id: agent.accountId,
        editable: true,
        backfill: { done: expect.any(Number), total: expect.any(Number), finished: expect.any(Boolean) },
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect((await getItem(agent, res.json.id)).json).toMatchObject({ id: res.json.id, name });
      // The tenant has no mentions yet: the backfill finishes at once.
      await backfillsSettled(fx.deps);
      expect((await getItem(agent, res.json.id)).json.backfill).toEqual({ done: 0, total: 0, finished: true });
    });

    it("reads filterType as well as filter_type", async () => {
      const res = await createItem(agent, {
        name: unique("Camel"),
        category: "my",
        query: [{ type: "must", values: [{ filterType: "keywords", value: "acme" }] }],
      });
      expect(res.status).toBe(201);
      expect(res.json.query).toEqual(keywords("acme"));
    });

    it("names missing and malformed fields with catalogue messages", async () => {
      const res = await fx.request("POST", "/api/search/items", {
        auth: agent,
        body: { name: " ", category: "mine", entity_type: 5, folder_id: "x" },
      });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({
        name: [MESSAGES.required],
        category: [MESSAGES.wrongFormat],
        query: [MESSAGES.wrongFormat],
        entity_type: [MESSAGES.wrongFormat],
        folder_id: [MESSAGES.wrongFormat],
      });
    });

    it("refuses a query that does not lint, pointing at its group and value", async () => {
      const res = await createItem(agent, {
        name: unique("Bad"),
        category: "my",
        query: [
          { type: "must", values: [{ filter_type: "keywords", value: "acme" }] },
          { type: "must-not", values: [{ filter_type: "labels", value: 3 }, { filter_type: "keywords", value: "*cme" }] },
        ],
      });
      expect(res.status).toBe(422);
      const expected = lintQuery("*cme").map((f) => f.message);
      expect(expected.length).toBeGreaterThan(0);
      expect(res.json.errors).toEqual({ "query.1.values.1.value": expected });
      expect(res.json.error_message).toBe(expected[0]);
    });

    it("refuses a query without keywords in a must group (it would match nothing)", async () => {
      for (const query of [[], [{ type: "must", values: [{ filter_type: "networks", value: "twitter" }] }]]) {
        const res = await createItem(agent, { name: unique("Empty"), category: "my", query });
        expect(res.status).toBe(422);
        expect(res.json.errors).toEqual({ query: [S.keywordsRequired] });
      }
    });

    it("needs a team for Teams visibility, and only the tenant's teams", async () => {
      const none = await createItem(agent, { name: unique("T"), category: "team", entity_type: 3, entity_ids: [] });
      expect(none.status).toBe(422);
      expect(none.json.errors).toEqual({ entity_ids: [MESSAGES.atLeastOneItem] });
      const defaulted = await createItem(agent, { name: unique("T"), category: "team" });
      expect(defaulted.status).toBe(422);
      expect(defaulted.json.errors).toEqual({ entity_ids: [MESSAGES.atLeastOneItem] });
      const foreign = await createItem(agent, { name: unique("T"), category: "team", entity_type: 3, entity_ids: [theirTeam] });
      expect(foreign.status).toBe(422);
      expect(foreign.json.errors).toEqual({ entity_ids: [MESSAGES.unknownTeam] });
    });

    it("sets entity ids by the server for Only Me and Everyone, whatever the client sends", async () => {
      const onlyMe = await item(agent, { category: "my", entity_type: 1, entity_ids: [123] });
      expect(onlyMe.entity_ids).toEqual([agent.accountId]);
      const everyone = await item(agent, { category: "team", entity_type: 2, entity_ids: [teamA] });
      expect(everyone.entity_ids).toEqual([mine.businessProfileId]);
      const brand = await item(admin, { category: "brand" });
      expect(brand).toMatchObject({ entity_type: 2, entity_ids: [mine.businessProfileId] });
    });

    it("lets only admins and system admins write brand searches; guests write nothing", async () => {
      const byAgent = await createItem(agent, { name: unique("B"), category: "brand" });
      expect(byAgent.status).toBe(403);
      expect(byAgent.json).toEqual({ error_message: S.brandAdminsOnly });
      expect((await createItem(systemAdmin, { name: unique("B"), category: "brand" })).status).toBe(201);
      for (const category of ["brand", "my", "team"]) {
        const byGuest = await createItem(guest, { name: unique("G"), category, entity_type: 2 });
        expect(byGuest.status).toBe(403);
      }
      const anonymous = { name: "x", category: "my", query: keywords("acme") };
      expect((await fx.request("POST", "/api/search/items", { body: anonymous })).status).toBe(401);
      expect((await fx.request("GET", "/api/search/items")).status).toBe(401);
    });
  });

  describe("visibility (spec §4)", () => {
    it("Only Me: the owner alone", async () => {
      const mineOnly = await item(agent, { category: "my", entity_type: 1 });
      expect((await getItem(agent, mineOnly.id)).status).toBe(200);
      for (const other of [admin, guest, systemAdmin, otherAgent]) await expectItemHidden(other, mineOnly.id);
    });

    it("Everyone: the whole business profile, and no one else", async () => {
      const shared = await item(agent, { category: "team", entity_type: 2 });
      for (const reader of [admin, guest, systemAdmin, otherAgent]) {
        expect((await getItem(reader, shared.id)).json).toMatchObject({ id: shared.id, editable: reader !== guest });
      }
      await expectItemHidden(theirAdmin, shared.id);
    });

    it("Teams: members of the chosen teams and the owner; a user outside the teams sees nothing", async () => {
      const forA = await item(otherAgent, { category: "team", entity_type: 3, entity_ids: [teamA] });
      expect((await getItem(otherAgent, forA.id)).status).toBe(200); // owner, though not in team A
      expect((await getItem(agent, forA.id)).status).toBe(200);
      expect((await getItem(guest, forA.id)).status).toBe(200);
      await expectItemHidden(admin, forA.id);
      await expectItemHidden(systemAdmin, forA.id);
      await expectItemHidden(theirAdmin, forA.id);

      // Re-shared with team B only: team A's members lose it.
      const res = await putItem(otherAgent, forA.id, { entity_ids: [teamB] });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ entity_type: 3, entity_ids: [teamB] });
      await expectItemHidden(agent, forA.id);
    });

    it("shows a search in a folder the caller cannot see at the top level", async () => {
      const privateFolder = await folder(agent, { category: "team", entity_type: 1 });
      const shared = await item(agent, { category: "team", entity_type: 2, folder_id: privateFolder.id });
      expect(shared.folder_id).toBe(privateFolder.id);
      const seenByAdmin = (await listItems(admin)).find((i) => i.id === shared.id);
      expect(seenByAdmin?.folder_id).toBeNull();
      expect((await listFolders(admin)).map((f) => f.id)).not.toContain(privateFolder.id);
      const agentsFolder = (await listFolders(agent)).find((f) => f.id === privateFolder.id);
      expect(agentsFolder?.items.map((i: { id: number }) => i.id)).toEqual([shared.id]);
    });
  });

  describe("PUT /search/items/{id}", () => {
    it("edits name, query and logo; are_alerts_enabled is not the client's to set (ADR 029)", async () => {
      const created = await item(agent, { category: "my" });
      const res = await putItem(agent, created.id, {
        name: "Renamed",
        query: keywords("widget OR gadget"),
        logo_src: null,
        are_alerts_enabled: true,
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ name: "Renamed", query: keywords("widget OR gadget"), logo_src: null, are_alerts_enabled: false });
      const bad = await putItem(agent, created.id, { query: keywords("widget AND") });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.json.errors)).toEqual(["query.0.values.0.value"]);
      expect((await putItem(agent, created.id, { name: "" })).json.errors).toEqual({ name: [MESSAGES.required] });
    });

    it("keeps brand searches for admins and my searches for their owner (or an admin)", async () => {
      const brand = await item(admin, { category: "brand" });
      const byAgent = await putItem(agent, brand.id, { name: "Mine now" });
      expect(byAgent.status).toBe(403);
      expect(byAgent.json).toEqual({ error_message: S.brandAdminsOnly });
      expect(byAgent.json).toEqual((await fx.request("DELETE", `/api/search/items/${brand.id}`, { auth: agent })).json);

      const personal = await item(agent, { category: "my", entity_type: 2 });
      const byOther = await putItem(otherAgent, personal.id, { name: "Taken" });
      expect(byOther.status).toBe(403);
      expect(byOther.json).toEqual({ error_message: S.ownerOnly });
      expect((await getItem(otherAgent, personal.id)).json.editable).toBe(false);
      expect((await putItem(admin, personal.id, { name: "Tidied" })).status).toBe(200);

      const teamSearch = await item(agent, { category: "team", entity_type: 2 });
      expect((await putItem(otherAgent, teamSearch.id, { name: "Team edit" })).status).toBe(200);
      expect(await putItem(guest, teamSearch.id, { name: "Guest edit" })).toMatchObject({ status: 403, json: FORBIDDEN });
    });

    it("moves a search into a folder of its own category only, and back to the top level", async () => {
      const search = await item(agent, { category: "team", entity_type: 3, entity_ids: [teamA] });
      const teamFolder = await folder(agent, { category: "team", entity_type: 2 });
      const myFolder = await folder(agent, { category: "my" });

      const wrong = await putItem(agent, search.id, { folder_id: myFolder.id });
      expect(wrong.status).toBe(400);
      expect(wrong.json).toEqual({
        error_message: S.folderOtherCategory,
        errors: { folder_id: [S.folderOtherCategory] },
      });

      const moved = await putItem(agent, search.id, { folder_id: teamFolder.id });
      expect(moved.status).toBe(200);
      expect(moved.json.folder_id).toBe(teamFolder.id);
      const listed = (await listFolders(agent, "?category=team")).find((f) => f.id === teamFolder.id);
      expect(listed?.items.map((i: { id: number }) => i.id)).toEqual([search.id]);

      const back = await putItem(agent, search.id, { folder_id: null });
      expect(back.json.folder_id).toBeNull();
    });

    it("treats a folder the caller cannot see like a missing one", async () => {
      const search = await item(agent, { category: "team", entity_type: 2 });
      const hidden = await folder(otherAgent, { category: "team", entity_type: 3, entity_ids: [teamB] });
      const invisible = await putItem(agent, search.id, { folder_id: hidden.id });
      const missing = await putItem(agent, search.id, { folder_id: 999_999 });
      expect(invisible.status).toBe(422);
      expect(invisible.json).toEqual(missing.json);
      expect(missing.json.errors).toEqual({ folder_id: [S.folderNotFound] });
    });
  });

  describe("lists", () => {
    it("orders pinned first, then by name whatever its case, and filters by category", async () => {
      // A tenant of its own: Everyone searches of the other tests would be listed too.
      const owner = await fx.signIn((await fx.createTenant()).accounts.agent.email);
      const beta = await item(owner, { category: "my", name: "beta" });
      const alpha = await item(owner, { category: "my", name: "Alpha" });
      const gamma = await item(owner, { category: "my", name: "gamma" });
      const teamOne = await item(owner, { category: "team", entity_type: 2, name: "aaa" });
      expect((await listItems(owner)).map((i) => i.id)).toEqual([teamOne.id, alpha.id, beta.id, gamma.id]);

      const pin = await fx.request("POST", `/api/search/items/${gamma.id}/toggle-pin`, { auth: owner });
      expect(pin.json).toEqual({ pinned: true });
      expect((await listItems(owner, "?category=my")).map((i) => [i.id, i.pinned])).toEqual([
        [gamma.id, true],
        [alpha.id, false],
        [beta.id, false],
      ]);
      const unpin = await fx.request("POST", `/api/search/items/${gamma.id}/toggle-pin`, { auth: owner });
      expect(unpin.json).toEqual({ pinned: false });

      const zed = await folder(owner, { category: "my", name: "zed" });
      const abc = await folder(owner, { category: "my", name: "ABC" });
      expect((await listFolders(owner)).map((f) => f.id)).toEqual([abc.id, zed.id]);
      expect((await fx.request("POST", `/api/search/folders/${zed.id}/toggle-pin`, { auth: owner })).json).toEqual({ pinned: true });
      expect((await listFolders(owner)).map((f) => [f.id, f.pinned])).toEqual([
        [zed.id, true],
        [abc.id, false],
      ]);
    });

    it("lets a guest pin what it sees, for itself only", async () => {
      const shared = await item(agent, { category: "team", entity_type: 3, entity_ids: [teamA] });
      expect((await fx.request("POST", `/api/search/items/${shared.id}/toggle-pin`, { auth: guest })).json).toEqual({ pinned: true });
      expect((await getItem(guest, shared.id)).json.pinned).toBe(true);
      expect((await getItem(agent, shared.id)).json.pinned).toBe(false);
    });
  });

  describe("folders", () => {
    it("creates, renames and re-shares a folder", async () => {
      const created = await createFolder(agent, { name: " Research ", category: "team", entity_type: 3, entity_ids: [teamA] });
      expect(created.status).toBe(201);
      expect(created.json).toEqual({
        id: expect.any(Number),
        name: "Research",
        category: "team",
        pinned: false,
        entity_type: 3,
        entity_ids: [teamA],
        owner_account_id: agent.accountId,
        editable: true,
        items: [],
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const res = await fx.request("PUT", `/api/search/folders/${created.json.id}`, {
        auth: agent,
        body: { name: "Research 2", entity_type: 2 },
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ name: "Research 2", entity_type: 2, entity_ids: [mine.businessProfileId] });
    });

    it("validates with catalogue messages", async () => {
      const res = await createFolder(agent, { category: "" });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ name: [MESSAGES.required], category: [MESSAGES.required] });
      const teams = await createFolder(agent, { name: "T", category: "team", entity_type: 3, entity_ids: [] });
      expect(teams.json.errors).toEqual({ entity_ids: [MESSAGES.atLeastOneItem] });
    });

    it("refuses guests and agents on brand folders", async () => {
      expect((await createFolder(guest, { name: "G", category: "my" })).status).toBe(403);
      expect((await createFolder(agent, { name: "B", category: "brand" })).json).toEqual({ error_message: S.brandAdminsOnly });
      const brand = await folder(admin, { category: "brand" });
      expect(brand).toMatchObject({ entity_type: 2, editable: true });
      const agentView = (await listFolders(agent)).find((f) => f.id === brand.id);
      expect(agentView?.editable).toBe(false);
    });

    it("answers 404 alike for a missing, another tenant's and an invisible folder", async () => {
      const hidden = await folder(agent, { category: "my" });
      const missing = await fx.request("PUT", "/api/search/folders/999999", { auth: admin, body: { name: "x" } });
      expect(missing.status).toBe(404);
      expect(missing.json).toEqual({ error_message: S.folderNotFound });
      for (const auth of [admin, theirAdmin]) {
        for (const res of [
          await fx.request("PUT", `/api/search/folders/${hidden.id}`, { auth, body: { name: "x" } }),
          await fx.request("DELETE", `/api/search/folders/${hidden.id}`, { auth }),
          await fx.request("POST", `/api/search/folders/${hidden.id}/toggle-pin`, { auth }),
          await fx.request("POST", "/api/v3/accounts/pins", { auth, body: { entity_id: hidden.id, type: "search_folder" } }),
        ]) {
          expect(res.status).toBe(404);
          expect(res.json).toEqual(missing.json);
        }
      }
    });

    it("deletes a folder, moving its searches (everyone's) to the top level", async () => {
      const box = await folder(agent, { category: "team", entity_type: 2 });
      const own = await item(agent, { category: "team", entity_type: 2, folder_id: box.id });
      const theirsHidden = await item(otherAgent, { category: "team", entity_type: 1, folder_id: box.id });
      await fx.request("POST", `/api/search/folders/${box.id}/toggle-pin`, { auth: guest });
      expect((await fx.request("DELETE", `/api/search/folders/${box.id}`, { auth: guest })).status).toBe(403);

      expect((await fx.request("DELETE", `/api/search/folders/${box.id}`, { auth: agent })).status).toBe(204);
      expect((await getItem(agent, own.id)).json.folder_id).toBeNull();
      expect((await getItem(otherAgent, theirsHidden.id)).json.folder_id).toBeNull();
      expect((await listFolders(agent)).map((f) => f.id)).not.toContain(box.id);
      const pins = await fx.request("GET", "/api/v3/accounts/pins?type=search_folder", { auth: guest });
      expect(pins.json.data).toEqual([]);
    });
  });

  describe("DELETE /search/items/{id}", () => {
    it("deletes the search and its pins", async () => {
      const search = await item(agent, { category: "team", entity_type: 2 });
      await fx.request("POST", `/api/search/items/${search.id}/toggle-pin`, { auth: admin });
      expect((await fx.request("DELETE", `/api/search/items/${search.id}`, { auth: guest })).status).toBe(403);
      expect((await fx.request("DELETE", `/api/search/items/${search.id}`, { auth: agent })).status).toBe(204);
      expect((await getItem(agent, search.id)).status).toBe(404);
      const pins = await fx.request("GET", "/api/v3/accounts/pins?type=search_item", { auth: admin });
      expect(pins.json.data.map((p: { entity_id: number }) => p.entity_id)).not.toContain(search.id);
    });
  });
});
