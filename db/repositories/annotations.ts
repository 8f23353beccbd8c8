import type { Database } from "../client";
import type { AnnotationLayerRow, AnnotationRow } from "../schema";

export interface AnnotationLayerValues {
  name: string;
  color: number;
  brand: number | null;
  type: string;
}

export async function listAnnotationLayers(db: Database, businessProfileId: number): Promise<AnnotationLayerRow[]> {
  return db
    .selectFrom("annotationLayers")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .orderBy("id")
    .execute();
}

export async function findAnnotationLayer(db: Database, businessProfileId: number, id: number): Promise<AnnotationLayerRow | undefined> {
  return db
    .selectFrom("annotationLayers")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The layer of the tenant holding this colour, if any. */
export async function findAnnotationLayerByColor(
  db: Database,
  businessProfileId: number,
  color: number,
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom("annotationLayers")
    .select("id")
    .where("businessProfileId", "=", businessProfileId)
    .where("color", "=", color)
    .executeTakeFirst();
}

export async function insertAnnotationLayer(
  db: Database,
  businessProfileId: number,
  values: AnnotationLayerValues,
  accountId: number,
  now: string,
): Promise<{ id: number }> {
  return db
    .insertInto("annotationLayers")
    .values({ businessProfileId, ...values, createdBy: accountId, createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
}

export async function updateAnnotationLayer(
  db: Database,
  businessProfileId: number,
  id: number,
  values: Partial<AnnotationLayerValues>,
  now: string,
): Promise<void> {
  await db
    .updateTable("annotationLayers")
    .set({ ...values, updatedAt: now })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .execute();
}

/** Deletes a layer and its annotations. */
export async function deleteAnnotationLayer(db: Database, businessProfileId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("annotations").where("businessProfileId", "=", businessProfileId).where("layerId", "=", id).execute();
    await trx.deleteFrom("annotationLayers").where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
  });
}

/** An annotation with its author's name (null when the author is gone). */
export interface AnnotationWithAuthor extends AnnotationRow {
  authorName: string | null;
}

function withAuthor(db: Database, businessProfileId: number) {
  return db
    .selectFrom("annotations as a")
    .leftJoin("accounts as author", "author.id", "a.authorAccountId")
    .selectAll("a")
    .select(["author.firstName as authorFirstName", "author.lastName as authorLastName"])
    .where("a.businessProfileId", "=", businessProfileId);
}

function named(row: AnnotationRow & { authorFirstName: string | null; authorLastName: string | null }): AnnotationWithAuthor {
  const { authorFirstName, authorLastName, ...annotation } = row;
  const authorName =
    authorFirstName === null && authorLastName === null ? null : `${authorFirstName ?? ""} ${authorLastName ?? ""}`.trim();
  return { ...annotation, authorName };
}

/** The annotations of these layers (of the tenant), optionally anchored in [from, to), oldest first. */
export async function listAnnotations(
  db: Database,
  businessProfileId: number,
  layerIds: readonly number[],
  range: { from?: string | undefined; to?: string | undefined } = {},
): Promise<AnnotationWithAuthor[]> {
  if (layerIds.length === 0) return [];
  let query = withAuthor(db, businessProfileId).where("a.layerId", "in", [...layerIds]);
  if (range.from) query = query.where("a.anchorDate", ">=", range.from);
  if (range.to) query = query.where("a.anchorDate", "<", range.to);
  const rows = await query.orderBy("a.anchorDate").orderBy("a.id").execute();
  return rows.map(named);
}

export async function findAnnotation(db: Database, businessProfileId: number, id: number): Promise<AnnotationWithAuthor | undefined> {
  const row = await withAuthor(db, businessProfileId).where("a.id", "=", id).executeTakeFirst();
  return row ? named(row) : undefined;
}

export interface AnnotationValues {
  layerId: number;
  searchItemId: number | null;
  name: string;
  text: string;
  anchorDate: string;
  /** JSON text of [{ name, url }]. */
  attachments: string;
}

export async function insertAnnotation(
  db: Database,
  businessProfileId: number,
  values: AnnotationValues,
  accountId: number,
  now: string,
): Promise<{ id: number }> {
  return db
    .insertInto("annotations")
    .values({ businessProfileId, ...values, authorAccountId: accountId, createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
}

export async function updateAnnotation(
  db: Database,
  businessProfileId: number,
  id: number,
  values: Partial<AnnotationValues>,
  now: string,
): Promise<void> {
  await db
    .updateTable("annotations")
    .set({ ...values, updatedAt: now })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .execute();
}

export async function deleteAnnotation(db: Database, businessProfileId: number, id: number): Promise<void> {
  await db.deleteFrom("annotations").where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
}
