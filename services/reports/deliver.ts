import crypto from "node:crypto";
import { findAccount } from "../../db/repositories/accounts";
import { findBusinessProfile } from "../../db/repositories/business-profiles";
import {
  claimDueReports,
  claimPendingRuns,
  failRun,
  findEmailReport,
  finishRun,
  listDelivered,
  recordDelivery,
  releaseReport,
  scheduleRun,
} from "../../db/repositories/email-reports";
import type { EmailReportRow, EmailReportRunRow } from "../../db/repositories/email-reports-schema";
import { DEFAULT_TIME_ZONE } from "../../domain/dashboard";
import type { ServiceDeps } from "../context";
import { parseIds } from "../searches/access";
import { buildExecutiveReport } from "./build-report";
import { renderExecutiveReport } from "./executive-mail";
import { parseStrings } from "./report-view";
import { nextRunAfter } from "./schedule";

// Sending the e-mail reports (issue 25, ADR 039), one round per scheduler tick, in two steps:
// 1. the due reports are claimed (a lease, one UPDATE, as the alerts' evaluation claims alerts: of several
//    schedulers in one or many processes exactly one holds a report); for each, one transaction records
//    the due time's run (unique per report and due time) and moves the report to its next due time, only
//    while the lease is still held. A restart or a second process finds the run recorded, never a second;
// 2. the pending runs are claimed (their own lease) and sent: the report is built once for the period that
//    ends at its due time, skipped when it has fewer mentions than min_limitation, else e-mailed to each
//    recipient in turn; each recipient reached is recorded at once, so that a retry after a failure (SMTP
//    down) goes only to those not yet reached. Retries back off from one minute to an hour and give up
//    (`failed`, shown on the reports' list) after MAX_ATTEMPTS.

const DEFAULT_BATCH = 20;
const REPORT_LEASE_MS = 120_000;
/** Longer than building and sending one report can take. */
const RUN_LEASE_MS = 10 * 60_000;
const MAX_ATTEMPTS = 12;
const MAX_BACKOFF_MS = 60 * 60_000;

export function reportRetryDelayMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** Math.max(0, attempts - 1));
}

async function timeZoneOf(deps: ServiceDeps, businessProfileId: number): Promise<string> {
  return (await findBusinessProfile(deps.db, businessProfileId))?.timeZone || DEFAULT_TIME_ZONE;
}

/** Who a report goes to: its receiver and its extra addresses, each once. */
async function recipientsOf(deps: ServiceDeps, report: EmailReportRow): Promise<string[]> {
  const receiver = await findAccount(deps.db, report.businessProfileId, report.reciverAccountId);
  const all = [...(receiver ? [receiver.email.toLowerCase()] : []), ...parseStrings(report.extraEmails)];
  return [...new Set(all)];
}

/** The next due time of a report from now on (null without days). */
export async function nextRunOf(deps: ServiceDeps, report: Pick<EmailReportRow, "businessProfileId" | "mailFrequency" | "deliverHour">, after: Date): Promise<string | null> {
  const timeZone = await timeZoneOf(deps, report.businessProfileId);
  return nextRunAfter({ mailFrequency: parseIds(report.mailFrequency), deliverHour: report.deliverHour }, timeZone, after);
}

/** Step 1: records the runs of the reports that are due and moves each to its next due time. */
export async function scheduleDueReports(deps: ServiceDeps, options: { owner?: string; batch?: number } = {}): Promise<number> {
  const owner = options.owner ?? `${process.pid}-${crypto.randomUUID()}`;
  let scheduled = 0;
  for (;;) {
    const now = deps.now();
    const claimed = await claimDueReports(deps.db, {
      owner,
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + REPORT_LEASE_MS).toISOString(),
      limit: options.batch ?? DEFAULT_BATCH,
    });
    if (!claimed.length) return scheduled;
    for (const report of claimed) {
      try {
        const dueAt = report.nextRunAt!;
        // A process that was down over several due times sends the latest only, not a burst of old ones.
        const next = await nextRunOf(deps, report, new Date(Math.max(now.getTime(), Date.parse(dueAt))));
        const recipients = await recipientsOf(deps, report);
        const held = await deps.db
          .transaction()
          .execute((trx) => scheduleRun(trx, { report, owner, dueAt, nextRunAt: next, recipients, now: now.toISOString() }));
        if (held) scheduled++;
      } catch (error) {
        await releaseReport(deps.db, report.id, owner);
        throw error;
      }
    }
  }
}

/**
 * Where a run's period ends: a scheduled run's at its due time; a copy's (asked for at any minute) at the
 * last whole hour, as a scheduled run's ends at its due hour, so that both read the hourly rollups.
 */
function periodEndOf(run: EmailReportRunRow): string {
  if (run.kind === "scheduled") return run.dueAt;
  const ms = Date.parse(run.dueAt);
  return new Date(ms - (ms % 3_600_000)).toISOString();
}

export interface ReportRunOutcome {
  sent: number;
  skipped: number;
  failed: number;
}

async function sendRun(deps: ServiceDeps, run: EmailReportRunRow, report: EmailReportRow, outcome: ReportRunOutcome): Promise<void> {
  try {
    const built = await buildExecutiveReport(deps, report, periodEndOf(run));
    const mentions = built.contexts[0]?.mentions ?? 0;
    // A copy on request shows the report as it is; only the schedule holds back a thin period.
    if (run.kind === "scheduled" && mentions < report.minLimitation) {
      await finishRun(deps.db, run.id, { status: "skipped", mentionCount: mentions, now: deps.now().toISOString() });
      outcome.skipped++;
      return;
    }
    const delivered = await listDelivered(deps.db, run.id);
    const waiting = parseStrings(run.recipients).filter((to) => !delivered.has(to));
    if (waiting.length) {
      const mail = await renderExecutiveReport(built, deps.settings.productName);
      for (const to of waiting) {
        await deps.mailer.send({ to, ...mail });
        await recordDelivery(deps.db, run.id, to, deps.now().toISOString());
      }
    }
    await finishRun(deps.db, run.id, { status: "sent", mentionCount: mentions, now: deps.now().toISOString() });
    outcome.sent++;
  } catch (error) {
    const next = run.attempts >= MAX_ATTEMPTS ? null : new Date(deps.now().getTime() + reportRetryDelayMs(run.attempts)).toISOString();
    await failRun(deps.db, run.id, { error: error instanceof Error ? error.message : String(error), nextAttemptAt: next, now: deps.now().toISOString() });
    outcome.failed++;
  }
}

/** Step 2: sends the pending runs (or the one named) whose attempt is due. */
export async function deliverReportRuns(deps: ServiceDeps, options: { batch?: number; runId?: number } = {}): Promise<ReportRunOutcome> {
  const outcome: ReportRunOutcome = { sent: 0, skipped: 0, failed: 0 };
  const now = deps.now();
  const runs = await claimPendingRuns(deps.db, {
    now: now.toISOString(),
    leaseUntil: new Date(now.getTime() + RUN_LEASE_MS).toISOString(),
    limit: options.batch ?? DEFAULT_BATCH,
    ...(options.runId !== undefined ? { runId: options.runId } : {}),
  });
  for (const run of runs) {
    const report = await findEmailReport(deps.db, run.businessProfileId, run.emailReportId);
    if (!report) continue; // deleted meanwhile: its runs went with it
    await sendRun(deps, run, report, outcome);
  }
  return outcome;
}

/** The scheduler's job: record what is due, then send what is pending. */
export async function runEmailReports(deps: ServiceDeps): Promise<void> {
  await scheduleDueReports(deps);
  await deliverReportRuns(deps);
}
