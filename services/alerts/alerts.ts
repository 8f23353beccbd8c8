import {
  deleteAlertRow,
  findAlert,
  findTargetNames,
  insertAlert,
  listAlerts as listAlertRows,
  listRecentFirings,
  refreshAlertsEnabled,
  updateAlertRow,
  type AlertTarget,
} from "../../db/repositories/alerts";
import { findSearchItem } from "../../db/repositories/search-items";
import { findTopic } from "../../db/repositories/topics";
import type { AlertFormInput, AlertUpdateInput } from "../../domain/schemas/alerts";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { canSee, viewerOf } from "../searches/access";
import { findVisibleAlert, findVisibleTarget, requireAlerts, requireEditAlert, targetOf } from "./access";
import { ALERT_FIRINGS_SHOWN, alertView, type AlertView } from "./alert-view";

// Alerts (spec core §3, §4, §7; ADR 029): GET /alerts/{id}, POST /alerts, PUT /alerts/{id},
// DELETE /alerts/{id}, POST /alerts/{id}/toggle-state, and the list GET /v1/alerts.

async function viewOf(deps: ServiceDeps, actor: Actor, id: number, targetName: string): Promise<AlertView> {
  const row = (await findAlert(deps.db, actor.businessProfileId, id))!;
  const firings = await listRecentFirings(deps.db, actor.businessProfileId, [id], ALERT_FIRINGS_SHOWN);
  return alertView(actor, row, targetName, firings);
}

/** The tenant's alerts on the searches and topics the caller sees, newest first; optionally one target's. */
export async function listAlerts(deps: ServiceDeps, actor: Actor, target?: AlertTarget): Promise<AlertView[]> {
  requireAlerts(actor, "read");
  const viewer = await viewerOf(deps, actor);
  if (target) await findVisibleTarget(deps, actor, target, viewer);
  const rows = await listAlertRows(deps.db, actor.businessProfileId, target);
  const searchIds = [...new Set(rows.flatMap((r) => (r.searchId !== null ? [r.searchId] : [])))];
  const topicIds = [...new Set(rows.flatMap((r) => (r.topicId !== null ? [r.topicId] : [])))];
  const [names, visibleSearches, visibleTopics] = await Promise.all([
    findTargetNames(deps.db, actor.businessProfileId, searchIds, topicIds),
    Promise.all(searchIds.map(async (id) => [id, await findSearchItem(deps.db, actor.businessProfileId, id)] as const)),
    Promise.all(topicIds.map(async (id) => [id, await findTopic(deps.db, actor.businessProfileId, id)] as const)),
  ]);
  const seen = new Set<string>();
  for (const [id, row] of visibleSearches) if (row && canSee(viewer, row)) seen.add(`s${id}`);
  for (const [id, row] of visibleTopics) if (row && canSee(viewer, row)) seen.add(`t${id}`);
  const visible = rows.filter((r) => seen.has(r.searchId !== null ? `s${r.searchId}` : `t${r.topicId}`));
  const firings = await listRecentFirings(deps.db, actor.businessProfileId, visible.map((r) => r.id), ALERT_FIRINGS_SHOWN);
  return visible.map((row) =>
    alertView(actor, row, (row.searchId !== null ? names.searches.get(row.searchId) : names.topics.get(row.topicId!)) ?? "", firings),
  );
}

/** GET /alerts/{id} */
export async function getAlert(deps: ServiceDeps, actor: Actor, id: number): Promise<AlertView> {
  requireAlerts(actor, "read");
  const { targetName } = await findVisibleAlert(deps, actor, id);
  return viewOf(deps, actor, id, targetName);
}

function fieldsOf(input: AlertUpdateInput) {
  return {
    name: input.name,
    isMuted: input.is_muted,
    recipientEmails: input.recipient_emails,
    emailDescription: input.email_description ?? null,
    thresholdCountMode: input.threshold_count_mode,
    thresholdCountValue: input.threshold_count_value,
    alertTimeSpan: input.alert_time_span,
  };
}

/** POST /alerts: an alert on a saved search or topic the caller sees, owned by the caller. */
export async function createAlert(deps: ServiceDeps, actor: Actor, input: AlertFormInput): Promise<AlertView> {
  requireAlerts(actor, "write");
  const target: AlertTarget = input.search_id !== undefined ? { searchId: input.search_id } : { topicId: input.topic_id! };
  const targetName = await findVisibleTarget(deps, actor, target);
  const now = isoNow(deps);
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertAlert(trx, {
      ...fieldsOf(input),
      isActive: input.is_active ?? true,
      businessProfileId: actor.businessProfileId,
      ownerAccountId: actor.accountId,
      target,
      now,
    });
    await refreshAlertsEnabled(trx, actor.businessProfileId, target);
    return inserted;
  });
  return viewOf(deps, actor, row.id, targetName);
}

/**
 * PUT /alerts/{id}: replaces the alert's fields (is_active only when given). A change of what it
 * counts (mode, value, span) or turning it on re-arms it.
 */
export async function updateAlert(deps: ServiceDeps, actor: Actor, id: number, input: AlertUpdateInput): Promise<AlertView> {
  const { alert, targetName } = await findVisibleAlert(deps, actor, id);
  requireEditAlert(actor, alert);
  const fields = { ...fieldsOf(input), ...(input.is_active !== undefined ? { isActive: input.is_active } : {}) };
  const rearm =
    fields.thresholdCountMode !== alert.thresholdCountMode ||
    fields.thresholdCountValue !== alert.thresholdCountValue ||
    fields.alertTimeSpan !== alert.alertTimeSpan ||
    (input.is_active === true && alert.isActive === 0);
  await deps.db.transaction().execute(async (trx) => {
    await updateAlertRow(trx, actor.businessProfileId, id, fields, { now: isoNow(deps), rearm });
    await refreshAlertsEnabled(trx, actor.businessProfileId, targetOf(alert));
  });
  return viewOf(deps, actor, id, targetName);
}

/** DELETE /alerts/{id}: the alert and its firings. */
export async function deleteAlert(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  const { alert } = await findVisibleAlert(deps, actor, id);
  requireEditAlert(actor, alert);
  await deps.db.transaction().execute(async (trx) => {
    await deleteAlertRow(trx, actor.businessProfileId, id);
    await refreshAlertsEnabled(trx, actor.businessProfileId, targetOf(alert));
  });
}

/** POST /alerts/{id}/toggle-state: on ↔ off; turning it on re-arms it. */
export async function toggleAlertState(deps: ServiceDeps, actor: Actor, id: number): Promise<AlertView> {
  const { alert, targetName } = await findVisibleAlert(deps, actor, id);
  requireEditAlert(actor, alert);
  const isActive = alert.isActive !== 1;
  await deps.db.transaction().execute(async (trx) => {
    await updateAlertRow(trx, actor.businessProfileId, id, { isActive }, { now: isoNow(deps), rearm: isActive });
    await refreshAlertsEnabled(trx, actor.businessProfileId, targetOf(alert));
  });
  return viewOf(deps, actor, id, targetName);
}
