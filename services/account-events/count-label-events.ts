import { countEventsPerLabel } from "../../db/repositories/account-events";
import { ACCOUNT_EVENT_CONTEXT } from "../../domain/account-events";
import type { FromWire } from "../../domain/key-case";
import type { LabelEventCountListResponseSchema } from "../../domain/schemas/account-events";
import type { Actor, ServiceDeps } from "../context";
import { requireEventReader, type AccountEventQuery } from "./list-account-events";

/**
 * GET /v1/account_events/labels: per label, how many times it was put on an item in the range (by these
 * accounts); context_id / context_type keep the labels made in that context (a saved search, a stream).
 */
export async function countLabelEvents(
  deps: ServiceDeps,
  actor: Actor,
  query: AccountEventQuery,
): Promise<FromWire<typeof LabelEventCountListResponseSchema>> {
  requireEventReader(actor);
  const rows = await countEventsPerLabel(
    deps.db,
    actor.businessProfileId,
    {
      accountIds: query.accountIds?.length ? query.accountIds : undefined,
      from: query.from,
      to: query.to,
      labelContextId: query.contextId,
      labelContextType: query.contextType,
    },
    { actionType: "label", contextType: ACCOUNT_EVENT_CONTEXT.label },
  );
  return { data: rows.map((r) => ({ labelId: r.labelId, name: r.name, category: r.category, count: r.count })) };
}
