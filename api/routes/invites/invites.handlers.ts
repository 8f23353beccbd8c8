import { createInvite } from "../../../services/invites/create-invite";
import { getInvite } from "../../../services/invites/find-open-invite";
import type { ApiApp } from "../../env";
import { toSnakeCase } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { createInviteRoute, getInviteRoute } from "./invites.routes";

export function registerInviteRoutes(app: ApiApp) {
  app.openapi(createInviteRoute, async (c) => {
    const invite = await createInvite(c.get("deps"), requireActor(c), c.req.valid("json"));
    return c.json(toSnakeCase(invite), 201);
  });

  app.openapi(getInviteRoute, async (c) => {
    const invite = await getInvite(c.get("deps"), c.req.valid("query").team_member_invite_token);
    return c.json(invite, 200);
  });
}
