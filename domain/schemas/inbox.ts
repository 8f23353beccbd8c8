// Request schemas of the inbox (ADR 014): the list's query strings, which the web client builds from
// their camelCase twins, and the actions and the labels screen, shared by the API routes and the forms
// that post them (conform + zod): the same field names, rules and catalogue messages.
import * as z from "zod";
import { FEED_ITEM_STATE } from "../constants";
import { ASSIGNEE_TYPES, INBOX_MAX_LIMIT, INBOX_PAGE_SIZE, INBOX_SORTS, INBOX_SOURCE_TYPES, type AssigneeType } from "../inbox";
import { MESSAGES } from "../messages";
import { NETWORK_IDS } from "../networks";
import { optionalString, queryList, RecordIdFormSchema, requiredString, withIntent } from "./common";
import { DraftSchema, ModerationFormSchema, ReplyFormSchema } from "./replies";

const LABEL_NAME_MAX = 100;
const LABEL_CATEGORY_MAX = 100;
const LABEL_TYPE_MAX = 50;
const ASSIGN_MESSAGE_MAX = 1000;
/** Labels one set-labels call may name (existing and new together). */
const ITEM_LABELS_MAX = 50;
/**
 * GET /v1/feed-items/count counts at most this many items unless asked for more (`max`), and says whether
 * there are more (`capped`): an exact count reads every match, a list page only fifteen.
 */
export const INBOX_COUNT_CAP = 1000;
/** Items one bulk state or translate call may change (a page of the inbox at most). */
const BULK_IDS_MAX = INBOX_MAX_LIMIT;

// ── The list's query strings (GET /v1/feed-items and its counters) ──────────────────────────────────

const queryInt = () => z.coerce.number().int();
const queryId = () => z.coerce.number().int().positive();

/** The list's source and filters (ADR 014), shared by the list and its counters. */
export const InboxFiltersQuerySchema = z.object({
  source_type: z.enum(INBOX_SOURCE_TYPES).default("all"),
  source_id: queryId().optional().describe("The stream, saved search or label (source_type stream, search, label)"),
  social_type: queryList(z.enum(NETWORK_IDS), NETWORK_IDS.length).describe("Networks (the spec's socialType)"),
  sentiments: queryList(queryInt().min(-1).max(1), 3).describe("-1 negative, 0 neutral, 1 positive"),
  states: queryList(queryInt().min(FEED_ITEM_STATE.open).max(FEED_ITEM_STATE.closed), 3).describe("1 open, 2 pending, 3 closed"),
  assignee: z.string().max(40).optional().describe("me (me and my teams), unassigned, account:ID, team:ID"),
  label_ids: queryList(queryId(), 100).describe("Items carrying any of these labels"),
  languages: queryList(z.string().max(8), 200),
  is_replied: z.enum(["0", "1"]).optional(),
  user_id: queryId().optional().describe("Accepted as the spec's clients send it; only the caller's own id"),
});

/** A page of a list: its order and window. */
export const InboxPageQuerySchema = z.object({
  sort_by: z.enum(INBOX_SORTS).default("created_at"),
  order: z.enum(["asc", "desc"]).default("desc"),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(INBOX_MAX_LIMIT).default(INBOX_PAGE_SIZE),
});

/** GET /v1/feed-items: the source, the filters and the page. */
export const InboxListQuerySchema = InboxFiltersQuerySchema.extend(InboxPageQuerySchema.shape);

/** GET /v1/feed-items/count: the list's filters and how far to count. */
export const InboxCountQuerySchema = InboxFiltersQuerySchema.extend({
  max: z.coerce.number().int().min(1).max(10_000_000).default(INBOX_COUNT_CAP),
});

/** GET /v1/feed-items/search-results: open items per saved search, narrowed by sentiment and networks. */
export const SearchResultsQuerySchema = z.object({
  user_id: queryId().optional(),
  sentiment: queryInt().min(-1).max(1).optional(),
  social_types: queryList(z.enum(NETWORK_IDS), NETWORK_IDS.length),
});

/** GET /v1/feed-items/drafts: only the caller's own drafts are counted. */
export const DraftsCountQuerySchema = z.object({ user_id: queryId().optional() });

