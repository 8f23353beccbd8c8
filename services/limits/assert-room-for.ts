import type { Database } from "../../db/client";
import { isPinned, pin } from "../../db/repositories/pins";
import { countPinsOfAccount, countTenantRows, lockTenantForLimits } from "../../db/repositories/tenant-limits";
import { AppError } from "../../domain/errors";
import { LIMITED_KIND_NAMES, PINS_PER_ACCOUNT, TENANT_LIMITS, type LimitedKind } from "../../domain/limits";
import { MESSAGES } from "../../domain/messages";

/**
 * Refuses (422, 'You can have at most 1,000 labels.') when the tenant already holds `limit` records of
 * this kind. Call it inside the transaction that inserts: the tenant is locked first, so two creates cannot
 * both see room for one (ADR 026). `limit` defaults to the domain constant; tests may pass a small one.
 */
export async function assertRoomFor(
  trx: Database,
  kind: LimitedKind,
  businessProfileId: number,
  now: string,
  limit: number = TENANT_LIMITS[kind],
  adding = 1,
): Promise<void> {
  await lockTenantForLimits(trx, businessProfileId);
  const count = await countTenantRows(trx, kind, businessProfileId, now);
  if (count + adding > limit) throw new AppError("validation", MESSAGES.limitReached(limit, LIMITED_KIND_NAMES[kind]));
}

/**
 * Pins the entity for the user, refused when they already hold PINS_PER_ACCOUNT pins (re-pinning a pinned
 * entity is always fine). Every pin path (pins, searches, folders, templates) goes through here.
 */
export async function pinWithinLimit(
  db: Database,
  actor: { businessProfileId: number; accountId: number },
  type: string,
  entityId: number,
  now: string,
  limit: number = PINS_PER_ACCOUNT,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await isPinned(trx, actor.accountId, type, entityId)) return;
    await lockTenantForLimits(trx, actor.businessProfileId);
    if ((await countPinsOfAccount(trx, actor.accountId)) >= limit) {
      throw new AppError("validation", MESSAGES.limitReached(limit, "pins"));
    }
    await pin(trx, actor.accountId, type, entityId, now);
  });
}
