import { getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SAVED_SEARCH_CATEGORIES, UNSAVED_SEARCH_CONTEXT_TYPE } from "../../../domain/constants";
import { MESSAGES } from "../../../domain/messages";
import { Button } from "../ui/button";
import { CsrfInput } from "../ui/csrf-input";
import { FormErrors } from "../ui/field";
import { useEditorGuard } from "./editor-guard";
import { editorSchema, type EditorIntent } from "./editor-schema";
import { formatCount, joinDefinition, type FormGroup } from "./format";
import { GroupsEditor } from "./groups-editor";
import { QueryField } from "./query-field";
import { SaveFields, SECTION_LABELS, type SaveFieldValues } from "./save-fields";
import type { SearchPageData } from "../../routes/_shell.search.server";
import { SearchResultsPanel } from "./search-results";
import type { SidebarData } from "./sidebar";
import type { QueryFault } from "./types";

const LABELS = MESSAGES.searchScreen;
/** Contextual context type of a saved search item (ADR 012); 6 is an unsaved search (spec core §9). */
const SAVED_SEARCH_CONTEXT_TYPE = 1;
/** How often an unfinished backfill's progress is read again (JavaScript only). */
const BACKFILL_POLL_MS = 5_000;

export type SearchActionData = { result: SubmissionResult<string[]>; faults: QueryFault[] } | undefined;

interface LayoutData {
  sidebar: SidebarData;
  canWrite: boolean;
  canWriteBrand: boolean;
}

/** A new search (/search) or a saved one (/search/{id}): the editor, then the results. */
export function SearchPage({ data, actionData }: { data: SearchPageData; actionData: SearchActionData }) {
  const layout = useRouteLoaderData("routes/_shell.search") as LayoutData | undefined;
  const { item, source, draft, results, resultsError, queryFaults, sort, liveUrl, teams } = data;
  const canSave = !!layout?.canWrite && (item ? item.editable : true);
  // The editor starts again from what the URL shows (another search, another tried draft).
  const sourceKey = `${item?.id ?? "new"}:${draft ? JSON.stringify(draft) : ""}`;
  return (
    <div className="space-y-6" data-context-type={item ? SAVED_SEARCH_CONTEXT_TYPE : UNSAVED_SEARCH_CONTEXT_TYPE}>
      <header className="space-y-1">
        <h2 className="break-words text-xl font-semibold" data-testid="search-title">
          {item ? item.name : LABELS.newSearch}
        </h2>
        {item ? (
          <p className="text-sm text-slate-600">
            {SECTION_LABELS[item.category]}
            {!item.editable ? <span className="ml-2 text-slate-500">· {LABELS.readOnly}</span> : null}
          </p>
        ) : null}
        {item ? (
          <p className="text-sm">
            {/* An alert on this search (issue 24, ADR 029). */}
            <Link to={`/alerts/new?search_id=${item.id}`} className="text-brand-700 hover:underline" data-testid="search-alert-link">
              {MESSAGES.alerts.newAlert}
            </Link>
          </p>
        ) : (
          <p className="text-sm text-slate-600">{LABELS.newSearchIntro}</p>
        )}
        {item && !item.backfill.finished ? <BackfillProgress backfill={item.backfill} /> : null}
        {draft && item ? <p className="text-sm text-slate-600">{LABELS.draftNote}</p> : null}
      </header>

      <SearchEditor
        key={sourceKey}
        isNew={!item}
        source={source}
        shown={draft ?? { query: source.query, extra: source.extra }}
        serverFaults={actionData?.faults.length ? actionData.faults : queryFaults}
        lastResult={actionData?.result}
        canSave={canSave}
        categories={SAVED_SEARCH_CATEGORIES.filter((category) => category !== "brand" || !!layout?.canWriteBrand)}
        folders={layout?.sidebar.folders ?? []}
        teams={teams}
      />

      <SearchResultsPanel
        results={results}
        error={resultsError}
        sort={sort}
        liveUrl={liveUrl}
        emptyHint={LABELS.writeQuery}
      />
    </div>
  );
}

/** Backfill progress (ADR 012) while the search is applied to stored mentions; with JavaScript it follows. */
function BackfillProgress({ backfill }: { backfill: { done: number; total: number } }) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    const timer = window.setInterval(() => revalidate.current(), BACKFILL_POLL_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p className="text-sm text-amber-800" role="status" data-testid="backfill">
      <span aria-hidden className="mr-1.5 inline-block size-2 animate-pulse rounded-full bg-amber-500" />
      {backfill.total > 0
        ? LABELS.backfillProgress(formatCount(backfill.done), formatCount(backfill.total))
        : LABELS.backfillQueued}
    </p>
  );
}

type EditorFields = SaveFieldValues & { query: FormGroup[] };
type Source = SearchPageData["source"];

