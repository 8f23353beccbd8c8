import crypto from "node:crypto";
import {
  claimDueAlerts,
  countWindows,
  insertFiring,
  recordEvaluation,
  releaseAlerts,
  topMatchingItems,
} from "../../db/repositories/alerts-evaluation";
import type { AlertRow } from "../../db/repositories/alerts-schema";
import { findTargetNames } from "../../db/repositories/alerts";
import { insertNotification } from "../../db/repositories/notifications";
import { MESSAGES } from "../../domain/messages";
import { SPIKE_PREVIOUS_WINDOWS } from "../../domain/schemas/alerts";
import type { ServiceDeps } from "../context";
import { NOTIFICATION_CREATED, notificationEvents, type NotificationCreatedEvent } from "../notifications/notify";
import { alertTargetPath } from "./alert-mail";

// The alerts' background evaluation (issue 24, ADR 029), one round per scheduler tick:
// 1. claim a batch of active alerts not yet evaluated in this round (a lease, one UPDATE: of several
//    evaluators in one or many processes exactly one holds an alert);
// 2. count each alert's matching mentions in its window(s) from the stored matches (query_matches);
// 3. in one transaction, for each alert whose lease is still this evaluator's: record the count and the
//    armed state; an armed alert whose count crossed its threshold fires: a firing row (its e-mail
//    pending, or `muted`) and, unless muted, a notification for its owner. An alert that fired stays
//    disarmed until its count is below the threshold again (one e-mail per crossing, never one per round);
// 4. give the leases back and claim the next batch.
// E-mails are sent by deliverAlertMails (deliver.ts), from the firings' rows, so an SMTP failure never
// loses or repeats a firing.

export interface AlertRoundReport {
  evaluated: number;
  fired: number;
}

/** How many matching mentions an e-mail lists. */
const TOP_MENTIONS = 5;
const DEFAULT_BATCH = 500;
/** Longer than a batch ever takes; a crashed evaluator's alerts are free again after it. */
const DEFAULT_LEASE_MS = 120_000;

interface Outcome {
  alert: AlertRow;
  count: number;
  baseline: number | null;
  windowStart: string;
  windowEnd: string;
  above: boolean;
}

/** The window bounds and counts of one alert, and whether it is above its threshold. */
async function measure(deps: ServiceDeps, alert: AlertRow, nowMs: number): Promise<Outcome> {
  const span = alert.alertTimeSpan * 60_000;
  const windows = alert.thresholdCountMode === "spike" ? 1 + SPIKE_PREVIOUS_WINDOWS : 1;
  const bounds = Array.from({ length: windows + 1 }, (_, i) => new Date(nowMs - i * span).toISOString());
  const counts = await countWindows(deps.db, alert, bounds);
  const count = counts[0] ?? 0;
  const windowStart = bounds[1]!;
  const windowEnd = bounds[0]!;
  if (alert.thresholdCountMode === "spike") {
    const previous = counts.slice(1);
    const baseline = previous.reduce((a, b) => a + b, 0) / previous.length;
    const above = count >= 1 && count > baseline && count >= baseline * (1 + alert.thresholdCountValue / 100);
    return { alert, count, baseline, windowStart, windowEnd, above };
  }
  return { alert, count, baseline: null, windowStart, windowEnd, above: count >= alert.thresholdCountValue };
}

/** One round over every active alert; returns how many were evaluated and how many fired. */
export async function evaluateAlerts(
  deps: ServiceDeps,
  options: { owner?: string; batch?: number; leaseMs?: number } = {},
): Promise<AlertRoundReport> {
  const owner = options.owner ?? `${process.pid}-${crypto.randomUUID()}`;
  const roundStart = deps.now().toISOString();
  const report: AlertRoundReport = { evaluated: 0, fired: 0 };
  for (;;) {
    const now = deps.now();
    const claimed = await claimDueAlerts(deps.db, {
      owner,
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + (options.leaseMs ?? DEFAULT_LEASE_MS)).toISOString(),
      limit: options.batch ?? DEFAULT_BATCH,
      evaluatedBefore: roundStart,
    });
    if (!claimed.length) return report;
    try {
      const outcomes: Outcome[] = [];
      for (const alert of claimed) outcomes.push(await measure(deps, alert, now.getTime()));
      const result = await record(deps, owner, outcomes, roundStart);
      report.evaluated += result.evaluated;
      report.fired += result.fired;
    } finally {
      await releaseAlerts(deps.db, owner, claimed.map((a) => a.id));
    }
  }
}

