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
