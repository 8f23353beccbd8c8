import type { Database } from "../../db/client";
import { findAccountForSession, updateAccount } from "../../db/repositories/accounts";
import { revokeSessionsOfAccount } from "../../db/repositories/auth-sessions";
import { clearThrottle } from "../../db/repositories/login-throttle";
import { claimPasswordReset, expirePasswordResets, findPasswordReset } from "../../db/repositories/password-resets";
import { ACCOUNT_STATE } from "../../domain/constants";
import { AppError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { ServiceDeps } from "../context";
import { hashPassword } from "../security/passwords";
import { hashToken } from "../security/tokens";

async function openReset(db: Database, token: string | undefined, now: Date) {
  const reset = token ? await findPasswordReset(db, hashToken(token)) : undefined;
  const account = reset ? await findAccountForSession(db, reset.accountId) : undefined;
  if (!reset || !account || reset.usedAt || reset.expiresAt <= now.toISOString() || account.state !== ACCOUNT_STATE.active) {
    throw new AppError("forbidden", MESSAGES.resetLinkInvalid);
  }
  return { reset, account };
}

/** GET .../password_reset?token=: whether the link still works (403 when not). */
export async function checkPasswordReset(deps: ServiceDeps, token: string | undefined) {
  const { account } = await openReset(deps.db, token, deps.now());
  return { email: account.email };
}

/** PUT .../password_reset: sets the new password once, and ends every session of the account. */
export async function resetPassword(deps: ServiceDeps, token: string | undefined, password: string) {
  const now = deps.now();
  const { reset, account } = await openReset(deps.db, token, now);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await claimPasswordReset(trx, reset.id, now.toISOString()))) throw new AppError("forbidden", MESSAGES.resetLinkInvalid);
    await updateAccount(trx, account.businessProfileId, account.id, { passwordHash, updatedAt: now.toISOString() });
    await expirePasswordResets(trx, account.id, now.toISOString());
    await revokeSessionsOfAccount(trx, account.id, now.toISOString(), "password_reset");
    await clearThrottle(trx, `account:${account.email}`);
  });
  return { message: MESSAGES.passwordChanged };
}
