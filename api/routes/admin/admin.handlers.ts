import {
  endTakeoverSession,
  getAdminAccount,
  getAdminBusinessProfile,
  startTakeover,
} from "../../../services/takeover/takeover";
import type { ApiApp } from "../../env";
import { toSnakeCase } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { openedSessionResponse } from "../session/session.handlers";
import { adminAccountRoute, adminBusinessProfileRoute, endTakeoverRoute, startTakeoverRoute } from "./admin.routes";

export function registerAdminRoutes(app: ApiApp) {
  app.openapi(adminAccountRoute, async (c) =>
    c.json(toSnakeCase(await getAdminAccount(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );

  app.openapi(adminBusinessProfileRoute, async (c) =>
    c.json(toSnakeCase(await getAdminBusinessProfile(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );

  app.openapi(startTakeoverRoute, async (c) => {
    const body = c.req.valid("json");
    const opened = await startTakeover(c.get("deps"), requireActor(c), {
      accountId: body.account_id,
      businessProfileId: body.business_profile_id,
    });
    return c.json(openedSessionResponse(c, opened), 201);
  });

  app.openapi(endTakeoverRoute, async (c) =>
    c.json(toSnakeCase(await endTakeoverSession(c.get("deps"), requireActor(c))), 200),
  );
}
