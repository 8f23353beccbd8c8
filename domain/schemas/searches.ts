import * as z from "zod";
import { MESSAGES } from "../messages";
import { FILTER_TYPES, QUERY_MAX_LENGTH, QueryGroupsSchema } from "../query";
import { VISIBILITY, type Visibility } from "../visibility";
import { RecordIdFormSchema, requiredString, withIntent } from "./common";

/** Saved-search sections (spec §2, §9): BRAND SEARCHES, MY SEARCHES, TEAM SEARCHES. */
export const SEARCH_CATEGORIES = ["brand", "my", "team"] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

const SEARCH_NAME_MAX = 120;
const LOGO_SRC_MAX = 2000;
/** Teams a definition may be shared with. */
const ENTITY_IDS_MAX = 100;

/** The visibility a new search or folder of a section gets when the caller names none (ADR 013). */
export const DEFAULT_VISIBILITY: Readonly<Record<SearchCategory, Visibility>> = {
  brand: VISIBILITY.everyone,
  my: VISIBILITY.onlyMe,
  team: VISIBILITY.teams,
};

const blankToNull = (v: unknown) => (v === "" || v === "null" ? null : v);

export const nameField = () => requiredString().max(SEARCH_NAME_MAX, { error: MESSAGES.maxLength });

function categoryField() {
  return z.enum(SEARCH_CATEGORIES, {
    error: (issue) => (issue.input === undefined || issue.input === "" ? MESSAGES.required : MESSAGES.wrongFormat),
  });
}

/** A positive id; form posts carry it as a string. */
function idField() {
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.wrongFormat) })
      .int({ error: MESSAGES.wrongFormat })
      .positive({ error: MESSAGES.wrongFormat }),
  );
}

/** An id or null (top level, no group); '' from a form select is null. */
export function nullableIdField() {
  return z.preprocess(blankToNull, idField().nullable());
}

/** Visibility code 1 Only Me, 2 Everyone, 3 Teams (spec §4); optional, a form posts it as a string. */
export function entityTypeField() {
  return z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v),
    z
      .union([z.literal(VISIBILITY.onlyMe), z.literal(VISIBILITY.everyone), z.literal(VISIBILITY.teams)], { error: MESSAGES.wrongFormat })
      .optional(),
  );
}

/** Team ids (Teams visibility); a form posts one value, several, or none. Missing means "not given". */
export function entityIdsField() {
  return z.preprocess(
    (v) => (v === undefined ? undefined : v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(idField()).max(ENTITY_IDS_MAX, { error: MESSAGES.tooManyElements }).optional(),
  );
}

/** A checkbox for a create form: ticked ('on', true) or not (false); missing means false. */
function flag() {
  return z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());
}

/** The same for a partial update: missing means "unchanged". */
export function optionalFlag() {
  return z.preprocess(
    (v) => (v === undefined ? undefined : v === true || v === "on" || v === "true"),
    z.boolean().optional(),
  );
}

export function logoSrcField() {
  return z.preprocess(blankToNull, z.string({ error: MESSAGES.wrongFormat }).trim().max(LOGO_SRC_MAX, { error: MESSAGES.maxLength }).nullable().optional());
}

/**
 * Query groups arrive as a list (API) or as the JSON text of a hidden form field. The API speaks
 * snake_case (`filter_type`); the stored groups use the spec's `filterType` (ADR 012), and either key is read.
 */
function queryGroupsField() {
  return z.preprocess((v) => {
    let value = v;
    if (typeof value === "string") {
      try {
        value = JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    }
    return Array.isArray(value) ? value.map(groupFromWire) : value;
  }, QueryGroupsSchema);
}

function groupFromWire(group: unknown): unknown {
  if (!group || typeof group !== "object" || !Array.isArray((group as { values?: unknown }).values)) return group;
  const values = (group as { values: unknown[] }).values.map((value) => {
    if (!value || typeof value !== "object" || !("filter_type" in value) || "filterType" in value) return value;
    const { filter_type, ...rest } = value as { filter_type: unknown };
    return { ...rest, filterType: filter_type };
  });
  return { ...group, values };
}

/**
 * A cross-field rule runs even when other fields fail (so a form shows every error at once), but not when
 * one of the fields it reads failed, nor on a value that is not an object.
 */
export function whenValid(...fields: string[]) {
  // A value that is not an object (null, as OpenAPI generation probes with) has no fields to compare.
  return (payload: z.core.ParsePayload) =>
    typeof payload.value === "object" &&
    payload.value !== null &&
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));
}

/** Teams visibility needs at least one team (spec §5: 'Please add at least one item!'). */
export function hasTeamsForTeams(value: { entity_type?: number | undefined; entity_ids?: number[] | undefined }): boolean {
  return !(value.entity_type === VISIBILITY.teams && value.entity_ids !== undefined && value.entity_ids.length === 0);
}

