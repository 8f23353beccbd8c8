import * as z from "zod";
import { FEED_ITEM_STATE } from "../constants";
import { ASSIGNEE_TYPES } from "../inbox";
import { MESSAGES } from "../messages";
import { RecordIdFormSchema, withIntent } from "./common";
import { QUERY_MAX_LENGTH } from "../query";

// Rules (spec analytics §3, §5, §7; ADR 031): what a rule acts on (its target, its sources and authors,
// its query and exclude query) and what it does (its action). One schema for the rules screen's form and
// for POST / PATCH /v1/admin/rules; the form posts lists as repeated fields and pairs as "type:id".

/** rule_type, "the action" (the spec shows the values 1, 3, 4 and 5; what each does is ADR 031's). */
export const RULE_TYPES = { label: 1, assign: 3, state: 4, hide: 5 } as const;
export type RuleType = (typeof RULE_TYPES)[keyof typeof RULE_TYPES];

/** status_type, "the target": which kinds of mention (status) the rule acts on (ADR 031). */
export const STATUS_TYPES = { all: 1, posts: 2, comments: 3, reviews: 4, messages: 5 } as const;
export type StatusType = (typeof STATUS_TYPES)[keyof typeof STATUS_TYPES];

/** The mention kinds (mention-input MENTION_KINDS) each target takes; `all` takes every kind. */
export const STATUS_TYPE_KINDS: Readonly<Record<StatusType, readonly string[] | null>> = {
  [STATUS_TYPES.all]: null,
  [STATUS_TYPES.posts]: ["post", "article"],
  [STATUS_TYPES.comments]: ["comment", "reply"],
  [STATUS_TYPES.reviews]: ["review"],
  [STATUS_TYPES.messages]: ["message", "ticket"],
};

/** An entity's type in `entities` (ADR 031). The spec's entity group type constant is 4: a topic group. */
export const RULE_ENTITY_TYPES = { stream: 1, search: 2, topic: 3, group: 4 } as const;
type RuleEntityType = (typeof RULE_ENTITY_TYPES)[keyof typeof RULE_ENTITY_TYPES];

const RULE_NAME_MAX = 120;
/** Entities, authors and labels one rule may name. */
const RULE_LIST_MAX = 100;

const intOf = (v: unknown) => (typeof v === "string" && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v);
const listOfInput = (v: unknown) =>
  v === undefined ? undefined : v === null || v === "" ? [] : Array.isArray(v) ? v : [v];

function idField() {
  return z.preprocess(
    intOf,
    z
      .number({ error: MESSAGES.wrongFormat })
      .int({ error: MESSAGES.wrongFormat })
      .positive({ error: MESSAGES.wrongFormat }),
  );
}

function idListField() {
  return z.preprocess(
    listOfInput,
    z
      .array(idField(), { error: MESSAGES.wrongFormat })
      .max(RULE_LIST_MAX, { error: MESSAGES.tooManyElements })
      .transform((ids) => [...new Set(ids)])
      .optional(),
  );
}

/** One of the given numbers; missing (or blank in a form) gives `missing`, anything else 'Wrong format!'. */
function choiceField<T extends number>(values: readonly T[], missing: string = MESSAGES.wrongFormat) {
  return z.preprocess(
    (v) => (v === "" || v === null ? undefined : intOf(v)),
    z
      .number({ error: (issue) => (issue.input === undefined ? missing : MESSAGES.wrongFormat) })
      .refine((v): v is T => (values as readonly number[]).includes(v), { error: MESSAGES.wrongFormat }),
  );
}

const ENTITY_TYPE_VALUES: readonly RuleEntityType[] = Object.values(RULE_ENTITY_TYPES);
const RULE_TYPE_VALUES: readonly RuleType[] = Object.values(RULE_TYPES);
const STATUS_TYPE_VALUES: readonly StatusType[] = Object.values(STATUS_TYPES);
const STATE_VALUES: readonly number[] = Object.values(FEED_ITEM_STATE);

const EntitySchema = z.object({
  entity_id: idField(),
  entity_type: choiceField(ENTITY_TYPE_VALUES),
});

