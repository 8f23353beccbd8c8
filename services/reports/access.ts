import { findAccount } from "../../db/repositories/accounts";
import { findEmailReport } from "../../db/repositories/email-reports";
import type { EmailReportRow } from "../../db/repositories/email-reports-schema";
import { findFilter } from "../../db/repositories/filters";
import { findSearchItem } from "../../db/repositories/search-items";
import { listTeamsOfAccounts } from "../../db/repositories/teams";
import { forbidden, notFound, validationError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import type { EmailReportFormInput } from "../../domain/schemas/email-reports";
import type { Actor, ServiceDeps } from "../context";
import { canSee } from "../searches/access";

const L = MESSAGES.emailReports;
/** Account state (spec analytics §9): active 1. */
const ACTIVE_ACCOUNT = 1;

/**
 * Who may use e-mail reports (ADR 035, ADR 039): the permission table's `reports.index.read` and
 * `reports.index.write`, held by admins and system admins (spec analytics §6: admin-only endpoints).
 */
export function requireReports(actor: Actor, action: "read" | "write"): void {
  if (!hasPermission(actor.permissions, `reports.index.${action}`)) throw forbidden();
}

/** A report of the caller's tenant, or 404 (missing and another tenant's alike). */
export async function findTenantReport(deps: ServiceDeps, actor: Actor, id: number): Promise<EmailReportRow> {
  const row = await findEmailReport(deps.db, actor.businessProfileId, id);
  if (!row) throw notFound(L.reportNotFound);
  return row;
}

/**
 * What a report names must be the tenant's (else 404, as another tenant's record is everywhere): the
 * receiver (an active account), the saved search and the competitors' searches, the articles filter.
 * The receiver must see the searches (ADR 013), since the report shows what the receiver's dashboard
 * would: otherwise the search's field says so (422).
 */
export async function assertReportReferences(deps: ServiceDeps, actor: Actor, input: EmailReportFormInput): Promise<void> {
  const bp = actor.businessProfileId;
  const receiver = await findAccount(deps.db, bp, input.reciver_account_id);
  if (!receiver || receiver.state !== ACTIVE_ACCOUNT) throw notFound(L.accountNotFound);
  if (input.articles_filter_id !== undefined && !(await findFilter(deps.db, bp, input.articles_filter_id))) throw notFound(L.filterNotFound);
  const teams = await listTeamsOfAccounts(deps.db, bp, [receiver.id]);
  const viewer = { accountId: receiver.id, teamIds: new Set(teams.map((t) => t.teamId)) };
  for (const [field, id] of [["search_id", input.search_id] as const, ...input.competitors.map((c) => ["competitors", c] as const)]) {
    const row = await findSearchItem(deps.db, bp, id);
    if (!row) throw notFound(MESSAGES.searches.searchNotFound);
    if (!canSee(viewer, row)) throw validationError({ [field]: [L.receiverCannotSee] });
  }
}
