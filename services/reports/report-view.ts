import type { EmailReportRow, EmailReportRunRow } from "../../db/repositories/email-reports-schema";
import type { FromWire } from "../../domain/key-case";
import {
  EMAIL_TYPES,
  REPORT_RUN_KINDS,
  REPORT_RUN_STATUSES,
  type EmailReportResponseSchema,
  type EmailReportRunResponseSchema,
} from "../../domain/schemas/email-reports";
import { parseIds } from "../searches/access";

/** A report as the API shows it (ADR 027: EmailReportResponseSchema). */
export type EmailReportView = FromWire<typeof EmailReportResponseSchema>;
export type EmailReportRunView = FromWire<typeof EmailReportRunResponseSchema>;

export function parseStrings(raw: string): string[] {
  try {
    const value = JSON.parse(raw) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T => ((values as readonly string[]).includes(value) ? (value as T) : fallback);

export function runView(run: EmailReportRunRow): EmailReportRunView {
  return {
    id: run.id,
    kind: oneOf(REPORT_RUN_KINDS, run.kind, "scheduled"),
    dueAt: run.dueAt,
    status: oneOf(REPORT_RUN_STATUSES, run.status, "pending"),
    recipients: parseStrings(run.recipients),
    mentionCount: run.mentionCount,
    attempts: run.attempts,
    error: run.error,
    finishedAt: run.finishedAt,
  };
}

export function reportView(row: EmailReportRow, lastRun: EmailReportRunRow | undefined): EmailReportView {
  return {
    id: row.id,
    businessProfileId: row.businessProfileId,
    emailName: row.emailName,
    brandName: row.brandName,
    emailType: oneOf(EMAIL_TYPES, row.emailType, "executive"),
    reciverAccountId: row.reciverAccountId,
    searchId: row.searchId,
    articlesFilterId: row.articlesFilterId,
    mailFrequency: parseIds(row.mailFrequency),
    deliverHour: row.deliverHour,
    dataFrom: row.dataFrom,
    articlesUrl: row.articlesUrl,
    extraEmails: parseStrings(row.extraEmails),
    competitors: parseIds(row.competitors),
    articlesLimit: row.articlesLimit,
    postsLimit: row.postsLimit,
    omitResponse: row.omitResponse === 1,
    minLimitation: row.minLimitation,
    nextRunAt: row.nextRunAt,
    lastRun: lastRun ? runView(lastRun) : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
