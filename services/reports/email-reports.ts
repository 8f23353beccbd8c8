import {
  deleteEmailReport as deleteEmailReportRow,
  findRun,
  insertCopyRun,
  insertEmailReport,
  latestRuns,
  listEmailReports as listEmailReportRows,
  setNextRun,
  updateEmailReport as updateEmailReportRow,
  type EmailReportValues,
} from "../../db/repositories/email-reports";
import { findAccount } from "../../db/repositories/accounts";
import { notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { EmailReportFormInput, MailerInput } from "../../domain/schemas/email-reports";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { assertReportReferences, findTenantReport, requireReports } from "./access";
import { deliverReportRuns, nextRunOf } from "./deliver";
import { reportView, runView, type EmailReportRunView, type EmailReportView } from "./report-view";

// E-mail reports (spec analytics §3, §7; issue 25; ADR 039): GET and POST /v1/admin/emails, PATCH and
// DELETE /v1/admin/emails/{id}, and POST /v1/admin/mailers (reset, send_me). Admins and system admins.

function valuesOf(input: EmailReportFormInput, nextRunAt: string | null): EmailReportValues {
  return {
    emailName: input.email_name,
    brandName: input.brand_name,
    emailType: input.email_type,
    reciverAccountId: input.reciver_account_id,
    searchId: input.search_id,
    articlesFilterId: input.articles_filter_id ?? null,
    mailFrequency: JSON.stringify(input.mail_frequency),
    deliverHour: input.deliver_hour,
    dataFrom: input.data_from,
    articlesUrl: input.articles_url ?? null,
    extraEmails: JSON.stringify(input.extra_emails),
    competitors: JSON.stringify(input.competitors.filter((id) => id !== input.search_id)),
    articlesLimit: input.articles_limit,
    postsLimit: input.posts_limit,
    omitResponse: input.omit_response ? 1 : 0,
    minLimitation: input.min_limitation,
    nextRunAt,
  };
}

async function viewOf(deps: ServiceDeps, actor: Actor, id: number): Promise<EmailReportView> {
  const row = await findTenantReport(deps, actor, id);
  const runs = await latestRuns(deps.db, actor.businessProfileId, [id]);
  return reportView(row, runs.get(id));
}

/** GET /v1/admin/emails: the tenant's reports, oldest first, each with its next due time and newest run. */
export async function listEmailReports(deps: ServiceDeps, actor: Actor): Promise<EmailReportView[]> {
  requireReports(actor, "read");
  const rows = await listEmailReportRows(deps.db, actor.businessProfileId);
  const runs = await latestRuns(deps.db, actor.businessProfileId, rows.map((r) => r.id));
  return rows.map((row) => reportView(row, runs.get(row.id)));
}

/** POST /v1/admin/emails: a report, scheduled from now on. */
export async function createEmailReport(deps: ServiceDeps, actor: Actor, input: EmailReportFormInput): Promise<EmailReportView> {
  requireReports(actor, "write");
  await assertReportReferences(deps, actor, input);
  const next = await nextRunOf(deps, { businessProfileId: actor.businessProfileId, mailFrequency: JSON.stringify(input.mail_frequency), deliverHour: input.deliver_hour }, deps.now());
  const row = await insertEmailReport(deps.db, actor.businessProfileId, valuesOf(input, next), isoNow(deps));
  return viewOf(deps, actor, row.id);
}

/** PATCH /v1/admin/emails/{id}: every field, as create takes them; the schedule is recomputed from now. */
export async function updateEmailReport(deps: ServiceDeps, actor: Actor, id: number, input: EmailReportFormInput): Promise<EmailReportView> {
  requireReports(actor, "write");
  await findTenantReport(deps, actor, id);
  await assertReportReferences(deps, actor, input);
  const next = await nextRunOf(deps, { businessProfileId: actor.businessProfileId, mailFrequency: JSON.stringify(input.mail_frequency), deliverHour: input.deliver_hour }, deps.now());
  await updateEmailReportRow(deps.db, actor.businessProfileId, id, valuesOf(input, next), isoNow(deps));
  return viewOf(deps, actor, id);
}

/** DELETE /v1/admin/emails/{id}: the report and its runs. */
export async function deleteEmailReport(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  requireReports(actor, "write");
  await findTenantReport(deps, actor, id);
  await deleteEmailReportRow(deps.db, actor.businessProfileId, id);
}

/**
 * POST /v1/admin/mailers: `reset` recomputes the report's next due time from now; `send_me` builds the
 * report of the period ending now and sends one copy to the caller only (a run of its own, retried like
 * the scheduled ones when the mail server is down).
 */
export async function runMailer(deps: ServiceDeps, actor: Actor, input: MailerInput): Promise<{ id: number; nextRunAt: string | null; copy: EmailReportRunView | null }> {
  requireReports(actor, "write");
  const report = await findTenantReport(deps, actor, input.id);
  let nextRunAt = report.nextRunAt;
  if (input.reset) {
    nextRunAt = await nextRunOf(deps, report, deps.now());
    await setNextRun(deps.db, actor.businessProfileId, report.id, nextRunAt);
  }
  let copy: EmailReportRunView | null = null;
  if (input.send_me) {
    const caller = await findAccount(deps.db, actor.businessProfileId, actor.accountId);
    if (!caller) throw notFound(MESSAGES.emailReports.accountNotFound);
    const runId = await insertCopyRun(deps.db, report, { dueAt: isoNow(deps), recipient: caller.email.toLowerCase(), now: isoNow(deps) });
    await deliverReportRuns(deps, { runId });
    copy = runView((await findRun(deps.db, runId))!);
  }
  return { id: report.id, nextRunAt, copy };
}
