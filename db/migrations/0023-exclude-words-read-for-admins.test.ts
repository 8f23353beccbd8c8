import { afterEach, describe, expect, it } from "vitest";
import { hasPermission, type Permissions } from "../../domain/permissions";
import { ROLES } from "../../domain/roles";
import { createWorkspace } from "../../services/workspace/create-workspace";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import { migrateToLatest } from "../migrate";

// Migration 0023 (ADR 035): agents and guests made before the permission table held
// `sentiment.exclude_words.read` = 1 while the API refused them; afterwards they hold 0, admins keep 1.
describe.each(testEngines({ engineSpecific: true }))("migration 0023 on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it("takes the exclusion words' read from agents and guests only", async () => {
    database = await createTestDatabase(engine, { migratedUpTo: "0022-notifications-unread-index" });
    const { db } = database;
    const member = (role: 1 | 2 | 4, email: string) => ({ role, email, firstName: "A", lastName: "B", password: "Secret-pass1" });
    const { accounts } = await createWorkspace(db, {
      name: "Upgraded",
      members: [member(ROLES.admin, "a@example.test"), member(ROLES.agent, "b@example.test"), member(ROLES.guest, "c@example.test")],
    });
    // As the old defaults stored them.
    const old = { sentiment: { exclude_words: { read: 1, write: 0 } }, inbox: { items: { read: 1 } } };
    for (const account of accounts) {
      await db.updateTable("accounts").set({ permissions: JSON.stringify(old) }).where("id", "=", account.id).execute();
    }
    expect(await migrateToLatest(db)).toContain("0023-exclude-words-read-for-admins");
    const rows = await db.selectFrom("accounts").select(["role", "permissions"]).orderBy("role").execute();
    const read = rows.map((r) => [r.role, hasPermission(JSON.parse(r.permissions) as Permissions, "sentiment.exclude_words.read")]);
    expect(read).toEqual([
      [ROLES.admin, true],
      [ROLES.agent, false],
      [ROLES.guest, false],
    ]);
    // Nothing else is touched.
    expect(rows.every((r) => hasPermission(JSON.parse(r.permissions) as Permissions, "inbox.items.read"))).toBe(true);
  });
});