// The same parameters as they arrive in the query string (text, a list as `x=a,b` or `x[]=a`), for the
// OpenAPI document; the handlers read the query against the schemas above.
const queryText = z.union([z.string(), z.array(z.string())]).optional();

export const InboxFiltersQueryStringSchema = z.object({
  source_type: z.enum(INBOX_SOURCE_TYPES).optional(),
  source_id: z.string().optional(),
  social_type: queryText,
  sentiments: queryText,
  states: queryText,
  assignee: z.string().optional(),
  label_ids: queryText,
  languages: queryText,
  is_replied: z.enum(["0", "1"]).optional(),
  user_id: z.string().optional(),
});

export const InboxPageQueryStringSchema = z.object({
  sort_by: z.enum(INBOX_SORTS).optional(),
  order: z.enum(["asc", "desc"]).optional(),
  offset: z.string().optional(),
  limit: z.string().optional(),
});

export const InboxListQueryStringSchema = InboxFiltersQueryStringSchema.extend(InboxPageQueryStringSchema.shape);

export const InboxCountQueryStringSchema = InboxFiltersQueryStringSchema.extend({ max: z.string().optional() });

export const SearchResultsQueryStringSchema = z.object({
  user_id: z.string().optional(),
  sentiment: z.string().optional(),
  social_types: queryText,
});

/** A positive id; form posts carry it as a string. A missing one reads 'Should not be empty!'. */
function idField() {
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v === "" ? undefined : v),
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null ? MESSAGES.required : MESSAGES.wrongFormat) })
      .int({ error: MESSAGES.wrongFormat })
      .positive({ error: MESSAGES.wrongFormat }),
  );
}

/** Checkboxes post one value, several or none; the API sends an array. Always an array of ids. */
function idListField(max: number) {
  return z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(idField()).max(max, { error: MESSAGES.tooManyElements }),
  );
}

/** An optional text that may also be cleared: '' or null from a form is null, missing is "unchanged". */
function nullableText(max: number) {
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z.string({ error: MESSAGES.wrongFormat }).trim().max(max, { error: MESSAGES.maxLength }).nullable().optional(),
  );
}

// ── Labels ──────────────────────────────────────────────────────────────────────────────────────────

/** POST /labels and the labels screen's create form (spec core §3 "Label"; name required and unique). */
export const LabelFormSchema = z.object({
  name: requiredString().max(LABEL_NAME_MAX, { error: MESSAGES.maxLength }),
  category: nullableText(LABEL_CATEGORY_MAX),
  label_type: optionalString().pipe(z.string().max(LABEL_TYPE_MAX, { error: MESSAGES.maxLength }).optional()),
  context_id: z.preprocess((v) => (v === "" ? null : v), idField().nullable().optional()),
  context_type: z.preprocess(
    (v) => (v === "" ? null : typeof v === "string" ? Number(v) : v),
    z.number({ error: MESSAGES.wrongFormat }).int({ error: MESSAGES.wrongFormat }).nullable().optional(),
  ),
});
export type LabelFormInput = z.infer<typeof LabelFormSchema>;

/** PATCH /v1/labels/{id} and the labels screen's rename form: a name given must not be blank. */
export const LabelUpdateSchema = z.object({
  name: z.preprocess((v) => (v === null ? "" : v), requiredString().max(LABEL_NAME_MAX, { error: MESSAGES.maxLength }).optional()),
  category: nullableText(LABEL_CATEGORY_MAX),
});
export type LabelUpdateInput = z.infer<typeof LabelUpdateSchema>;

/** GET /v1/labels: the business profile's labels; optionally those made in one context. */
export const LabelListQuerySchema = z.object({
  business_profile_id: z.string().optional().describe("Only the caller's own"),
  context_id: z.coerce.number().int().optional(),
  context_type: z.coerce.number().int().optional(),
  items_count: z
    .enum(["0", "1"])
    .optional()
    .describe("0 leaves each label's items_count out, which costs a read of every labelled item (the inbox sidebar needs only names)"),
});

