import { describe, expect, it } from "vitest";
import { MESSAGES } from "./messages";
import { TemplateFormSchema, TemplateUpdateSchema } from "./schemas/templates";
import {
  compareTemplates,
  filledTemplateText,
  filterTemplates,
  hasAnyChosen,
  matchesTemplateSearch,
  type ListedTemplate,
} from "./templates";

const template = (id: number, over: Partial<ListedTemplate> = {}): ListedTemplate => ({
  id,
  name: `Template ${id}`,
  message: "Hello",
  categories: [],
  languages: [],
  pinned: false,
  active: true,
  updatedAt: `2026-03-0${id}T10:00:00.000Z`,
  ...over,
});

const errorsOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("template list rules (spec core §5, §9)", () => {
  it("search matches the name or the message, ignoring case", () => {
    const t = { name: "Refund Policy", message: "We are SORRY about the delay" };
    expect(matchesTemplateSearch(t, "refund")).toBe(true);
    expect(matchesTemplateSearch(t, "sorry about")).toBe(true);
    expect(matchesTemplateSearch(t, "  DELAY ")).toBe(true);
    expect(matchesTemplateSearch(t, "shipping")).toBe(false);
    expect(matchesTemplateSearch(t, "   ")).toBe(true);
  });

  it("network and language filters keep templates having any chosen value; none chosen keeps all", () => {
    expect(hasAnyChosen(["twitter", "fb"], ["ig", "fb"])).toBe(true);
    expect(hasAnyChosen(["twitter"], ["ig"])).toBe(false);
    expect(hasAnyChosen([], ["ig"])).toBe(false);
    expect(hasAnyChosen([], [])).toBe(true);
    expect(hasAnyChosen(["EN"], ["en"])).toBe(true);
  });

  it("pinned first, then by update date newest first; the toggle turns the dates oldest first", () => {
    const list = [template(1), template(2, { pinned: true }), template(3), template(4, { pinned: true })];
    expect(filterTemplates(list).map((t) => t.id)).toEqual([4, 2, 3, 1]);
    expect(filterTemplates(list, { order: "asc" }).map((t) => t.id)).toEqual([2, 4, 1, 3]);
    const sameTime = [template(1, { updatedAt: "2026-01-01T00:00:00Z" }), template(2, { updatedAt: "2026-01-01T00:00:00Z" })];
    expect([...sameTime].sort(compareTemplates()).map((t) => t.id)).toEqual([2, 1]);
  });

  it("applies search, networks and languages together, and hides inactive templates from selection", () => {
    const list = [
      template(1, { categories: ["twitter"], languages: ["en"], message: "Thanks!" }),
      template(2, { categories: ["fb"], languages: ["de"], message: "Danke!" }),
      template(3, { categories: ["twitter", "ig"], languages: ["de"], message: "thanks, danke", active: false }),
    ];
    expect(filterTemplates(list, { categories: ["twitter"], languages: ["de"] }).map((t) => t.id)).toEqual([3]);
    expect(filterTemplates(list, { search: "THANKS" }).map((t) => t.id)).toEqual([3, 1]);
    expect(filterTemplates(list, { search: "thanks", forSelection: true }).map((t) => t.id)).toEqual([1]);
    expect(list.map((t) => t.id)).toEqual([1, 2, 3]);
  });

  it("for an inbox item's language, also keeps the templates that name no language", () => {
    const list = [template(1, { languages: ["en"] }), template(2, { languages: [] }), template(3, { languages: ["de"] })];
    expect(filterTemplates(list, { languages: ["de"] }).map((t) => t.id)).toEqual([3]);
    expect(filterTemplates(list, { languages: ["de"], keepUnsetLanguages: true }).map((t) => t.id)).toEqual([3, 2]);
    expect(filterTemplates(list, { languages: [], keepUnsetLanguages: true }).map((t) => t.id)).toEqual([3, 2, 1]);
  });
});

