import type { FromWire } from "../../../domain/key-case";
import type { TemplateListResponseSchema, TemplateResponseSchema } from "../../../domain/schemas/templates";

/** A template as GET /v1/templates answers it (camelCased by the API client). */
type ApiTemplate = FromWire<typeof TemplateResponseSchema>;

/** GET /v1/templates. */
export type ApiTemplateList = FromWire<typeof TemplateListResponseSchema>;

/** A template as the modal shows it: who changed it last (shown in the list), or null when that account is gone. */
export type TemplateItem = Pick<
  ApiTemplate,
  "id" | "name" | "message" | "categories" | "languages" | "entityType" | "entityIds" | "active" | "pinned" | "updatedAt"
> & { updatedByName: string | null };

/** What the modal loads when it opens: the templates, the teams to share with, and who is writing. */
export interface TemplatesDialogData {
  templates: TemplateItem[];
  teams: Array<{ id: number; name: string }>;
  /** templates.index.write: the form, New Message, pin aside, and delete are offered. */
  canWrite: boolean;
  /** The business profile's time zone: list times are shown in it. */
  timeZone: string;
  /** For the variables of a template inserted into a reply. */
  agent: { firstName: string; lastName: string };
  brandName: string;
  /** Select mode for an inbox item: the item's language (the list starts filtered to it). */
  itemLanguage?: string | null;
}
