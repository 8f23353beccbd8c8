import type { Database } from "../client";
import type { ReplyTemplateRow } from "../schema";

/** A template with the names of who created it and who changed it last (null when they are gone). */
export interface ReplyTemplateWithAuthors extends ReplyTemplateRow {
  createdByName: string | null;
  updatedByName: string | null;
}

function withAuthors(db: Database, businessProfileId: number) {
  return db
    .selectFrom("replyTemplates as t")
    .leftJoin("accounts as creator", "creator.id", "t.createdBy")
    .leftJoin("accounts as updater", "updater.id", "t.updatedBy")
    .selectAll("t")
    .select([
      "creator.firstName as creatorFirstName",
      "creator.lastName as creatorLastName",
      "updater.firstName as updaterFirstName",
      "updater.lastName as updaterLastName",
    ])
    .where("t.businessProfileId", "=", businessProfileId);
}

function fullName(first: string | null, last: string | null): string | null {
  if (first === null && last === null) return null;
  return `${first ?? ""} ${last ?? ""}`.trim();
}

type JoinedRow = ReplyTemplateRow & {
  creatorFirstName: string | null;
  creatorLastName: string | null;
  updaterFirstName: string | null;
  updaterLastName: string | null;
};

function named(row: JoinedRow): ReplyTemplateWithAuthors {
  const { creatorFirstName, creatorLastName, updaterFirstName, updaterLastName, ...template } = row;
  return {
    ...template,
    createdByName: fullName(creatorFirstName, creatorLastName),
    updatedByName: fullName(updaterFirstName, updaterLastName),
  };
}

/** Every template of the tenant, newest change first (visibility is the service's to apply). */
export async function listReplyTemplates(db: Database, businessProfileId: number): Promise<ReplyTemplateWithAuthors[]> {
  const rows = await withAuthors(db, businessProfileId).orderBy("t.updatedAt", "desc").orderBy("t.id", "desc").execute();
  return rows.map(named);
}

export async function findReplyTemplate(db: Database, businessProfileId: number, id: number): Promise<ReplyTemplateWithAuthors | undefined> {
  const row = await withAuthors(db, businessProfileId).where("t.id", "=", id).executeTakeFirst();
  return row ? named(row) : undefined;
}

export interface ReplyTemplateValues {
  name: string;
  message: string;
  categories: string[];
  languages: string[];
  entityType: number;
  entityIds: number[];
  active: boolean;
}

export async function insertReplyTemplate(
  db: Database,
  businessProfileId: number,
  values: ReplyTemplateValues,
  accountId: number,
  now: string,
): Promise<{ id: number }> {
  return db
    .insertInto("replyTemplates")
    .values({
      businessProfileId,
      name: values.name,
      message: values.message,
      categories: JSON.stringify(values.categories),
      languages: JSON.stringify(values.languages),
      entityType: values.entityType,
      entityIds: JSON.stringify(values.entityIds),
      active: values.active ? 1 : 0,
      createdBy: accountId,
      updatedBy: accountId,
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

export async function updateReplyTemplate(
  db: Database,
  businessProfileId: number,
  id: number,
  values: Partial<ReplyTemplateValues>,
  accountId: number,
  now: string,
): Promise<void> {
  await db
    .updateTable("replyTemplates")
    .set({
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.message !== undefined ? { message: values.message } : {}),
      ...(values.categories !== undefined ? { categories: JSON.stringify(values.categories) } : {}),
      ...(values.languages !== undefined ? { languages: JSON.stringify(values.languages) } : {}),
      ...(values.entityType !== undefined ? { entityType: values.entityType } : {}),
      ...(values.entityIds !== undefined ? { entityIds: JSON.stringify(values.entityIds) } : {}),
      ...(values.active !== undefined ? { active: values.active ? 1 : 0 } : {}),
      updatedBy: accountId,
      updatedAt: now,
    })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .execute();
}

export async function deleteReplyTemplate(db: Database, businessProfileId: number, id: number): Promise<void> {
  await db.deleteFrom("replyTemplates").where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
}
