import { countAccountEvents, listAccountEvents as listAccountEventRows } from "../../db/repositories/account-events";
import {
  COUNTED_ACCOUNT_EVENTS,
  emptyAccountEventCounts,
  type AccountEventCounts,
  type CountedAccountEvent,
} from "../../domain/account-events";
import { forbidden } from "../../domain/errors";
import type { FromWire } from "../../domain/key-case";
import type { AccountEventResponseSchema } from "../../domain/schemas/account-events";
import { hasPermission } from "../../domain/permissions";
import type { Actor, ServiceDeps } from "../context";
import { flushQueuedAccountEvents } from "./record-account-event";

export interface AccountEventQuery {
  accountIds?: number[];
  from?: string;
  to?: string;
  contextId?: number;
  contextType?: number;
}

export function requireEventReader(actor: Actor): void {
  if (!hasPermission(actor.permissions, "dashboard.index.read")) throw forbidden();
}

/**
 * GET /v1/account_events: the tenant's events in the range (newest first, at most 1,000), and per network
 * the counts of the inbox's actions: assign, label, like, replies_private, replies_public, review.
 */
export async function listAccountEvents(
  deps: ServiceDeps,
  actor: Actor,
  query: AccountEventQuery,
): Promise<{ data: Array<FromWire<typeof AccountEventResponseSchema>>; counts: Record<string, AccountEventCounts> }> {
  requireEventReader(actor);
  await flushQueuedAccountEvents(deps.db);
  const filter = { ...query, accountIds: query.accountIds?.length ? query.accountIds : undefined };
  const [events, rows] = await Promise.all([
    listAccountEventRows(deps.db, actor.businessProfileId, filter),
    countAccountEvents(deps.db, actor.businessProfileId, filter, COUNTED_ACCOUNT_EVENTS),
  ]);
  const counts: Record<string, AccountEventCounts> = {};
  for (const row of rows) {
    // Events without a network (recorded by a client without social_type) are not any network's.
    if (!row.socialType) continue;
    const network = (counts[row.socialType] ??= emptyAccountEventCounts());
    network[row.actionType as CountedAccountEvent] += row.count;
  }
  return {
    data: events.map((e) => ({
      id: e.id,
      accountId: e.accountId,
      actionType: e.actionType,
      eventType: e.eventType,
      actionModule: e.actionModule,
      contextId: e.contextId,
      contextType: e.contextType,
      socialType: e.socialType,
      createdAt: e.createdAt,
    })),
    counts,
  };
}
