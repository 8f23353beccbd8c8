import type { TemplateCategory } from "../../../domain/inbox";

/** A template as the modal shows it (GET /v1/templates, camelCased by the API client). */
export interface TemplateItem {
  id: number;
  name: string;
  message: string;
  categories: TemplateCategory[];
  languages: string[];
  entityType: number;
  entityIds: number[];
  active: boolean;
  pinned: boolean;
  /** Who changed it last (shown in the list), or null when that account is gone. */
  updatedByName: string | null;
  updatedAt: string;
}

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
}
