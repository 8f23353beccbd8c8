import { sql, type Kysely } from "kysely";

// Team names are unique per business profile whatever their case (ADR 008). The service checks
// first for a friendly 422; this index makes the rule hold when two requests race.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("teams_name_ci_unique")
    .on("teams")
    .unique()
    .expression(sql`business_profile_id, lower(name)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("teams_name_ci_unique").ifExists().execute();
}
