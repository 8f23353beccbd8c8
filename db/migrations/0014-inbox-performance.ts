import type { Kysely } from "kysely";

// The inbox at a million mentions (issue 6, ADR 014 "Performance"): indexes so that what every list
// page and action reads is found by a short index range instead of a walk over the tenant's rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The labels of some items (each list page, set-labels, percolation): by item first. Without it SQLite
  // walked the tenant's whole label index (business_profile_id, label_id, ...) for 15 item ids.
  await db.schema
    .createIndex("feed_item_labels_item_tenant_idx")
    .on("feed_item_labels")
    .columns(["feed_item_id", "business_profile_id", "label_id"])
    .execute();
  // The 'assigned to me' counter (open items of an assignee on the networks a role sees), read from the
  // index alone: one short range per assignee.
  await db.schema
    .createIndex("feed_items_assignee_open_idx")
    .on("feed_items")
    .columns(["business_profile_id", "assigned_to_type", "assigned_to_id", "state", "muted", "social_type"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("feed_items_assignee_open_idx").ifExists().execute();
  await db.schema.dropIndex("feed_item_labels_item_tenant_idx").ifExists().execute();
}