/** The labels screen's rename form: it always posts both fields, so the name stays required. */
export const LabelRenameFormSchema = LabelFormSchema.pick({ name: true, category: true }).safeExtend(RecordIdFormSchema.shape);

/** /settings/labels: create, rename, delete (one discriminated union on `intent`, ADR 028). */
export const LabelActionSchema = z.discriminatedUnion("intent", [
  withIntent("create", LabelFormSchema),
  withIntent("update", LabelRenameFormSchema),
  withIntent("delete", RecordIdFormSchema),
]);
export type LabelAction = z.output<typeof LabelActionSchema>;

/** `account:5` → { type: 'account', id: 5 }; anything else → null. */
function parseAssigneeValue(value: string): { type: AssigneeType; id: number } | null {
  const match = /^(account|team):(\d{1,10})$/.exec(value.trim());
  if (!match) return null;
  const id = Number(match[2]);
  return id > 0 ? { type: match[1] as AssigneeType, id } : null;
}

/** One `assignee` form value (`account:5`) as the API's two fields; anything else is left as it is. */
function splitAssignee(v: unknown): unknown {
  if (!v || typeof v !== "object" || Array.isArray(v)) return v;
  const { assignee, ...rest } = v as Record<string, unknown>;
  if (typeof assignee !== "string" || rest.assignee_type !== undefined) return v;
  const parsed = parseAssigneeValue(assignee);
  return parsed ? { ...rest, assignee_type: parsed.type, assignee_id: parsed.id } : { ...rest, assignee_type: assignee === "" ? undefined : assignee };
}

/**
 * POST /v1/feed-items/{id}/assign `{assignee_type, assignee_id, message?}`. A form may instead post one
 * `assignee` field (`account:5`, `team:2`) from a select that lists accounts and teams together.
 */
const AssignFields = z.object({
  assignee_type: z.enum(ASSIGNEE_TYPES, {
    error: (issue) => (issue.input === undefined || issue.input === "" ? MESSAGES.required : MESSAGES.wrongFormat),
  }),
  assignee_id: idField(),
  message: optionalString().pipe(z.string().max(ASSIGN_MESSAGE_MAX, { error: MESSAGES.maxLength }).optional()),
});
export const AssignFormSchema = z.preprocess(splitAssignee, AssignFields);

/** POST /v1/feed-items/{id}/unassign `{message?}`. */
export const UnassignFormSchema = z.object({
  message: optionalString().pipe(z.string().max(ASSIGN_MESSAGE_MAX, { error: MESSAGES.maxLength }).optional()),
});

/**
 * New label names typed beside the checkboxes: a list (API) or one text field, one name per line or
 * comma; blanks dropped, the same name (ignoring case) once.
 */
