import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { TEMPLATE_LIST_LIMIT } from "../../../domain/templates";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

let counter = 0;
/** A tag no other test's templates carry, so a search for it lists only the test's own. */
const tag = () => `tag${++counter}x${Math.random().toString(36).slice(2, 8)}`;

type Template = {
  id: number;
  name: string;
  message: string;
  categories: string[];
  languages: string[];
  entity_type: number;
  entity_ids: number[];
  active: boolean;
  pinned: boolean;
  created_by: { id: number; name: string } | null;
  updated_by: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
};

describe.each(testEngines({ engineSpecific: true }))("templates API on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let admin: SignedIn;
  let agent: SignedIn;
  let guest: SignedIn;
  let systemAdmin: SignedIn;
  let theirAdmin: SignedIn;
  let theirTeam: number;
  /** The agent's team (the admin is not in it). */
  let team: number;
  // Each write of the tests happens a second after the previous one, so "newest first" is never a tie.
  let clock = Date.parse("2026-03-01T09:00:00.000Z");
  const tick = () => (clock += 1000);

  beforeAll(async () => {
    fx = await createApiFixture(engine, { now: () => new Date(clock) });
    mine = await fx.createTenant();
    const theirs = await fx.createTenant();
    ({ admin, agent, guest, systemAdmin } = await fx.signInRoles(mine));
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);
    team = (await fx.request("POST", "/api/v1/teams", { auth: admin, body: { name: "Replies", account_ids: [agent.accountId] } })).json.id;
    theirTeam = (await fx.request("POST", "/api/v1/teams", { auth: theirAdmin, body: { name: "Theirs", account_ids: [] } })).json.id;
  });
  afterAll(() => fx?.cleanup());

  const post = (auth: SignedIn, body: Record<string, unknown>) => {
    tick();
    return fx.request("POST", "/api/v1/templates", { auth, body });
  };
  const patch = (auth: SignedIn, id: number, body: Record<string, unknown>) => {
    tick();
    return fx.request("PATCH", `/api/v1/templates/${id}`, { auth, body });
  };
  async function create(auth: SignedIn, body: Record<string, unknown> = {}): Promise<Template> {
    const res = await post(auth, { name: `Template ${++counter}`, message: "Thanks for writing!", entity_type: 2, ...body });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json as Template;
  }
  async function list(auth: SignedIn, query = ""): Promise<{ data: Template[]; total: number }> {
    const res = await fx.request("GET", `/api/v1/templates${query}`, { auth });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json;
  }
  const names = async (auth: SignedIn, query: string) => (await list(auth, query)).data.map((t) => t.name);

  describe("POST /v1/templates", () => {
    it("creates a template with its networks, languages and visibility; created_by and updated_by name the author", async () => {
      const res = await post(agent, {
        name: " Refund answer ",
        message: "Hi {{author_name}}, {{agent_first_name}} here.",
        categories: ["twitter", "review", "twitter"],
        languages: ["EN", "de"],
        entity_type: 2,
      });
      expect(res.status).toBe(201);
      expect(res.json).toEqual({
        id: expect.any(Number),
        name: "Refund answer",
        message: "Hi {{author_name}}, {{agent_first_name}} here.",
        categories: ["twitter", "review"],
        languages: ["en", "de"],
        entity_type: 2,
        entity_ids: [mine.businessProfileId],
        active: true,
        pinned: false,
        created_by: { id: agent.accountId, name: "agent Tester" },
        updated_by: { id: agent.accountId, name: "agent Tester" },
        created_at: expect.stringMatching(/^2026-03-01T/),
        updated_at: res.json.created_at,
      });
    });

    it("sets the entity ids as saved searches do: Only Me → the caller, Everyone → the business profile, Teams → the teams", async () => {
      expect((await create(agent, { entity_type: 1, entity_ids: [999] })).entity_ids).toEqual([agent.accountId]);
      expect((await create(agent, { entity_type: 2, entity_ids: [999] })).entity_ids).toEqual([mine.businessProfileId]);
      expect((await create(agent, { entity_type: 3, entity_ids: [team, team] })).entity_ids).toEqual([team]);
    });

    it("refuses what the form refuses, each message under its field (422)", async () => {
      const empty = await post(agent, { name: "", message: " " });
      expect(empty.status).toBe(422);
      expect(empty.json.errors).toEqual({
        name: [MESSAGES.required],
        message: [MESSAGES.required],
        entity_type: [MESSAGES.required],
      });
      const noTeams = await post(agent, { name: "T", message: "M", entity_type: 3, entity_ids: [] });
      expect(noTeams.status).toBe(422);
      expect(noTeams.json.errors).toEqual({ entity_ids: [MESSAGES.atLeastOneItem] });
      const wrongCodes = await post(agent, { name: "T", message: "M", entity_type: 2, categories: ["facebook"], languages: ["xx"] });
      expect(wrongCodes.status).toBe(422);
      expect(wrongCodes.json.errors).toEqual({ "categories.0": [MESSAGES.wrongFormat], "languages.0": [MESSAGES.wrongFormat] });
      const otherTenantsTeam = await post(agent, { name: "T", message: "M", entity_type: 3, entity_ids: [theirTeam] });
      expect(otherTenantsTeam.status).toBe(422);
      expect(Object.keys(otherTenantsTeam.json.errors)).toEqual(["entity_ids"]);
    });

    it("needs templates.index.write (a guest holds nothing) and a session", async () => {
      expect((await post(guest, { name: "T", message: "M", entity_type: 2 })).status).toBe(403);
      expect((await fx.request("POST", "/api/v1/templates", { body: { name: "T", message: "M", entity_type: 2 } })).status).toBe(401);
    });
  });

  describe("GET /v1/templates", () => {
    it("lists what the caller sees: Only Me to its author, Teams to the members (and the author), Everyone to all", async () => {
      const t = tag();
      await create(agent, { name: `${t} only me`, entity_type: 1 });
      await create(admin, { name: `${t} team`, entity_type: 3, entity_ids: [team] });
      await create(admin, { name: `${t} everyone`, entity_type: 2 });
      expect((await names(agent, `?search=${t}`)).sort()).toEqual([`${t} everyone`, `${t} only me`, `${t} team`]);
      expect((await names(admin, `?search=${t}`)).sort()).toEqual([`${t} everyone`, `${t} team`]);
      expect(await names(systemAdmin, `?search=${t}`)).toEqual([`${t} everyone`]);
      expect(await names(theirAdmin, `?search=${t}`)).toEqual([]);
    });

    it("puts the caller's pinned templates first, then the newest change first; order=asc turns the dates", async () => {
      const t = tag();
      const first = await create(agent, { name: `${t} first` });
      await create(agent, { name: `${t} second` });
      const third = await create(agent, { name: `${t} third` });
      expect(await names(agent, `?search=${t}`)).toEqual([`${t} third`, `${t} second`, `${t} first`]);
      expect((await fx.request("POST", `/api/v1/templates/${first.id}/pin`, { auth: agent })).json.pinned).toBe(true);
      expect(await names(agent, `?search=${t}`)).toEqual([`${t} first`, `${t} third`, `${t} second`]);
      expect(await names(agent, `?search=${t}&order=asc`)).toEqual([`${t} first`, `${t} second`, `${t} third`]);
      // Pins are the caller's own.
      expect(await names(admin, `?search=${t}`)).toEqual([`${t} third`, `${t} second`, `${t} first`]);
      const listed = (await list(agent, `?search=${t}`)).data;
      expect(listed.map((x) => x.pinned)).toEqual([true, false, false]);
      // A change moves a template up.
      await patch(admin, first.id, { message: "changed" });
      await fx.request("DELETE", `/api/v1/templates/${first.id}/pin`, { auth: agent });
      expect(await names(agent, `?search=${t}`)).toEqual([`${t} first`, `${t} third`, `${t} second`]);
      expect((await list(agent, `?search=${t}`)).data[0]).toMatchObject({ pinned: false, updated_by: { id: admin.accountId, name: "admin Tester" } });
      expect(third.updated_at < (await list(agent, `?search=${t}`)).data[0]!.updated_at).toBe(true);
    });

    it("searches the name or the message ignoring case; networks and languages keep templates having any chosen one", async () => {
      const t = tag();
      await create(agent, { name: `${t} Shipping`, message: "Your PARCEL is on its way", categories: ["twitter"], languages: ["en"] });
      await create(agent, { name: `${t} Refund`, message: "Das Geld kommt", categories: ["fb", "ig"], languages: ["de"] });
      await create(agent, { name: `${t} Plain`, message: "Hello", categories: [], languages: [] });
      expect(await names(agent, `?search=${t.toUpperCase()}%20shipping`)).toEqual([`${t} Shipping`]);
      expect(await names(agent, `?search=${t}`)).toHaveLength(3);
      const byMessage = (await names(agent, "?search=parcel%20IS%20ON")).filter((name) => name.startsWith(t));
      expect(byMessage).toEqual([`${t} Shipping`]);
      expect(await names(agent, `?search=${t}&categories=ig,twitter`)).toEqual([`${t} Refund`, `${t} Shipping`]);
      expect(await names(agent, `?search=${t}&categories=rd`)).toEqual([]);
      expect(await names(agent, `?search=${t}&languages=de`)).toEqual([`${t} Refund`]);
      expect(await names(agent, `?search=${t}&languages=de&languages=en&categories=twitter`)).toEqual([`${t} Shipping`]);
    });

    it("leaves inactive templates out of selection (for_selection=1) but lists them otherwise", async () => {
      const t = tag();
      await create(agent, { name: `${t} retired`, active: false });
      await create(agent, { name: `${t} current` });
      expect(await names(agent, `?search=${t}`)).toEqual([`${t} current`, `${t} retired`]);
      expect(await names(agent, `?search=${t}&for_selection=1`)).toEqual([`${t} current`]);
    });

    it("answers a page of at most the default limit constant, with the total", async () => {
      const t = tag();
      for (let i = 0; i < 3; i++) await create(agent, { name: `${t} ${i}` });
      const page = await list(agent, `?search=${t}&limit=2&offset=1`);
      expect(page.total).toBe(3);
      expect(page.data.map((x) => x.name)).toEqual([`${t} 1`, `${t} 0`]);
      expect((await fx.request("GET", `/api/v1/templates?limit=${TEMPLATE_LIST_LIMIT + 1}`, { auth: agent })).status).toBe(422);
    });

    it("needs templates.index.read", async () => {
      expect((await fx.request("GET", "/api/v1/templates", { auth: guest })).status).toBe(403);
      expect((await fx.request("GET", "/api/v1/templates")).status).toBe(401);
    });
  });

  describe("PATCH /v1/templates/{id}", () => {
    it("changes the given fields and keeps the others; updated_by becomes the editor", async () => {
      const t = await create(agent, { categories: ["fb"], languages: ["en"] });
      const res = await patch(admin, t.id, { name: "Renamed", active: false });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        name: "Renamed",
        message: t.message,
        categories: ["fb"],
        languages: ["en"],
        active: false,
        created_by: { id: agent.accountId },
        updated_by: { id: admin.accountId, name: "admin Tester" },
      });
      expect(res.json.updated_at > t.updated_at).toBe(true);
      const all = await patch(admin, t.id, {
        name: "All",
        message: "New text",
        categories: [],
        languages: ["fr"],
        entity_type: 3,
        entity_ids: [team],
        active: true,
      });
      expect(all.json).toMatchObject({ name: "All", message: "New text", categories: [], languages: ["fr"], entity_type: 3, entity_ids: [team], active: true });
      expect((await patch(agent, t.id, { entity_type: 1 })).json.entity_ids).toEqual([agent.accountId]);
    });

    it("refuses empty fields and Teams without teams", async () => {
      const t = await create(agent);
      const res = await patch(agent, t.id, { name: "", message: null, entity_type: 3, entity_ids: [] });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ name: [MESSAGES.required], message: [MESSAGES.required], entity_ids: [MESSAGES.atLeastOneItem] });
    });

    it("answers 404 for a template the caller cannot see, another tenant's or a missing one", async () => {
      const onlyMine = await create(agent, { entity_type: 1 });
      expect((await patch(admin, onlyMine.id, { name: "x" })).status).toBe(404);
      expect((await patch(theirAdmin, onlyMine.id, { name: "x" })).status).toBe(404);
      expect((await patch(agent, onlyMine.id + 100_000, { name: "x" })).status).toBe(404);
      expect((await patch(guest, onlyMine.id, { name: "x" })).status).toBe(403);
    });
  });

  describe("DELETE /v1/templates/{id}", () => {
    it("deletes a template the caller sees, with everyone's pins of it", async () => {
      const t = await create(admin);
      await fx.request("POST", `/api/v1/templates/${t.id}/pin`, { auth: agent });
      expect((await fx.request("GET", "/api/v3/accounts/pins?type=template", { auth: agent })).json.data).toContainEqual({
        entity_id: t.id,
        type: "template",
      });
      expect((await fx.request("DELETE", `/api/v1/templates/${t.id}`, { auth: agent })).status).toBe(204);
      expect((await list(agent)).data.some((x) => x.id === t.id)).toBe(false);
      expect((await fx.request("GET", "/api/v3/accounts/pins?type=template", { auth: agent })).json.data).not.toContainEqual({
        entity_id: t.id,
        type: "template",
      });
      expect((await fx.request("DELETE", `/api/v1/templates/${t.id}`, { auth: agent })).status).toBe(404);
    });

    it("answers 404 for a template the caller cannot see", async () => {
      const t = await create(agent, { entity_type: 1 });
      expect((await fx.request("DELETE", `/api/v1/templates/${t.id}`, { auth: admin })).status).toBe(404);
      expect((await fx.request("DELETE", `/api/v1/templates/${t.id}`, { auth: theirAdmin })).status).toBe(404);
      expect((await list(agent)).data.some((x) => x.id === t.id)).toBe(true);
    });
  });

  describe("POST and DELETE /v1/templates/{id}/pin", () => {
    it("pins and unpins for the caller only", async () => {
      const t = await create(admin);
      const pinned = await fx.request("POST", `/api/v1/templates/${t.id}/pin`, { auth: agent });
      expect(pinned.status).toBe(200);
      expect(pinned.json).toMatchObject({ id: t.id, pinned: true });
      expect((await fx.request("POST", `/api/v1/templates/${t.id}/pin`, { auth: agent })).json.pinned).toBe(true);
      expect((await list(agent)).data.find((x) => x.id === t.id)?.pinned).toBe(true);
      expect((await list(admin)).data.find((x) => x.id === t.id)?.pinned).toBe(false);
      const unpinned = await fx.request("DELETE", `/api/v1/templates/${t.id}/pin`, { auth: agent });
      expect(unpinned.status).toBe(200);
      expect(unpinned.json.pinned).toBe(false);
      expect((await list(agent)).data.find((x) => x.id === t.id)?.pinned).toBe(false);
    });

    it("answers 404 for a template the caller cannot see, and drops pins of templates no longer seen", async () => {
      const t = await create(agent, { entity_type: 2 });
      expect((await fx.request("POST", `/api/v1/templates/${t.id}/pin`, { auth: theirAdmin })).status).toBe(404);
      expect((await fx.request("POST", `/api/v1/templates/${t.id + 100_000}/pin`, { auth: agent })).status).toBe(404);
      expect((await fx.request("POST", `/api/v1/templates/${t.id}/pin`, { auth: guest })).status).toBe(403);
      await fx.request("POST", `/api/v1/templates/${t.id}/pin`, { auth: admin });
      await patch(agent, t.id, { entity_type: 1 });
      expect((await fx.request("DELETE", `/api/v1/templates/${t.id}/pin`, { auth: admin })).status).toBe(404);
      expect((await fx.request("GET", "/api/v3/accounts/pins?type=template", { auth: admin })).json.data).not.toContainEqual({
        entity_id: t.id,
        type: "template",
      });
    });
  });
});
