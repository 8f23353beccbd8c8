import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createApiFixture,
  type ApiFixture,
  type SignedIn,
  type TenantFixture,
} from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { MESSAGES } from "../../../domain/messages";

const FORBIDDEN = MESSAGES.forbidden;
const NAME_TAKEN = MESSAGES.nameTaken;
const NO_TEAMS_FOR_SYSTEM_ADMINS = MESSAGES.systemAdminsNoTeams;
const UNKNOWN_ACCOUNT = MESSAGES.unknownAccount;
const REQUIRED = MESSAGES.required;
const NOT_FOUND = { error_message: MESSAGES.teamNotFound };

let nameCounter = 0;
function uniqueName(prefix = "Team"): string {
  nameCounter += 1;
  return `${prefix} ${nameCounter}`;
}

describe.each(testEngines({ engineSpecific: true }))("teams API on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let theirs: TenantFixture;
  let admin: SignedIn;
  let agent: SignedIn;
  let guest: SignedIn;
  let systemAdmin: SignedIn;
  let theirAdmin: SignedIn;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    [mine, theirs] = await Promise.all([fx.createTenant(), fx.createTenant()]);
    [admin, agent, guest, systemAdmin, theirAdmin] = await Promise.all([
      fx.signIn(mine.accounts.admin.email),
      fx.signIn(mine.accounts.agent.email),
      fx.signIn(mine.accounts.guest.email),
      fx.signIn(mine.accounts.systemAdmin.email),
      fx.signIn(theirs.accounts.admin.email),
    ]);
  });
  afterAll(() => fx.cleanup());

  function list(auth: SignedIn) {
    return fx.request("GET", "/api/v1/teams", { auth });
  }

  function create(auth: SignedIn, body: Record<string, unknown>) {
    return fx.request("POST", "/api/v1/teams", { auth, body });
  }

  function update(auth: SignedIn, id: number, body: Record<string, unknown>) {
    return fx.request("PATCH", `/api/v1/teams/${id}`, { auth, body });
  }

  function remove(auth: SignedIn, id: number) {
    return fx.request("DELETE", `/api/v1/teams/${id}`, { auth });
  }

  async function countTeams(): Promise<number> {
    const row = await fx.db
      .selectFrom("teams")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async function membersOf(teamId: number): Promise<number[]> {
    const rows = await fx.db.selectFrom("teamAccounts").select("accountId").where("teamId", "=", teamId).execute();
    return rows.map((r) => r.accountId).sort((a, b) => a - b);
  }

  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  describe("GET /v1/teams", () => {
    it("lets agents, admins and system admins list the tenant's teams only; guests get 403", async () => {
      const own = await create(admin, { name: uniqueName("Listed"), account_ids: [mine.accounts.agent.id] });
      const foreign = await create(theirAdmin, { name: uniqueName("Foreign"), account_ids: [] });
      expect([own.status, foreign.status]).toEqual([201, 201]);

      for (const auth of [agent, admin, systemAdmin]) {
        const res = await list(auth);
        expect(res.status).toBe(200);
        const ids = res.json.data.map((t: { id: number }) => t.id);
        expect(ids).toContain(own.json.id);
        expect(ids).not.toContain(foreign.json.id);
        expect(res.json.data.find((t: { id: number }) => t.id === own.json.id)).toEqual({
          id: own.json.id,
          name: own.json.name,
          account_ids: [mine.accounts.agent.id],
        });
      }
      const refused = await list(guest);
      expect(refused.status).toBe(403);
      expect(refused.json).toEqual({ error_message: FORBIDDEN });
      expect((await fx.request("GET", "/api/v1/teams")).status).toBe(401);
    });
  });

  describe("POST / PATCH / DELETE /v1/teams", () => {
    it("lets an admin create, rename, set members and delete a team", async () => {
      const name = uniqueName("Support");
      const created = await create(admin, {
        name: `  ${name} `,
        account_ids: [mine.accounts.agent.id, mine.accounts.guest.id],
      });
      expect(created.status).toBe(201);
      expect(created.json).toEqual({
        id: expect.any(Number),
        name,
        account_ids: [mine.accounts.agent.id, mine.accounts.guest.id],
      });
      const id = created.json.id as number;
      expect(await membersOf(id)).toEqual(sorted([mine.accounts.agent.id, mine.accounts.guest.id]));

      const renamed = await update(admin, id, { name: `${name} EU` });
      expect(renamed.status).toBe(200);
      expect(renamed.json.name).toBe(`${name} EU`);
      // Renaming alone leaves the members.
      expect(sorted(renamed.json.account_ids)).toEqual(sorted([mine.accounts.agent.id, mine.accounts.guest.id]));

      const members = await update(admin, id, { account_ids: [mine.accounts.admin.id] });
      expect(members.status).toBe(200);
      expect(members.json).toEqual({ id, name: `${name} EU`, account_ids: [mine.accounts.admin.id] });
      expect(await membersOf(id)).toEqual([mine.accounts.admin.id]);

      // The member's account shows the team.
      const account = await fx.request("GET", `/api/v1/accounts/${mine.accounts.admin.id}`, { auth: admin });
      expect(account.json.teams).toContainEqual({ id, name: `${name} EU` });

      const deleted = await remove(admin, id);
      expect(deleted.status).toBe(204);
      expect((await list(admin)).json.data.map((t: { id: number }) => t.id)).not.toContain(id);
      expect(await membersOf(id)).toEqual([]);
      // Its members stay.
      expect((await fx.request("GET", `/api/v1/accounts/${mine.accounts.admin.id}`, { auth: admin })).json.state).toBe(
        1,
      );
    });

    it("lets a system admin manage teams too", async () => {
      const created = await create(systemAdmin, { name: uniqueName("Ops"), account_ids: [mine.accounts.admin.id] });
      expect(created.status).toBe(201);
      expect((await update(systemAdmin, created.json.id, { name: uniqueName("Ops") })).status).toBe(200);
      expect((await remove(systemAdmin, created.json.id)).status).toBe(204);
    });

    it("refuses agents and guests on every mutation (403), and writes nothing", async () => {
      const team = await create(admin, { name: uniqueName("Guarded"), account_ids: [] });
      const before = await countTeams();
      for (const auth of [agent, guest]) {
        for (const res of [
          await create(auth, { name: uniqueName("Nope"), account_ids: [] }),
          await update(auth, team.json.id, { name: uniqueName("Nope"), account_ids: [mine.accounts.agent.id] }),
          await remove(auth, team.json.id),
        ]) {
          expect(res.status).toBe(403);
          expect(res.json).toEqual({ error_message: FORBIDDEN });
        }
      }
      expect(await countTeams()).toBe(before);
      expect(await membersOf(team.json.id)).toEqual([]);
      expect((await list(admin)).json.data.find((t: { id: number }) => t.id === team.json.id).name).toBe(
        team.json.name,
      );
    });

    it("refuses a duplicate name, whatever its case (422), on create and rename", async () => {
      const name = uniqueName("Unique");
      const first = await create(admin, { name, account_ids: [] });
      expect(first.status).toBe(201);
      const before = await countTeams();

      const duplicate = await create(admin, { name: name.toUpperCase(), account_ids: [] });
      expect(duplicate.status).toBe(422);
      expect(duplicate.json.errors).toEqual({ name: [NAME_TAKEN] });
      expect(await countTeams()).toBe(before);

      const other = await create(admin, { name: uniqueName("Other"), account_ids: [] });
      const rename = await update(admin, other.json.id, { name: name.toLowerCase() });
      expect(rename.status).toBe(422);
      expect(rename.json.errors).toEqual({ name: [NAME_TAKEN] });

      // A team may keep its own name in another case; another tenant may use the name.
      const self = await update(admin, first.json.id, { name: name.toUpperCase() });
      expect(self.status).toBe(200);
      expect((await create(theirAdmin, { name, account_ids: [] })).status).toBe(201);
    });

    it("keeps names unique when two creates race, whatever their case", async () => {
      const name = uniqueName("Racing");
      const results = await Promise.all([
        create(admin, { name, account_ids: [] }),
        create(systemAdmin, { name: name.toLowerCase(), account_ids: [] }),
        create(admin, { name: name.toUpperCase(), account_ids: [] }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
      for (const res of results.filter((r) => r.status === 422))
        expect(res.json.errors).toEqual({ name: [NAME_TAKEN] });
      const names = (await list(admin)).json.data.map((t: { name: string }) => t.name.toLowerCase());
      expect(names.filter((n: string) => n === name.toLowerCase())).toHaveLength(1);
    });

    it("refuses a system admin as a member (422) on create and update", async () => {
      const before = await countTeams();
      const res = await create(admin, {
        name: uniqueName("Bosses"),
        account_ids: [mine.accounts.agent.id, mine.accounts.systemAdmin.id],
      });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ account_ids: [NO_TEAMS_FOR_SYSTEM_ADMINS] });
      expect(await countTeams()).toBe(before);

      const team = await create(admin, { name: uniqueName("Plain"), account_ids: [mine.accounts.agent.id] });
      const patch = await update(systemAdmin, team.json.id, { account_ids: [mine.accounts.systemAdmin.id] });
      expect(patch.status).toBe(422);
      expect(patch.json.errors).toEqual({ account_ids: [NO_TEAMS_FOR_SYSTEM_ADMINS] });
      expect(await membersOf(team.json.id)).toEqual([mine.accounts.agent.id]);
    });

    it("refuses another tenant's (or unknown) account ids (422), and writes nothing", async () => {
      const before = await countTeams();
      for (const ids of [[theirs.accounts.agent.id], [mine.accounts.agent.id, theirs.accounts.guest.id], [987654]]) {
        const res = await create(admin, { name: uniqueName("Mixed"), account_ids: ids });
        expect(res.status).toBe(422);
        expect(res.json.errors).toEqual({ account_ids: [UNKNOWN_ACCOUNT] });
      }
      expect(await countTeams()).toBe(before);

      const team = await create(admin, { name: uniqueName("Kept"), account_ids: [mine.accounts.agent.id] });
      const name = team.json.name;
      const patch = await update(admin, team.json.id, {
        name: uniqueName("Renamed"),
        account_ids: [theirs.accounts.agent.id],
      });
      expect(patch.status).toBe(422);
      expect(patch.json.errors).toEqual({ account_ids: [UNKNOWN_ACCOUNT] });
      expect(await membersOf(team.json.id)).toEqual([mine.accounts.agent.id]);
      expect((await list(admin)).json.data.find((t: { id: number }) => t.id === team.json.id).name).toBe(name);
    });

    it("answers another tenant's team exactly like a missing one (404) on PATCH and DELETE", async () => {
      const foreign = await create(theirAdmin, { name: uniqueName("Theirs"), account_ids: [theirs.accounts.agent.id] });
      for (const auth of [admin, systemAdmin]) {
        const patch = await update(auth, foreign.json.id, { name: uniqueName("Hijack"), account_ids: [] });
        const missingPatch = await update(auth, 987654, { name: uniqueName("Hijack") });
        expect(patch.status).toBe(404);
        expect(patch.json).toEqual(NOT_FOUND);
        expect(missingPatch.json).toEqual(patch.json);

        const del = await remove(auth, foreign.json.id);
        const missingDel = await remove(auth, 987654);
        expect(del.status).toBe(404);
        expect(del.json).toEqual(NOT_FOUND);
        expect(missingDel.json).toEqual(del.json);
      }
      const theirList = await list(theirAdmin);
      expect(theirList.json.data.find((t: { id: number }) => t.id === foreign.json.id)).toEqual({
        id: foreign.json.id,
        name: foreign.json.name,
        account_ids: [theirs.accounts.agent.id],
      });
    });

    it("requires a name: 'Should not be empty!'", async () => {
      const before = await countTeams();
      for (const body of [{ account_ids: [] }, { name: "", account_ids: [] }, { name: "   " }]) {
        const res = await create(admin, body);
        expect(res.status).toBe(422);
        expect(res.json.errors).toEqual({ name: [REQUIRED] });
      }
      expect(await countTeams()).toBe(before);
      const team = await create(admin, { name: uniqueName("Named"), account_ids: [] });
      const blank = await update(admin, team.json.id, { name: "  " });
      expect(blank.status).toBe(422);
      expect(blank.json.errors).toEqual({ name: [REQUIRED] });
    });

    it("refuses a removed (state 2) account as a member", async () => {
      const t = await fx.createTenant();
      const tAdmin = await fx.signIn(t.accounts.admin.email);
      expect((await fx.request("DELETE", `/api/v1/accounts/${t.accounts.guest.id}`, { auth: tAdmin })).status).toBe(
        204,
      );
      const res = await create(tAdmin, { name: uniqueName("Ghosts"), account_ids: [t.accounts.guest.id] });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ account_ids: [UNKNOWN_ACCOUNT] });
    });
  });
});
