import type { Kysely } from "kysely";
import { withId } from "./helpers";

// Several server processes on one database (issue 28, ADR 043).
// - job_leases: one row per background job (feed and review polling, daily rollups, alert evaluation and
//   delivery, and any job added later). A process runs a job only while it holds the row's lease, taken by
//   one conditional UPDATE (FOR UPDATE SKIP LOCKED on PostgreSQL), and only once `due_at` has come: a
//   finished run moves `due_at` on, a holder that dies leaves it where it was and its lease runs out, so
//   another process takes the job over and the due run finishes once.
// - live_events: live events (new notifications, new mentions for flow mode, cache invalidations) that
//   every process must see. On SQLite with several processes each one reads the rows after the last it
//   saw; on PostgreSQL they travel by NOTIFY and only a payload too large for NOTIFY is kept here. Rows
//   are kept for a minute.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("job_leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("owner", "text")
    .addColumn("lease_until", "text")
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("last_started_at", "text")
    .addColumn("last_finished_at", "text")
    .addColumn("runs", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable("live_events"))
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("live_events_created_idx").on("live_events").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("live_events").ifExists().execute();
  await db.schema.dropTable("job_leases").ifExists().execute();
}
