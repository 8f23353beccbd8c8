// Form schemas of the dashboard's templates, shared links and annotations (ADR 015), shared by the
// page's forms and (when its author wants them) the API's bodies. Written minimally by the dashboard
// page; the API's author extends it.
import * as z from "zod";
import { DASHBOARD_SECTIONS, TEMPLATE_TIME_UNITS } from "../dashboard";
import { COMPARE_COLORS, LAYER_COLORS } from "../palette";
import { MESSAGES } from "../messages";
import { optionalString, requiredString, JsonValueSchema, withIntent } from "./common";
import { StatusResponseSchema } from "./statuses";

/** Annotation layer types (analytics spec §3). */
export const ANNOTATION_LAYER_TYPES = ["Research", "Community Events", "Global Events", "PR"] as const;

const NAME_MAX = 100;
const TEXT_MAX = 2000;
const name = () => requiredString().max(NAME_MAX, { error: MESSAGES.maxLength });
const id = () => z.coerce.number({ error: MESSAGES.wrongFormat }).int().positive();

/** Save the current layout as a dashboard template: its name (the layout comes from the page's state). */
export const DashboardTemplateFormSchema = z.object({ name: name() });
export const DashboardTemplateRenameSchema = z.object({ id: id(), name: name() });

/** A shared link's title and whether visitors need not sign in (a checkbox: present means on). */
export const SharedLinkFormSchema = z.object({
  title: name(),
  nonLoggedInAccess: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
});
export const SharedLinkUpdateSchema = SharedLinkFormSchema.extend({ id: id() });
const SharedLinkIdSchema = z.object({ id: id() });

/** A layer: name, colour (an index into LAYER_COLORS), optional brand, type. */
export const AnnotationLayerFormSchema = z.object({
  name: name(),
  color: z.coerce
    .number({ error: MESSAGES.required })
    .int({ error: MESSAGES.wrongFormat })
    .min(0, { error: MESSAGES.wrongFormat })
    .max(LAYER_COLORS.length - 1, { error: MESSAGES.wrongFormat }),
  brand: optionalString(),
  type: z.enum(ANNOTATION_LAYER_TYPES, { error: MESSAGES.required }),
});

/** An annotation: name, text, the day it is anchored to (YYYY-MM-DD or an ISO instant), its layer. */
export const AnnotationFormSchema = z.object({
  name: name(),
  text: optionalString().pipe(z.string().max(TEXT_MAX, { error: MESSAGES.maxLength }).optional()),
  anchorDate: requiredString().refine((v) => !Number.isNaN(Date.parse(v)), { error: MESSAGES.wrongFormat }),
  layerId: id(),
});
export const AnnotationUpdateSchema = AnnotationFormSchema.extend({ id: id() });
const AnnotationIdSchema = z.object({ id: id() });

/**
 * The dashboard's posts (/?index, ADR 028): save or rename a template, create, update or revoke a shared
 * link, create a layer, and create, update or delete an annotation.
 */
export const DashboardActionSchema = z.discriminatedUnion("intent", [
  withIntent("saveTemplate", DashboardTemplateFormSchema),
  withIntent("renameTemplate", DashboardTemplateRenameSchema),
  withIntent("createShare", SharedLinkFormSchema),
  withIntent("updateShare", SharedLinkUpdateSchema),
  withIntent("revokeShare", SharedLinkIdSchema),
  withIntent("createLayer", AnnotationLayerFormSchema),
  withIntent("createAnnotation", AnnotationFormSchema),
  withIntent("updateAnnotation", AnnotationUpdateSchema),
  withIntent("deleteAnnotation", AnnotationIdSchema),
]);
export type DashboardAction = z.output<typeof DashboardActionSchema>;

// ── API bodies (snake_case; the web client converts its camelCase keys) ─────────────────────────────
// The service checks what the schemas leave loose: widget ids (400), the number of contexts (400), and
// that contexts and layers belong to the tenant (404).

/** Booleans as forms and query strings send them. */
const flag = () =>
  z.preprocess((v) => {
    const last = Array.isArray(v) ? v.at(-1) : v;
    if (last === undefined || last === null || last === "") return undefined;
    return last === true || last === "true" || last === "on" || last === "1" || last === 1;
  }, z.boolean().optional());

/** A context token `{contextType}-{contextId}` (as the dashboard's address writes it) or a saved search id. */
const ContextTokenSchema = z.union([
  z.string().trim().regex(/^\d+-\d+$/, { error: MESSAGES.wrongFormat }),
  z.number().int().positive().transform((n) => `1-${n}`),
]);

