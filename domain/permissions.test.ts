import { describe, it, expect } from "vitest";
import {
  can,
  defaultPermissionsForRole,
  hasPermission,
  type Permissions,
} from "./permissions";
import { ROLES } from "./roles";

describe("hasPermission / can", () => {
  const perms: Permissions = {
    settings: { index: { write: 1, read: 0 } },
    inbox: { items: { write: 2 } },
  };

  it("is true when the entry is above 0", () => {
    expect(hasPermission(perms, "settings.index.write")).toBe(true);
    expect(hasPermission(perms, "inbox.items.write")).toBe(true);
    expect(can(perms, "settings", "index", "write")).toBe(true);
  });

  it("is false for 0, missing entries, null permissions and malformed keys", () => {
    expect(hasPermission(perms, "settings.index.read")).toBe(false);
    expect(hasPermission(perms, "settings.index.delete")).toBe(false);
    expect(hasPermission(perms, "teams.index.write")).toBe(false);
    expect(hasPermission(null, "settings.index.write")).toBe(false);
    expect(hasPermission(undefined, "settings.index.write")).toBe(false);
    expect(hasPermission(perms, "settings.index")).toBe(false);
    expect(hasPermission(perms, "settings.index.write.extra")).toBe(false);
    expect(hasPermission({ a: { b: { c: -1 } } }, "a.b.c")).toBe(false);
  });

  it("reads an entry whether the account's keys are snake_case (API) or camelCase (web client)", () => {
    expect(hasPermission({ dashboard: { shared_links: { write: 1 } } }, "dashboard.shared_links.write")).toBe(true);
    expect(hasPermission({ dashboard: { sharedLinks: { write: 1 } } }, "dashboard.shared_links.write")).toBe(true);
    expect(hasPermission({ mutedKeywords: { index: { read: 1 } } }, "muted_keywords.index.read")).toBe(true);
    expect(hasPermission({ dashboard: { sharedLinks: { write: 0 } } }, "dashboard.shared_links.write")).toBe(false);
  });

  it("ignores inherited properties", () => {
    expect(hasPermission(perms, "constructor.prototype.toString")).toBe(false);
    expect(hasPermission(perms, "__proto__.x.y")).toBe(false);
  });
});

describe("defaultPermissionsForRole", () => {
  it("lets admins and system admins write settings", () => {
    for (const role of [ROLES.systemAdmin, ROLES.admin]) {
      const p = defaultPermissionsForRole(role);
      expect(hasPermission(p, "settings.index.write")).toBe(true);
      expect(hasPermission(p, "settings.index.read")).toBe(true);
      expect(hasPermission(p, "users.index.write")).toBe(true);
      expect(hasPermission(p, "teams.index.write")).toBe(true);
      expect(hasPermission(p, "inbox.items.write")).toBe(true);
    }
  });

  it("keeps admin tools for system admins", () => {
    expect(
      hasPermission(
        defaultPermissionsForRole(ROLES.systemAdmin),
        "admin.index.write",
      ),
    ).toBe(true);
    expect(
      hasPermission(
        defaultPermissionsForRole(ROLES.admin),
        "admin.index.write",
      ),
    ).toBe(false);
  });

  it("lets agents read but not write settings, and work the inbox", () => {
    const p = defaultPermissionsForRole(ROLES.agent);
    expect(p.settings?.index?.read).toBe(1);
    expect(p.settings?.index?.write).toBe(0);
    expect(hasPermission(p, "inbox.items.write")).toBe(true);
    expect(hasPermission(p, "users.index.write")).toBe(false);
  });

  it("grants guests nothing but reading saved searches and topics (ADR 013) and the SSO screen (ADR 041), with the same shape", () => {
    const p = defaultPermissionsForRole(ROLES.guest);
    const granted = Object.entries(p).flatMap(([scope, byPerm]) =>
      Object.entries(byPerm).flatMap(([perm, byAction]) =>
        Object.entries(byAction).filter(([, v]) => v !== 0).map(([action]) => `${scope}.${perm}.${action}`),
      ),
    );
    expect(granted.sort()).toEqual(["searches.index.read", "sso.index.read", "topics.index.read"]);
    expect(Object.keys(p).sort()).toEqual(
      Object.keys(defaultPermissionsForRole(ROLES.admin)).sort(),
    );
  });
});
