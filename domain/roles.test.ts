import { describe, it, expect } from "vitest";
import { ROLES, ROLE_LABELS, RoleSchema, isRole, roleAtLeast } from "./roles";

describe("roles", () => {
  it("uses the spec's ids", () => {
    expect(ROLES).toEqual({ systemAdmin: 0, admin: 1, agent: 2, guest: 4 });
    expect(ROLE_LABELS[4]).toBe("Guest");
    expect(ROLE_LABELS[0]).toBe("System admin");
  });

  it("recognises roles", () => {
    expect([0, 1, 2, 4].every(isRole)).toBe(true);
    expect(isRole(3)).toBe(false);
    expect(isRole("1")).toBe(false);
    expect(RoleSchema.safeParse(2).success).toBe(true);
    expect(RoleSchema.safeParse(3).success).toBe(false);
  });

  it("orders roles by power", () => {
    expect(roleAtLeast(ROLES.systemAdmin, ROLES.admin)).toBe(true);
    expect(roleAtLeast(ROLES.agent, ROLES.admin)).toBe(false);
    expect(roleAtLeast(ROLES.guest, ROLES.guest)).toBe(true);
  });
});
