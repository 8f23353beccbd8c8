// ADR 035: one permission table. For every role, the account's `permissions` answer says exactly what
// the API allows: each entry's endpoint, called as that role, is refused (403) where the entry is 0
// and let through where it is 1 (a record it names does not exist, so "through" is any answer but 403).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPermission, PERMISSION_KEYS, PERMISSION_TABLE, type PermissionKey } from "../domain/permissions";
import { createApiFixture, type ApiFixture, type SignedIn } from "../tests/support/api-fixture";

let fx: ApiFixture;
let roles: Record<"systemAdmin" | "admin" | "agent" | "guest", SignedIn>;

beforeAll(async () => {
  fx = await createApiFixture("sqlite");
  roles = await fx.signInRoles(await fx.createTenant());
});
afterAll(() => fx.cleanup());

describe("the account's permissions are what the API allows", () => {
  for (const role of ["systemAdmin", "admin", "agent", "guest"] as const) {
    it(`as ${role}`, async () => {
      const account = await fx.request("GET", "/api/accounts", { auth: roles[role] });
      expect(account.status).toBe(200);
      const permissions = account.json.permissions;
      const mismatches: string[] = [];
      for (const key of PERMISSION_KEYS) {
        const endpoint = PERMISSION_TABLE[key].endpoint as { method: string; path: string; body?: unknown } | null;
        if (!endpoint) continue;
        const res = await fx.request(endpoint.method, `/api${endpoint.path.replace("{id}", "999999999")}`, {
          auth: roles[role],
          ...(endpoint.body ? { body: endpoint.body } : {}),
        });
        const says = hasPermission(permissions, key);
        const allows = res.status !== 403 && res.status < 500;
        if (says !== allows) mismatches.push(`${key}: permissions say ${says ? 1 : 0}, ${endpoint.method} ${endpoint.path} answers ${res.status}`);
      }
      expect(mismatches).toEqual([]);
    });
  }

  it("names an endpoint for every entry a screen or call of this build uses", () => {
    const without = PERMISSION_KEYS.filter((key) => PERMISSION_TABLE[key].endpoint === null);
    // Screens not built yet and the
    // settings entries, which only choose the production-like menu's People, Profiles and Teams.
    expect(without.sort()).toEqual(
      ([
        "admin.index.write",
        "alerts.index.read",
        "alerts.index.write",
        "rules.index.read",
        "rules.index.write",
        "settings.index.read",
        "settings.index.write",
      ] satisfies PermissionKey[]).sort(),
    );
  });
});
