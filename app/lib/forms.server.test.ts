import { describe, expect, it } from "vitest";
import { fieldLabel } from "./forms.server";

describe("fieldLabel", () => {
  it.each([
    ["email", "Email"],
    ["current_password", "Current password"],
    ["team_ids", "Teams"],
    ["account_ids", "Members"],
    ["entity_ids", "Teams"],
    ["otp_code", "Code"],
    ["business_profile_id", "Business profile"],
  ])("%s → %s", (field, label) => expect(fieldLabel(field)).toBe(label));
});
