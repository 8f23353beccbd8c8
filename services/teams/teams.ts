import {
  deleteTeam as deleteTeamRow,
  findTeam,
  findTeamByName,
  insertTeam,
  listTeamMemberIds,
  listTeams as listTeamRows,
  setTeamMembers,
  updateTeam as updateTeamRow,
} from "../../db/repositories/teams";
import { isUniqueViolation } from "../../db/errors";
import { notFound, validationError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { TeamInput } from "../../domain/schemas/accounts";
import { requireManager, requireStaff } from "../accounts/authorization";
import { assertTeamMembers, uniqueIds } from "../accounts/tenant-checks";
import type { FromWire } from "../../domain/key-case";
import type { TeamResponseSchema } from "../../domain/schemas/accounts";
import type { Actor, ServiceDeps } from "../context";
import { assertRoomFor } from "../limits/assert-room-for";

export type TeamView = FromWire<typeof TeamResponseSchema>;

async function views(deps: ServiceDeps, teams: Array<{ id: number; name: string }>): Promise<TeamView[]> {
  const members = await listTeamMemberIds(
    deps.db,
    teams.map((t) => t.id),
  );
  return teams.map((t) => ({
    id: t.id,
    name: t.name,
    accountIds: members.filter((m) => m.teamId === t.id).map((m) => m.accountId),
  }));
}

/** GET /v1/teams: agents and above read the teams of their business profile. */
export async function listTeams(deps: ServiceDeps, actor: Actor): Promise<TeamView[]> {
  requireStaff(actor);
  return views(deps, await listTeamRows(deps.db, actor.businessProfileId));
}

/** A write that lost a race for the name answers like the check before it (the index holds the rule). */
async function nameTakenOnConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw validationError({ name: [MESSAGES.nameTaken] });
    throw error;
  }
}

async function assertNameFree(deps: ServiceDeps, actor: Actor, name: string, exceptId?: number) {
  const existing = await findTeamByName(deps.db, actor.businessProfileId, name);
  if (existing && existing.id !== exceptId) throw validationError({ name: [MESSAGES.nameTaken] });
}

/** POST /v1/teams: name (unique in the business profile) and members. */
export async function createTeam(deps: ServiceDeps, actor: Actor, input: TeamInput): Promise<TeamView> {
  requireManager(actor);
  const accountIds = uniqueIds(input.account_ids);
  await assertNameFree(deps, actor, input.name);
  await assertTeamMembers(deps.db, actor.businessProfileId, accountIds);
  const team = await nameTakenOnConflict(() =>
    deps.db.transaction().execute(async (trx) => {
      await assertRoomFor(trx, "teams", actor.businessProfileId, deps.now().toISOString());
      const created = await insertTeam(trx, {
        businessProfileId: actor.businessProfileId,
        name: input.name,
        now: deps.now().toISOString(),
      });
      await setTeamMembers(trx, created.id, accountIds);
      return created;
    }),
  );
  return { id: team.id, name: team.name, accountIds };
}

/** PATCH /v1/teams/{id}: rename and/or set members. */
export async function updateTeam(
  deps: ServiceDeps,
  actor: Actor,
  teamId: number,
  input: { name?: string; accountIds?: number[] },
): Promise<TeamView> {
  requireManager(actor);
  const team = await findTeam(deps.db, actor.businessProfileId, teamId);
  if (!team) throw notFound(MESSAGES.teamNotFound);
  if (input.name !== undefined) await assertNameFree(deps, actor, input.name, teamId);
  const accountIds = input.accountIds === undefined ? undefined : uniqueIds(input.accountIds);
  if (accountIds) await assertTeamMembers(deps.db, actor.businessProfileId, accountIds);
  await nameTakenOnConflict(() =>
    deps.db.transaction().execute(async (trx) => {
      await updateTeamRow(trx, actor.businessProfileId, teamId, { name: input.name, now: deps.now().toISOString() });
      if (accountIds) await setTeamMembers(trx, teamId, accountIds);
    }),
  );
  const [view] = await views(deps, [{ id: teamId, name: input.name ?? team.name }]);
  return view!;
}

/** DELETE /v1/teams/{id}: the team goes; its members stay. */
export async function deleteTeam(deps: ServiceDeps, actor: Actor, teamId: number): Promise<void> {
  requireManager(actor);
  const team = await findTeam(deps.db, actor.businessProfileId, teamId);
  if (!team) throw notFound(MESSAGES.teamNotFound);
  await deleteTeamRow(deps.db, actor.businessProfileId, teamId);
}