function newLabelsField() {
  return z.preprocess(
    (v) => (v === undefined || v === null ? [] : typeof v === "string" ? v.split(/[\n,]/) : v),
    z
      .array(z.string({ error: MESSAGES.wrongFormat }).trim().max(LABEL_NAME_MAX, { error: MESSAGES.maxLength }), {
        error: MESSAGES.wrongFormat,
      })
      .transform((names) => {
        const seen = new Set<string>();
        return names.filter((name) => {
          const key = name.toLowerCase();
          if (!name || seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      })
      .pipe(z.array(z.string()).max(ITEM_LABELS_MAX, { error: MESSAGES.tooManyElements })),
  );
}

/** POST /v1/feed-items/{id}/set-labels `{label_ids, new_labels?}`: the item's labels become exactly these. */
export const SetLabelsFormSchema = z.object({
  label_ids: idListField(ITEM_LABELS_MAX),
  new_labels: newLabelsField(),
});

const STATES = [FEED_ITEM_STATE.open, FEED_ITEM_STATE.pending, FEED_ITEM_STATE.closed] as const;

/** Items of a bulk action: at least one. */
function bulkIdsField() {
  return idListField(BULK_IDS_MAX).pipe(z.array(z.number()).min(1, { error: MESSAGES.atLeastOneItem }));
}

/** POST /v1/feed-items/status/properties/state `{ids, state}` (1 open, 2 pending, 3 closed). */
export const StateFormSchema = z.object({
  ids: bulkIdsField(),
  state: z.preprocess(
    (v) => (v === "" ? undefined : typeof v === "string" ? Number(v) : v),
    z.union([z.literal(STATES[0]), z.literal(STATES[1]), z.literal(STATES[2])], {
      error: (issue) => (issue.input === undefined || issue.input === null ? MESSAGES.required : MESSAGES.wrongFormat),
    }),
  ),
});

/** POST /v1/feed-items/status/properties/translate `{ids, lang}`: the language to translate into. */
export const TranslateFormSchema = z.object({
  ids: bulkIdsField(),
  lang: requiredString()
    .max(8, { error: MESSAGES.wrongFormat })
    .regex(/^[a-z]{2,3}([-_][A-Za-z]{2,4})?$/, { error: MESSAGES.wrongFormat }),
});

// ── The inbox's item actions, one form post each ────────────────────────────────────────────────────

/** A reply's action id (mark as sent, retry). */
const ReplyActionIdSchema = z.object({ action_id: idField() });

/** 'Insert template' keeps what was typed as the draft when it is a draft at all (a blank box is not). */
const InsertTemplateSchema = DraftSchema.extend({ text: DraftSchema.shape.text.optional().catch(undefined) });

/** The fields every item action posts beside its own: which intent, on which item. */
function itemAction<I extends string>(intent: I) {
  return { intent: z.literal(intent), item_id: idField() };
}

/**
 * Every item action of the inbox as one discriminated union on `intent` (the submit button's): the route
 * parses a post once and hands the value to that intent's handler. The fields are each form's own
 * schema (above, and ./replies), which the forms also validate with in the browser.
 */
const ItemActions = z.discriminatedUnion("intent", [
  AssignFields.safeExtend(itemAction("assign")),
  UnassignFormSchema.safeExtend(itemAction("unassign")),
  SetLabelsFormSchema.safeExtend(itemAction("set-labels")),
  StateFormSchema.safeExtend(itemAction("state")),
  TranslateFormSchema.safeExtend(itemAction("translate")),
  ReplyFormSchema.safeExtend(itemAction("reply")),
  ReplyFormSchema.safeExtend(itemAction("reply-anyway")),
  DraftSchema.safeExtend(itemAction("save-draft")),
  InsertTemplateSchema.safeExtend(itemAction("insert-template")),
  z.object(itemAction("delete-draft")),
  DraftSchema.safeExtend(itemAction("preview")),
  ReplyActionIdSchema.safeExtend(itemAction("mark-sent")),
  ReplyActionIdSchema.safeExtend(itemAction("retry-reply")),
  ModerationFormSchema.safeExtend(itemAction("moderate")),
]);
export const ItemActionSchema = z.preprocess(splitAssignee, ItemActions);
export type ItemIntent = z.output<typeof ItemActions>["intent"];
export const ITEM_INTENTS: readonly ItemIntent[] = ItemActions.options.map((option) => option.shape.intent.value);
export type ItemAction = z.output<typeof ItemActionSchema>;

// ── List filters ────────────────────────────────────────────────────────────────────────────────────

/** The list's `assignee` filter: me (and my teams), unassigned, one account or one team. */
export type AssigneeFilter =
  | { kind: "me" }
  | { kind: "unassigned" }
  | { kind: "account"; id: number }
  | { kind: "team"; id: number };

/** `me`, `unassigned`, `account:ID`, `team:ID` → the filter; anything else → null. */
export function parseAssigneeFilter(value: string): AssigneeFilter | null {
  const v = value.trim();
  if (v === "me" || v === "unassigned") return { kind: v };
  const parsed = parseAssigneeValue(v);
  return parsed ? { kind: parsed.type, id: parsed.id } : null;
}

// ── Responses (ADR 027) ──────────────────────────────────────────────────────────────────────────

/** A label of the business profile (GET /v1/labels). */
export const LabelResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  category: z.string().nullable(),
  label_type: z.string(),
  context_id: z.number().nullable(),
  context_type: z.number().nullable(),
  owner_account_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  items_count: z.number().optional().describe("How many items carry the label (left out when asked with items_count=0)"),
});

export const LabelListResponseSchema = z.object({ data: z.array(LabelResponseSchema) });
