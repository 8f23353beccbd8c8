import { createInvite } from "../../../services/invites/create-invite";
import { getInvite } from "../../../services/invites/find-open-invite";
import { InviteLookupResponseSchema, InviteResponseSchema } from "../../../domain/schemas/accounts";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { createInviteRoute, getInviteRoute } from "./invites.routes";

export function registerInviteRoutes(app: ApiApp) {
  app.openapi(createInviteRoute, async (c) => {
    const invite = await createInvite(c.get("deps"), requireActor(c), c.req.valid("json"));
    return c.json(toWire(InviteResponseSchema, invite), 201);
  });

  app.openapi(getInviteRoute, async (c) => {
    const invite = await getInvite(c.get("deps"), c.req.valid("query").team_member_invite_token);
    return c.json(toWire(InviteLookupResponseSchema, invite), 200);
  });
}
