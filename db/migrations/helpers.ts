import type { CreateTableBuilder, Kysely } from "kysely";
import { engineOf } from "../client";

/** An auto-incrementing integer primary key on either engine. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return engineOf(db) === "postgres"
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}
