import type { Generated, Selectable } from "kysely";

// The e-mail report tables of migration 0027 (issue 25, ADR 039), added to the database's schema type
// here (declaration merging) so that the reports' storage stays in the reports' own files.
interface EmailReportTable {
  id: Generated<number>;
  businessProfileId: number;
  emailName: string;
  brandName: string;
  emailType: Generated<string>;
  reciverAccountId: number;
  searchId: number;
  articlesFilterId: number | null;
  /** JSON number[]: weekdays, 0 Sunday … 6 Saturday. */
  mailFrequency: string;
  deliverHour: number;
  /** Days the report covers. */
  dataFrom: number;
  articlesUrl: string | null;
  /** JSON string[] */
  extraEmails: Generated<string>;
  /** JSON number[]: saved search ids. */
  competitors: Generated<string>;
  articlesLimit: number;
  postsLimit: number;
  omitResponse: Generated<number>;
  minLimitation: Generated<number>;
  nextRunAt: string | null;
  leaseOwner: string | null;
  leaseUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

interface EmailReportRunTable {
  id: Generated<number>;
  businessProfileId: number;
  emailReportId: number;
  kind: string;
  dueAt: string;
  /** JSON string[] */
  recipients: string;
  status: string;
  mentionCount: number | null;
  attempts: Generated<number>;
  nextAttemptAt: string | null;
  leaseUntil: string | null;
  error: string | null;
  finishedAt: string | null;
  createdAt: string;
}

interface EmailReportDeliveryTable {
  id: Generated<number>;
  runId: number;
  recipient: string;
  sentAt: string;
}

declare module "../schema" {
  interface DatabaseSchema {
    emailReports: EmailReportTable;
    emailReportRuns: EmailReportRunTable;
    emailReportDeliveries: EmailReportDeliveryTable;
  }
}

export type EmailReportRow = Selectable<EmailReportTable>;
export type EmailReportRunRow = Selectable<EmailReportRunTable>;
