import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages";
import { QUERY_MAX_LENGTH } from "../query";
import {
  MoveSearchItemSchema,
  PinSchema,
  QueryValidateSchema,
  SearchFolderFormSchema,
  SearchItemFormSchema,
  SearchItemEditFormSchema,
  SearchItemUpdateSchema,
} from "./searches";
import { MoveTopicSchema, TopicFormSchema, TopicGroupFormSchema, TopicUpdateSchema } from "./topics";

const errorsOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("saved search schemas", () => {
  it("reads a form post: strings for ids and flags, the query as JSON text", () => {
    const parsed = SearchItemFormSchema.parse({
      name: " Brand ",
      category: "team",
      folder_id: "",
      query: JSON.stringify([{ type: "must", values: [{ filter_type: "keywords", value: "acme" }] }]),
      entity_type: "3",
      entity_ids: ["4", "5"],
      are_alerts_enabled: "on",
    });
    expect(parsed).toEqual({
      name: "Brand",
      category: "team",
      folder_id: null,
      query: [{ type: "must", values: [{ filterType: "keywords", value: "acme" }] }],
      entity_type: 3,
      entity_ids: [4, 5],
      are_alerts_enabled: true,
    });
  });

  it("names missing fields and an empty team list with catalogue messages", () => {
    expect(errorsOf(SearchItemFormSchema.safeParse({ entity_type: 3, entity_ids: [] }))).toEqual({
      name: MESSAGES.required,
      category: MESSAGES.required,
      query: MESSAGES.wrongFormat,
      entity_ids: MESSAGES.atLeastOneItem,
    });
    expect(errorsOf(SearchFolderFormSchema.safeParse({ name: "x".repeat(121), category: "brand" }))).toEqual({
      name: MESSAGES.maxLength,
    });
  });

  it("keeps a partial update partial: missing is unchanged, null folder is the top level", () => {
    expect(SearchItemUpdateSchema.parse({})).toEqual({});
    expect(SearchItemUpdateSchema.parse({ folder_id: null })).toEqual({ folder_id: null });
    expect(errorsOf(SearchItemUpdateSchema.safeParse({ name: null }))).toEqual({ name: MESSAGES.required });
    // The editor's form, whose name is on screen: left blank (posted as nothing) it is missing.
    expect(errorsOf(SearchItemEditFormSchema.safeParse({}))).toEqual({ name: MESSAGES.required });
    expect(SearchItemEditFormSchema.parse({ name: "Renamed" })).toEqual({ name: "Renamed" });
    expect(MoveSearchItemSchema.parse({ folder_id: "7" })).toEqual({ folder_id: 7 });
    expect(MoveSearchItemSchema.parse({ folder_id: "" })).toEqual({ folder_id: null });
  });

  it("checks the query text's length and types a pin", () => {
    expect(QueryValidateSchema.parse({})).toEqual({ query: "" });
    expect(errorsOf(QueryValidateSchema.safeParse({ query: "a".repeat(QUERY_MAX_LENGTH + 1) }))).toEqual({
      query: MESSAGES.queryLint.tooLong,
    });
    expect(PinSchema.parse({ entity_id: "3", type: "stream" })).toEqual({ entity_id: 3, type: "stream" });
    expect(errorsOf(PinSchema.safeParse({ entity_id: 0, type: "x" }))).toEqual({
      entity_id: MESSAGES.wrongFormat,
      type: MESSAGES.wrongFormat,
    });
  });
});

describe("topic schemas", () => {
  it("requires name and type, and the definition the type names", () => {
    expect(errorsOf(TopicFormSchema.safeParse({}))).toEqual({ name: MESSAGES.required, type: MESSAGES.required });
    expect(errorsOf(TopicFormSchema.safeParse({ type: "keywords" }))).toEqual({
      name: MESSAGES.required,
      keywords: MESSAGES.atLeastOneItem,
    });
    expect(errorsOf(TopicFormSchema.safeParse({ name: "T", type: "query", query: " " }))).toEqual({ query: MESSAGES.required });
  });

  it("splits a keywords field into distinct words and phrases", () => {
    const parsed = TopicFormSchema.parse({ name: "T", type: "keywords", keywords: "battery\ncharging cable, Battery,," });
    expect(parsed.keywords).toEqual(["battery", "charging cable"]);
  });

  it("lets an update leave the definition out", () => {
    expect(TopicUpdateSchema.parse({ name: "T", type: "keywords" })).toEqual({ name: "T", type: "keywords" });
    expect(MoveTopicSchema.parse({ topic_group_id: null })).toEqual({ topic_group_id: null });
    expect(errorsOf(TopicGroupFormSchema.safeParse({ name: " " }))).toEqual({ name: MESSAGES.required });
  });
});
