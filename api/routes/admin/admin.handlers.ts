import type * as z from "zod";
import { AccountResponseSchema } from "../../../domain/schemas/accounts";
import { TakeoverEndResponseSchema } from "../../../domain/schemas/session";
import { BusinessProfileCreateSchema, BusinessProfileListResponseSchema, BusinessProfileResponseSchema, BusinessProfileUpdateSchema, DiscordBotListResponseSchema } from "../../../domain/schemas/business-profiles";
import {
  createBusinessProfile,
  getAdminBusinessProfile,
  listAdminBusinessProfiles,
  updateBusinessProfile,
} from "../../../services/business-profiles/business-profiles";
import { requireProfilesAdmin } from "../../../services/business-profiles/business-profile-view";
import { listDiscordBots } from "../../../services/business-profiles/discord-bots";
import { getLogo } from "../../../services/business-profiles/logo";
import { endTakeoverSession, getAdminAccount, startTakeover } from "../../../services/takeover/takeover";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { refuseIdsAsNotFound } from "../../middleware/errors";
import { openedSessionResponse } from "../session/session.handlers";
import {
  adminAccountRoute,
  adminBusinessProfileRoute,
  businessProfileLogoRoute,
  createBusinessProfileRoute,
  discordBotsRoute,
  endTakeoverRoute,
  listBusinessProfilesRoute,
  startTakeoverRoute,
  updateBusinessProfileRoute,
} from "./admin.routes";

const refuseFormIds = refuseIdsAsNotFound(["id", "copied_business_profile_id"]);

export function registerAdminRoutes(app: ApiApp) {
  app.openapi(adminAccountRoute, async (c) =>
    c.json(toWire(AccountResponseSchema, await getAdminAccount(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );

  // Who may write comes before what was written: a refusal of the form is only for a system admin.
  app.on(["POST", "PATCH"], "/v1/admin/business_profiles", async (c, next) => {
    requireProfilesAdmin(requireActor(c), "admin.business_profiles.write");
    await next();
  });

  app.openapi(listBusinessProfilesRoute, async (c) =>
    c.json(toWire(BusinessProfileListResponseSchema, { data: await listAdminBusinessProfiles(c.get("deps"), requireActor(c)) }), 200),
  );

  app.openapi(
    createBusinessProfileRoute,
    async (c) => {
      const input = parseForm(BusinessProfileCreateSchema, await c.req.parseBody());
      return c.json(toWire(BusinessProfileResponseSchema, await createBusinessProfile(c.get("deps"), requireActor(c), input)), 201);
    },
    refuseFormIds,
  );

  app.openapi(
    updateBusinessProfileRoute,
    async (c) => {
      const input = parseForm(BusinessProfileUpdateSchema, await c.req.parseBody());
      return c.json(toWire(BusinessProfileResponseSchema, await updateBusinessProfile(c.get("deps"), requireActor(c), input)), 200);
    },
    refuseFormIds,
  );

  // Registered before the {id} route, which would otherwise take "discord_bots" for an id.
  app.openapi(
    discordBotsRoute,
    async (c) => {
      const bots = await listDiscordBots(c.get("deps"), requireActor(c), c.req.valid("query").business_profile_id);
      return c.json(toWire(DiscordBotListResponseSchema, { data: bots }), 200);
    },
    refuseIdsAsNotFound(["business_profile_id"]),
  );

  app.openapi(adminBusinessProfileRoute, async (c) =>
    c.json(toWire(BusinessProfileResponseSchema, await getAdminBusinessProfile(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );

  app.openapi(businessProfileLogoRoute, async (c) => {
    const logo = await getLogo(c.get("deps"), c.req.valid("param").id, c.req.valid("query").v);
    return c.body(new Uint8Array(logo.bytes), 200, {
      "content-type": logo.contentType,
      "x-content-type-options": "nosniff",
      // The address names the content (its hash): it never changes, so it may be kept.
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "default-src 'none'; sandbox",
      etag: `"${logo.sha256.slice(0, 32)}"`,
    }) as never;
  });

  app.openapi(startTakeoverRoute, async (c) => {
    const body = c.req.valid("json");
    const opened = await startTakeover(c.get("deps"), requireActor(c), {
      accountId: body.account_id,
      businessProfileId: body.business_profile_id,
    });
    return c.json(openedSessionResponse(c, opened), 201);
  });

  app.openapi(endTakeoverRoute, async (c) =>
    c.json(toWire(TakeoverEndResponseSchema, await endTakeoverSession(c.get("deps"), requireActor(c))), 200),
  );
}

/** A multipart form read by the handler (after the permission check), refused as the route hook would. */
function parseForm<Schema extends typeof BusinessProfileCreateSchema | typeof BusinessProfileUpdateSchema>(
  schema: Schema,
  body: Record<string, string | File | (string | File)[]>,
): z.output<Schema> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) refuseFormIds({ success: false, target: "form", error: parsed.error });
  return parsed.data as z.output<Schema>;
}
