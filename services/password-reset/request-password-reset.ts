import { findAccountByEmail } from "../../db/repositories/accounts";
import { expirePasswordResets, insertPasswordReset } from "../../db/repositories/password-resets";
import { ACCOUNT_STATE } from "../../domain/constants";
import { MAIL_RATION_WINDOW_MS, RESET_MAILS_PER_ADDRESS, RESET_REQUESTS_PER_CLIENT } from "../../domain/limits";
import { MESSAGES } from "../../domain/messages";
import type { ServiceDeps } from "../context";
import { passwordResetEmail } from "../mail/messages";
import { hashToken, randomToken } from "../security/tokens";
import { takeRation, type Ration } from "../session/login-throttle";

const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/**
 * POST .../password_reset: mails a single-use link (256-bit token, stored hashed, 1 hour) built
 * from PUBLIC_URL, never from the request's Host. The answer is the same for unknown e-mails, and so
 * is the ration: the address is counted whether or not it has an account (ADR 026).
 */
export async function requestPasswordReset(
  deps: ServiceDeps,
  email: string,
  clientIp: string | null,
): Promise<{ message: string }> {
  await takeRation(deps.db, resetRations(email, clientIp), deps.now());
  const account = await findAccountByEmail(deps.db, email);
  if (account && account.state === ACCOUNT_STATE.active) {
    const token = randomToken();
    const now = deps.now();
    await deps.db.transaction().execute(async (trx) => {
      await expirePasswordResets(trx, account.id, now.toISOString());
      await insertPasswordReset(trx, {
        accountId: account.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
        createdAt: now.toISOString(),
      });
    });
    // Sent after answering, so a known e-mail does not answer slower than an unknown one.
    void deps.mailer
      .send(
        passwordResetEmail({
          to: account.email,
          productName: deps.settings.productName,
          url: `${deps.settings.publicUrl}/reset-password/${encodeURIComponent(token)}`,
        }),
      )
      .catch((error: unknown) => deps.reportError?.(error));
  }
  return { message: MESSAGES.resetEmailSent };
}

function resetRations(email: string, clientIp: string | null): Ration[] {
  const windowMs = MAIL_RATION_WINDOW_MS;
  const rations: Ration[] = [{ key: `reset-mail:${email.trim().toLowerCase()}`, limit: RESET_MAILS_PER_ADDRESS, windowMs }];
  if (clientIp) rations.push({ key: `reset-client:${clientIp}`, limit: RESET_REQUESTS_PER_CLIENT, windowMs });
  return rations;
}
