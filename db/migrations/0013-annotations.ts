import type { Kysely } from "kysely";
import { withId } from "./helpers";

// Annotation layers and annotations (issue 7, ADR 015; spec analytics §3): a layer's colour is an
// index into the 12-colour palette, unique per tenant; an annotation is anchored at a date on a layer.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("annotation_layers"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("color", "integer", (c) => c.notNull())
    .addColumn("brand", "integer")
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("created_by", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("annotation_layers_color_unique", ["business_profile_id", "color"])
    .execute();

  await withId(db, db.schema.createTable("annotations"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("layer_id", "integer", (c) => c.notNull().references("annotation_layers.id").onDelete("cascade"))
    .addColumn("search_item_id", "integer")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("anchor_date", "text", (c) => c.notNull())
    .addColumn("author_account_id", "integer")
    .addColumn("attachments", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("annotations_layer_idx")
    .on("annotations")
    .columns(["business_profile_id", "layer_id", "anchor_date"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("annotations_layer_idx").ifExists().execute();
  await db.schema.dropTable("annotations").ifExists().execute();
  await db.schema.dropTable("annotation_layers").ifExists().execute();
}
