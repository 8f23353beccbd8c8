import type { AlertFiringRow, AlertRow } from "../../db/repositories/alerts-schema";
import type { FromWire } from "../../domain/key-case";
import type { AlertFiringResponseSchema, AlertMode, AlertResponseSchema } from "../../domain/schemas/alerts";
import { ALERT_EMAIL_STATUSES } from "../../domain/schemas/alerts";
import type { Actor } from "../context";
import { mayEditAlert } from "./access";

export type AlertView = FromWire<typeof AlertResponseSchema>;
type AlertFiringView = FromWire<typeof AlertFiringResponseSchema>;

/** How many firings an alert's answer carries (newest first); the list screen shows them. */
export const ALERT_FIRINGS_SHOWN = 5;

export function parseEmails(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

function firingView(row: AlertFiringRow): AlertFiringView {
  const status = (ALERT_EMAIL_STATUSES as readonly string[]).includes(row.emailStatus) ? row.emailStatus : "pending";
  return {
    id: row.id,
    firedAt: row.firedAt,
    windowStart: row.windowStart,
    windowEnd: row.windowEnd,
    matchCount: row.matchCount,
    baseline: row.baseline === null ? null : Number(row.baseline),
    thresholdCountMode: row.thresholdCountMode as AlertMode,
    thresholdCountValue: row.thresholdCountValue,
    isMuted: row.isMuted === 1,
    emailStatus: status as AlertFiringView["emailStatus"],
    emailAttempts: row.emailAttempts,
    emailSentAt: row.emailSentAt,
    emailError: row.emailError,
  };
}

export function alertView(actor: Actor, row: AlertRow, targetName: string, firings: readonly AlertFiringRow[]): AlertView {
  return {
    id: row.id,
    name: row.name,
    isMuted: row.isMuted === 1,
    isActive: row.isActive === 1,
    trigger: "automatic",
    sendVia: "email",
    recipientEmails: parseEmails(row.recipientEmails),
    emailDescription: row.emailDescription,
    thresholdCountMode: row.thresholdCountMode as AlertMode,
    thresholdCountValue: row.thresholdCountValue,
    alertTimeSpan: row.alertTimeSpan,
    searchId: row.searchId,
    topicId: row.topicId,
    targetName,
    ownerAccountId: row.ownerAccountId,
    editable: mayEditAlert(actor, row),
    lastEvaluatedAt: row.lastEvaluatedAt,
    lastCount: row.lastCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastFirings: firings.filter((f) => f.alertId === row.id).slice(0, ALERT_FIRINGS_SHOWN).map(firingView),
  };
}
