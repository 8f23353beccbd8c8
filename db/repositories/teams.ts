import type { Database } from "../client";

export async function listTeamsOfAccounts(
  db: Database,
  businessProfileId: number,
  accountIds: number[],
): Promise<Array<{ accountId: number; teamId: number; name: string }>> {
  if (accountIds.length === 0) return [];
  return db
    .selectFrom("teamAccounts")
    .innerJoin("teams", "teams.id", "teamAccounts.teamId")
    .select(["teamAccounts.accountId", "teams.id as teamId", "teams.name"])
    .where("teams.businessProfileId", "=", businessProfileId)
    .where("teamAccounts.accountId", "in", accountIds)
    .orderBy("teams.name")
    .execute();
}

export async function listTeams(db: Database, businessProfileId: number) {
  return db.selectFrom("teams").selectAll().where("businessProfileId", "=", businessProfileId).orderBy("name").execute();
}

export async function findTeam(db: Database, businessProfileId: number, teamId: number) {
  return db
    .selectFrom("teams")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", teamId)
    .executeTakeFirst();
}

export async function findTeamByName(db: Database, businessProfileId: number, name: string) {
  return db
    .selectFrom("teams")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()))
    .executeTakeFirst();
}

export async function insertTeam(db: Database, row: { businessProfileId: number; name: string; now: string }) {
  return db
    .insertInto("teams")
    .values({ businessProfileId: row.businessProfileId, name: row.name, createdAt: row.now, updatedAt: row.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTeam(db: Database, businessProfileId: number, teamId: number, values: { name?: string; now: string }) {
  await db
    .updateTable("teams")
    .set({ ...(values.name !== undefined ? { name: values.name } : {}), updatedAt: values.now })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", teamId)
    .execute();
}

export async function deleteTeam(db: Database, businessProfileId: number, teamId: number) {
  await db.deleteFrom("teams").where("businessProfileId", "=", businessProfileId).where("id", "=", teamId).execute();
}

export async function listTeamMemberIds(db: Database, teamIds: number[]) {
  if (teamIds.length === 0) return [];
  return db.selectFrom("teamAccounts").select(["teamId", "accountId"]).where("teamId", "in", teamIds).execute();
}

/** Sets a team's members (callers have checked that every account belongs to the tenant). */
export async function setTeamMembers(db: Database, teamId: number, accountIds: number[]) {
  await db.deleteFrom("teamAccounts").where("teamId", "=", teamId).execute();
  if (accountIds.length) await db.insertInto("teamAccounts").values(accountIds.map((accountId) => ({ teamId, accountId }))).execute();
}

/** Sets an account's teams (callers have checked that every team belongs to the tenant). */
export async function setAccountTeams(db: Database, accountId: number, teamIds: number[]) {
  await db.deleteFrom("teamAccounts").where("accountId", "=", accountId).execute();
  if (teamIds.length) await db.insertInto("teamAccounts").values(teamIds.map((teamId) => ({ teamId, accountId }))).execute();
}