async function record(deps: ServiceDeps, owner: string, outcomes: readonly Outcome[], evaluatedAt: string): Promise<AlertRoundReport> {
  const firing = outcomes.filter((o) => o.above && o.alert.armed === 1);
  const names = await findTargetNamesOf(deps, firing.map((o) => o.alert));
  const tops = new Map<number, number[]>();
  for (const o of firing) tops.set(o.alert.id, await topMatchingItems(deps.db, o.alert, o.windowStart, TOP_MENTIONS));
  const created: NotificationCreatedEvent[] = [];
  const report = await deps.db.transaction().execute(async (trx) => {
    const result: AlertRoundReport = { evaluated: 0, fired: 0 };
    for (const o of outcomes) {
      const fires = o.above && o.alert.armed === 1;
      // Armed again only once the count is below the threshold; disarmed when it fires.
      const armed = fires ? false : o.alert.armed === 1 || !o.above;
      const held = await recordEvaluation(trx, { id: o.alert.id, owner, now: evaluatedAt, armed, count: o.count });
      if (!held) continue;
      result.evaluated++;
      if (!fires) continue;
      const muted = o.alert.isMuted === 1;
      await insertFiring(trx, {
        businessProfileId: o.alert.businessProfileId,
        alertId: o.alert.id,
        firedAt: evaluatedAt,
        windowStart: o.windowStart,
        windowEnd: o.windowEnd,
        matchCount: o.count,
        baseline: o.baseline,
        thresholdCountMode: o.alert.thresholdCountMode,
        thresholdCountValue: o.alert.thresholdCountValue,
        isMuted: muted ? 1 : 0,
        topItemIds: JSON.stringify(tops.get(o.alert.id) ?? []),
        emailStatus: muted ? "muted" : "pending",
        emailNextAttemptAt: null,
        emailLeaseUntil: null,
        emailSentAt: null,
        emailError: null,
      });
      result.fired++;
      if (muted || o.alert.ownerAccountId === null) continue;
      const target = names.get(o.alert.id) ?? "";
      const row = await insertNotification(trx, {
        businessProfileId: o.alert.businessProfileId,
        accountId: o.alert.ownerAccountId,
        text: MESSAGES.alerts.notification(o.alert.name, o.count, target),
        category: "alert",
        socialType: null,
        entityName: o.alert.name,
        link: alertTargetPath(o.alert),
        readAt: null,
        dismissed: 0,
        createdAt: evaluatedAt,
      });
      created.push({ accountId: o.alert.ownerAccountId, businessProfileId: o.alert.businessProfileId, id: row.id });
    }
    return result;
  });
  // Told to live listeners once stored for good.
  for (const event of created) {
    notificationEvents.emit(NOTIFICATION_CREATED, event);
    deps.events?.publish("notification", event);
  }
  return report;
}

async function findTargetNamesOf(deps: ServiceDeps, alerts: readonly AlertRow[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const bp of new Set(alerts.map((a) => a.businessProfileId))) {
    const mine = alerts.filter((a) => a.businessProfileId === bp);
    const found = await findTargetNames(
      deps.db,
      bp,
      mine.flatMap((a) => (a.searchId !== null ? [a.searchId] : [])),
      mine.flatMap((a) => (a.topicId !== null ? [a.topicId] : [])),
    );
    for (const a of mine) names.set(a.id, (a.searchId !== null ? found.searches.get(a.searchId) : found.topics.get(a.topicId!)) ?? "");
  }
  return names;
}
