import { sql } from "kysely";
import type { Database } from "../client";

export async function findThrottle(db: Database, key: string) {
  return db.selectFrom("loginThrottle").selectAll().where("key", "=", key).executeTakeFirst();
}

/**
 * Counts one failure in a single statement, so concurrent failures are never lost (a read, then a
 * write, let parallel attempts overwrite each other's count and never reach the limit). A window
 * that started at or before `windowOpenAfter` is over: the count starts again at 1. Reaching
 * `limit` sets `locked_until` to `lockUntil`. Answers the count after this one, so a caller that
 * rations an action (mails per address) can refuse the one over the limit without a second read.
 */
export async function countThrottleFailure(
  db: Database,
  input: { key: string; now: string; windowOpenAfter: string; limit: number; lockUntil: string },
): Promise<number> {
  const windowOpen = sql<boolean>`${sql.ref("loginThrottle.windowStartedAt")} > ${input.windowOpenAfter}`;
  const failures = sql<number>`case when ${windowOpen} then ${sql.ref("loginThrottle.failures")} + 1 else 1 end`;
  const row = await db
    .insertInto("loginThrottle")
    .values({
      key: input.key,
      failures: 1,
      windowStartedAt: input.now,
      lockedUntil: input.limit <= 1 ? input.lockUntil : null,
    })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        failures,
        windowStartedAt: sql<string>`case when ${windowOpen} then ${sql.ref("loginThrottle.windowStartedAt")} else ${input.now} end`,
        lockedUntil: sql<string | null>`case when ${failures} >= ${input.limit} then ${input.lockUntil} else null end`,
      }),
    )
    .returning("failures")
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

export async function clearThrottle(db: Database, key: string): Promise<void> {
  await db.deleteFrom("loginThrottle").where("key", "=", key).execute();
}