/** `entities`: objects (the API) or "type:id" strings (the form's multi-select). */
function entitiesField() {
  return z.preprocess(
    (v) =>
      listOfInput(v)?.map((entry) => {
        if (typeof entry !== "string") return entry;
        const [type, id] = entry.split(":");
        return { entity_type: type, entity_id: id };
      }),
    z
      .array(EntitySchema, { error: MESSAGES.wrongFormat })
      .max(RULE_LIST_MAX, { error: MESSAGES.tooManyElements })
      .transform((entities) => {
        const seen = new Set<string>();
        return entities.filter((e) => {
          const key = `${e.entity_type}:${e.entity_id}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      })
      .optional(),
  );
}

function queryField() {
  return z.preprocess(
    (v) => (v === null ? "" : v),
    z
      .string({ error: MESSAGES.wrongFormat })
      .max(QUERY_MAX_LENGTH, { error: MESSAGES.queryLint.tooLong })
      .transform((text) => text.replace(/\r\n?/g, "\n"))
      .optional(),
  );
}

/**
 * The form's one assignee select posts "account:5" or "team:2" (as `assignee_id`); the API takes
 * assignee_type and assignee_id. Either arrives as the pair.
 */
function withAssigneePair(v: unknown): unknown {
  if (!v || typeof v !== "object" || Array.isArray(v)) return v;
  const record = v as Record<string, unknown>;
  if (typeof record.assignee_id !== "string" || !record.assignee_id.includes(":")) return v;
  const [type, id] = record.assignee_id.split(":");
  return { ...record, assignee_type: type, assignee_id: id };
}

const ruleShape = {
  name: z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? MESSAGES.required : MESSAGES.wrongFormat),
    })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(RULE_NAME_MAX, { error: MESSAGES.maxLength }),
  business_profile_id: z.preprocess(intOf, z.number({ error: MESSAGES.wrongFormat }).int().positive().optional()),
  entities: entitiesField(),
  query: queryField(),
  exclude_query: queryField(),
  rule_type: choiceField(RULE_TYPE_VALUES, MESSAGES.selectAction),
  status_type: choiceField(STATUS_TYPE_VALUES, MESSAGES.selectTarget),
  identities: idListField(),
  label_ids: idListField(),
  selected_groups: idListField(),
  assignee_type: z.preprocess(
    (v) => (v === "" ? null : v),
    z.enum(ASSIGNEE_TYPES, { error: MESSAGES.wrongFormat }).nullable().optional(),
  ),
  assignee_id: z.preprocess(
    (v) => (v === "" ? null : intOf(v)),
    z.number({ error: MESSAGES.wrongFormat }).int().positive({ error: MESSAGES.wrongFormat }).nullable().optional(),
  ),
  state: z.preprocess((v) => (v === "" ? null : v), choiceField(STATE_VALUES).nullable().optional()),
};

type RuleShapeOutput = {
  rule_type?: RuleType;
  label_ids?: number[] | undefined;
  assignee_type?: (typeof ASSIGNEE_TYPES)[number] | null | undefined;
  assignee_id?: number | null | undefined;
  state?: number | null | undefined;
};

/** What each action needs besides its type (ADR 031): labels to put on, someone to assign, a state. */
function actionNeeds(value: RuleShapeOutput, ctx: z.RefinementCtx): void {
  if (value.rule_type === RULE_TYPES.label && !value.label_ids?.length) {
    ctx.addIssue({ code: "custom", path: ["label_ids"], message: MESSAGES.atLeastOneItem });
  }
  if (value.rule_type === RULE_TYPES.assign && (!value.assignee_type || !value.assignee_id)) {
    ctx.addIssue({ code: "custom", path: ["assignee_id"], message: MESSAGES.required });
  }
  if (value.rule_type === RULE_TYPES.state && !value.state) {
    ctx.addIssue({ code: "custom", path: ["state"], message: MESSAGES.required });
  }
}

/**
 * POST /v1/admin/rules and the rules screen's form (spec analytics §7): name required (unique: the
 * API checks), the action ('Please select an action') and the target ('Please select a target')
 * required, query and exclude query linted by the API (each fault at its place).
 */
export const RuleFormSchema = z.preprocess(withAssigneePair, z.object(ruleShape).superRefine(actionNeeds));
export type RuleFormInput = z.infer<typeof RuleFormSchema>;

/** "Test this rule": the target part of a rule, over the last 7 days' mentions. */
export const RuleTestSchema = z.object({
  business_profile_id: ruleShape.business_profile_id,
  entities: ruleShape.entities,
  query: ruleShape.query,
  exclude_query: ruleShape.exclude_query,
  status_type: ruleShape.status_type,
  identities: ruleShape.identities,
  selected_groups: ruleShape.selected_groups,
});
export type RuleTestInput = z.infer<typeof RuleTestSchema>;

/**
 * The rules screen's posts (ADR 028): one discriminated union on `intent`, parsed once on the server.
 * create and update carry the rule's form (RuleFormSchema's fields and checks), test its target part,
 * apply and delete the rule's id.
 */
const RuleFieldsSchema = z.object(ruleShape);
export const RuleActionSchema = z.preprocess(
  withAssigneePair,
  z
    .discriminatedUnion("intent", [
      withIntent("create", RuleFieldsSchema),
      withIntent("update", RuleFieldsSchema),
      withIntent("test", RuleTestSchema),
      withIntent("apply", RecordIdFormSchema),
      withIntent("delete", RecordIdFormSchema),
    ])
    .superRefine((action, ctx) => {
      if (action.intent === "create" || action.intent === "update") actionNeeds(action, ctx);
    }),
);
export type RuleAction = z.output<typeof RuleActionSchema>;

/** The rules' routes: business_profile_id, only the caller's own. */
export const RuleProfileQuerySchema = z.object({ business_profile_id: z.string().optional().describe("Only the caller's own") });

/** GET /v1/admin/rules/authors: the authors a rule can name, those of `ids` included whatever their rank. */
export const RuleAuthorsQuerySchema = RuleProfileQuerySchema.extend({
  ids: z
    .string()
    .optional()
    .describe("Comma-separated identity ids to include whatever their rank (a rule's own authors)"),
});

// ── Responses (ADR 027) ──────────────────────────────────────────────────────────────────────────

export const RULE_APPLY_STATUSES = ["running", "done", "failed"] as const;

/** A rule as the API answers it, with how many mentions it has acted on and whether it is broken. */
export const RuleResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  business_profile_id: z.number(),
  entities: z.array(z.object({ entity_id: z.number(), entity_type: z.number() })),
  query: z.string().nullable(),
  exclude_query: z.string().nullable(),
  rule_type: z.number(),
  status_type: z.number(),
  identities: z.array(z.number()),
  label_ids: z.array(z.number()),
  selected_groups: z.array(z.number()),
  assignee_type: z.enum(ASSIGNEE_TYPES).nullable(),
  assignee_id: z.number().nullable(),
  state: z.number().nullable(),
  /** Mentions this rule has acted on (new ones and stored ones after "apply to existing"). */
  acted_count: z.number(),
  /** Why the rule is skipped (its query no longer lints, a label or assignee is gone); null when it runs. */
  broken_reason: z.string().nullable(),
  /** The last "apply to existing": stored mentions read of the total, and those acted on. */
  apply: z
    .object({
      status: z.enum(RULE_APPLY_STATUSES),
      done: z.number(),
      total: z.number(),
      acted: z.number(),
      finished_at: z.string().nullable(),
    })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const RuleListResponseSchema = z.object({ data: z.array(RuleResponseSchema) });

/** GET /v1/admin/rules/authors: the authors a rule can name (the tenant's most followed and most recently seen, and those asked for by id). */
export const RuleAuthorListResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      social_type: z.string(),
      username: z.string(),
      name: z.string().nullable(),
      followers: z.number(),
    }),
  ),
});

/** "Test this rule": how many of the last 7 days' mentions it would act on, with the newest few. */
export const RuleTestResponseSchema = z.object({
  matched: z.number(),
  scanned: z.number(),
  since: z.string(),
  sample: z.array(
    z.object({
      id: z.number(),
      text: z.string(),
      author: z.string(),
      social_type: z.string(),
      created_at: z.string(),
    }),
  ),
});
