import type { Generated, Selectable } from "kysely";

// The alert tables of migration 0025 (issue 24, ADR 029), added to the database's schema type here
// (declaration merging) so that the alerts' storage stays in the alerts' own files.
interface AlertTable {
  id: Generated<number>;
  businessProfileId: number;
  ownerAccountId: number | null;
  name: string;
  isMuted: Generated<number>;
  isActive: Generated<number>;
  trigger: Generated<string>;
  sendVia: Generated<string>;
  /** JSON string[] */
  recipientEmails: Generated<string>;
  emailDescription: string | null;
  thresholdCountMode: string;
  thresholdCountValue: number;
  /** Minutes. */
  alertTimeSpan: number;
  searchId: number | null;
  topicId: number | null;
  /** 1: the next crossing fires; 0: fired, waits for the count to fall back below the threshold. */
  armed: Generated<number>;
  leaseOwner: string | null;
  leaseUntil: string | null;
  lastEvaluatedAt: string | null;
  lastCount: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface AlertFiringTable {
  id: Generated<number>;
  businessProfileId: number;
  alertId: number;
  firedAt: string;
  windowStart: string;
  windowEnd: string;
  matchCount: number;
  baseline: number | null;
  thresholdCountMode: string;
  thresholdCountValue: number;
  isMuted: number;
  /** JSON number[]: the window's most impactful matching mentions, best first. */
  topItemIds: string;
  emailStatus: string;
  emailAttempts: Generated<number>;
  emailNextAttemptAt: string | null;
  emailLeaseUntil: string | null;
  emailSentAt: string | null;
  emailError: string | null;
  /** Fixed when the e-mail is first marked `sending` (migration 0033); every send of it carries it. */
  emailMessageId: string | null;
  /** When a takeover found an earlier send interrupted after it may have reached the SMTP server. */
  emailInterruptedAt: string | null;
}

declare module "../schema" {
  interface DatabaseSchema {
    alerts: AlertTable;
    alertFirings: AlertFiringTable;
  }
}

export type AlertRow = Selectable<AlertTable>;
export type AlertFiringRow = Selectable<AlertFiringTable>;