const WidgetRefSchema = z.object({
  id: z.string({ error: MESSAGES.wrongFormat }).trim().min(1, { error: MESSAGES.required }),
  config: z.record(z.string(), z.unknown()).nullish(),
});

/** A dashboard template's config (spec §3): contexts as tokens, widgets with their parameters. */
const DashboardTemplateConfigSchema = z.object({
  context_ids: z.array(ContextTokenSchema, { error: MESSAGES.wrongFormat }).default([]),
  widgets: z.array(WidgetRefSchema, { error: MESSAGES.wrongFormat }).default([]),
});
export type DashboardTemplateConfigInput = z.infer<typeof DashboardTemplateConfigSchema>;

const templateTime = () => z.coerce.number({ error: MESSAGES.numeric }).int({ error: MESSAGES.numeric }).positive({ error: MESSAGES.positive }).max(100_000, { error: MESSAGES.maxLength });
const templateTimeUnit = () => z.enum(TEMPLATE_TIME_UNITS, { error: MESSAGES.wrongFormat });

/** POST /v1/dashboard/templates */
export const DashboardTemplateBodySchema = z.object({
  name: name(),
  time: templateTime().default(30),
  time_unit: templateTimeUnit().default("Days"),
  config: DashboardTemplateConfigSchema.default({ context_ids: [], widgets: [] }),
});
export type DashboardTemplateBody = z.infer<typeof DashboardTemplateBodySchema>;

/** PATCH /v1/dashboard/templates/{id}: a field left out keeps its value; a given name is still required. */
export const DashboardTemplatePatchSchema = z.object({
  name: z.preprocess((v) => (v === null ? "" : v), name().optional()),
  time: templateTime().optional(),
  time_unit: templateTimeUnit().optional(),
  config: DashboardTemplateConfigSchema.optional(),
});
export type DashboardTemplatePatch = z.infer<typeof DashboardTemplatePatchSchema>;

/** A shared link's context: `{ context_type, context_id, properties }` or a token. */
const SharedLinkContextSchema = z.union([
  z.object({
    context_type: z.coerce.number({ error: MESSAGES.wrongFormat }).int(),
    context_id: z.coerce.number({ error: MESSAGES.wrongFormat }).int().nonnegative().default(0),
    properties: z
      .object({ query: z.string().nullish(), filters: z.array(z.unknown()).nullish() })
      .nullish(),
  }),
  ContextTokenSchema.transform((token) => {
    const [type, id] = token.split("-");
    return { context_type: Number(type), context_id: Number(id), properties: null };
  }),
]);

/** A shared link's config (spec §3; ADR 015 adds layer_ids). */
const SharedLinkConfigSchema = z.object({
  widgets: z
    .array(z.union([z.string().trim(), WidgetRefSchema.transform((w) => w.id)]), { error: MESSAGES.wrongFormat })
    .optional(),
  contexts: z.array(SharedLinkContextSchema, { error: MESSAGES.wrongFormat }).optional(),
  time: z.union([z.number(), z.string()]).nullish(),
  time_range: z.object({ from: z.string(), to: z.string() }).nullish(),
  time_unit: z.string().max(20, { error: MESSAGES.maxLength }).nullish(),
  /** The zone the link's period was chosen in (the viewer's default). */
  time_zone: z.string().max(64, { error: MESSAGES.maxLength }).nullish(),
  layer_ids: z.array(z.coerce.number().int().positive(), { error: MESSAGES.wrongFormat }).optional(),
});
export type SharedLinkConfigInput = z.infer<typeof SharedLinkConfigSchema>;

/** POST /v1/dashboard_shared_links */
export const SharedLinkBodySchema = z.object({
  title: name(),
  non_logged_in_access: flag().default(false),
  config: SharedLinkConfigSchema.default({}),
});
export type SharedLinkBody = z.infer<typeof SharedLinkBodySchema>;

/** PUT /v1/dashboard_shared_links/{id}: a field left out keeps its value. */
export const SharedLinkPutSchema = z.object({
  title: z.preprocess((v) => (v === null ? "" : v), name().optional()),
  non_logged_in_access: flag(),
  config: SharedLinkConfigSchema.optional(),
});
export type SharedLinkPut = z.infer<typeof SharedLinkPutSchema>;

/** POST /v1/dashboard/feeds/hash: a chart point's drill-down (ADR 015). */
export const FeedHashBodySchema = z.object({
  title: z.string().max(300, { error: MESSAGES.maxLength }).default(""),
  view_type: z.string().max(100, { error: MESSAGES.maxLength }).default(""),
  account_id: z.coerce.number().int().positive().nullish(),
  context_id: z.coerce.number({ error: MESSAGES.wrongFormat }).int().nonnegative().default(0),
  context_type: z.coerce.number({ error: MESSAGES.required }).int(),
  min_created_at: requiredString().refine((v) => !Number.isNaN(Date.parse(v)), { error: MESSAGES.wrongFormat }),
  max_created_at: requiredString().refine((v) => !Number.isNaN(Date.parse(v)), { error: MESSAGES.wrongFormat }),
  properties: z.record(z.string(), z.unknown()).nullish(),
});
export type FeedHashBody = z.infer<typeof FeedHashBodySchema>;

