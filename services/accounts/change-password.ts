import { findAccount, updateAccount } from "../../db/repositories/accounts";
import { revokeSessionsOfAccount } from "../../db/repositories/auth-sessions";
import { notFound, validationError } from "../../domain/errors";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import type { PasswordChangedResponseSchema } from "../../domain/schemas/accounts";
import type { Actor, ServiceDeps } from "../context";
import { hashPassword, verifyPassword } from "../security/passwords";
import { requireOwnSession } from "./authorization";

/** Changing the password (safety and privacy) keeps this session and ends every other one. */
export async function changePassword(deps: ServiceDeps, actor: Actor, input: { currentPassword: string; password: string }): Promise<FromWire<typeof PasswordChangedResponseSchema>> {
  requireOwnSession(actor);
  const account = await findAccount(deps.db, actor.businessProfileId, actor.accountId);
  if (!account) throw notFound();
  if (!(await verifyPassword(input.currentPassword, account.passwordHash))) {
    throw validationError({ current_password: [MESSAGES.currentPasswordWrong] });
  }
  const passwordHash = await hashPassword(input.password);
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await updateAccount(trx, actor.businessProfileId, actor.accountId, { passwordHash, updatedAt: now });
    await revokeSessionsOfAccount(trx, actor.accountId, now, "password_changed", actor.sessionId);
  });
  return { message: MESSAGES.passwordChanged };
}
