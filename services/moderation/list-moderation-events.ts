import { listModerationEvents as listRows } from "../../db/repositories/moderation-events";
import { MODERATION_PER_PAGE } from "../../domain/constants";
import type { FromWire } from "../../domain/key-case";
import type { ModerationEventPageResponseSchema } from "../../domain/schemas/replies";
import type { Actor, ServiceDeps } from "../context";
import { readModerationQuery } from "./moderation-query";
import { moderationEventView } from "./moderation-view";

// The moderation report (spec analytics §3, §7): GET v1/moderation/events with page, order
// ("{field} asc|desc") and filters, 8 per page.

export type ModerationEventPage = FromWire<typeof ModerationEventPageResponseSchema>;

/** GET /v1/moderation/events */
export async function listModerationEvents(
  deps: ServiceDeps,
  actor: Actor,
  query: { page?: number; order?: string; filters?: string },
): Promise<ModerationEventPage> {
  const { filter, sort } = await readModerationQuery(deps, actor, query);
  const page = query.page ?? 1;
  const { rows, total } = await listRows(deps.db, actor.businessProfileId, filter, {
    ...sort,
    limit: MODERATION_PER_PAGE,
    offset: (page - 1) * MODERATION_PER_PAGE,
  });
  return {
    data: rows.map(moderationEventView),
    page,
    perPage: MODERATION_PER_PAGE,
    total,
    totalPages: Math.ceil(total / MODERATION_PER_PAGE),
  };
}
