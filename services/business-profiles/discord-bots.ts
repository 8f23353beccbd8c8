// GET /v1/admin/business_profiles/discord_bots?business_profile_id= (spec analytics §7; issue 26, ADR 040):
// a profile's Discord bots are its Discord streams (a relay bot or an Interactions endpoint delivers to
// each, ingest/webhooks/discord.ts), with the server and channel their deliveries come from and how they fare.
import { listStreams, newestPostUrls } from "../../db/repositories/streams";
import type { StreamRow } from "../../db/schema";
import { forbidden, notFound } from "../../domain/errors";
import type { FromWire } from "../../domain/key-case";
import { ROLES } from "../../domain/roles";
import type { DiscordBotResponseSchema } from "../../domain/schemas/business-profiles";
import type { Actor, ServiceDeps } from "../context";
import { findBusinessProfile } from "../../db/repositories/business-profiles";

type DiscordBotView = FromWire<typeof DiscordBotResponseSchema>;

const CHANNEL_URL = /^https:\/\/discord\.com\/channels\/(\d{1,20}|@me)\/(\d{1,20})(?:\/\d{1,20})?$/;

function status(row: StreamRow): DiscordBotView["status"] {
  if (row.lastErrorAt && (!row.lastSuccessAt || row.lastErrorAt > row.lastSuccessAt)) return "failing";
  return row.lastSuccessAt ? "active" : "waiting";
}

/**
 * Admin-only (spec core §6): a system admin reads any profile's bots; an admin only their own profile's
 * (another profile's answers 404, as a missing one); agents and guests 403.
 */
export async function listDiscordBots(deps: ServiceDeps, actor: Actor, businessProfileId: number): Promise<DiscordBotView[]> {
  if (actor.role !== ROLES.admin && actor.role !== ROLES.systemAdmin) throw forbidden();
  if (actor.role !== ROLES.systemAdmin && businessProfileId !== actor.businessProfileId) throw notFound();
  if (!(await findBusinessProfile(deps.db, businessProfileId))) throw notFound();
  const streams = await listStreams(deps.db, businessProfileId, { socialTypes: ["discord"] });
  const urls = await newestPostUrls(deps.db, businessProfileId, streams.map((s) => s.id));
  return streams.map((row) => {
    const place = CHANNEL_URL.exec(urls.get(row.id) ?? "");
    return {
      id: row.id,
      name: row.name,
      serverId: place && place[1] !== "@me" ? place[1]! : null,
      channelId: place ? place[2]! : null,
      status: status(row),
      lastDeliveryAt: row.lastSuccessAt,
      itemsCount: row.itemsCount,
    };
  });
}
