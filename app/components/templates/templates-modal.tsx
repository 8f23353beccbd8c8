import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form, useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { TemplateCategory } from "../../../domain/inbox";
import { MESSAGES } from "../../../domain/messages";
import {
  filledTemplateText,
  filterTemplates,
  isSelectable,
  TEMPLATES_CLOSE_RESET_MS,
  TEMPLATES_DIALOG_WIDTH_PX,
  type TemplateDateOrder,
  type TemplateFillContext,
} from "../../../domain/templates";
import type { Toast } from "../../lib/session.server";
import { useHydrated } from "../../lib/use-hydrated";
import { Button } from "../ui/button";
import { ConfirmDialog, UnsavedChangesDialog } from "../ui/confirm-dialog";
import { CsrfInput } from "../ui/csrf-input";
import { Spinner, SpinnerModal } from "../ui/spinner";
import { LocalToast, useLocalToast } from "./local-toast";
import { NetworkFilters } from "./network-filters";
import {
  DIALOG_PARAM,
  ITEM_PARAM,
  MODE_PARAM,
  NEW_TEMPLATE,
  pageParams,
  SELECTED_TEMPLATE_PARAM,
  TEMPLATE_PARAMS,
  TEMPLATES_DIALOG,
  closedDialogHref,
  effectiveLanguages,
  templatesDialogHref,
  type SelectedTemplate,
  type TemplatesDialogQuery,
} from "./params";
import { TEMPLATE_FORM_ID, TEMPLATES_ACTION, TemplateForm } from "./template-form";
import { TemplateList, TemplateListTools } from "./template-list";
import type { TemplateItem, TemplatesDialogData } from "./types";

const LABELS = MESSAGES.templatesUi;
const FILTER_FORM_ID = "template-filters";
const SELECT_FORM_ID = "template-select-form";

/** What an action of the modal answers a fetcher (app/routes/_shell.templates.tsx). */
export interface TemplatesActionAnswer {
  intent: string;
  ok?: boolean;
  toast?: Toast;
  templateId?: number;
  /** The template the form was for: its id, or 'new'. */
  formFor?: string;
  result?: SubmissionResult<string[]>;
  back?: string;
}

/** The modal's own state: what is selected and how the list is filtered (the URL's, until changed). */
interface ViewState {
  selected: SelectedTemplate;
  search: string;
  networks: TemplateCategory[];
  languages: string[];
  languagesChosen: boolean;
  order: TemplateDateOrder;
}

type Target = { kind: "select"; id: number } | { kind: "new" } | { kind: "close" };

function viewOf(query: TemplatesDialogQuery, itemLanguage: string | null | undefined): ViewState {
  return {
    selected: query.selected,
    search: query.search,
    networks: query.networks,
    languages: effectiveLanguages(query, itemLanguage),
    languagesChosen: query.languagesChosen,
    order: query.order,
  };
}

export interface TemplatesModalProps {
  open: boolean;
  /** Null while loading. */
  data: TemplatesDialogData | null;
  /** The state the address asks for. */
  query: TemplatesDialogQuery;
  /** The page under the modal: its path and parameters (links and `back` are built on them). */
  pathname: string;
  params: URLSearchParams;
  onClose: () => void;
  /** Select mode with JavaScript: the chosen template's text with its variables filled. */
  onSelect?: ((text: string, template: TemplateItem) => void) | undefined;
  /** Where the reply's variables come from (the item's author and network). */
  fillContext?: TemplateFillContext | undefined;
  /** Select mode: the item's language, which the list starts filtered to (else the loaded data's). */
  itemLanguage?: string | null | undefined;
  /** A refused save shown again by the action's own page (without JavaScript). */
  lastResult?: SubmissionResult<string[]> | undefined;
}

/**
 * The Templates modal (spec core §2, §4, §5, §8, §9): network filters on the left, the list in the
 * middle, the detail form on the right; Select Template (select mode), Cancel and Save Template below.
 * Rendered on the server from the address, so everything works without JavaScript (links and forms);
 * once hydrated it is a Headless UI dialog whose lists filter as one types and whose forms post through
 * fetchers, with the unsaved-changes dialog, the spinner and the toasts of the spec.
 */
