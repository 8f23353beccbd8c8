import { findAccountForSession, findDefaultAccount } from "../../db/repositories/accounts";
import { findSession, revokeSession } from "../../db/repositories/auth-sessions";
import { endTakeover, insertTakeover } from "../../db/repositories/takeovers";
import { ACCOUNT_STATE } from "../../domain/constants";
import { AppError, badRequest, forbidden, notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { ROLES } from "../../domain/roles";
import { TAKEOVER_SESSION_LIFETIME_MS } from "../../domain/request-limits";
import type { FromWire } from "../../domain/key-case";
import type { TakeoverEndResponseSchema } from "../../domain/schemas/session";
import { buildAccountView, type AccountView } from "../accounts/account-view";
import { requireSystemAdmin } from "../accounts/authorization";
import type { Actor, ServiceDeps } from "../context";
import { openSession } from "../session/session-tokens";
import { signedIn, type SignedIn } from "../session/signed-in";

/** GET /v1/admin/accounts/{id}: any account of the install, for a system admin. */
export async function getAdminAccount(deps: ServiceDeps, actor: Actor, accountId: number): Promise<AccountView> {
  requireSystemAdmin(actor);
  const account = await findAccountForSession(deps.db, accountId);
  if (!account) throw notFound();
  return buildAccountView(deps.db, account);
}

/**
 * POST /v1/admin/accounts/takeover: a system admin signs in as an account (or a business profile's
 * default account) to see what its user sees. The new session carries the admin as impersonator,
 * acts with the user's own role (never more), and is recorded (who, whom, when).
 */
export async function startTakeover(
  deps: ServiceDeps,
  actor: Actor,
  input: { accountId?: number; businessProfileId?: number },
): Promise<SignedIn> {
  requireSystemAdmin(actor);
  let target;
  if (input.accountId) target = await findAccountForSession(deps.db, input.accountId);
  else if (input.businessProfileId) target = await findDefaultAccount(deps.db, input.businessProfileId);
  else throw badRequest(MESSAGES.badRequest, { account_id: [MESSAGES.required] });
  if (!target) throw notFound();
  if (target.id === actor.accountId || target.role === ROLES.systemAdmin || target.state !== ACCOUNT_STATE.active) {
    throw forbidden(MESSAGES.takeoverNotAllowed);
  }
  const now = deps.now();
  // One transaction: there is no take-over session without its record.
  const opened = await deps.db.transaction().execute(async (trx) => {
    const session = await openSession(
      trx,
      { accountId: target.id, businessProfileId: target.businessProfileId, impersonatorAccountId: actor.accountId },
      now,
      TAKEOVER_SESSION_LIFETIME_MS,
    );
    await insertTakeover(trx, {
      adminAccountId: actor.accountId,
      targetAccountId: target.id,
      targetBusinessProfileId: target.businessProfileId,
      sessionId: session.sessionId,
      startedAt: now.toISOString(),
    });
    return session;
  });
  return signedIn(opened, await buildAccountView(deps.db, target, { overtaken: true }));
}

/** DELETE /v1/admin/accounts/takeover: ends the take-over session the caller is in. */
export async function endTakeoverSession(deps: ServiceDeps, actor: Actor): Promise<FromWire<typeof TakeoverEndResponseSchema>> {
  if (actor.impersonatorAccountId === null) throw new AppError("bad_request", MESSAGES.notTakingOver);
  const session = await findSession(deps.db, actor.sessionId);
  if (!session) throw notFound();
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await revokeSession(trx, actor.sessionId, now, "takeover_ended");
    await endTakeover(trx, actor.sessionId, now);
  });
  return { adminAccountId: actor.impersonatorAccountId };
}
