// The annotations API's bodies (snake_case; ADR 015, spec analytics §3 and §7). The dashboard page's
// forms use the camelCase schemas of ./dashboard-config (AnnotationLayerFormSchema, AnnotationFormSchema);
// these accept what the forms send once the web client has turned the keys to snake_case.
import * as z from "zod";
import { MESSAGES } from "../messages";
import { LAYER_COLORS } from "../palette";
import { optionalString, requiredString } from "./common";
import { ANNOTATION_LAYER_TYPES } from "./dashboard-config";

const ANNOTATION_NAME_MAX = 100;
const ANNOTATION_TEXT_MAX = 2000;
const ANNOTATION_ATTACHMENTS_MAX = 20;

const name = () => requiredString().max(ANNOTATION_NAME_MAX, { error: MESSAGES.maxLength });
/** Only undefined means "unchanged" in a PATCH; null or '' is still a missing required text. */
const nullToEmpty = (v: unknown) => (v === null ? "" : v);

/** An optional id: '', null and 0 mean none. */
const optionalId = () =>
  z.preprocess(
    (v) => (v === "" || v === null || v === 0 || v === "0" ? null : v),
    z.coerce.number({ error: MESSAGES.wrongFormat }).int({ error: MESSAGES.wrongFormat }).positive({ error: MESSAGES.wrongFormat }).nullable(),
  );

const colorField = () =>
  z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? undefined : typeof v === "string" ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.wrongFormat) })
      .int({ error: MESSAGES.wrongFormat })
      .min(0, { error: MESSAGES.wrongFormat })
      .max(LAYER_COLORS.length - 1, { error: MESSAGES.wrongFormat }),
  );

const typeField = () =>
  z.enum(ANNOTATION_LAYER_TYPES, { error: (issue) => (issue.input === undefined || issue.input === "" ? MESSAGES.required : MESSAGES.wrongFormat) });

/** POST /v1/annotations/layers: name, colour (an index into the 12-colour palette), brand (a saved search), type. */
export const AnnotationLayerBodySchema = z.object({
  name: name(),
  color: colorField(),
  brand: optionalId().optional(),
  type: typeField(),
});
export type AnnotationLayerBody = z.infer<typeof AnnotationLayerBodySchema>;

/** PATCH /v1/annotations/layers/{id}: a field left out keeps its value. */
export const AnnotationLayerPatchSchema = z.object({
  name: z.preprocess(nullToEmpty, name().optional()),
  color: colorField().optional(),
  brand: optionalId().optional(),
  type: typeField().optional(),
});
export type AnnotationLayerPatch = z.infer<typeof AnnotationLayerPatchSchema>;

const anchorDate = () => requiredString().refine((v) => !Number.isNaN(Date.parse(v)), { error: MESSAGES.wrongFormat });

const AttachmentSchema = z.object({
  name: requiredString().max(200, { error: MESSAGES.maxLength }),
  url: requiredString()
    .max(2000, { error: MESSAGES.maxLength })
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), { error: MESSAGES.url }),
});

const attachments = () => z.array(AttachmentSchema, { error: MESSAGES.wrongFormat }).max(ANNOTATION_ATTACHMENTS_MAX, { error: MESSAGES.tooManyElements });
const text = () => optionalString().pipe(z.string().max(ANNOTATION_TEXT_MAX, { error: MESSAGES.maxLength }).optional());

/** POST /v1/annotations/annotations */
export const AnnotationBodySchema = z.object({
  name: name(),
  text: text(),
  anchor_date: anchorDate(),
  layer_id: z.coerce.number({ error: MESSAGES.required }).int({ error: MESSAGES.wrongFormat }).positive({ error: MESSAGES.wrongFormat }),
  search_item_id: optionalId().optional(),
  attachments: attachments().optional(),
});
export type AnnotationBody = z.infer<typeof AnnotationBodySchema>;

/** PATCH /v1/annotations/annotations/{id}: a field left out keeps its value. */
export const AnnotationPatchSchema = z.object({
  name: z.preprocess(nullToEmpty, name().optional()),
  text: z.preprocess(nullToEmpty, z.string({ error: MESSAGES.wrongFormat }).trim().max(ANNOTATION_TEXT_MAX, { error: MESSAGES.maxLength }).optional()),
  anchor_date: anchorDate().optional(),
  layer_id: z.coerce.number().int().positive().optional(),
  search_item_id: optionalId().optional(),
  attachments: attachments().optional(),
});
export type AnnotationPatch = z.infer<typeof AnnotationPatchSchema>;

/** A comma list in the query string (`layer_ids=1,2`), the parameter repeated, or `layer_ids[]=1`. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((part) => part.split(","))
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isInteger(n) && n > 0),
  )
  .optional();

const instant = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: MESSAGES.wrongFormat })
  .transform((v) => new Date(Date.parse(v)).toISOString())
  .optional();

/** GET /v1/annotations/annotations, as the handler reads the query string (`range[from]`, `layer_ids[]` as nested keys). */
export const AnnotationsQuerySchema = z.object({
  layer_ids: idList,
  range: z.object({ from: instant, to: instant }).optional(),
  from: instant,
  to: instant,
});

/** The same query as the OpenAPI document describes it: layer_ids, and the range's brackets let through. */
export const AnnotationsQueryStringSchema = z.looseObject({ layer_ids: z.union([z.string(), z.array(z.string())]).optional() });

// ── Responses (ADR 027) ──────────────────────────────────────────────────────────────────────────

/** An annotation layer (ADR 015); color is an index into LAYER_COLORS. */
export const LayerResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.number(),
  brand: z.number().nullable(),
  type: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** An annotation of a layer, anchored at a date. */
export const AnnotationResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  text: z.string(),
  anchor_date: z.string(),
  layer_id: z.number(),
  search_item_id: z.number().nullable(),
  attachments: z.array(z.object({ name: z.string(), url: z.string() })),
  user: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** GET /v1/annotations/layers. */
export const LayerListResponseSchema = z.object({ data: z.array(LayerResponseSchema) });

/** GET /v1/annotations/annotations. */
export const AnnotationListResponseSchema = z.object({ data: z.array(AnnotationResponseSchema) });

/** GET /v1/annotations/layers_properties: the layer colours (by index) and types. */
export const LayerPropertiesResponseSchema = z.object({
  layer_properties: z.object({ colors: z.array(z.string()), types: z.array(z.string()) }),
});
