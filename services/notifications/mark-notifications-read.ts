import { markNotificationsRead as markRows } from "../../db/repositories/notifications";
import type { FromWire } from "../../domain/key-case";
import type { NotificationsReadResponseSchema } from "../../domain/schemas/notifications";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { notificationView } from "./notification-view";

/**
 * POST /v1/notifications/mark_as_read {ids}: reads the caller's listed notifications (hover, or 'Mark
 * all as read' over the ids the popover shows) and returns them as they now are, newest first. Ids
 * that are not the caller's are left out of the answer and changed nowhere; the whole batch is one
 * transaction.
 */
export async function markNotificationsRead(
  deps: ServiceDeps,
  actor: Actor,
  ids: readonly number[],
): Promise<FromWire<typeof NotificationsReadResponseSchema>> {
  const unique = [...new Set(ids)];
  const now = isoNow(deps);
  const rows = await deps.db
    .transaction()
    .execute((trx) => markRows(trx, actor.businessProfileId, actor.accountId, unique, now));
  return { data: rows.map(notificationView) };
}
