import type { Kysely } from "kysely";

// ADR 035: the permission table is the one source of what a role may do. Reading the sentiment
// exclusion words is an admin's (spec core §6: admin-only endpoints), but agents were given
// `sentiment.exclude_words.read` = 1 while the API refused them. Accounts made since hold the table's
// value; this sets it to 0 for the agents and guests made before.
interface AccountRow {
  id: number;
  permissions: string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const typed = db as unknown as Kysely<{ accounts: AccountRow & { role: number } }>;
  const rows = await typed.selectFrom("accounts").select(["id", "permissions"]).where("role", "in", [2, 4]).execute();
  for (const row of rows) {
    let permissions: Record<string, Record<string, Record<string, number>>>;
    try {
      permissions = JSON.parse(row.permissions) as typeof permissions;
    } catch {
      continue;
    }
    const entry = permissions.sentiment?.exclude_words;
    if (!entry || !(typeof entry.read === "number" && entry.read > 0)) continue;
    entry.read = 0;
    await typed.updateTable("accounts").set({ permissions: JSON.stringify(permissions) }).where("id", "=", row.id).execute();
  }
}

/** The value taken away is not given back: nobody should hold it. */
export async function down(): Promise<void> {}