export const TEAMS_RULE = {
  path: ["entity_ids"],
  error: MESSAGES.atLeastOneItem,
  when: whenValid("entity_type", "entity_ids"),
};

/**
 * Create a saved search (the sidebar's form and POST /search/items). Without entity_type the section's
 * default applies (DEFAULT_VISIBILITY); Only Me and Everyone ids are set by the server.
 */
export const SearchItemFormSchema = z
  .object({
    name: nameField(),
    category: categoryField(),
    folder_id: nullableIdField().optional(),
    query: queryGroupsField(),
    entity_type: entityTypeField(),
    entity_ids: entityIdsField(),
    logo_src: logoSrcField(),
    are_alerts_enabled: flag().optional(),
  })
  .refine(hasTeamsForTeams, TEAMS_RULE);
export type SearchItemFormInput = z.infer<typeof SearchItemFormSchema>;

const searchItemUpdateFields = {
  name: z.preprocess(blankToUndefinedIfMissing, nameField().optional()),
  folder_id: nullableIdField().optional(),
  query: queryGroupsField().optional(),
  entity_type: entityTypeField(),
  entity_ids: entityIdsField(),
  logo_src: logoSrcField(),
  are_alerts_enabled: optionalFlag(),
};

/** Edit a saved search (PUT /search/items/{id}): every field is optional; the section cannot change. */
export const SearchItemUpdateSchema = z.object(searchItemUpdateFields).refine(hasTeamsForTeams, TEAMS_RULE);
export type SearchItemUpdateInput = z.infer<typeof SearchItemUpdateSchema>;

/**
 * The search editor's Save of a saved search: the same fields, but its name is on screen, and a form
 * posts a cleared field as nothing at all. So a blank name is missing, not "unchanged".
 */
export const SearchItemEditFormSchema = z
  .object({ ...searchItemUpdateFields, name: nameField() })
  .refine(hasTeamsForTeams, TEAMS_RULE);

/** Only undefined means "unchanged"; an empty or null name is still a missing name. */
function blankToUndefinedIfMissing(v: unknown) {
  return v === null ? "" : v;
}

/** Drag and drop of a search (spec §4): into a folder of the same section, or to the top level (null). */
export const MoveSearchItemSchema = z.object({ folder_id: nullableIdField() });

/** Create a folder (POST /search/folders). */
export const SearchFolderFormSchema = z
  .object({
    name: nameField(),
    category: categoryField(),
    entity_type: entityTypeField(),
    entity_ids: entityIdsField(),
  })
  .refine(hasTeamsForTeams, TEAMS_RULE);
export type SearchFolderFormInput = z.infer<typeof SearchFolderFormSchema>;

/** Rename a folder or change who sees it (PUT /search/folders/{id}); the section cannot change. */
export const SearchFolderUpdateSchema = z
  .object({
    name: z.preprocess(blankToUndefinedIfMissing, nameField().optional()),
    entity_type: entityTypeField(),
    entity_ids: entityIdsField(),
  })
  .refine(hasTeamsForTeams, TEAMS_RULE);
export type SearchFolderUpdateInput = z.infer<typeof SearchFolderUpdateSchema>;

/** Drag and drop (or the Move form) of one search: its hidden `id` and the folder (none: top level). */
const MoveSearchItemFormSchema = MoveSearchItemSchema.extend(RecordIdFormSchema.shape);

/**
 * The search screen's sidebar posts (/search, ADR 028): a new folder, a search moved, and a search's or a
 * folder's pin and delete buttons.
 */
export const SearchSidebarActionSchema = z.discriminatedUnion("intent", [
  withIntent("create-folder", SearchFolderFormSchema),
  withIntent("move", MoveSearchItemFormSchema),
  withIntent("pin-search", RecordIdFormSchema),
  withIntent("pin-folder", RecordIdFormSchema),
  withIntent("delete-search", RecordIdFormSchema),
  withIntent("delete-folder", RecordIdFormSchema),
]);
export type SearchSidebarAction = z.output<typeof SearchSidebarActionSchema>;

/** The search editor's Search (intent run): only its definition, the query field of the shared schemas. */
export const SearchDraftFormSchema = z.object({ query: queryGroupsField() });

/** The search editor's posts on a new search (ADR 028): Search, and Save (POST /search/items). */
export const NewSearchEditorActionSchema = z.discriminatedUnion("intent", [
  withIntent("run", SearchDraftFormSchema),
  withIntent("save", SearchItemFormSchema),
]);

