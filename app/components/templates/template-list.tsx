import type { FetcherWithComponents } from "@remix-run/react";
import type { MouseEvent } from "react";
import { formatTemplateTime } from "../../../domain/format";
import { MESSAGES } from "../../../domain/messages";
import { languageLabel } from "../../../domain/reference/languages";
import type { TemplateDateOrder } from "../../../domain/templates";
import { useHydrated } from "../../lib/use-hydrated";
import { CsrfInput } from "../ui/csrf-input";
import { CountSelect } from "./count-select";
import { TEMPLATE_PARAMS } from "./params";
import { TEMPLATES_ACTION } from "./template-form";
import type { TemplateItem } from "./types";

const LABELS = MESSAGES.templatesUi;

/** A link that, once hydrated, runs `onActivate` instead of loading the address (which works without JS). */
function enhancedClick(onActivate: () => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onActivate();
  };
}

/**
 * The list's tools (spec core §2): New Message, 'Search for template', 'Filter by language' (a count of
 * the chosen), the sort-by-date toggle. They belong to the filter form (GET, the page's address) so they
 * work without JavaScript; once hydrated they filter as one types or ticks.
 */
export function TemplateListTools({
  formId,
  search,
  languages,
  languageOptions,
  order,
  canWrite,
  newHref,
  onNew,
  onSearch,
  onLanguages,
  onToggleOrder,
}: {
  formId: string;
  search: string;
  languages: readonly string[];
  languageOptions: readonly string[];
  order: TemplateDateOrder;
  canWrite: boolean;
  newHref: string;
  onNew: () => void;
  onSearch: (text: string) => void;
  onLanguages: (codes: string[]) => void;
  onToggleOrder: () => void;
}) {
  const hydrated = useHydrated();
  const options = languageOptions.map((code) => ({ value: code, label: languageLabel(code) })).sort((a, b) => a.label.localeCompare(b.label));
  const next: TemplateDateOrder = order === "desc" ? "asc" : "desc";
  return (
    <div className="space-y-2">
      {canWrite ? (
        <a
          href={newHref}
          onClick={enhancedClick(onNew)}
          className="flex w-full items-center justify-center gap-1 rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          <span aria-hidden>+</span> {MESSAGES.newMessage}
        </a>
      ) : null}
      <div>
        <label htmlFor="template-search" className="sr-only">
          {MESSAGES.searchForTemplate}
        </label>
        <input
          id="template-search"
          type="search"
          name={TEMPLATE_PARAMS.search}
          form={formId}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder={MESSAGES.searchForTemplate}
          autoComplete="off"
          className="block w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm shadow-sm"
        />
      </div>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <CountSelect
            label={MESSAGES.filterByLanguage}
            hideLabel
            placeholder={MESSAGES.filterByLanguage}
            name={TEMPLATE_PARAMS.languages}
            options={options}
            initial={languages}
            form={formId}
            onChange={onLanguages}
            testId="template-language-filter"
          />
        </div>
        <button
          type="submit"
          form={formId}
          name={TEMPLATE_PARAMS.order}
          value={next}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            onToggleOrder();
          }}
          aria-label={`${LABELS.sortByDate}: ${order === "desc" ? LABELS.newestFirst : LABELS.oldestFirst}`}
          title={LABELS.sortByDate}
          data-testid="template-sort"
          data-order={order}
          className="inline-flex shrink-0 items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm hover:bg-slate-50"
        >
          <svg viewBox="0 0 16 16" className="size-4" aria-hidden fill="none" stroke="currentColor" strokeWidth="1.6">
            <rect x="2" y="3" width="12" height="11" rx="1.5" />
            <path d="M2 6.5h12M5 1.5v3M11 1.5v3" />
          </svg>
          <span aria-hidden>{order === "desc" ? "↓" : "↑"}</span>
        </button>
      </div>
      {hydrated ? null : (
        <button type="submit" form={formId} className="w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
          {LABELS.applyFilters}
        </button>
      )}
    </div>
  );
}

/**
 * The list (spec core §2): each template with its name, message, who changed it last and when
 * (HH:mm, DD/MM/YY), a pin toggle and delete. The unsaved new template, while there is one, comes first.
 */