export function TemplatesModal(props: TemplatesModalProps) {
  const { open, data, query, pathname, params, onClose, onSelect, fillContext, lastResult } = props;
  const itemLanguage = props.itemLanguage ?? data?.itemLanguage ?? null;
  const hydrated = useHydrated();
  const saveFetcher = useFetcher<TemplatesActionAnswer>();
  const pinFetcher = useFetcher<TemplatesActionAnswer>();
  const deleteFetcher = useFetcher<TemplatesActionAnswer>();
  const [toast, showToast] = useLocalToast();
  const formRef = useRef<HTMLFormElement>(null);
  const afterSave = useRef<Target | null>(null);

  // What was loaded stays until TEMPLATES_CLOSE_RESET_MS after closing (spec §4): reopened sooner, the
  // modal is as it was left; later, it starts afresh from the address.
  const [shown, setShown] = useState<TemplatesDialogData | null>(open ? data : null);
  const [view, setView] = useState<ViewState>(() => viewOf(query, itemLanguage));
  const [languageReset, setLanguageReset] = useState(0);
  // queryKey stands for query (a new object on every render of the caller).
  const queryKey = JSON.stringify(query);
  const [appliedKey, setAppliedKey] = useState<string | null>(open ? queryKey : null);
  useEffect(() => {
    if (open && data) setShown(data);
  }, [open, data]);
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => {
      setShown(null);
      setAppliedKey(null);
    }, TEMPLATES_CLOSE_RESET_MS);
    return () => clearTimeout(timer);
  }, [open]);
  // The address asks for another state, or the modal opens afresh: the view follows it in this very render
  // (React renders again before committing), so no effect below ever sees the old view beside the new
  // address (one did: it put the old selection back after the reset).
  if (open && appliedKey !== queryKey) {
    setAppliedKey(queryKey);
    setView(viewOf(query, itemLanguage));
  }

  const loaded = shown ?? (open ? data : null);
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<Target | null>(null);
  const [confirmDeleteId, setConfirmDeleteId] = useState<number | null>(query.confirmDeleteId);
  useEffect(() => setConfirmDeleteId(query.confirmDeleteId), [query.confirmDeleteId]);

  const forSelection = query.mode === "select";
  const visible = useMemo(
    () =>
      loaded
        ? filterTemplates(loaded.templates, {
            search: view.search,
            categories: view.networks,
            languages: view.languages,
            // The item's language (not a chosen one): templates for any language fit it too.
            keepUnsetLanguages: forSelection && !view.languagesChosen,
            order: view.order,
            forSelection,
          })
        : [],
    [loaded, view.search, view.networks, view.languages, view.languagesChosen, view.order, forSelection],
  );
  // When the list first loads with no selection, the first item is selected (spec §4); so too after the
  // selected template went (deleted, or no longer offered).
  const found = typeof view.selected === "number" ? (loaded?.templates.find((t) => t.id === view.selected) ?? null) : null;
  const missing = typeof view.selected === "number" && loaded !== null && (!found || (forSelection && !isSelectable(found)));
  const selected: SelectedTemplate = view.selected === null || missing ? (visible[0]?.id ?? null) : view.selected;
  useEffect(() => {
    if (open && loaded && selected !== view.selected) setView((v) => ({ ...v, selected }));
  }, [open, loaded, selected, view.selected]);
  const template = typeof selected === "number" ? (loaded?.templates.find((t) => t.id === selected) ?? null) : null;
  const isNew = selected === NEW_TEMPLATE;

  const hrefFor = useCallback(
    (changes: Partial<TemplatesDialogQuery>) =>
      templatesDialogHref(pathname, params, { ...query, ...view, selected, confirmDeleteId: null, ...changes }),
    [pathname, params, query, view, selected],
  );
  const back = hrefFor({});

  const go = useCallback(
    (target: Target) => {
      // The unsaved new template exists only while it is open: leaving it discards it, so there is
      // never more than one (spec §4).
      if (target.kind === "select") {
        setView((v) => ({ ...v, selected: target.id }));
      } else if (target.kind === "new") {
        setView((v) => ({ ...v, selected: NEW_TEMPLATE }));
      } else {
        setView((v) => ({ ...v, selected: v.selected === NEW_TEMPLATE ? null : v.selected }));
        onClose();
      }
    },
    [onClose],
  );
  const busy = saveFetcher.state !== "idle" || pinFetcher.state !== "idle" || deleteFetcher.state !== "idle";
  // Selecting another item or closing with unsaved changes asks first (spec §4).
  const request = (target: Target) => {
    if (busy) return;
    if (target.kind === "select" && target.id === selected) return;
    if (target.kind === "new" && isNew) {
      formRef.current?.querySelector<HTMLInputElement>("input[name=name]")?.focus();
      return;
    }
    if (dirty) setPending(target);
    else go(target);
  };

  // The answers of the modal's forms (with JavaScript): a toast, and where the modal goes next.
  const handled = useRef(new WeakSet<object>());
  useEffect(() => {
    for (const fetcher of [saveFetcher, pinFetcher, deleteFetcher]) {
      const answer = fetcher.data;
      if (fetcher.state !== "idle" || !answer || handled.current.has(answer)) continue;
      handled.current.add(answer);
      if (answer.toast) showToast(answer.toast);
      if (answer.intent === "save") {
        const next = afterSave.current;
        afterSave.current = null;
        if (answer.ok && answer.templateId) {
          setDirty(false);
          if (next) go(next);
          else go({ kind: "select", id: answer.templateId });
        }
      }
      if (answer.intent === "delete" && answer.ok && answer.templateId === selected) setView((v) => ({ ...v, selected: null }));
    }
  });
  const saveAnswer = saveFetcher.data;
  const formResult =
    saveAnswer && !saveAnswer.ok && saveAnswer.formFor === String(selected) ? saveAnswer.result : hydrated ? undefined : lastResult;

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // No clipboard permission (or an insecure origin): the selection-based copy still works.
      const area = formRef.current?.querySelector("textarea");
      area?.select();
      document.execCommand("copy");
    }
    showToast({ kind: "success", message: MESSAGES.messageCopied });
  };

  if (!open) return <LocalToast toast={toast} />;

  const closeHref = closedDialogHref(pathname, params);
  const deleting = confirmDeleteId === null ? null : (loaded?.templates.find((t) => t.id === confirmDeleteId) ?? null);
  const selectable = template !== null && isSelectable(template);
  const languageOptions = [...new Set([...(loaded?.templates.flatMap((t) => t.languages) ?? []), ...view.languages])];

  const body = loaded ? (
    // Three columns from the small breakpoint; at phone width one scrolling column (filters, list, detail).
    <div className="flex min-h-0 flex-1 flex-col divide-y divide-slate-200 overflow-y-auto sm:grid sm:grid-cols-[3.5rem_17rem_minmax(0,1fr)] sm:divide-x sm:divide-y-0 sm:overflow-visible">
      <FilterForm formId={FILTER_FORM_ID} pathname={pathname} params={params} query={query} selected={selected} />
      <div className="overflow-y-auto px-2 py-3 max-sm:shrink-0">
        <NetworkFilters
          chosen={view.networks}
          formId={FILTER_FORM_ID}
          onToggle={(code, on) =>
            setView((v) => ({ ...v, networks: on ? [...v.networks, code] : v.networks.filter((c) => c !== code) }))
          }
        />
      </div>
      <div className="flex min-h-0 flex-col gap-3 px-3 py-3 max-sm:shrink-0">
        <TemplateListTools
          // 'Every language' clears the language filter: its control starts again.
          key={languageReset}
          formId={FILTER_FORM_ID}
          search={view.search}
          languages={view.languages}
          languageOptions={languageOptions}
          order={view.order}
          canWrite={loaded.canWrite}
          newHref={hrefFor({ selected: NEW_TEMPLATE })}
          onNew={() => request({ kind: "new" })}
          onSearch={(search) => setView((v) => ({ ...v, search }))}
          onLanguages={(languages) => setView((v) => ({ ...v, languages, languagesChosen: true }))}
          onToggleOrder={() => setView((v) => ({ ...v, order: v.order === "desc" ? "asc" : "desc" }))}
        />
        {forSelection && view.languages.length > 0 ? (
          // The item's language first; every other language one click away (a link without JavaScript).
          <a
            href={hrefFor({ languages: [], languagesChosen: true })}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              setView((v) => ({ ...v, languages: [], languagesChosen: true }));
              setLanguageReset((n) => n + 1);
            }}
            className="text-sm font-medium text-brand-700 underline hover:text-brand-800"
            data-testid="templates-every-language"
          >
            {LABELS.everyLanguage}
          </a>
        ) : null}
        <div className="min-h-0 flex-1 overflow-y-auto max-sm:max-h-72">
          <TemplateList
            templates={visible}
            selected={selected}
            showNew={isNew}
            hasAny={loaded.templates.length > 0}
            timeZone={loaded.timeZone}
            canWrite={loaded.canWrite}
            back={back}
            hrefFor={(id) => hrefFor({ selected: id })}
            deleteHrefFor={(id) => hrefFor({ confirmDeleteId: id })}
            onSelect={(id) => request(id === NEW_TEMPLATE ? { kind: "new" } : { kind: "select", id })}
            onDelete={(t) => setConfirmDeleteId(t.id)}
            PinForm={pinFetcher.Form}
          />
        </div>
      </div>
      <div className="min-h-0 overflow-y-auto px-4 py-3 max-sm:shrink-0">
        {template || isNew ? (
          <TemplateForm
            key={`${String(selected)}:${template?.updatedAt ?? ""}`}
            template={template}
            isNew={isNew}
            teams={loaded.teams}
            canWrite={loaded.canWrite}
            back={back}
            FetcherForm={saveFetcher.Form}
            lastResult={formResult}
            formRef={formRef}
            onDirtyChange={setDirty}
            onSubmitted={(sent) => {
              if (!sent) afterSave.current = null;
            }}
            onCopy={(text) => void copy(text)}
          />
        ) : (
          <p className="py-10 text-center text-sm text-slate-500">{LABELS.noTemplates}</p>
        )}
      </div>
    </div>
  ) : (
    <div className="flex flex-1 items-center justify-center gap-3 py-16 text-sm text-slate-600">
      <Spinner className="size-5" /> {LABELS.loading}
    </div>
  );

  const footer = (
    <div className="flex items-center justify-end gap-2 border-t border-slate-200 px-6 py-3">
      {forSelection && loaded ? (
        <SelectForm
          formId={SELECT_FORM_ID}
          pathname={pathname}
          params={params}
          templateId={selectable && template ? template.id : null}
          onSubmit={
            hydrated && onSelect && template && fillContext !== undefined
              ? () => {
                  onSelect(
                    filledTemplateText(template.message, {
                      ...fillContext,
                      agentFirstName: loaded.agent.firstName,
                      agentLastName: loaded.agent.lastName,
                      brandName: loaded.brandName,
                    }),
                    template,
                  );
                  request({ kind: "close" });
                  return true;
                }
              : undefined
          }
        />
      ) : null}
      {hydrated ? (
        <Button type="button" variant="secondary" onClick={() => request({ kind: "close" })}>
          {MESSAGES.cancel}
        </Button>
      ) : (
        <a
          href={closeHref}
          className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-ink hover:bg-slate-50"
        >
          {MESSAGES.cancel}
        </a>
      )}
      <Button
        type="submit"
        form={TEMPLATE_FORM_ID}
        disabled={!loaded?.canWrite || (!template && !isNew) || (hydrated && !dirty)}
        pending={saveFetcher.state !== "idle"}
      >
        {MESSAGES.saveTemplate}
      </Button>
    </div>
  );

  const nested = (
    <>
      {deleting ? (
        <ConfirmDialog
          open
          onClose={() => setConfirmDeleteId(null)}
          cancelHref={hrefFor({ confirmDeleteId: null })}
          message={MESSAGES.templateDeleteConfirm(deleting.name)}
          confirmButton={
            <deleteFetcher.Form method="post" action={TEMPLATES_ACTION} onSubmit={() => setConfirmDeleteId(null)}>
              <CsrfInput />
              <input type="hidden" name="id" value={deleting.id} />
              <input type="hidden" name="back" value={hrefFor({ selected: selected === deleting.id ? null : selected })} />
              {hydrated ? <input type="hidden" name="js" value="1" /> : null}
              <Button variant="danger" name="intent" value="delete">
                {MESSAGES.confirm}
              </Button>
            </deleteFetcher.Form>
          }
        />
      ) : null}
      <UnsavedChangesDialog
        open={pending !== null}
        onCancel={() => setPending(null)}
        onDiscard={() => {
          const target = pending;
          setPending(null);
          setDirty(false);
          if (target) go(target);
        }}
        onSave={() => {
          afterSave.current = pending;
          setPending(null);
          formRef.current?.requestSubmit();
        }}
      />
    </>
  );

  return (
    <>
      <ModalFrame hydrated={hydrated} onClose={() => request({ kind: "close" })} footer={footer} nested={nested} busy={busy}>
        {body}
      </ModalFrame>
      <LocalToast toast={toast} />
    </>
  );
}