describe("filling a template's variables when it is inserted", () => {
  it("fills the author, the agent, the brand and the network's name; leaves the unknown as written", () => {
    const text = filledTemplateText("Hi {{author_name}} (@{{ author_username }}), {{agent_first_name}} {{agent_last_name}} of {{brand_name}} on {{network}}. {{order_id}}", {
      authorName: "Jo Doe",
      authorUsername: "jodoe",
      agentFirstName: "Alex",
      agentLastName: "Agent",
      brandName: "Northwind",
      network: "googlePlay",
    });
    expect(text).toBe("Hi Jo Doe (@jodoe), Alex Agent of Northwind on Google Play. {{order_id}}");
  });

  it("keeps a variable without a value as written, so the agent sees what is left to fill", () => {
    expect(filledTemplateText("Hi {{author_name}}, {{agent_first_name}}", { authorName: "  ", agentFirstName: "Alex" })).toBe(
      "Hi {{author_name}}, Alex",
    );
  });
});

describe("TemplateFormSchema (spec core §5)", () => {
  const valid = { name: "Thanks", message: "Thank you!", entity_type: "2" };

  it("requires Name, Message and the visibility's entity type, each under its field, all at once", () => {
    expect(errorsOf(TemplateFormSchema.safeParse({ name: " ", entity_ids: [] }))).toEqual({
      name: MESSAGES.required,
      message: MESSAGES.required,
      entity_type: MESSAGES.required,
    });
    expect(errorsOf(TemplateFormSchema.safeParse({ name: "", message: "x".repeat(5001), entity_type: 3 }))).toEqual({
      name: MESSAGES.required,
      message: MESSAGES.maxLength,
      entity_ids: MESSAGES.atLeastOneItem,
    });
  });

  it("needs at least one team for Teams visibility", () => {
    expect(errorsOf(TemplateFormSchema.safeParse({ ...valid, entity_type: "3" }))).toEqual({ entity_ids: MESSAGES.atLeastOneItem });
    expect(errorsOf(TemplateFormSchema.safeParse({ ...valid, entity_type: "3", entity_ids: "" }))).toEqual({
      entity_ids: MESSAGES.atLeastOneItem,
    });
    expect(TemplateFormSchema.parse({ ...valid, entity_type: "3", entity_ids: "7" }).entity_ids).toEqual([7]);
  });

  it("takes network codes and language codes only, one value or several", () => {
    const parsed = TemplateFormSchema.parse({ ...valid, categories: ["twitter", "fb", "twitter"], languages: "EN" });
    expect(parsed).toMatchObject({ categories: ["twitter", "fb"], languages: ["en"], entity_type: 2 });
    expect(errorsOf(TemplateFormSchema.safeParse({ ...valid, categories: ["facebook"], languages: ["xx"] }))).toEqual({
      "categories.0": MESSAGES.wrongFormat,
      "languages.0": MESSAGES.wrongFormat,
    });
  });

  it("reads the Active box as its last posted value (a hidden 'false' precedes the checkbox)", () => {
    expect(TemplateFormSchema.parse({ ...valid, active: ["false", "true"] }).active).toBe(true);
    expect(TemplateFormSchema.parse({ ...valid, active: "false" }).active).toBe(false);
    expect(TemplateFormSchema.parse(valid).active).toBeUndefined();
  });

  it("PATCH: a field left out is unchanged, a given one is checked like the form's", () => {
    expect(TemplateUpdateSchema.parse({})).toEqual({});
    expect(errorsOf(TemplateUpdateSchema.safeParse({ name: null, message: "", entity_type: null }))).toEqual({
      name: MESSAGES.required,
      message: MESSAGES.required,
      entity_type: MESSAGES.required,
    });
    expect(errorsOf(TemplateUpdateSchema.safeParse({ entity_type: 3, entity_ids: [] }))).toEqual({ entity_ids: MESSAGES.atLeastOneItem });
  });
});
