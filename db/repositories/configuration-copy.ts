// Reads a business profile's configuration and writes its copy (issue 26, ADR 040). Which tables are
// configuration, and how references inside are remapped, is the service's (services/business-profiles/
// copy-configuration.ts); here is only the SQL.
import type { Insertable, Selectable } from "kysely";
import type { Database } from "../client";
import type { DatabaseSchema } from "../schema";

/** The tables a copy reads and writes: each has an id and a business_profile_id. */
export type ConfigurationTable =
  | "searchFolders"
  | "searchItems"
  | "topicGroups"
  | "topics"
  | "labels"
  | "replyTemplates"
  | "rules"
  | "mutedKeywords"
  | "sentimentExcludeWords"
  | "dashboardTemplates"
  | "annotationLayers";

export type ConfigurationRow<T extends ConfigurationTable> = Selectable<DatabaseSchema[T]>;
export type NewConfigurationRow<T extends ConfigurationTable> = Insertable<DatabaseSchema[T]>;

/** Every row of `table` that belongs to the profile, oldest first (global rows, whose profile is null, are not its). */
export async function listConfigurationRows<T extends ConfigurationTable>(
  db: Database,
  table: T,
  businessProfileId: number,
): Promise<Array<ConfigurationRow<T>>> {
  // Kysely cannot follow a table name chosen by a type parameter: the query is written for one table.
  const rows = await db
    .selectFrom(table as "labels")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .orderBy("id")
    .execute();
  return rows as unknown as Array<ConfigurationRow<T>>;
}

/** Inserts one copied row and answers its new id. */
export async function insertConfigurationRow<T extends ConfigurationTable>(
  db: Database,
  table: T,
  row: NewConfigurationRow<T>,
): Promise<number> {
  const inserted = await db
    .insertInto(table as "labels")
    .values(row as unknown as Insertable<DatabaseSchema["labels"]>)
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}
