import * as z from "zod";
import { KEYWORD_SUGGESTION_LIMIT } from "../constants";
import { MESSAGES } from "../messages";
import { QUERY_MAX_LENGTH } from "../query";
import { RecordIdFormSchema, requiredString, withIntent } from "./common";
import {
  SEARCH_CATEGORIES,
  entityIdsField,
  entityTypeField,
  logoSrcField,
  nameField,
  nullableIdField,
  optionalFlag,
  hasTeamsForTeams,
  TEAMS_RULE,
  whenValid,
  BackfillResponseSchema,
  VisibilityResponseSchema,
} from "./searches";

/**
 * How a topic is defined (ADR 013): `keywords`, a list of words and phrases of which any one matches,
 * or `query`, a boolean query of the language in docs/query-language.md.
 */
const TOPIC_TYPES = ["keywords", "query"] as const;
export type TopicType = (typeof TOPIC_TYPES)[number];

const TOPIC_KEYWORDS_MAX = 100;
export const TOPIC_KEYWORD_LENGTH_MAX = 100;

/** Keywords arrive as a list (API) or as the text of one field, one word or phrase per line or comma. */
function keywordsField() {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.split(/[\n,]/) : v),
    z
      .array(z.string({ error: MESSAGES.wrongFormat }).trim().max(TOPIC_KEYWORD_LENGTH_MAX, { error: MESSAGES.maxLength }), {
        error: MESSAGES.wrongFormat,
      })
      .transform((words) => dedupe(words.filter((w) => w.length > 0)))
      .pipe(z.array(z.string()).max(TOPIC_KEYWORDS_MAX, { error: MESSAGES.tooManyElements })),
  );
}

