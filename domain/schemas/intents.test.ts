import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages";
import { TeamActionSchema, UserActionSchema } from "./accounts";
import { LabelActionSchema } from "./inbox";
import { MutedKeywordActionSchema, SentimentActionSchema } from "./streams";

// ADR 028: a screen's form posts are one discriminated union on `intent`, each member the form's own
// schema (the one the browser validates with) plus the intent.

describe("a screen's forms as one discriminated union on intent", () => {
  it("reads each form by its intent, with that form's own rules", () => {
    expect(TeamActionSchema.parse({ intent: "create", name: " Support ", account_ids: ["3", "4"] })).toEqual({
      intent: "create",
      name: "Support",
      account_ids: [3, 4],
    });
    expect(TeamActionSchema.parse({ intent: "update", id: "7", name: "Care" })).toEqual({ intent: "update", id: 7, name: "Care", account_ids: [] });
    expect(TeamActionSchema.parse({ intent: "delete", id: "7" })).toEqual({ intent: "delete", id: 7 });
    expect(LabelActionSchema.parse({ intent: "update", id: "2", name: "Urgent", category: "" })).toEqual({
      intent: "update",
      id: 2,
      name: "Urgent",
      category: null,
    });
  });

  it("refuses a field by the intent's own schema, not another form's", () => {
    const blank = TeamActionSchema.safeParse({ intent: "create", name: " " });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["name", MESSAGES.required]]);
    // Deleting needs the record's id only: no name asked for.
    const noId = TeamActionSchema.safeParse({ intent: "delete", name: "" });
    expect(noId.error?.issues.map((issue) => issue.path.join("."))).toEqual(["id"]);
    // 'update' of the users screen is a member's role and teams, not a team's name.
    expect(UserActionSchema.safeParse({ intent: "update", id: "5", role: "99" }).success).toBe(false);
    expect(UserActionSchema.parse({ intent: "update", id: "5", role: "2", team_ids: "1" })).toEqual({ intent: "update", id: 5, role: 2, team_ids: [1] });
  });

  it("reports an unknown or missing intent on the intent field (the action's 400)", () => {
    for (const post of [{ intent: "rename", id: "1" }, { id: "1" }, { intent: "" }]) {
      const result = MutedKeywordActionSchema.safeParse(post);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["intent"]);
    }
  });

  it("keeps a form's own refinements: each muted word within the API's length, the preview's default network", () => {
    const long = MutedKeywordActionSchema.safeParse({ intent: "add", value: `spam / ${"x".repeat(101)}` });
    expect(long.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["value", MESSAGES.maxLength]]);
    expect(MutedKeywordActionSchema.parse({ intent: "add", value: "spam / scam" })).toEqual({ intent: "add", value: "spam / scam" });
    expect(SentimentActionSchema.parse({ intent: "preview", text: "Great" })).toEqual({ intent: "preview", text: "Great", social_type: "twitter" });
  });
});
