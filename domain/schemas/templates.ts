import * as z from "zod";
import { TEMPLATE_CATEGORIES } from "../inbox";
import { TEMPLATE_DATE_ORDERS, TEMPLATE_LIST_LIMIT } from "../templates";
import { MESSAGES } from "../messages";
import { LANGUAGES } from "../reference/languages";
import { VISIBILITY } from "../visibility";
import { RecordIdFormSchema, requiredOrWrongFormat, withIntent } from "./common";
import { entityIdsField, VisibilityResponseSchema, whenValid } from "./searches";

const TEMPLATE_NAME_MAX = 120;
const TEMPLATE_MESSAGE_MAX = 5000;

/**
 * A required text. Not `requiredString`: its abort would keep the visibility's cross-field rule from
 * running, and the form shows every error at once (spec §5: errors under each field, on submit).
 */
function requiredText(max: number) {
  return z
    .string({ error: requiredOrWrongFormat })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(max, { error: MESSAGES.maxLength });
}

const LANGUAGE_CODES: ReadonlySet<string> = new Set(LANGUAGES.map((language) => language.code));

/** A form posts a list as one value, several, or none; the API as a list. Missing means "not given". */
function listOf<T extends z.ZodType<string>>(item: T) {
  return z.preprocess(
    (v) => (v === undefined ? undefined : v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(item, { error: MESSAGES.wrongFormat })
      .transform((values) => [...new Set(values)])
      .optional(),
  );
}

const categoriesField = () => listOf(z.enum(TEMPLATE_CATEGORIES, { error: MESSAGES.wrongFormat }));

const languagesField = () =>
  listOf(
    z
      .string({ error: MESSAGES.wrongFormat })
      .trim()
      .toLowerCase()
      .refine((code) => LANGUAGE_CODES.has(code), { error: MESSAGES.wrongFormat }),
  );

/** Visibility code (spec §4: 1 Only Me, 2 Everyone, 3 Teams); required (spec §5). */
function requiredEntityTypeField() {
  return z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v),
    z.union([z.literal(VISIBILITY.onlyMe), z.literal(VISIBILITY.everyone), z.literal(VISIBILITY.teams)], {
      error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.wrongFormat),
    }),
  );
}

/**
 * Whether the template is offered for selection. The form posts a hidden 'false' before its checkbox's
 * 'true', so an unticked box still says false: the last value posted wins.
 */
function activeField() {
  return z.preprocess(
    (v) => {
      const last = Array.isArray(v) ? v.at(-1) : v;
      if (last === undefined) return undefined;
      return last === true || last === "true" || last === "on" || last === "1" || last === 1;
    },
    z.boolean().optional(),
  );
}

/**
 * The visibility's entity ids need at least one entry (spec §5). Only Me and Everyone get theirs from the
 * server (the caller, the business profile), so the ids a caller must give are the teams of Teams.
 */
function hasTeamsWhenTeams(value: { entity_type?: number | undefined; entity_ids?: number[] | undefined }): boolean {
  return value.entity_type !== VISIBILITY.teams || (value.entity_ids?.length ?? 0) > 0;
}
const TEAMS_REQUIRED_RULE = {
  path: ["entity_ids"],
  error: MESSAGES.atLeastOneItem,
  when: whenValid("entity_type", "entity_ids"),
};

/**
 * A reply template as the Templates modal's form and POST /v1/templates take it (spec core §3, §5):
 * Name and Message required, the visibility's entity type required and, for Teams, at least one team;
 * categories are template network codes, languages are language codes. `active` defaults to true.
 */
export const TemplateFormSchema = z
  .object({
    name: requiredText(TEMPLATE_NAME_MAX),
    message: requiredText(TEMPLATE_MESSAGE_MAX),
    categories: categoriesField(),
    languages: languagesField(),
    entity_type: requiredEntityTypeField(),
    entity_ids: entityIdsField(),
    active: activeField(),
  })
  .refine(hasTeamsWhenTeams, TEAMS_REQUIRED_RULE);
export type TemplateFormInput = z.infer<typeof TemplateFormSchema>;

/**
 * The Templates modal's posts (/templates, ADR 028): Save Template (the form's schema; an `id` for an
 * existing template, none for a new one), and a row's delete, pin and unpin.
 */
export const TemplateActionSchema = z.discriminatedUnion("intent", [
  withIntent("save", TemplateFormSchema.safeExtend({ id: z.coerce.number().int().positive().optional() })),
  withIntent("delete", RecordIdFormSchema),
  withIntent("pin", RecordIdFormSchema),
  withIntent("unpin", RecordIdFormSchema),
]);
export type TemplateAction = z.output<typeof TemplateActionSchema>;

/** Only undefined means "unchanged"; an empty or null text is still a missing one. */
const nullToEmpty = (v: unknown) => (v === null ? "" : v);

/**
 * PATCH /v1/templates/{id}: the fields of the form, each optional (left out: unchanged), each checked as
 * the form checks it when given. A new entity_type is resolved afresh; team ids alone re-share a Teams one.
 */
export const TemplateUpdateSchema = z
  .object({
    name: z.preprocess(nullToEmpty, requiredText(TEMPLATE_NAME_MAX).optional()),
    message: z.preprocess(nullToEmpty, requiredText(TEMPLATE_MESSAGE_MAX).optional()),
    categories: categoriesField(),
    languages: languagesField(),
    entity_type: z.preprocess((v) => (v === null ? "" : v), requiredEntityTypeField().optional()),
    entity_ids: entityIdsField(),
    active: activeField(),
  })
  .refine(
    (v) => v.entity_type !== VISIBILITY.teams || v.entity_ids === undefined || v.entity_ids.length > 0,
    TEAMS_REQUIRED_RULE,
  );
export type TemplateUpdateInput = z.infer<typeof TemplateUpdateSchema>;

/** A comma list in the query string (`categories=twitter,fb`), or the parameter repeated. */
const commaList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((part) => part.split(",")).map((s) => s.trim()).filter(Boolean))
  .optional();

/**
 * GET /v1/templates: search (name or message), categories and languages (any of them), the date order,
 * for_selection=1 leaves out inactive ones, and the page.
 */
export const TemplateListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  categories: commaList,
  languages: commaList,
  order: z.enum(TEMPLATE_DATE_ORDERS).optional(),
  for_selection: z.enum(["0", "1", "true", "false"]).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(TEMPLATE_LIST_LIMIT).default(TEMPLATE_LIST_LIMIT),
});

// ── Responses (ADR 027) ──────────────────────────────────────────────────────────────────────────

const AuthorSchema = z.object({ id: z.number(), name: z.string() }).nullable();

/** A reply template as the API answers it (spec core §3), with the caller's pin. */
export const TemplateResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  categories: z.array(z.enum(TEMPLATE_CATEGORIES)),
  languages: z.array(z.string()),
  entity_type: VisibilityResponseSchema,
  entity_ids: z.array(z.number()),
  active: z.boolean(),
  pinned: z.boolean(),
  created_by: AuthorSchema,
  updated_by: AuthorSchema,
  created_at: z.string(),
  updated_at: z.string(),
});


export const TemplateListResponseSchema = z.object({ data: z.array(TemplateResponseSchema), total: z.number() });
