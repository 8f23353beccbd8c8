import type { Kysely } from "kysely";

// A running import's heartbeat (issue 28, ADR 043): the process that runs an import renews it while the
// import runs (after every stored batch, and on a timer while the upload is slow). An import is marked
// interrupted only once its heartbeat is older than a job lease (JOB_LEASE_SECONDS), so another instance
// starting, or a cluster worker replaced, no longer marks every running import interrupted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("imports").addColumn("heartbeat_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("imports").dropColumn("heartbeat_at").execute();
}
