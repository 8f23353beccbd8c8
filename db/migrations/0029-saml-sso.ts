import type { Kysely } from "kysely";

// Single sign-on with SAML 2.0 (analytics spec §2, §3, §7; issue 26; ADR 041).
// - saml_configurations: one identity provider per business profile (the spec's idpLoginUrl,
//   idpEntityId, idpCert, isActive).
// - saml_requests: every AuthnRequest sent, so the answer's InResponseTo can be checked by whichever
//   process receives it (several may run); `binding_hash` ties it to the browser that started it and
//   `consumed_at` is claimed by one UPDATE, so one request signs in once.
// - saml_assertions: the IDs of assertions already used, kept until they expire, so one assertion
//   signs in once even inside another response.
export async function up(db: Kysely<unknown>): Promise<void> {
  await everyMemberReadsSso(db);
  await db.schema
    .createTable("saml_configurations")
    .addColumn("business_profile_id", "integer", (c) => c.primaryKey().references("business_profiles.id").onDelete("cascade"))
    .addColumn("idp_login_url", "text", (c) => c.notNull())
    .addColumn("idp_entity_id", "text", (c) => c.notNull())
    .addColumn("idp_cert", "text", (c) => c.notNull())
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_by_account_id", "integer", (c) => c.references("accounts.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("saml_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id").onDelete("cascade"))
    .addColumn("binding_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("consumed_at", "text")
    .execute();
  await db.schema.createIndex("saml_requests_expiry_idx").on("saml_requests").column("expires_at").execute();

  await db.schema
    .createTable("saml_assertions")
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id").onDelete("cascade"))
    .addColumn("assertion_id", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("saml_assertions_pk", ["business_profile_id", "assertion_id"])
    .execute();
  await db.schema.createIndex("saml_assertions_expiry_idx").on("saml_assertions").column("expires_at").execute();
}

/**
 * The SSO screen is "login required" (spec analytics §2): every member reads it, only admins change it
 * (ADR 041). Accounts made since hold the permission table's value; this gives `sso.index.read` to the
 * agents and guests made before.
 */
async function everyMemberReadsSso(db: Kysely<unknown>): Promise<void> {
  const typed = db as unknown as Kysely<{ accounts: { id: number; permissions: string; role: number } }>;
  const rows = await typed.selectFrom("accounts").select(["id", "permissions"]).where("role", "in", [2, 4]).execute();
  for (const row of rows) {
    let permissions: Record<string, Record<string, Record<string, number>>>;
    try {
      permissions = JSON.parse(row.permissions) as typeof permissions;
    } catch {
      continue;
    }
    const sso = ((permissions.sso ??= {}).index ??= {});
    if (sso.read === 1) continue;
    sso.read = 1;
    await typed.updateTable("accounts").set({ permissions: JSON.stringify(permissions) }).where("id", "=", row.id).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("saml_assertions").execute();
  await db.schema.dropTable("saml_requests").execute();
  await db.schema.dropTable("saml_configurations").execute();
}
