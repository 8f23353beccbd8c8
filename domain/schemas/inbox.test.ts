import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages";
import {
  AssignFormSchema,
  ITEM_INTENTS,
  ItemActionSchema,
  LabelFormSchema,
  LabelUpdateSchema,
  parseAssigneeFilter,
  SetLabelsFormSchema,
  StateFormSchema,
  TranslateFormSchema,
} from "./inbox";

const errors = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("inbox form schemas", () => {
  it("labels: a name is required (trimmed), the rest optional; a blank category clears it", () => {
    expect(errors(LabelFormSchema.safeParse({ name: "  " }))).toEqual({ name: MESSAGES.required });
    expect(LabelFormSchema.parse({ name: " Bug ", category: "", context_id: "4", context_type: "1" })).toEqual({
      name: "Bug",
      category: null,
      context_id: 4,
      context_type: 1,
    });
    expect(LabelUpdateSchema.parse({})).toEqual({});
    expect(errors(LabelUpdateSchema.safeParse({ name: null }))).toEqual({ name: MESSAGES.required });
    expect(LabelUpdateSchema.parse({ category: " " })).toEqual({ category: null });
  });

  it("assign: type and id, or one `assignee` value from a select naming both", () => {
    expect(AssignFormSchema.parse({ assignee: "team:3", message: "" })).toEqual({ assignee_type: "team", assignee_id: 3 });
    expect(AssignFormSchema.parse({ assignee_type: "account", assignee_id: "5", message: " hi " })).toEqual({
      assignee_type: "account",
      assignee_id: 5,
      message: "hi",
    });
    expect(errors(AssignFormSchema.safeParse({}))).toEqual({ assignee_type: MESSAGES.required, assignee_id: MESSAGES.required });
    expect(errors(AssignFormSchema.safeParse({ assignee_type: "robot", assignee_id: "x" }))).toEqual({
      assignee_type: MESSAGES.wrongFormat,
      assignee_id: MESSAGES.wrongFormat,
    });
  });

  it("set labels: checkboxes as one value or many, new names from one text field, each name once", () => {
    expect(SetLabelsFormSchema.parse({})).toEqual({ label_ids: [], new_labels: [] });
    expect(SetLabelsFormSchema.parse({ label_ids: "3", new_labels: "Bug, bug,\nUrgent, " })).toEqual({
      label_ids: [3],
      new_labels: ["Bug", "Urgent"],
    });
    expect(errors(SetLabelsFormSchema.safeParse({ new_labels: ["x".repeat(101)] }))).toEqual({ "new_labels.0": MESSAGES.maxLength });
  });

  it("state and translate: at least one item, a known state, a language code", () => {
    expect(StateFormSchema.parse({ ids: ["1", "2"], state: "3" })).toEqual({ ids: [1, 2], state: 3 });
    expect(errors(StateFormSchema.safeParse({ state: "4" }))).toEqual({ ids: MESSAGES.atLeastOneItem, state: MESSAGES.wrongFormat });
    expect(errors(StateFormSchema.safeParse({ ids: [1] }))).toEqual({ state: MESSAGES.required });
    expect(TranslateFormSchema.parse({ ids: 7, lang: "pt-BR" })).toEqual({ ids: [7], lang: "pt-BR" });
    expect(errors(TranslateFormSchema.safeParse({ ids: [7], lang: "spanish!" }))).toEqual({ lang: MESSAGES.wrongFormat });
  });

  it("reads the list's assignee filter", () => {
    expect(parseAssigneeFilter("me")).toEqual({ kind: "me" });
    expect(parseAssigneeFilter("unassigned")).toEqual({ kind: "unassigned" });
    expect(parseAssigneeFilter("account:12")).toEqual({ kind: "account", id: 12 });
    expect(parseAssigneeFilter("team:3")).toEqual({ kind: "team", id: 3 });
    for (const wrong of ["team:0", "team:", "user:1", "everyone", ""]) expect(parseAssigneeFilter(wrong)).toBeNull();
  });

  it("item actions: one union on intent, each intent with its own form's fields and the item", () => {
    expect(ITEM_INTENTS).toHaveLength(14);
    expect(ItemActionSchema.parse({ intent: "assign", item_id: "4", assignee: "team:2" })).toEqual({
      intent: "assign",
      item_id: 4,
      assignee_type: "team",
      assignee_id: 2,
    });
    expect(ItemActionSchema.parse({ intent: "state", item_id: "4", ids: "4", state: "3" })).toEqual({
      intent: "state",
      item_id: 4,
      ids: [4],
      state: 3,
    });
    // The same fields under another intent are that intent's: a reply needs its seen count.
    expect(errors(ItemActionSchema.safeParse({ intent: "reply", item_id: "4", text: "Hi" }))).toEqual({ seen_reply_count: MESSAGES.required });
    // Inserting a template keeps a typed draft, and a blank box is no draft (nor an error).
    expect(ItemActionSchema.parse({ intent: "insert-template", item_id: "4", text: " " })).toEqual({ intent: "insert-template", item_id: 4 });
    expect(ItemActionSchema.safeParse({ intent: "unknown", item_id: "4" }).error?.issues[0]?.path).toEqual(["intent"]);
    expect(errors(ItemActionSchema.safeParse({ intent: "delete-draft", item_id: "x" }))).toEqual({ item_id: MESSAGES.wrongFormat });
  });
});
