// The Templates modal's state as query parameters of the page it opens over (docs/architecture.md: a dialog that
// must work without JavaScript is addressable). `dialog=templates` opens it; `mode=select` with `item`
// opens it to choose a template for a reply. Its own parameters carry a `template` prefix so they never
// meet the page's (the inbox has `languages` and `item` of its own). Pure: the loader, the links and the
// browser read and write the same names.
import { TEMPLATE_CATEGORIES, type TemplateCategory } from "../../../domain/inbox";
import { TEMPLATE_DATE_ORDERS, type TemplateDateOrder } from "../../../domain/templates";

export const DIALOG_PARAM = "dialog";
export const TEMPLATES_DIALOG = "templates";
export const MODE_PARAM = "mode";
/** The inbox item a template is chosen for (the inbox's own parameter: kept when the modal closes). */
export const ITEM_PARAM = "item";
/**
 * What 'Select Template' hands back to the page (the inbox fills the reply box with it). A GET of the
 * page the modal was opened over, without the modal's parameters, plus `template_id`.
 */
export const SELECTED_TEMPLATE_PARAM = "template_id";

export const TEMPLATE_PARAMS = {
  /** The template open in the detail form: an id, or `new`. */
  selected: "template",
  search: "template_search",
  networks: "template_networks",
  languages: "template_languages",
  order: "template_sort",
  /** The template whose delete is being confirmed. */
  confirmDelete: "template_delete",
  /**
   * Select mode: the languages are the viewer's own choice (the filter form was sent, or 'Every
   * language' followed), not the item's language the list starts with (ADR 036).
   */
  languagesChosen: "template_languages_chosen",
} as const;

export const NEW_TEMPLATE = "new";

type TemplatesMode = "manage" | "select";
export type SelectedTemplate = number | typeof NEW_TEMPLATE | null;

export interface TemplatesDialogQuery {
  mode: TemplatesMode;
  itemId: number | null;
  selected: SelectedTemplate;
  search: string;
  networks: TemplateCategory[];
  languages: string[];
  /** Select mode: `languages` were chosen (none means every language), not the item's language by default. */
  languagesChosen: boolean;
  order: TemplateDateOrder;
  confirmDeleteId: number | null;
}

export const DEFAULT_QUERY: TemplatesDialogQuery = {
  mode: "manage",
  itemId: null,
  selected: null,
  search: "",
  networks: [],
  languages: [],
  languagesChosen: false,
  order: "desc",
  confirmDeleteId: null,
};

function positiveId(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export function isTemplatesDialogOpen(params: URLSearchParams): boolean {
  return params.get(DIALOG_PARAM) === TEMPLATES_DIALOG;
}

/** The modal's state in the page's parameters, or null when the page does not open it. */
export function parseTemplatesDialogQuery(params: URLSearchParams): TemplatesDialogQuery | null {
  if (!isTemplatesDialogOpen(params)) return null;
  const selected = params.get(TEMPLATE_PARAMS.selected);
  const order = params.get(TEMPLATE_PARAMS.order);
  return {
    mode: params.get(MODE_PARAM) === "select" ? "select" : "manage",
    itemId: positiveId(params.get(ITEM_PARAM)),
    selected: selected === NEW_TEMPLATE ? NEW_TEMPLATE : positiveId(selected),
    search: (params.get(TEMPLATE_PARAMS.search) ?? "").slice(0, 200),
    networks: [...new Set(params.getAll(TEMPLATE_PARAMS.networks))].filter((code): code is TemplateCategory =>
      (TEMPLATE_CATEGORIES as readonly string[]).includes(code),
    ),
    languages: [...new Set(params.getAll(TEMPLATE_PARAMS.languages).map((code) => code.trim().toLowerCase()))].filter(
      (code) => /^[a-z]{2,3}$/.test(code),
    ),
    languagesChosen: params.get(TEMPLATE_PARAMS.languagesChosen) === "1",
    order: (TEMPLATE_DATE_ORDERS as readonly string[]).includes(order ?? "") ? (order as TemplateDateOrder) : "desc",
    confirmDeleteId: positiveId(params.get(TEMPLATE_PARAMS.confirmDelete)),
  };
}

const MODAL_PARAMS: readonly string[] = [DIALOG_PARAM, MODE_PARAM, ...Object.values(TEMPLATE_PARAMS)];

/** The page's own parameters: everything but the modal's (the inbox's `item` stays). */
export function pageParams(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of params) if (!MODAL_PARAMS.includes(name) && name !== SELECTED_TEMPLATE_PARAM) out.append(name, value);
  return out;
}

function href(pathname: string, params: URLSearchParams): string {
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** The page with the modal open in this state (defaults are left out of the address). */
export function templatesDialogHref(pathname: string, params: URLSearchParams, query: TemplatesDialogQuery): string {
  const out = pageParams(params);
  out.set(DIALOG_PARAM, TEMPLATES_DIALOG);
  if (query.mode === "select") out.set(MODE_PARAM, "select");
  if (query.mode === "select" && query.itemId !== null) out.set(ITEM_PARAM, String(query.itemId));
  if (query.selected !== null) out.set(TEMPLATE_PARAMS.selected, String(query.selected));
  if (query.search) out.set(TEMPLATE_PARAMS.search, query.search);
  for (const code of query.networks) out.append(TEMPLATE_PARAMS.networks, code);
  for (const code of query.languages) out.append(TEMPLATE_PARAMS.languages, code);
  if (query.mode === "select" && query.languagesChosen) out.set(TEMPLATE_PARAMS.languagesChosen, "1");
  if (query.order !== "desc") out.set(TEMPLATE_PARAMS.order, query.order);
  if (query.confirmDeleteId !== null) out.set(TEMPLATE_PARAMS.confirmDelete, String(query.confirmDeleteId));
  return href(pathname, out);
}

/** The page without the modal. */
export function closedDialogHref(pathname: string, params: URLSearchParams): string {
  return href(pathname, pageParams(params));
}

/**
 * The avatar menu's entry: the current page with the modal opened afresh (`to` is the menu's
 * `?dialog=templates`), keeping the page's own parameters.
 */
export function openDialogHref(pathname: string, search: string, to: string): string {
  const out = pageParams(new URLSearchParams(search));
  for (const [name, value] of new URLSearchParams(to.replace(/^[^?]*\?/, ""))) out.set(name, value);
  return href(pathname, out);
}

/** Splits a same-origin path with its query (the `back` of a form) into its parts. */
export function splitPath(path: string): { pathname: string; params: URLSearchParams } {
  const url = new URL(path, "http://earshot.invalid");
  return { pathname: url.pathname, params: url.searchParams };
}

/**
 * The languages the list is filtered to: the chosen ones; in select mode, until the viewer chooses, the
 * item's language (its replies are written in it), with every other one a click away (ADR 036).
 */
export function effectiveLanguages(query: Pick<TemplatesDialogQuery, "mode" | "languages" | "languagesChosen">, itemLanguage: string | null | undefined): string[] {
  if (query.languages.length || query.languagesChosen || query.mode !== "select") return query.languages;
  const code = (itemLanguage ?? "").trim().toLowerCase();
  return /^[a-z]{2,3}$/.test(code) && code !== "und" ? [code] : [];
}
