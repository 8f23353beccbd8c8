import type { Database } from "../client";

export async function findThrottle(db: Database, key: string) {
  return db.selectFrom("loginThrottle").selectAll().where("key", "=", key).executeTakeFirst();
}

export async function saveThrottle(
  db: Database,
  row: { key: string; failures: number; windowStartedAt: string; lockedUntil: string | null },
): Promise<void> {
  await db
    .insertInto("loginThrottle")
    .values(row)
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        failures: row.failures,
        windowStartedAt: row.windowStartedAt,
        lockedUntil: row.lockedUntil,
      }),
    )
    .execute();
}

export async function clearThrottle(db: Database, key: string): Promise<void> {
  await db.deleteFrom("loginThrottle").where("key", "=", key).execute();
}
