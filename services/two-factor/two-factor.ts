import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { findAccount, updateAccount } from "../../db/repositories/accounts";
import { revokeSessionsOfAccount } from "../../db/repositories/auth-sessions";
import { replaceBackupCodes } from "../../db/repositories/backup-codes";
import { conflict, notFound, validationError, AppError } from "../../domain/errors";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import type {
  BackupCodesResponseSchema,
  TwoFactorOffResponseSchema,
  TwoFactorSetupResponseSchema,
} from "../../domain/schemas/accounts";
import { requireOwnSession } from "../accounts/authorization";
import type { Actor, ServiceDeps } from "../context";
import { generateBackupCodes, hashBackupCode } from "../security/backup-codes";
import { verifyPassword } from "../security/passwords";
import { acceptedTotpStep } from "../session/create-session";

async function callerAccount(deps: ServiceDeps, actor: Actor) {
  requireOwnSession(actor);
  const account = await findAccount(deps.db, actor.businessProfileId, actor.accountId);
  if (!account) throw notFound();
  return account;
}

async function issueBackupCodes(deps: ServiceDeps, accountId: number): Promise<string[]> {
  const codes = generateBackupCodes();
  await replaceBackupCodes(deps.db, accountId, codes.map(hashBackupCode), deps.now().toISOString());
  return codes;
}

/** .../two_factor_authentication/setup: a new secret (not active until a code proves the app has it). */
export async function setupTwoFactor(deps: ServiceDeps, actor: Actor): Promise<FromWire<typeof TwoFactorSetupResponseSchema>> {
  const account = await callerAccount(deps, actor);
  if (account.otpEnabled === 1) throw conflict(MESSAGES.twoFactorEnabled);
  const secret = new OTPAuth.Secret({ size: 20 });
  const totp = new OTPAuth.TOTP({
    issuer: deps.settings.productName,
    label: account.email,
    secret,
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  });
  await updateAccount(deps.db, actor.businessProfileId, actor.accountId, {
    otpSecret: secret.base32,
    otpLastUsedStep: null,
    updatedAt: deps.now().toISOString(),
  });
  const otpauthUri = totp.toString();
  const qrCodeSvg = await QRCode.toString(otpauthUri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret: secret.base32, otpauthUri, qrCodeSvg };
}

/** .../activate: the first code from the app turns two-factor login on and returns 10 backup codes. */
export async function activateTwoFactor(deps: ServiceDeps, actor: Actor, otpCode: string): Promise<FromWire<typeof BackupCodesResponseSchema>> {
  const account = await callerAccount(deps, actor);
  if (account.otpEnabled === 1) throw conflict(MESSAGES.twoFactorEnabled);
  if (!account.otpSecret) throw new AppError("bad_request", MESSAGES.twoFactorNotSetUp);
  const step = acceptedTotpStep(account.otpSecret, otpCode.replace(/\s+/g, ""), deps.now());
  if (step === null) throw validationError({ otp_code: [MESSAGES.codeNotValid] });
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await updateAccount(trx, actor.businessProfileId, actor.accountId, { otpEnabled: 1, otpLastUsedStep: step, updatedAt: now });
    // A session opened without the second factor must not outlive its activation (issue 31).
    await revokeSessionsOfAccount(trx, actor.accountId, now, "two_factor_enabled", actor.sessionId);
  });
  return { backupCodes: await issueBackupCodes(deps, account.id) };
}

/** .../regenerate_backup_codes: ten new codes; the old ones stop working. */
export async function regenerateBackupCodes(deps: ServiceDeps, actor: Actor): Promise<FromWire<typeof BackupCodesResponseSchema>> {
  const account = await callerAccount(deps, actor);
  if (account.otpEnabled !== 1) throw new AppError("bad_request", MESSAGES.twoFactorNotSetUp);
  return { backupCodes: await issueBackupCodes(deps, account.id) };
}

/** POST accounts/two_factor_authentications with the password: turns two-factor login off (ADR 008). */
export async function disableTwoFactor(deps: ServiceDeps, actor: Actor, password: string): Promise<FromWire<typeof TwoFactorOffResponseSchema>> {
  const account = await callerAccount(deps, actor);
  if (!(await verifyPassword(password, account.passwordHash))) {
    throw validationError({ password: [MESSAGES.currentPasswordWrong] });
  }
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await updateAccount(trx, actor.businessProfileId, actor.accountId, {
      otpEnabled: 0,
      otpSecret: null,
      otpLastUsedStep: null,
      updatedAt: now,
    });
    await replaceBackupCodes(trx, account.id, [], now);
    // Like a password change: a change of credentials keeps this session and ends the others.
    await revokeSessionsOfAccount(trx, actor.accountId, now, "two_factor_disabled", actor.sessionId);
  });
  return { otpEnabled: false };
}
