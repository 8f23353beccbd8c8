import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages";
import { TeamActionSchema, UserActionSchema } from "./accounts";
import { LabelActionSchema } from "./inbox";
import { DashboardActionSchema } from "./dashboard-config";
import { NewSearchEditorActionSchema, SavedSearchEditorActionSchema, SearchSidebarActionSchema } from "./searches";
import { MutedKeywordActionSchema, SentimentActionSchema } from "./streams";
import { TemplateActionSchema } from "./templates";
import { TopicFormActionSchema, TopicListActionSchema, TopicPageActionSchema } from "./topics";

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

  it("templates: Save with or without the template's id, a row's pin by its id", () => {
    const template = { name: "Thanks", message: "Thank you!", entity_type: "2" };
    expect(TemplateActionSchema.parse({ intent: "save", ...template })).toMatchObject({ intent: "save", name: "Thanks", entity_type: 2 });
    expect(TemplateActionSchema.parse({ intent: "save", id: "4", ...template })).toMatchObject({ intent: "save", id: 4 });
    // The form's own rule (Teams needs a team) stays in its member.
    const teams = TemplateActionSchema.safeParse({ intent: "save", ...template, entity_type: "3" });
    expect(teams.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["entity_ids", MESSAGES.atLeastOneItem]]);
    expect(TemplateActionSchema.parse({ intent: "unpin", id: "4" })).toEqual({ intent: "unpin", id: 4 });
    expect(TemplateActionSchema.safeParse({ intent: "pin" }).success).toBe(false);
  });

  it("topics: the keyword buttons carry their word or index in a field of their own", () => {
    expect(TopicFormActionSchema.parse({ intent: "pick", keyword: "money back" })).toEqual({ intent: "pick", keyword: "money back" });
    expect(TopicFormActionSchema.parse({ intent: "remove", keyword_index: "2", keyword_entry: "la" })).toEqual({
      intent: "remove",
      keyword_index: 2,
      keyword_entry: "la",
    });
    expect(TopicFormActionSchema.safeParse({ intent: "remove", keyword_index: "-1" }).success).toBe(false);
    // Deleting is the topic page's, not the new topic's.
    expect(TopicFormActionSchema.safeParse({ intent: "delete", id: "3" }).success).toBe(false);
    expect(TopicPageActionSchema.parse({ intent: "delete", id: "3" })).toEqual({ intent: "delete", id: 3 });
    expect(TopicListActionSchema.parse({ intent: "delete-group", id: "5", remove_topics: "on" })).toEqual({
      intent: "delete-group",
      id: 5,
      remove_topics: true,
    });
    expect(TopicListActionSchema.parse({ intent: "move-topic", id: "5", topic_group_id: "" })).toEqual({ intent: "move-topic", id: 5, topic_group_id: null });
  });

  it("search: the editor saves by the page's own intent; the sidebar's rows by their id", () => {
    const query = [{ type: "must", values: [{ filterType: "keywords", value: "refund" }] }];
    expect(NewSearchEditorActionSchema.parse({ intent: "run", query })).toMatchObject({ intent: "run" });
    expect(NewSearchEditorActionSchema.safeParse({ intent: "update", name: "Refunds", query }).success).toBe(false);
    expect(SavedSearchEditorActionSchema.safeParse({ intent: "save", name: "Refunds", category: "my", query }).success).toBe(false);
    expect(SavedSearchEditorActionSchema.parse({ intent: "update", name: "Refunds", query })).toMatchObject({ intent: "update", name: "Refunds" });
    expect(SearchSidebarActionSchema.parse({ intent: "move", id: "8", folder_id: "" })).toEqual({ intent: "move", id: 8, folder_id: null });
    expect(SearchSidebarActionSchema.parse({ intent: "pin-folder", id: "2" })).toEqual({ intent: "pin-folder", id: 2 });
  });

  it("dashboard: each form by its own schema", () => {
    expect(DashboardActionSchema.parse({ intent: "createShare", title: "Weekly", nonLoggedInAccess: "on" })).toEqual({
      intent: "createShare",
      title: "Weekly",
      nonLoggedInAccess: true,
    });
    expect(DashboardActionSchema.safeParse({ intent: "updateAnnotation", name: "Launch", anchorDate: "2026-11-02", layerId: "1" }).success).toBe(false);
    expect(DashboardActionSchema.parse({ intent: "deleteAnnotation", id: "9" })).toEqual({ intent: "deleteAnnotation", id: 9 });
  });
});
