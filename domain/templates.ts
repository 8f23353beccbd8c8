// The reply templates' list rules (spec core §2, §4, §5, §9): what the Templates modal shows, in which
// order, and how a chosen template's variables are filled. Pure: the API, the server-rendered modal and
// the browser apply the same rules.
import { fillTemplate, type TemplateVariable } from "./inbox";
import { NETWORKS } from "./networks";

/** The list's default limit constant (spec §9). */
export const TEMPLATE_LIST_LIMIT = 100;
/** Rows of the detail form's Message box (spec §9). */
export const TEMPLATE_MESSAGE_ROWS = 9;
/** The modal's width (spec §9). */
export const TEMPLATES_DIALOG_WIDTH_PX = 800;
/** How long a closed modal keeps what it loaded before clearing it (spec §4, §9). */
export const TEMPLATES_CLOSE_RESET_MS = 500;

/** The sort-by-date toggle: newest first (the default, spec §9) or oldest first. Pinned stay first. */
export const TEMPLATE_DATE_ORDERS = ["desc", "asc"] as const;
export type TemplateDateOrder = (typeof TEMPLATE_DATE_ORDERS)[number];

export interface ListedTemplate {
  id: number;
  name: string;
  message: string;
  categories: readonly string[];
  languages: readonly string[];
  pinned: boolean;
  active: boolean;
  updatedAt: string;
}

export interface TemplateListFilter {
  /** Part of the name or of the message, whatever its case. */
  search?: string | undefined;
  /** Network codes: a template having any of them stays; none chosen keeps all. */
  categories?: readonly string[] | undefined;
  /** Language codes: a template having any of them stays; none chosen keeps all. */
  languages?: readonly string[] | undefined;
  /**
   * A template naming no language stays too (the languages are an inbox item's own, not the viewer's
   * filter: a template written for any language fits it; ADR 036).
   */
  keepUnsetLanguages?: boolean | undefined;
  order?: TemplateDateOrder | undefined;
  /** Choosing a template for a reply: inactive templates are not offered. */
  forSelection?: boolean | undefined;
}

/** Search by name or message, ignoring case (spec §5). A blank search matches everything. */
export function matchesTemplateSearch(template: Pick<ListedTemplate, "name" | "message">, search: string | undefined): boolean {
  const needle = search?.trim().toLocaleLowerCase() ?? "";
  if (!needle) return true;
  return template.name.toLocaleLowerCase().includes(needle) || template.message.toLocaleLowerCase().includes(needle);
}

/** True when nothing is chosen, or when the values hold any chosen one (codes compared ignoring case). */
export function hasAnyChosen(values: readonly string[], chosen: readonly string[] | undefined): boolean {
  if (!chosen || chosen.length === 0) return true;
  const have = new Set(values.map((value) => value.toLowerCase()));
  return chosen.some((value) => have.has(value.toLowerCase()));
}

/** Whether a template may be chosen for a reply (an inactive one is hidden from selection). */
export function isSelectable(template: Pick<ListedTemplate, "active">): boolean {
  return template.active;
}

/** Pinned first, then by update date (newest first by default), then the newest id first. */
export function compareTemplates(order: TemplateDateOrder = "desc") {
  const sign = order === "asc" ? 1 : -1;
  return (a: ListedTemplate, b: ListedTemplate): number => {
    if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
    const byDate = Date.parse(a.updatedAt) - Date.parse(b.updatedAt);
    if (byDate !== 0 && !Number.isNaN(byDate)) return sign * byDate;
    return sign * (a.id - b.id);
  };
}

/** The templates the list shows for a filter, in the list's order (a new array). */
export function filterTemplates<T extends ListedTemplate>(templates: readonly T[], filter: TemplateListFilter = {}): T[] {
  return templates
    .filter((template) => !filter.forSelection || isSelectable(template))
    .filter((template) => matchesTemplateSearch(template, filter.search))
    .filter((template) => hasAnyChosen(template.categories, filter.categories))
    .filter(
      (template) =>
        (filter.keepUnsetLanguages === true && template.languages.length === 0) || hasAnyChosen(template.languages, filter.languages),
    )
    .sort(compareTemplates(filter.order));
}

/** The reply a template is inserted into, and who writes it: where the variables' values come from. */
export interface TemplateFillContext {
  authorName?: string | null | undefined;
  authorUsername?: string | null | undefined;
  /** A network id (twitter, googlePlay, ...): filled in as the network's name. */
  network?: string | null | undefined;
  agentFirstName?: string | null | undefined;
  agentLastName?: string | null | undefined;
  brandName?: string | null | undefined;
}

function templateVariableValues(context: TemplateFillContext): Record<TemplateVariable, string | undefined> {
  const network = context.network ? (NETWORKS.find((n) => n.id === context.network)?.name ?? context.network) : undefined;
  const value = (text: string | null | undefined) => (text?.trim() ? text.trim() : undefined);
  return {
    author_name: value(context.authorName),
    author_username: value(context.authorUsername),
    agent_first_name: value(context.agentFirstName),
    agent_last_name: value(context.agentLastName),
    brand_name: value(context.brandName),
    network: value(network),
  };
}

/** A template's message with its variables filled for this reply; unknown or empty ones stay as written. */
export function filledTemplateText(message: string, context: TemplateFillContext): string {
  return fillTemplate(message, templateVariableValues(context));
}