/** name + query[…] entries, sorted: what "changed" compares (line breaks as a textarea posts them). */
function signature(entries: Iterable<[string, string]>): string {
  return JSON.stringify(
    [...entries]
      .filter(([key]) => key === "name" || key.startsWith("query["))
      .map(([key, value]) => [key, value.replace(/\r\n?/g, "\n")])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

function sourceEntries(source: Source, withName: boolean): Array<[string, string]> {
  const entries: Array<[string, string]> = withName ? [["name", source.name]] : [];
  joinDefinition(source.query, source.extra).forEach((group, g) => {
    entries.push([`query[${g}].type`, group.type]);
    group.values.forEach((value, v) => {
      entries.push([`query[${g}].values[${v}].filterType`, value.filterType]);
      entries.push([`query[${g}].values[${v}].value`, value.value]);
    });
  });
  return entries;
}

function SearchEditor({
  isNew,
  source,
  shown,
  serverFaults,
  lastResult,
  canSave,
  categories,
  folders,
  teams,
}: {
  isNew: boolean;
  source: Source;
  shown: { query: string; extra: FormGroup[] };
  serverFaults: QueryFault[];
  lastResult: SubmissionResult<string[]> | undefined;
  canSave: boolean;
  categories: SearchPageData["source"]["category"][];
  folders: SidebarData["folders"];
  teams: SearchPageData["teams"];
}) {
  const navigation = useNavigation();
  const guard = useEditorGuard();
  const formRef = useRef<HTMLFormElement>(null);
  const thenRef = useRef<HTMLInputElement>(null);
  const intent = useRef<EditorIntent>("run");
  const saveIntent: EditorIntent = isNew ? "save" : "update";
  const [form, fields] = useForm<EditorFields, unknown>({
    id: "search-editor",
    lastResult,
    defaultValue: {
      name: source.name,
      category: source.category,
      folder_id: source.folderId === null ? "" : String(source.folderId),
      entity_type: String(source.entityType),
      entity_ids: source.teamIds.map(String),
      query: joinDefinition(shown.query, shown.extra),
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData, submitter }) => {
      const value = submitter?.getAttribute("name") === "intent" ? submitter.getAttribute("value") : null;
      if (value === "run" || value === saveIntent) intent.current = value;
      return parseWithZod(formData, { schema: editorSchema(intent.current, isNew) }) as Submission<EditorFields, string[], unknown>;
    },
  });
  const groups = fields.query.getFieldList();
  const main = groups[0]!.getFieldset();
  const mainValue = main.values.getFieldList()[0]!.getFieldset();

  // The sidebar asks through the guard whether leaving is fine (spec core §4: changes are tracked
  // against the source; the changes modal discards, saves or stays).
  const formMeta = useRef(form);
  formMeta.current = form;
  useEffect(() => {
    if (!guard) return;
    const sourceSignature = signature(sourceEntries(source, canSave));
    guard.register({
      isDirty: () => {
        const element = formRef.current;
        if (!element) return false;
        const entries = [...new FormData(element)].map(([key, value]) => [key, String(value)] as [string, string]);
        return signature(entries) !== sourceSignature;
      },
      discard: () => formMeta.current.reset(),
      save: (then) => {
        const element = formRef.current;
        const button = element?.querySelector<HTMLButtonElement>(`button[name="intent"][value="${saveIntent}"]`);
        if (!canSave || !element || !button || !thenRef.current) return;
        thenRef.current.value = then;
        intent.current = saveIntent;
        element.requestSubmit(button);
      },
    });
    return () => guard.register(null);
  }, [guard, source, canSave, saveIntent]);

  const pending = (value: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === value;

  return (
    <Form method="post" {...getFormProps(form)} ref={formRef} className="space-y-4" aria-label={LABELS.editorLabel}>
      {/* Enter in a one-line field runs the search, not the first list button of the form. */}
      <button type="submit" name="intent" value="run" tabIndex={-1} aria-hidden className="sr-only" />
      <CsrfInput />
      <input ref={thenRef} type="hidden" name="then" defaultValue="" />
      <FormErrors id={form.errorId} errors={form.errors} />

      <section aria-labelledby="definition-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="definition-heading" className="text-lg font-semibold">
          {LABELS.definition}
        </h3>
        <input type="hidden" name={groups[0]!.getFieldset().type.name} value="must" />
        <input type="hidden" name={mainValue.filterType.name} value="keywords" />
        <QueryField field={mainValue.value} label={LABELS.queryLabel} serverFaults={serverFaults} />
        <GroupsEditor form={form} groups={fields.query} />
        <div className="flex justify-end border-t border-slate-100 pt-3">
          <Button name="intent" value="run" variant="secondary" pending={pending("run")}>
            {LABELS.runSearch}
          </Button>
        </div>
      </section>

      {canSave ? (
        <section aria-labelledby="save-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
          <h3 id="save-heading" className="text-lg font-semibold">
            {isNew ? LABELS.saveHeading : LABELS.settingsHeading}
          </h3>
          <SaveFields
            fields={fields}
            isNew={isNew}
            fixedCategory={isNew ? null : source.category}
            categories={categories}
            folders={folders}
            teams={teams}
          />
          <div className="flex justify-end">
            <Button name="intent" value={saveIntent} pending={pending(saveIntent)}>
              {isNew ? LABELS.saveSearch : LABELS.saveChanges}
            </Button>
          </div>
        </section>
      ) : null}
    </Form>
  );
}
