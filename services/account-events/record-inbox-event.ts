import { insertAccountEvent } from "../../db/repositories/account-events";
import type { Database } from "../../db/client";
import { INBOX_EVENT_MODULE, INBOX_EVENT_TYPE, type CountedAccountEvent } from "../../domain/account-events";
import { isoNow, type Actor, type ServiceDeps } from "../context";

/**
 * Records the account event of an inbox action (ADR 014), counted per network by GET /v1/account_events.
 * `db` is the action's transaction, so the event is kept exactly when the action is.
 */
export async function recordInboxEvent(
  db: Database,
  deps: ServiceDeps,
  actor: Actor,
  event: { action: CountedAccountEvent; socialType: string; contextType: number; contextId: number },
): Promise<void> {
  await insertAccountEvent(db, {
    businessProfileId: actor.businessProfileId,
    accountId: actor.accountId,
    actionType: event.action,
    eventType: INBOX_EVENT_TYPE,
    actionModule: INBOX_EVENT_MODULE,
    contextId: event.contextId,
    contextType: event.contextType,
    socialType: event.socialType,
    createdAt: isoNow(deps),
  });
}
