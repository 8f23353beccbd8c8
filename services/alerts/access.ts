import { findAlert } from "../../db/repositories/alerts";
import type { AlertTarget } from "../../db/repositories/alerts";
import type { AlertRow } from "../../db/repositories/alerts-schema";
import { findTopic } from "../../db/repositories/topics";
import { findSearchItem } from "../../db/repositories/search-items";
import { forbidden, notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import { ROLES, roleAtLeast } from "../../domain/roles";
import type { Actor, ServiceDeps } from "../context";
import { canSee, viewerOf, type Viewer } from "../searches/access";

/**
 * Who may do what with alerts (ADR 029):
 * - read: `alerts.index.read` (agents and above by default) and seeing the saved search or topic the
 *   alert watches (ADR 013's visibility); an alert of a search or topic the caller cannot see answers 404;
 * - create: `alerts.index.write` and seeing the search or topic;
 * - change, delete, toggle: the same, and being the alert's owner or an admin / system admin.
 */
export function requireAlerts(actor: Actor, action: "read" | "write"): void {
  if (!hasPermission(actor.permissions, `alerts.index.${action}`)) throw forbidden();
}

export function mayEditAlert(actor: Actor, alert: Pick<AlertRow, "ownerAccountId">): boolean {
  return (
    hasPermission(actor.permissions, "alerts.index.write") &&
    (alert.ownerAccountId === actor.accountId || roleAtLeast(actor.role, ROLES.admin))
  );
}

export function targetOf(alert: Pick<AlertRow, "searchId" | "topicId">): AlertTarget {
  return alert.searchId !== null ? { searchId: alert.searchId } : { topicId: alert.topicId! };
}

/** The saved search or topic, if the caller sees it: its name; otherwise 404. */
export async function findVisibleTarget(deps: ServiceDeps, actor: Actor, target: AlertTarget, viewer?: Viewer): Promise<string> {
  const seer = viewer ?? (await viewerOf(deps, actor));
  if (target.searchId !== undefined) {
    const row = await findSearchItem(deps.db, actor.businessProfileId, target.searchId);
    if (!row || !canSee(seer, row)) throw notFound(MESSAGES.searches.searchNotFound);
    return row.name;
  }
  const row = await findTopic(deps.db, actor.businessProfileId, target.topicId);
  if (!row || !canSee(seer, row)) throw notFound(MESSAGES.searches.topicNotFound);
  return row.name;
}

/** An alert of the caller's tenant whose search or topic the caller sees, with that one's name; or 404. */
export async function findVisibleAlert(deps: ServiceDeps, actor: Actor, id: number): Promise<{ alert: AlertRow; targetName: string }> {
  const alert = await findAlert(deps.db, actor.businessProfileId, id);
  if (!alert) throw notFound(MESSAGES.alerts.alertNotFound);
  try {
    return { alert, targetName: await findVisibleTarget(deps, actor, targetOf(alert)) };
  } catch {
    throw notFound(MESSAGES.alerts.alertNotFound);
  }
}

export function requireEditAlert(actor: Actor, alert: AlertRow): void {
  requireAlerts(actor, "write");
  if (!mayEditAlert(actor, alert)) throw forbidden(MESSAGES.alerts.ownerOnly);
}
