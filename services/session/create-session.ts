import * as OTPAuth from "otpauth";
import { claimTotpStep, findAccountByEmail } from "../../db/repositories/accounts";
import { ACCOUNT_STATE } from "../../domain/constants";
import { AppError, unauthorized } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { ServiceDeps } from "../context";
import { buildAccountView, type AccountView } from "../accounts/account-view";
import { dummyPasswordHash, verifyPassword } from "../security/passwords";
import { openSession, type OpenedSession } from "./session-tokens";
import { claimBackupCode } from "../../db/repositories/backup-codes";
import { hashBackupCode } from "../security/backup-codes";
import { assertNotThrottled, recordLoginFailure, recordLoginSuccess, throttleKeys } from "./login-throttle";

export interface CreateSessionInput {
  email: string;
  password: string;
  otpCode?: string;
  clientIp: string | null;
}

/** Login (POST /v1/session): password, then the second factor when the account has one. */
export async function createSession(
  deps: ServiceDeps,
  input: CreateSessionInput,
): Promise<OpenedSession & { account: AccountView }> {
  const now = deps.now();
  const keys = throttleKeys(input.email, input.clientIp);
  await assertNotThrottled(deps.db, keys, now);

  const account = await findAccountByEmail(deps.db, input.email);
  const passwordOk = await verifyPassword(input.password, account?.passwordHash ?? (await dummyPasswordHash()));
  if (!account || !passwordOk || account.state !== ACCOUNT_STATE.active) {
    await recordLoginFailure(deps.db, keys, now);
    throw unauthorized(MESSAGES.emailOrPasswordIncorrect);
  }

  if (account.otpEnabled === 1 && account.otpSecret) {
    const code = input.otpCode?.replace(/\s+/g, "");
    if (!code) throw new AppError("unauthorized", MESSAGES.invalidOtpCode);
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

  await recordLoginSuccess(deps.db, input.email);
  const opened = await openSession(deps.db, { accountId: account.id, businessProfileId: account.businessProfileId }, now);
  return { ...opened, account: await buildAccountView(deps.db, account) };
}

/** The time step a code belongs to (one step of drift either way), or null. */
export function acceptedTotpStep(secret: string, code: string, now: Date): number | null {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / 30) + delta;
}
