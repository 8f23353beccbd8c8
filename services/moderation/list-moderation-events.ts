import * as z from "zod";
import { listModerationEvents as listRows, MODERATION_EVENT_ORDERS, type ModerationEventOrder } from "../../db/repositories/moderation-events";
import { MODERATION_PER_PAGE } from "../../domain/constants";
import { badRequest, forbidden } from "../../domain/errors";
import { MODERATION_ACTIONS, MODERATION_REASONS } from "../../domain/inbox";
import { hasPermission } from "../../domain/permissions";
import type { Actor, ServiceDeps } from "../context";
import { moderationEventView } from "./moderation-view";
import type { FromWire } from "../../domain/key-case";
import type { ModerationEventPageResponseSchema } from "../../domain/schemas/replies";

// The moderation report (spec analytics §3, §7): GET v1/moderation/events with page, order
// ("{field} asc|desc") and filters, 8 per page; GET v1/moderation/filters gives the filter choices.

function requireRead(actor: Actor) {
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

/** "{field} asc|desc" (the direction may be left out: asc). */
function parseModerationOrder(raw: string | undefined): { order: ModerationEventOrder; direction: "asc" | "desc" } {
  const text = (raw ?? "").trim() || DEFAULT_MODERATION_ORDER;
  const match = /^([A-Za-z_]+)(?:\s+(asc|desc))?$/i.exec(text);
  const order = match ? ORDER_FIELDS[match[1]!.toLowerCase()] : undefined;
  if (!match || !order) throw badRequest(`order: use "{field} asc|desc" with one of ${Object.keys(MODERATION_EVENT_ORDERS).join(", ")}.`);
  return { order, direction: (match[2]?.toLowerCase() ?? "asc") as "asc" | "desc" };
}

const oneOrMany = <T extends z.ZodType>(item: T) => z.preprocess((v) => (Array.isArray(v) ? v : v === undefined || v === null || v === "" ? undefined : [v]), z.array(item).max(50).optional());
const ACTION_TEXT_BY_CODE = new Map<string, string>(MODERATION_ACTIONS.map((a) => [a.code, a.event]));
const ACTION_TEXTS = MODERATION_ACTIONS.map((a) => a.event) as string[];

/** The `filters` JSON: actions (texts or codes), reasons, networks, agent / user / text contains, time range. */
const ModerationFiltersSchema = z
  .object({
    actions: oneOrMany(z.string().refine((v) => ACTION_TEXT_BY_CODE.has(v) || ACTION_TEXTS.includes(v), "unknown action")),
    reasons: oneOrMany(z.enum(MODERATION_REASONS)),
    social_types: oneOrMany(z.string().max(40)),
    agent: z.string().trim().max(200).optional(),
    user: z.string().trim().max(200).optional(),
    search: z.string().trim().max(200).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
type ModerationFilters = z.infer<typeof ModerationFiltersSchema>;

function parseModerationFilters(raw: string | undefined): ModerationFilters {
  if (raw === undefined || raw.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest("filters is not valid JSON.");
  }
  const parsed = ModerationFiltersSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`filters: ${issue ? `${issue.path.join(".")} ${issue.message}`.trim() : "invalid"}`);
  }
  return parsed.data;
}

export type ModerationEventPage = FromWire<typeof ModerationEventPageResponseSchema>;

/** GET /v1/moderation/events */
export async function listModerationEvents(
  deps: ServiceDeps,
  actor: Actor,
  query: { page?: number; order?: string; filters?: string },
): Promise<ModerationEventPage> {
  requireRead(actor);
  const page = query.page ?? 1;
  const { order, direction } = parseModerationOrder(query.order);
  const filters = parseModerationFilters(query.filters);
  const toTime = (v: string | undefined) => (v ? new Date(v).toISOString() : undefined);
  const { rows, total } = await listRows(
    deps.db,
    actor.businessProfileId,
    {
      ...(filters.actions ? { actions: filters.actions.map((a) => ACTION_TEXT_BY_CODE.get(a) ?? a) } : {}),
      ...(filters.reasons ? { reasons: filters.reasons } : {}),
      ...(filters.social_types ? { socialTypes: filters.social_types } : {}),
      ...(filters.agent ? { agent: filters.agent } : {}),
      ...(filters.user ? { user: filters.user } : {}),
      ...(filters.search ? { search: filters.search } : {}),
      ...(filters.from ? { from: toTime(filters.from) } : {}),
      ...(filters.to ? { to: toTime(filters.to) } : {}),
    },
    { order, direction, limit: MODERATION_PER_PAGE, offset: (page - 1) * MODERATION_PER_PAGE },
  );
  return {
    data: rows.map(moderationEventView),
    page,
    perPage: MODERATION_PER_PAGE,
    total,
    totalPages: Math.ceil(total / MODERATION_PER_PAGE),
  };
}

/** GET /v1/moderation/filters: the report's filter choices, as `results`. */
export function moderationFilters(actor: Actor) {
  requireRead(actor);
  return {
    results: {
      actions: MODERATION_ACTIONS.map((a) => ({ code: a.code, label: a.label, event: a.event, target: a.target })),
      reasons: [...MODERATION_REASONS],
    },
  };
}
