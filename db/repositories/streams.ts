import type { Database } from "../client";
import type { StreamRow } from "../schema";

export type StreamValues = Pick<StreamRow, "socialType" | "category" | "name" | "source" | "config" | "ingestKey"> & {
  createdBy: number | null;
  profileId?: number | null;
  nextPollAt?: string | null;
};

export async function listStreams(db: Database, businessProfileId: number, filter: { socialTypes?: string[] } = {}) {
  let query = db.selectFrom("streams").selectAll().where("businessProfileId", "=", businessProfileId);
  if (filter.socialTypes?.length) query = query.where("socialType", "in", filter.socialTypes);
  return query.orderBy("socialType").orderBy("name").orderBy("id").execute();
}

export async function findStream(db: Database, businessProfileId: number, streamId: number) {
  return db
    .selectFrom("streams")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", streamId)
    .executeTakeFirst();
}

/** The ingest API authenticates by key alone; the stream id in the path must match it. */
export async function findStreamByIngestKey(db: Database, ingestKey: string) {
  return db.selectFrom("streams").selectAll().where("ingestKey", "=", ingestKey).executeTakeFirst();
}

/** Streams of other tenants are found too: background jobs run for every tenant. */
export async function findStreamById(db: Database, streamId: number) {
  return db.selectFrom("streams").selectAll().where("id", "=", streamId).executeTakeFirst();
}

export async function insertStream(db: Database, businessProfileId: number, values: StreamValues, now: string) {
  return db
    .insertInto("streams")
    .values({ businessProfileId, ...values, profileId: values.profileId ?? null, nextPollAt: values.nextPollAt ?? null, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateStream(
  db: Database,
  businessProfileId: number,
  streamId: number,
  values: Partial<Pick<StreamRow, "name" | "config" | "ingestKey" | "nextPollAt" | "consecutiveFailures" | "lastError" | "lastErrorAt">> & { now: string },
) {
  const { now, ...rest } = values;
  await db
    .updateTable("streams")
    .set({ ...rest, updatedAt: now })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", streamId)
    .execute();
}

export async function deleteStream(db: Database, businessProfileId: number, streamId: number) {
  await db.deleteFrom("streams").where("businessProfileId", "=", businessProfileId).where("id", "=", streamId).execute();
}

/** After a batch: counts and the time of the newest item. */
export async function recordStreamItems(db: Database, streamId: number, added: number, newestItemAt: string | null, now: string) {
  await db
    .updateTable("streams")
    .set((eb) => ({
      itemsCount: eb("itemsCount", "+", added),
      lastSuccessAt: now,
      ...(newestItemAt
        ? { lastItemAt: eb.fn.coalesce(eb.case().when("lastItemAt", ">", newestItemAt).then(eb.ref("lastItemAt")).else(newestItemAt).end(), eb.val(newestItemAt)) }
        : {}),
    }))
    .where("id", "=", streamId)
    .execute();
}

/** A poll's outcome: success clears the error and the failure count; failure records them. */
export async function recordStreamPoll(
  db: Database,
  streamId: number,
  outcome:
    | { ok: true; now: string; nextPollAt: string; etag?: string | null; lastModified?: string | null }
    | { ok: false; now: string; nextPollAt: string; error: string },
) {
  if (outcome.ok) {
    await db
      .updateTable("streams")
      .set({
        lastSuccessAt: outcome.now,
        lastError: null,
        lastErrorAt: null,
        consecutiveFailures: 0,
        nextPollAt: outcome.nextPollAt,
        ...(outcome.etag !== undefined ? { etag: outcome.etag } : {}),
        ...(outcome.lastModified !== undefined ? { lastModified: outcome.lastModified } : {}),
      })
      .where("id", "=", streamId)
      .execute();
  } else {
    await db
      .updateTable("streams")
      .set((eb) => ({
        lastError: outcome.error,
        lastErrorAt: outcome.now,
        consecutiveFailures: eb("consecutiveFailures", "+", 1),
        nextPollAt: outcome.nextPollAt,
      }))
      .where("id", "=", streamId)
      .execute();
  }
}

/** Feed and review streams whose next poll is due, across tenants, oldest first. */
export async function listDuePolls(db: Database, now: string, limit: number) {
  return db
    .selectFrom("streams")
    .selectAll()
    .where("source", "in", ["feed", "review"])
    .where("nextPollAt", "<=", now)
    .orderBy("nextPollAt")
    .limit(limit)
    .execute();
}

/** The address of each stream's newest mention that has one (a Discord bot's server and channel are in it). */
export async function newestPostUrls(db: Database, businessProfileId: number, streamIds: readonly number[]): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  for (const streamId of streamIds) {
    const row = await db
      .selectFrom("feedItems")
      .select("postUrl")
      .where("businessProfileId", "=", businessProfileId)
      .where("streamId", "=", streamId)
      .where("postUrl", "is not", null)
      .orderBy("createdAt", "desc")
      .limit(1)
      .executeTakeFirst();
    if (row?.postUrl) found.set(streamId, row.postUrl);
  }
  return found;
}
