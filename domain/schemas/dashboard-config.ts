// Form schemas of the dashboard's templates, shared links and annotations (ADR 015), shared by the
// page's forms and (when its author wants them) the API's bodies. Written minimally by the dashboard
// page; the API's author extends it.
import * as z from "zod";
import { LAYER_COLORS } from "../palette";
import { MESSAGES } from "../messages";
import { optionalString, requiredString } from "./common";

/** Annotation layer types (analytics spec §3). */
export const ANNOTATION_LAYER_TYPES = ["Research", "Community Events", "Global Events", "PR"] as const;
export type AnnotationLayerType = (typeof ANNOTATION_LAYER_TYPES)[number];

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
export const SharedLinkIdSchema = z.object({ id: id() });

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
export const AnnotationIdSchema = z.object({ id: id() });