/** GET /v1/dashboard/feeds/hash: the drill-down's code (either spelling the spec's clients send) and a page. */
export const FeedHashPageQuerySchema = z.object({
  feed_hash: z.string().max(100).optional(),
  feedHash: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

// ── Responses (ADR 027) ──────────────────────────────────────────────────────────────────────────

/** POST /v1/dashboard/feeds/hash: the stored feed definition's hash. */
export const FeedHashResponseSchema = z.object({ id: z.string() });

/** A stored drill-down: its code, the chart point's context and period, and the point's own properties. */
const FeedHashDefinitionResponseSchema = z.object({
  id: z.string(),
  title: z.string(),
  view_type: z.string(),
  account_id: z.number().nullable(),
  context_id: z.number(),
  context_type: z.number(),
  min_created_at: z.string(),
  max_created_at: z.string(),
  properties: z.record(z.string(), JsonValueSchema),
});

/** GET /v1/dashboard/feeds/hash: a drill-down's definition, its context and a page of its mentions. */
export const FeedHashPageResponseSchema = FeedHashDefinitionResponseSchema.extend({
  context: z.object({ context_type: z.number(), context_id: z.number(), title: z.string() }),
  statuses: z.object({ data: z.array(StatusResponseSchema), total: z.number(), page: z.number(), per_page: z.number() }),
});

/**
 * POST /v1/dashboard_selector: the contexts the viewer may put on the dashboard, by section (brands,
 * my_searches, team_searches, topics), the categories' counts and each section's contexts.
 */
export const DashboardSelectorResponseSchema = z.object({
  contexts: z.array(
    z.object({
      /** `{context_type}-{context_id}`, as the dashboard's address writes it. */
      id: z.string(),
      title: z.string(),
      context_id: z.number(),
      context_type: z.number(),
      properties: z.object({ query: z.string().nullable(), filters: z.array(JsonValueSchema).nullable() }).nullable(),
      section: z.enum(DASHBOARD_SECTIONS),
      color: z.enum(COMPARE_COLORS),
    }),
  ),
  categories: z.array(z.object({ id: z.string(), section: z.enum(DASHBOARD_SECTIONS), count: z.number() })),
  sections: z.array(z.object({ id: z.enum(DASHBOARD_SECTIONS), context_ids: z.array(z.string()) })),
});

/** A dashboard template (spec §3): contexts as tokens, widgets with their parameters. */
export const DashboardTemplateResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  time: z.number(),
  time_unit: z.enum(TEMPLATE_TIME_UNITS),
  config: z.object({
    context_ids: z.array(z.string()),
    widgets: z.array(z.object({ id: z.string(), config: z.record(z.string(), JsonValueSchema) })),
  }),
  created_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** GET /v1/dashboard/templates. */
export const DashboardTemplateListResponseSchema = z.object({ data: z.array(DashboardTemplateResponseSchema) });

/** A shared link's config as answered (spec §3; ADR 015 adds layer_ids). */
export const SharedLinkConfigResponseSchema = z.object({
  widgets: z.array(z.string()),
  contexts: z.array(
    z.object({
      context_type: z.number(),
      context_id: z.number(),
      properties: z.object({ query: z.string().nullish(), filters: z.array(JsonValueSchema).nullish() }).nullable(),
    }),
  ),
  time: z.union([z.number(), z.string()]).nullable(),
  time_range: z.object({ from: z.string(), to: z.string() }).nullable(),
  time_unit: z.string().nullable(),
  time_zone: z.string().nullable(),
  layer_ids: z.array(z.number()),
});

export const SharedLinkResponseSchema = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  non_logged_in_access: z.boolean(),
  config: SharedLinkConfigResponseSchema,
  created_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** GET-via-POST /v1/dashboard_shared_links: the business profile's links. */
export const SharedLinkListResponseSchema = z.object({ data: z.array(SharedLinkResponseSchema) });

/** A shared link as its (possibly anonymous) viewer reads it, with the link's tenant. */
export const SharedLinkPublicResponseSchema = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  non_logged_in_access: z.boolean(),
  config: SharedLinkConfigResponseSchema,
  business_profile: z.object({ id: z.number(), name: z.string(), time_zone: z.string() }),
});
