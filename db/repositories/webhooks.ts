import type { Database } from "../client";

export async function insertWebhook(
  db: Database,
  row: { businessProfileId: number; streamId: number; integrationName: string; uuid: string; secret: string; now: string },
) {
  const { now, ...values } = row;
  return db.insertInto("webhooks").values({ ...values, createdAt: now }).returningAll().executeTakeFirstOrThrow();
}

export async function listWebhooks(db: Database, businessProfileId: number, integrationName?: string) {
  let query = db.selectFrom("webhooks").selectAll().where("businessProfileId", "=", businessProfileId);
  if (integrationName) query = query.where("integrationName", "=", integrationName);
  return query.orderBy("id").execute();
}

export async function findWebhookOfStream(db: Database, businessProfileId: number, streamId: number) {
  return db
    .selectFrom("webhooks")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("streamId", "=", streamId)
    .executeTakeFirst();
}

/** Receivers are unauthenticated: the uuid in the URL (and the signature) identify the tenant. */
export async function findWebhookByUuid(db: Database, integrationName: string, uuid: string) {
  return db
    .selectFrom("webhooks")
    .selectAll()
    .where("integrationName", "=", integrationName)
    .where("uuid", "=", uuid)
    .executeTakeFirst();
}

export async function updateWebhookSecret(db: Database, businessProfileId: number, webhookId: number, secret: string) {
  await db.updateTable("webhooks").set({ secret }).where("businessProfileId", "=", businessProfileId).where("id", "=", webhookId).execute();
}

/** True when this delivery id is new (and records it); false for a repeated delivery. */
export async function claimWebhookDelivery(db: Database, webhookId: number, deliveryId: string, now: string): Promise<boolean> {
  const inserted = await db
    .insertInto("webhookDeliveries")
    .values({ webhookId, deliveryId, createdAt: now })
    .onConflict((oc) => oc.columns(["webhookId", "deliveryId"]).doNothing())
    .returning("webhookId")
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function isDeliveryRecorded(db: Database, webhookId: number, deliveryId: string): Promise<boolean> {
  const row = await db
    .selectFrom("webhookDeliveries")
    .select("webhookId")
    .where("webhookId", "=", webhookId)
    .where("deliveryId", "=", deliveryId)
    .executeTakeFirst();
  return row !== undefined;
}
