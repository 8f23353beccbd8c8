import type { Database } from "../../db/client";
import { clearThrottle, countThrottleFailure, findThrottle } from "../../db/repositories/login-throttle";
import { tooManyRequests } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";

// Per account: 5 failures in 15 minutes lock that account's logins for 15 minutes.
// Per client address: a higher bar, so one address cannot walk through many accounts.
const ACCOUNT_FAILURE_LIMIT = 5;
const ADDRESS_FAILURE_LIMIT = 20;
const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

export function throttleKeys(email: string, clientIp: string | null) {
  const keys = [{ key: `account:${email.trim().toLowerCase()}`, limit: ACCOUNT_FAILURE_LIMIT }];
  if (clientIp) keys.push({ key: `address:${clientIp}`, limit: ADDRESS_FAILURE_LIMIT });
  return keys;
}

export async function assertNotThrottled(db: Database, keys: Array<{ key: string }>, now: Date): Promise<void> {
  for (const { key } of keys) {
    const row = await findThrottle(db, key);
    if (row?.lockedUntil && row.lockedUntil > now.toISOString()) throw tooManyRequests();
  }
}

export async function recordLoginFailure(
  db: Database,
  keys: Array<{ key: string; limit: number }>,
  now: Date,
): Promise<void> {
  for (const { key, limit } of keys) {
    // Atomic: parallel failures must all count (a failure window is THROTTLE_WINDOW_MS long).
    await countThrottleFailure(db, {
      key,
      limit,
      now: now.toISOString(),
      windowOpenAfter: new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString(),
      lockUntil: new Date(now.getTime() + THROTTLE_WINDOW_MS).toISOString(),
    });
  }
}

export async function recordLoginSuccess(db: Database, email: string): Promise<void> {
  await clearThrottle(db, `account:${email.trim().toLowerCase()}`);
}

export interface Ration {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Rations an action (a mail sent on request) with the same counters as login failures: each call
 * counts one against every key, atomically, and the call that goes over a key's limit is refused
 * (429) before the action happens. Parallel calls cannot all slip under the limit.
 */
export async function takeRation(
  db: Database,
  rations: readonly Ration[],
  now: Date,
  message: string = MESSAGES.tooManyMails,
): Promise<void> {
  for (const { key, limit, windowMs } of rations) {
    const count = await countThrottleFailure(db, {
      key,
      limit: limit + 1,
      now: now.toISOString(),
      windowOpenAfter: new Date(now.getTime() - windowMs).toISOString(),
      lockUntil: new Date(now.getTime() + windowMs).toISOString(),
    });
    if (count > limit) throw tooManyRequests(message);
  }
}
