import { createTeam, deleteTeam, listTeams, updateTeam } from "../../../services/teams/teams";
import { TeamListResponseSchema, TeamResponseSchema } from "../../../domain/schemas/accounts";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { createTeamRoute, deleteTeamRoute, listTeamsRoute, updateTeamRoute } from "./teams.routes";

export function registerTeamRoutes(app: ApiApp) {
  app.openapi(listTeamsRoute, async (c) => c.json(toWire(TeamListResponseSchema, { data: await listTeams(c.get("deps"), requireActor(c)) }), 200));

  app.openapi(createTeamRoute, async (c) =>
    c.json(toWire(TeamResponseSchema, await createTeam(c.get("deps"), requireActor(c), c.req.valid("json"))), 201),
  );

  app.openapi(updateTeamRoute, async (c) => {
    const body = c.req.valid("json");
    const team = await updateTeam(c.get("deps"), requireActor(c), c.req.valid("param").id, {
      name: body.name,
      accountIds: body.account_ids,
    });
    return c.json(toWire(TeamResponseSchema, team), 200);
  });

  app.openapi(deleteTeamRoute, async (c) => {
    await deleteTeam(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
}
