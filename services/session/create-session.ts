import * as OTPAuth from "otpauth";
import { claimTotpStep, findAccountByEmail } from "../../db/repositories/accounts";
import { ACCOUNT_STATE } from "../../domain/constants";
import { AppError, unauthorized, withDetails } from "../../domain/errors";
import { SignInRefusedResponseSchema } from "../../domain/schemas/errors";
import { MESSAGES } from "../../domain/messages";
import type { ServiceDeps } from "../context";
import { buildAccountView } from "../accounts/account-view";
import { dummyPasswordHash, verifyPassword } from "../security/passwords";
import { openSession } from "./session-tokens";
import { signedIn, type SignedIn } from "./signed-in";
import { claimBackupCode } from "../../db/repositories/backup-codes";
import { hashBackupCode } from "../security/backup-codes";
import { hashToken, randomToken } from "../security/tokens";
import { claimLoginChallenge, findLoginChallenge, insertLoginChallenge } from "../../db/repositories/login-challenges";
import type { AccountRow } from "../../db/schema";
import { isPasswordLoginOpen } from "../sso/password-login";
import { assertNotThrottled, recordLoginFailure, recordLoginSuccess, throttleKeys } from "./login-throttle";

export interface CreateSessionInput {
  email: string;
  password?: string;
  otpCode?: string;
  /** The code step's token, in place of the password (see `passwordOrChallenge`). */
  otpToken?: string;
  clientIp: string | null;
}

const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Login (POST /v1/session): password, then the second factor when the account has one. */
export async function createSession(
  deps: ServiceDeps,
  input: CreateSessionInput,
): Promise<SignedIn> {
  const now = deps.now();
  const keys = throttleKeys(input.email, input.clientIp);
  await assertNotThrottled(deps.db, keys, now);

  const account = await findAccountByEmail(deps.db, input.email);
  const challenge = await passwordOrChallenge(deps, account, input, now);
  if (!account || !challenge.ok || account.state !== ACCOUNT_STATE.active) {
    await recordLoginFailure(deps.db, keys, now);
    throw unauthorized(MESSAGES.emailOrPasswordIncorrect);
  }
  // Said only to whoever knows the password, so it tells no one else that the address uses SSO.
  if (!(await isPasswordLoginOpen(deps, account))) throw unauthorized(MESSAGES.sso.passwordLoginClosed);

  if (account.otpEnabled === 1 && account.otpSecret) {
    const code = input.otpCode?.replace(/\s+/g, "");
    if (!code) {
      // The password was right: the code step goes on with a short-lived token, so the password
      // never has to travel back to the page (ADR 008).
      const otpToken = randomToken();
      await insertLoginChallenge(deps.db, {
        accountId: account.id,
        tokenHash: hashToken(otpToken),
        expiresAt: new Date(now.getTime() + LOGIN_CHALLENGE_TTL_MS).toISOString(),
        createdAt: now.toISOString(),
      });
      throw withDetails(unauthorized(MESSAGES.invalidOtpCode), SignInRefusedResponseSchema, { otpToken });
    }
    const step = /^\d{6}$/.test(code) ? acceptedTotpStep(account.otpSecret, code, now) : null;
    // A TOTP code is good once: a step at or before the last one used is a replay. The step is
    // claimed atomically, so two logins racing with the same code cannot both pass.
    const totpOk = step !== null && (await claimTotpStep(deps.db, account.id, step));
    const backupOk =
      !totpOk && step === null && (await claimBackupCode(deps.db, account.id, hashBackupCode(code), now.toISOString()));
    if (!totpOk && !backupOk) {
      await recordLoginFailure(deps.db, keys, now);
      throw new AppError("unauthorized", MESSAGES.codeNotValid);
    }
  }

  if (challenge.id !== null && !(await claimLoginChallenge(deps.db, challenge.id, now.toISOString()))) {
    throw unauthorized(MESSAGES.emailOrPasswordIncorrect);
  }
  await recordLoginSuccess(deps.db, input.email);
  const opened = await openSession(deps.db, { accountId: account.id, businessProfileId: account.businessProfileId }, now);
  return signedIn(opened, await buildAccountView(deps.db, account));
}

/**
 * The first factor: the password, or a code-step token issued for this account by an earlier
 * right password (unused, not expired). Unknown e-mails still cost a password hash.
 */
async function passwordOrChallenge(
  deps: ServiceDeps,
  account: AccountRow | undefined,
  input: CreateSessionInput,
  now: Date,
): Promise<{ ok: boolean; id: number | null }> {
  if (input.otpToken) {
    const found = await findLoginChallenge(deps.db, hashToken(input.otpToken));
    const ok = !!found && !!account && found.accountId === account.id && !found.usedAt && found.expiresAt > now.toISOString();
    return { ok, id: found?.id ?? null };
  }
  const ok = await verifyPassword(input.password ?? "", account?.passwordHash ?? (await dummyPasswordHash()));
  return { ok, id: null };
}

/** The time step a code belongs to (one step of drift either way), or null. */
export function acceptedTotpStep(secret: string, code: string, now: Date): number | null {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / 30) + delta;
}
