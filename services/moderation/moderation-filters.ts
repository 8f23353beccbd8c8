import { moderationFilterChoices } from "../../db/repositories/moderation-events";
import { MODERATION_ACTIONS, MODERATION_REASONS } from "../../domain/inbox";
import type { FromWire } from "../../domain/key-case";
import { isNetworkId, networkById } from "../../domain/networks";
import type { ModerationFiltersResponseSchema } from "../../domain/schemas/replies";
import type { Actor, ServiceDeps } from "../context";
import { MODERATION_PERIODS, requireModerationRead } from "./moderation-query";

type ModerationFilterChoices = FromWire<typeof ModerationFiltersResponseSchema>;

/**
 * GET /v1/moderation/filters: the report's filter choices, as `results`: every action and reason,
 * the agents who took the tenant's actions and the networks acted on (only the caller's tenant), and
 * the periods.
 */
export async function moderationFilters(deps: ServiceDeps, actor: Actor): Promise<ModerationFilterChoices> {
  requireModerationRead(actor);
  const { agents, socialTypes } = await moderationFilterChoices(deps.db, actor.businessProfileId);
  return {
    results: {
      actions: MODERATION_ACTIONS.map((a) => ({ code: a.code, label: a.label, event: a.event, target: a.target })),
      reasons: [...MODERATION_REASONS],
      agents,
      networks: socialTypes.map((id) => ({ id, label: isNetworkId(id) ? networkById(id).name : id })),
      periods: MODERATION_PERIODS.map((p) => ({ id: p.id, label: p.label })),
    },
  };
}