export function TemplateList({
  templates,
  selected,
  showNew,
  hasAny,
  timeZone,
  canWrite,
  back,
  hrefFor,
  deleteHrefFor,
  onSelect,
  onDelete,
  PinForm,
}: {
  templates: readonly TemplateItem[];
  selected: number | "new" | null;
  showNew: boolean;
  /** Whether the caller sees any template at all (else: 'No templates'; with filters: no match). */
  hasAny: boolean;
  timeZone: string;
  canWrite: boolean;
  back: string;
  hrefFor: (id: number | "new") => string;
  deleteHrefFor: (id: number) => string;
  onSelect: (id: number | "new") => void;
  onDelete: (template: TemplateItem) => void;
  PinForm: FetcherWithComponents<unknown>["Form"];
}) {
  const hydrated = useHydrated();
  const itemClass = (isSelected: boolean) =>
    `block rounded-md border px-3 py-2 pr-16 ${isSelected ? "border-brand-500 bg-brand-50" : "border-transparent hover:bg-slate-50"}`;
  return (
    <ul aria-label={LABELS.list} className="space-y-1" data-testid="template-list">
      {showNew ? (
        <li data-testid="template-item" data-new="true">
          <a href={hrefFor("new")} onClick={enhancedClick(() => onSelect("new"))} aria-current={selected === "new" ? "true" : undefined} className={itemClass(selected === "new")}>
            <span className="block truncate text-sm font-medium italic" data-testid="template-name">
              {LABELS.newTemplate}
            </span>
            <span className="mt-0.5 inline-block rounded bg-amber-100 px-1.5 text-xs text-amber-800">{LABELS.unsavedBadge}</span>
          </a>
        </li>
      ) : null}
      {templates.map((template) => {
        const isSelected = selected === template.id;
        return (
          <li key={template.id} className="relative" data-testid="template-item" data-template-id={template.id}>
            <a href={hrefFor(template.id)} onClick={enhancedClick(() => onSelect(template.id))} aria-current={isSelected ? "true" : undefined} className={itemClass(isSelected)}>
              <span className="flex items-center gap-2">
                <span className="truncate text-sm font-medium" data-testid="template-name">
                  {template.name}
                </span>
                {template.active ? null : <span className="shrink-0 rounded bg-slate-200 px-1.5 text-xs text-slate-700">{LABELS.inactive}</span>}
              </span>
              <span className="mt-0.5 line-clamp-2 whitespace-pre-line text-xs text-slate-600" data-testid="template-message">
                {template.message}
              </span>
              <span className="mt-1 flex flex-wrap justify-between gap-x-2 text-xs text-slate-500">
                <span data-testid="template-updated-by">{template.updatedByName ? LABELS.updatedBy(template.updatedByName) : ""}</span>
                <time dateTime={template.updatedAt} data-testid="template-time">
                  {formatTemplateTime(template.updatedAt, timeZone)}
                </time>
              </span>
            </a>
            <div className="absolute right-2 top-2 flex items-center gap-1">
              <PinForm method="post" action={TEMPLATES_ACTION}>
                <CsrfInput />
                <input type="hidden" name="id" value={template.id} />
                <input type="hidden" name="back" value={back} />
                {hydrated ? <input type="hidden" name="js" value="1" /> : null}
                <button
                  type="submit"
                  name="intent"
                  value={template.pinned ? "unpin" : "pin"}
                  aria-label={template.pinned ? MESSAGES.searchScreen.unpinNamed(template.name) : MESSAGES.searchScreen.pinNamed(template.name)}
                  aria-pressed={template.pinned}
                  title={template.pinned ? MESSAGES.searchScreen.unpinNamed(template.name) : MESSAGES.searchScreen.pinNamed(template.name)}
                  className={`rounded p-1 hover:bg-slate-200 ${template.pinned ? "text-brand-600" : "text-slate-400"}`}
                >
                  <svg viewBox="0 0 16 16" className="size-4" aria-hidden fill={template.pinned ? "currentColor" : "none"} stroke="currentColor" strokeWidth="1.4">
                    <path d="M10.5 1.5l4 4-2.2.8-2.6 2.6.3 3.1-1 1-3-3-3.5 3.5-.5-.5L5.5 9.5l-3-3 1-1 3.1.3 2.6-2.6z" />
                  </svg>
                </button>
              </PinForm>
              {canWrite ? (
                <a
                  href={deleteHrefFor(template.id)}
                  onClick={enhancedClick(() => onDelete(template))}
                  aria-label={MESSAGES.topicsScreen.deleteGroup(template.name)}
                  title={MESSAGES.topicsScreen.deleteGroup(template.name)}
                  className="rounded p-1 text-slate-400 hover:bg-slate-200 hover:text-red-600"
                >
                  <svg viewBox="0 0 16 16" className="size-4" aria-hidden fill="none" stroke="currentColor" strokeWidth="1.4">
                    <path d="M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4M6.5 6.5v5M9.5 6.5v5" />
                  </svg>
                </a>
              ) : null}
            </div>
          </li>
        );
      })}
      {templates.length === 0 && !showNew ? (
        <li className="px-3 py-6 text-center text-sm text-slate-500">{hasAny ? LABELS.noMatches : LABELS.noTemplates}</li>
      ) : null}
    </ul>
  );
}
