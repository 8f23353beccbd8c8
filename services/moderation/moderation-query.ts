import * as z from "zod";
import { findBusinessProfile } from "../../db/repositories/business-profiles";
import { MODERATION_EVENT_ORDERS, type ModerationEventFilter, type ModerationEventOrder } from "../../db/repositories/moderation-events";
import { DEFAULT_TIME_ZONE, PERIOD_PRESETS } from "../../domain/dashboard";
import { badRequest, forbidden } from "../../domain/errors";
import { MODERATION_ACTIONS, MODERATION_REASONS } from "../../domain/inbox";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import { presetRange } from "../../domain/periods";
import type { Actor, ServiceDeps } from "../context";

// What the moderation report's calls share (spec analytics §3, §7; ADR 037): GET v1/moderation/events
// and its export-to-csv take the same `order` ("{field} asc|desc") and `filters` (JSON), read here once.

export function requireModerationRead(actor: Actor): void {
  if (!hasPermission(actor.permissions, "moderation.index.read")) throw forbidden();
}

/** Field names as the report's columns are called (spec: dateAndTime, originalText) or in snake_case. */
const ORDER_FIELDS: Readonly<Record<string, ModerationEventOrder>> = {
  ...Object.fromEntries(Object.keys(MODERATION_EVENT_ORDERS).map((k) => [k.toLowerCase(), k as ModerationEventOrder])),
  date_and_time: "dateAndTime",
  created_at: "dateAndTime",
  original_text: "originalText",
};

const DEFAULT_MODERATION_ORDER = "dateAndTime desc";

export interface ModerationOrder {
  order: ModerationEventOrder;
  direction: "asc" | "desc";
}

/** "{field} asc|desc" (the direction may be left out: asc); anything else is the catalogue's 400. */
function parseModerationOrder(raw: string | undefined): ModerationOrder {
  const text = (raw ?? "").trim() || DEFAULT_MODERATION_ORDER;
  const match = /^([A-Za-z_]+)(?:\s+(asc|desc))?$/i.exec(text);
  const order = match ? ORDER_FIELDS[match[1]!.toLowerCase()] : undefined;
  if (!match || !order) throw badRequest(MESSAGES.dashboardApi.invalidParameter("order"));
  return { order, direction: (match[2]?.toLowerCase() ?? "asc") as "asc" | "desc" };
}

const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (Array.isArray(v) ? v : v === undefined || v === null || v === "" ? undefined : [v]), z.array(item).max(50).optional());
const ACTION_TEXT_BY_CODE = new Map<string, string>(MODERATION_ACTIONS.map((a) => [a.code, a.event]));
const ACTION_TEXTS = MODERATION_ACTIONS.map((a) => a.event) as string[];
/** The periods the report offers: the dashboard's presets; a custom period is `from` and `to`. */
export const MODERATION_PERIODS = PERIOD_PRESETS.filter((p) => p.id !== "custom");
const PERIOD_IDS = MODERATION_PERIODS.map((p) => p.id) as string[];

/**
 * The `filters` JSON: actions (texts or codes), reasons, networks (social_types), agents (agent_ids,
 * or part of a name: agent), user / text contains, and a period (a preset, or from and to).
 */
const ModerationFiltersSchema = z
  .object({
    actions: oneOrMany(z.string().refine((v) => ACTION_TEXT_BY_CODE.has(v) || ACTION_TEXTS.includes(v))),
    reasons: oneOrMany(z.enum(MODERATION_REASONS)),
    social_types: oneOrMany(z.string().max(40)),
    agent_ids: oneOrMany(z.coerce.number().int().positive().max(2_147_483_647)),
    agent: z.string().trim().max(200).optional(),
    user: z.string().trim().max(200).optional(),
    search: z.string().trim().max(200).optional(),
    period: z.string().refine((v) => PERIOD_IDS.includes(v)).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

function invalidFilter(path: string): never {
  throw badRequest(MESSAGES.dashboardApi.invalidParameter(path ? `filters.${path}` : "filters"));
}

async function parseModerationFilters(deps: ServiceDeps, actor: Actor, raw: string | undefined): Promise<ModerationEventFilter> {
  if (raw === undefined || raw.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return invalidFilter("");
  }
  const parsed = ModerationFiltersSchema.safeParse(value);
  if (!parsed.success) return invalidFilter(parsed.error.issues[0]?.path.map(String).join(".") ?? "");
  const f = parsed.data;
  const filter: ModerationEventFilter = {
    ...(f.actions ? { actions: f.actions.map((a) => ACTION_TEXT_BY_CODE.get(a) ?? a) } : {}),
    ...(f.reasons ? { reasons: f.reasons } : {}),
    ...(f.social_types ? { socialTypes: f.social_types } : {}),
    ...(f.agent_ids ? { agentAccountIds: f.agent_ids } : {}),
    ...(f.agent ? { agent: f.agent } : {}),
    ...(f.user ? { user: f.user } : {}),
    ...(f.search ? { search: f.search } : {}),
  };
  if (f.period) {
    // A preset is the tenant's: "yesterday" and "last 7 days" are days of the business profile's zone.
    const profile = await findBusinessProfile(deps.db, actor.businessProfileId);
    const range = presetRange(f.period, profile?.timeZone || DEFAULT_TIME_ZONE, deps.now());
    return { ...filter, from: range.from, to: range.to, toIsExclusive: true };
  }
  const from = f.from ? new Date(f.from).toISOString() : undefined;
  const to = f.to ? new Date(f.to).toISOString() : undefined;
  if (from && to && from > to) return invalidFilter("to");
  return { ...filter, ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** The report's query: permission first, then the order and the filters (a 400 names the bad one). */
export async function readModerationQuery(
  deps: ServiceDeps,
  actor: Actor,
  query: { order?: string | undefined; filters?: string | undefined },
): Promise<{ filter: ModerationEventFilter; sort: ModerationOrder }> {
  requireModerationRead(actor);
  const sort = parseModerationOrder(query.order);
  const filter = await parseModerationFilters(deps, actor, query.filters);
  return { filter, sort };
}
