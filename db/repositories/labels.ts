import { sql } from "kysely";
import type { Database } from "../client";
import type { LabelRow } from "../schema";

// Labels (spec core §3, ADR 014) and the labels set on mentions (feed_item_labels). Names are unique per
// tenant ignoring case: name_key holds the trimmed, lower-cased name and carries the unique index.

/** The key that makes two label names the same one. */
export function labelNameKey(name: string): string {
  return name.trim().toLowerCase();
}

export async function listLabels(
  db: Database,
  businessProfileId: number,
  filter: { contextId?: number; contextType?: number } = {},
): Promise<LabelRow[]> {
  let query = db.selectFrom("labels").selectAll().where("businessProfileId", "=", businessProfileId);
  if (filter.contextId !== undefined) query = query.where("contextId", "=", filter.contextId);
  if (filter.contextType !== undefined) query = query.where("contextType", "=", filter.contextType);
  return query.orderBy("nameKey").orderBy("id").execute();
}

export async function findLabel(db: Database, businessProfileId: number, id: number): Promise<LabelRow | undefined> {
  return db
    .selectFrom("labels")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function findLabelsByIds(db: Database, businessProfileId: number, ids: readonly number[]): Promise<LabelRow[]> {
  if (!ids.length) return [];
  return db
    .selectFrom("labels")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "in", [...ids])
    .execute();
}

export async function findLabelsByNameKeys(
  db: Database,
  businessProfileId: number,
  nameKeys: readonly string[],
): Promise<LabelRow[]> {
  if (!nameKeys.length) return [];
  return db
    .selectFrom("labels")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("nameKey", "in", [...nameKeys])
    .execute();
}

export interface NewLabel {
  businessProfileId: number;
  name: string;
  category: string | null;
  labelType: string;
  contextId: number | null;
  contextType: number | null;
  ownerAccountId: number | null;
  now: string;
}

function labelValues(row: NewLabel) {
  return {
    businessProfileId: row.businessProfileId,
    name: row.name,
    nameKey: labelNameKey(row.name),
    category: row.category,
    labelType: row.labelType,
    contextId: row.contextId,
    contextType: row.contextType,
    ownerAccountId: row.ownerAccountId,
    createdAt: row.now,
    updatedAt: row.now,
  };
}

/** Inserts a label; a name already taken (ignoring case) raises the unique violation. */
export async function insertLabel(db: Database, row: NewLabel): Promise<LabelRow> {
  return db.insertInto("labels").values(labelValues(row)).returningAll().executeTakeFirstOrThrow();
}

/**
 * Labels by name, created where missing (a set-labels call's new names): an existing name, whatever its
 * case, is reused, also when another request created it a moment ago.
 */
export async function ensureLabels(db: Database, rows: readonly NewLabel[]): Promise<LabelRow[]> {
  if (!rows.length) return [];
  const businessProfileId = rows[0]!.businessProfileId;
  await db
    .insertInto("labels")
    .values(rows.map(labelValues))
    .onConflict((oc) => oc.columns(["businessProfileId", "nameKey"]).doNothing())
    .execute();
  return findLabelsByNameKeys(
    db,
    businessProfileId,
    rows.map((r) => labelNameKey(r.name)),
  );
}

export async function updateLabel(
  db: Database,
  businessProfileId: number,
  id: number,
  values: { name?: string; category?: string | null; now: string },
): Promise<void> {
  await db
    .updateTable("labels")
    .set({
      ...(values.name !== undefined ? { name: values.name, nameKey: labelNameKey(values.name) } : {}),
      ...(values.category !== undefined ? { category: values.category } : {}),
      updatedAt: values.now,
    })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .execute();
}

/** Deletes a label and takes it off every mention; returns the mentions that carried it. */
export async function deleteLabel(db: Database, businessProfileId: number, id: number): Promise<number[]> {
  const items = await db
    .deleteFrom("feedItemLabels")
    .where("businessProfileId", "=", businessProfileId)
    .where("labelId", "=", id)
    .returning("feedItemId")
    .execute();
  await db.deleteFrom("labels").where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
  return items.map((r) => r.feedItemId);
}

/** The labels of some mentions, by name. */
export async function listLabelsOfItems(db: Database, businessProfileId: number, feedItemIds: readonly number[]) {
  if (!feedItemIds.length) return [];
  return db
    .selectFrom("feedItemLabels")
    .innerJoin("labels", "labels.id", "feedItemLabels.labelId")
    .select(["feedItemLabels.feedItemId", "labels.id", "labels.name", "labels.category"])
    .where("feedItemLabels.businessProfileId", "=", businessProfileId)
    .where("feedItemLabels.feedItemId", "in", [...feedItemIds])
    .orderBy("labels.nameKey")
    .execute();
}

/** Replaces a mention's labels with exactly these (callers have checked they are the tenant's). */
export async function setItemLabels(db: Database, businessProfileId: number, feedItemId: number, labelIds: readonly number[]) {
  await db
    .deleteFrom("feedItemLabels")
    .where("businessProfileId", "=", businessProfileId)
    .where("feedItemId", "=", feedItemId)
    .execute();
  if (labelIds.length)
    await db
      .insertInto("feedItemLabels")
      .values(labelIds.map((labelId) => ({ businessProfileId, feedItemId, labelId })))
      .execute();
}

/** How many mentions carry each label of the tenant. */
export async function countItemsPerLabel(db: Database, businessProfileId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("feedItemLabels")
    .select(["labelId", sql<number>`count(*)`.as("count")])
    .where("businessProfileId", "=", businessProfileId)
    .groupBy("labelId")
    .execute();
  return new Map(rows.map((r) => [r.labelId, Number(r.count)]));
}
