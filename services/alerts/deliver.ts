import { findAlert, findTargetNames } from "../../db/repositories/alerts";
import {
  claimDueFiringMails,
  findMailItems,
  markFiringMailFailed,
  markFiringMailSent,
} from "../../db/repositories/alerts-evaluation";
import type { ServiceDeps } from "../context";
import { parseIds } from "../searches/access";
import { alertMail } from "./alert-mail";
import { parseEmails } from "./alert-view";

// The alert e-mails (issue 24, ADR 029): every firing whose e-mail is pending is claimed and marked
// `sending` under a lease (one UPDATE, so that two processes never send the same one), sent through the
// mailer with a Message-ID fixed at its first claim, then marked sent. A failed send (SMTP down, refused)
// puts the firing back to pending and tries again later, backing off from one minute to an hour, and gives
// up (`failed`, shown on the alerts' list) after MAX_ATTEMPTS. A process that dies between the SMTP
// server's acceptance and the mark leaves the row `sending`: once its lease runs out another process takes
// it over and sends it again under the same Message-ID (at least once; receivers that keep one message per
// Message-ID show one), recording when it found the send interrupted.

const DEFAULT_BATCH = 50;
/** Longer than a send can take (nodemailer's own time-outs are shorter). */
const MAIL_LEASE_MS = 10 * 60_000;
const MAX_ATTEMPTS = 30;
const MAX_BACKOFF_MS = 60 * 60_000;

export interface AlertMailReport {
  sent: number;
  failed: number;
}

/** The host of the public address names the Message-IDs (RFC 5322: unique left part @ a domain of ours). */
function messageIdDomain(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || "earshot.invalid";
  } catch {
    return "earshot.invalid";
  }
}

export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** Math.max(0, attempts - 1));
}

export async function deliverAlertMails(deps: ServiceDeps, options: { batch?: number } = {}): Promise<AlertMailReport> {
  const report: AlertMailReport = { sent: 0, failed: 0 };
  const now = deps.now();
  const firings = await claimDueFiringMails(deps.db, {
    now: now.toISOString(),
    leaseUntil: new Date(now.getTime() + MAIL_LEASE_MS).toISOString(),
    limit: options.batch ?? DEFAULT_BATCH,
    messageIdDomain: messageIdDomain(deps.settings.publicUrl),
  });
  for (const firing of firings) {
    const alert = await findAlert(deps.db, firing.businessProfileId, firing.alertId);
    if (!alert) continue; // deleted meanwhile: its firings went with it
    try {
      const names = await findTargetNames(
        deps.db,
        alert.businessProfileId,
        alert.searchId !== null ? [alert.searchId] : [],
        alert.topicId !== null ? [alert.topicId] : [],
      );
      const ids = parseIds(firing.topItemIds);
      const items = await findMailItems(deps.db, alert.businessProfileId, ids);
      const byId = new Map(items.map((i) => [i.id, i]));
      await deps.mailer.send({
        ...alertMail({
          alert,
          firing,
          targetName:
            (alert.searchId !== null ? names.searches.get(alert.searchId) : names.topics.get(alert.topicId!)) ?? "",
          recipients: parseEmails(alert.recipientEmails),
          mentions: ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
          publicUrl: deps.settings.publicUrl,
          productName: deps.settings.productName,
        }),
        messageId: firing.emailMessageId!,
      });
      await markFiringMailSent(deps.db, firing.id, deps.now().toISOString());
      report.sent++;
    } catch (error) {
      const next =
        firing.emailAttempts >= MAX_ATTEMPTS
          ? null
          : new Date(deps.now().getTime() + retryDelayMs(firing.emailAttempts)).toISOString();
      await markFiringMailFailed(deps.db, firing.id, error instanceof Error ? error.message : String(error), next);
      report.failed++;
    }
  }
  return report;
}