/** The search editor's posts on a saved search: Search, and Save Changes (PUT /search/items/{id}). */
export const SavedSearchEditorActionSchema = z.discriminatedUnion("intent", [
  withIntent("run", SearchDraftFormSchema),
  withIntent("update", SearchItemEditFormSchema),
]);
export type SearchEditorAction = z.output<typeof NewSearchEditorActionSchema> | z.output<typeof SavedSearchEditorActionSchema>;

/**
 * POST /v1/queries/validate and the query editors' live check. A query over QUERY_MAX_LENGTH is refused
 * before any parsing (the API answers 400); a missing or blank one is reported as invalid, not refused.
 */
export const QueryValidateSchema = z.object({
  query: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z
      .string({ error: MESSAGES.wrongFormat })
      .max(QUERY_MAX_LENGTH, { error: MESSAGES.queryLint.tooLong }),
  ),
});

/** Things a user can pin (docs/architecture.md: pins are per user). `stream` is the streams' own pin type. */
export const PIN_TYPES = ["search_item", "search_folder", "topic", "stream", "template"] as const;
export type PinType = (typeof PIN_TYPES)[number];

export const PinSchema = z.object({
  entity_id: idField(),
  type: z.enum(PIN_TYPES, {
    error: (issue) => (issue.input === undefined || issue.input === "" ? MESSAGES.required : MESSAGES.wrongFormat),
  }),
});

/** GET /v3/accounts/pins: the caller's pins of one type, or all. */
export const PinListQuerySchema = z.object({ type: z.enum(PIN_TYPES).optional() });

/** DELETE /v3/accounts/pins: entity_id and type may come in the query string instead of the body. */
export const PinRemoveQuerySchema = z.object({ entity_id: z.string().optional(), type: z.string().optional() });

/** GET /search/folders and /search/items: one section's (brand, my, team). */
export const SearchCategoryQuerySchema = z.object({ category: z.enum(SEARCH_CATEGORIES).optional() });

/** A pin as GET and POST /v3/accounts/pins answer it. */
export const PinResponseSchema = z.object({ entity_id: z.number(), type: z.enum(PIN_TYPES) });

/** GET /v3/accounts/pins. */
export const PinListResponseSchema = z.object({ data: z.array(PinResponseSchema) });

/** A visibility code as answered (spec core §4): 1 Only Me, 2 Everyone, 3 Teams. */
export const VisibilityResponseSchema = z.literal([VISIBILITY.onlyMe, VISIBILITY.everyone, VISIBILITY.teams]);

// ── Responses (ADR 027) ──────────────────────────────────────────────────────────────────────────

/** How far a new saved search or topic has looked back through the stored mentions. */
export const BackfillResponseSchema = z.object({ done: z.number(), total: z.number(), finished: z.boolean() });

/** A definition group (domain/query) as stored. */
const QueryGroupResponseSchema = z.object({
  type: z.enum(["must", "must-not"]),
  values: z.array(z.object({ filter_type: z.enum(FILTER_TYPES), value: z.union([z.string(), z.number()]) })),
});

/** A saved search (spec §9), with the caller's pin and whether the caller may change it. */
export const SearchItemResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  category: z.enum(SEARCH_CATEGORIES),
  folder_id: z.number().nullable(),
  logo_src: z.string().nullable(),
  pinned: z.boolean(),
  are_alerts_enabled: z.boolean(),
  query: z.array(QueryGroupResponseSchema),
  entity_type: VisibilityResponseSchema,
  entity_ids: z.array(z.number()),
  owner_account_id: z.number().nullable(),
  editable: z.boolean(),
  backfill: BackfillResponseSchema,
  created_at: z.string(),
  updated_at: z.string(),
});

export const SearchFolderResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  category: z.enum(SEARCH_CATEGORIES),
  pinned: z.boolean(),
  entity_type: VisibilityResponseSchema,
  entity_ids: z.array(z.number()),
  owner_account_id: z.number().nullable(),
  editable: z.boolean(),
  items: z.array(SearchItemResponseSchema),
  created_at: z.string(),
  updated_at: z.string(),
});

/** POST /v1/queries/validate: every fault of a boolean query, offsets and lengths in UTF-16 units. */
export const QueryValidationResponseSchema = z.object({
  valid: z.boolean(),
  errors: z.array(z.object({ message: z.string(), offset: z.number(), length: z.number() })),
});

/** POST …/toggle-pin (search items, search folders, streams): whether it is now pinned for the caller. */
export const PinnedResponseSchema = z.object({ pinned: z.boolean() });

export const SearchFolderListResponseSchema = z.object({ data: z.array(SearchFolderResponseSchema) });
export const SearchItemListResponseSchema = z.object({ data: z.array(SearchItemResponseSchema) });