/**
 * The filter form (GET the page's own address): the modal's state in hidden fields, and the filters,
 * which sit in the columns and join it through their `form` attribute. Its first, hidden button makes
 * Enter in the search box apply the filters (not toggle the sort).
 */
function FilterForm({
  formId,
  pathname,
  params,
  query,
  selected,
}: {
  formId: string;
  pathname: string;
  params: URLSearchParams;
  query: TemplatesDialogQuery;
  selected: SelectedTemplate;
}) {
  const hidden: Array<[string, string]> = [...pageParams(params)];
  hidden.push([DIALOG_PARAM, TEMPLATES_DIALOG]);
  if (query.mode === "select") hidden.push([MODE_PARAM, "select"]);
  if (query.mode === "select" && query.itemId !== null && !params.has(ITEM_PARAM)) hidden.push([ITEM_PARAM, String(query.itemId)]);
  if (selected !== null) hidden.push([TEMPLATE_PARAMS.selected, String(selected)]);
  // Sent, the filters are the viewer's choice: no language ticked then means every language.
  if (query.mode === "select") hidden.push([TEMPLATE_PARAMS.languagesChosen, "1"]);
  return (
    <form
      id={formId}
      method="get"
      action={pathname}
      className="hidden"
      onSubmit={(event) => {
        // With JavaScript the filters already apply as they change.
        event.preventDefault();
      }}
    >
      <button type="submit" hidden tabIndex={-1} aria-hidden />
      {hidden.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
    </form>
  );
}

/**
 * Select Template (select mode): without JavaScript a GET of the page again with `template_id` (the
 * inbox fills its reply box from it); with an `onSubmit` of the caller's, that instead.
 */
function SelectForm({
  formId,
  pathname,
  params,
  templateId,
  onSubmit,
}: {
  formId: string;
  pathname: string;
  params: URLSearchParams;
  templateId: number | null;
  onSubmit?: (() => boolean) | undefined;
}) {
  return (
    <Form
      id={formId}
      method="get"
      action={pathname}
      onSubmit={(event) => {
        if (onSubmit?.()) event.preventDefault();
      }}
    >
      {[...pageParams(params)].map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      {templateId !== null ? <input type="hidden" name={SELECTED_TEMPLATE_PARAM} value={templateId} /> : null}
      <Button type="submit" variant="secondary" disabled={templateId === null}>
        {MESSAGES.selectTemplate}
      </Button>
    </Form>
  );
}

/**
 * The frame: plain, labelled markup on the server (a `?dialog=` address works before JavaScript loads),
 * a Headless UI dialog once hydrated (focus trap, Escape, scroll lock). 800 px wide (spec §9).
 */
function ModalFrame({
  hydrated,
  onClose,
  footer,
  nested,
  busy,
  children,
}: {
  hydrated: boolean;
  onClose: () => void;
  footer: ReactNode;
  nested: ReactNode;
  busy: boolean;
  children: ReactNode;
}) {
  const titleId = "templates-dialog-title";
  const panelClass = "flex max-h-[calc(100vh-2rem)] w-full flex-col rounded-lg bg-white shadow-xl";
  const panelStyle = { maxWidth: TEMPLATES_DIALOG_WIDTH_PX, height: 640 };
  const header = (title: ReactNode) => <div className="border-b border-slate-200 px-6 py-4">{title}</div>;
  if (!hydrated) {
    return (
      <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40 p-4" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className={panelClass} style={panelStyle} data-testid="templates-dialog">
          {header(
            <h2 id={titleId} className="text-lg font-semibold">
              {MESSAGES.templates}
            </h2>,
          )}
          {children}
          {footer}
        </div>
        {nested}
      </div>
    );
  }
  return (
    <Dialog open onClose={() => (busy ? undefined : onClose())} className="relative z-40">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className={panelClass} style={panelStyle} data-testid="templates-dialog">
          {header(<DialogTitle className="text-lg font-semibold">{MESSAGES.templates}</DialogTitle>)}
          {children}
          {footer}
          {nested}
        </DialogPanel>
      </div>
      {/* The spinner covers save, pin and delete (spec §8). */}
      <SpinnerModal open={busy} />
    </Dialog>
  );
}