function dedupe(words: string[]): string[] {
  const seen = new Set<string>();
  return words.filter((w) => {
    const key = w.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function topicTypeField() {
  return z.enum(TOPIC_TYPES, {
    error: (issue) => (issue.input === undefined || issue.input === "" || issue.input === null ? MESSAGES.required : MESSAGES.wrongFormat),
  });
}

function queryTextField() {
  return z.preprocess(
    (v) => (v === null ? "" : v),
    z.string({ error: MESSAGES.wrongFormat }).max(QUERY_MAX_LENGTH, { error: MESSAGES.queryLint.tooLong }).optional(),
  );
}

function optionalCategoryField() {
  return z.preprocess((v) => (v === "" ? null : v), z.enum(SEARCH_CATEGORIES, { error: MESSAGES.wrongFormat }).nullable().optional());
}

/**
 * The definition's own rule: a keywords topic needs a keyword, a query topic a query (its lint is the
 * API's). `missingMeansEmpty`: on create a field left out is empty; on update it keeps its stored value.
 */
function hasKeywords(missingMeansEmpty: boolean) {
  return (v: { type: TopicType; keywords?: string[] | undefined }) =>
    v.type !== "keywords" || (v.keywords === undefined ? !missingMeansEmpty : v.keywords.length > 0);
}
function hasQuery(missingMeansEmpty: boolean) {
  return (v: { type: TopicType; query?: string | undefined }) =>
    v.type !== "query" || (v.query === undefined ? !missingMeansEmpty : v.query.trim() !== "");
}
const KEYWORDS_RULE = { path: ["keywords"], error: MESSAGES.atLeastOneItem, when: whenValid("type", "keywords") };
const QUERY_RULE = { path: ["query"], error: MESSAGES.required, when: whenValid("type", "query") };

const topicShape = {
  name: nameField(),
  type: topicTypeField(),
  topic_group_id: nullableIdField().optional(),
  keywords: keywordsField().optional(),
  query: queryTextField(),
  category: optionalCategoryField(),
  logo_src: logoSrcField(),
  are_alerts_enabled: optionalFlag(),
  entity_type: entityTypeField(),
  entity_ids: entityIdsField(),
};

/**
 * Create or edit a topic (the topics screen's form; POST /v1/topics). Name and type are required
 * (analytics spec §5), and the definition the type names: keywords (at least one) or a query. The name is
 * unique in the business profile whatever its case, and the query must lint clean: the API checks both.
 */
export const TopicFormSchema = z
  .object(topicShape)
  .refine(hasKeywords(true), KEYWORDS_RULE)
  .refine(hasQuery(true), QUERY_RULE)
  .refine(hasTeamsForTeams, TEAMS_RULE);
export type TopicFormInput = z.infer<typeof TopicFormSchema>;

/**
 * PUT /v1/topics/{id}: the topic plus its visibility (analytics §7). Name and type are required; any other
 * field left out keeps its value (null clears topic_group_id), so the API checks the definition as merged.
 */
export const TopicUpdateSchema = z
  .object(topicShape)
  .refine(hasKeywords(false), KEYWORDS_RULE)
  .refine(hasQuery(false), QUERY_RULE)
  .refine(hasTeamsForTeams, TEAMS_RULE);
export type TopicUpdateInput = z.infer<typeof TopicUpdateSchema>;

/** PUT /v1/topics/move/{id}: into a group, or out of any (null). */
export const MoveTopicSchema = z.object({ topic_group_id: nullableIdField() });
export type MoveTopicInput = z.infer<typeof MoveTopicSchema>;

/** Create or rename a topic group. */
export const TopicGroupFormSchema = z.object({
  name: requiredString().max(120, { error: MESSAGES.maxLength }),
});
export type TopicGroupFormInput = z.infer<typeof TopicGroupFormSchema>;

/** Rename a topic group: its row's form (the group's hidden `id`). */
export const RenameTopicGroupFormSchema = TopicGroupFormSchema.extend(RecordIdFormSchema.shape);

/** Delete a topic group: its confirmation, with 'also delete its topics' (a checkbox: "on" or missing). */
const DeleteTopicGroupFormSchema = RecordIdFormSchema.extend({
  remove_topics: z.preprocess((v) => v === "on", z.boolean()),
});

/** Move a topic: its row's form (the topic's hidden `id`, the group chosen, none for out of any). */
const MoveTopicFormSchema = MoveTopicSchema.extend(RecordIdFormSchema.shape);

/** The topic list's posts (/topics, ADR 028): a group's create, rename and delete, a topic's move. */
export const TopicListActionSchema = z.discriminatedUnion("intent", [
  withIntent("create-group", TopicGroupFormSchema),
  withIntent("rename-group", RenameTopicGroupFormSchema),
  withIntent("delete-group", DeleteTopicGroupFormSchema),
  withIntent("move-topic", MoveTopicFormSchema),
]);
export type TopicListAction = z.output<typeof TopicListActionSchema>;

/** The keyword typed in the topic form's entry field (raw: the list's own rules clean it). */
const KeywordEntrySchema = z.object({ keyword_entry: z.string().optional() });

/**
 * The topic form's buttons (ADR 028): Save (the form's schema, the API's), and before JavaScript loads
 * the keyword list's own: Suggest and Add (the entry field's word), a suggestion (`pick`: its `keyword`)
 * and a chip's remove button (`remove`: its `keyword_index` in the list). A suggestion or a chip posts
 * its word or index under that field instead of an intent (a button posts one name and value, and it must
 * send the rest of the form along): app/routes/_shell.topics.server.ts names the intent after the field.
 */
const topicFormMembers = [
  withIntent("save", TopicFormSchema),
  withIntent("suggest", KeywordEntrySchema),
  withIntent("add-keyword", KeywordEntrySchema),
  withIntent("pick", z.object({ keyword: z.string() })),
  withIntent("remove", KeywordEntrySchema.extend({ keyword_index: z.coerce.number().int().min(0) })),
] as const;

/** /topics (new topic): the topic form. */
export const TopicFormActionSchema = z.discriminatedUnion("intent", [...topicFormMembers]);
export type TopicFormAction = z.output<typeof TopicFormActionSchema>;

/** /topics/{id}: the topic form, and the delete confirmation (the page's own topic). */
export const TopicPageActionSchema = z.discriminatedUnion("intent", [...topicFormMembers, withIntent("delete", RecordIdFormSchema)]);
export type TopicPageAction = z.output<typeof TopicPageActionSchema>;

/** GET /v1/topics: topic_group_id ('null': ungrouped), search (in the name), type. */
export const TopicListQuerySchema = z.object({
  topic_group_id: z.union([z.literal("null"), z.coerce.number().int().positive()]).optional(),
  search: z.string().max(200).optional(),
  type: z.enum(TOPIC_TYPES).optional(),
});

/** DELETE /v1/topic_groups/{id}: remove_topics=true deletes the group's topics too. */
export const DeleteTopicGroupQuerySchema = z.object({ remove_topics: z.enum(["true", "false", "1", "0"]).optional() });

/** Suggestions per request by default (spec §9: keyword suggestion limit 10), and at most. */
export const KEYWORD_SUGGESTIONS = { default: KEYWORD_SUGGESTION_LIMIT, max: 50 } as const;

/** GET /v1/keywords: the word typed so far, and how many suggestions. */
export const KeywordSuggestionsQuerySchema = z.object({
  word: z.string().max(100, { error: MESSAGES.maxLength }).optional(),
  limit: z.coerce
    .number({ error: MESSAGES.numeric })
    .int({ error: MESSAGES.numeric })
    .min(1, { error: MESSAGES.positive })
    .max(KEYWORD_SUGGESTIONS.max, { error: MESSAGES.tooManyElements })
    .optional(),
});

// ── Responses (ADR 027) ──────────────────────────────────────────────────────────────────────────

/** A custom topic (spec analytics §3). */
export const TopicResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(TOPIC_TYPES),
  topic_group_id: z.number().nullable(),
  keywords: z.array(z.string()),
  query: z.string().nullable(),
  entity_type: VisibilityResponseSchema,
  entity_ids: z.array(z.number()),
  pinned: z.boolean(),
  logo_src: z.string().nullable(),
  category: z.enum(SEARCH_CATEGORIES).nullable(),
  are_alerts_enabled: z.boolean(),
  owner_account_id: z.number().nullable(),
  editable: z.boolean(),
  backfill: BackfillResponseSchema,
  created_at: z.string(),
  updated_at: z.string(),
});

export const TopicGroupResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  topics_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
/** GET /v1/topics and /v1/topic_groups. */
export const TopicListResponseSchema = z.object({ data: z.array(TopicResponseSchema) });
export const TopicGroupListResponseSchema = z.object({ data: z.array(TopicGroupResponseSchema) });

export const TopicGroupDetailResponseSchema = TopicGroupResponseSchema.extend({ topics: z.array(TopicResponseSchema) });

/** GET /v1/keywords: words of the stored mentions starting like the typed one, with their counts. */
export const KeywordSuggestionsResponseSchema = z.object({
  data: z.array(z.object({ keyword: z.string(), count: z.number() })),
});
