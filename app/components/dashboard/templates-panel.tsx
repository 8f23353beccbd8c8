import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { PERIOD_PRESETS, isWidgetId, type PeriodPresetId, type TemplateTimeUnit, type WidgetId } from "../../../domain/dashboard";
import { MESSAGES } from "../../../domain/messages";
import { DashboardTemplateFormSchema, DashboardTemplateRenameSchema } from "../../../domain/schemas/dashboard-config";
import { contextToken, dashboardHref, type DashboardChanges, type DashboardQuery } from "../../lib/dashboard-query";
import { Button } from "../ui/button";
import { CsrfInput } from "../ui/csrf-input";
import { FormErrors, TextField } from "../ui/field";
import type { ApiDashboardTemplate } from "./types";

const UI = MESSAGES.dashboardUi;
const HOUR_MS = 3_600_000;

/** A template's `time` and `time_unit`: the period's length (yesterday is one day; custom in whole days). */
function templateTimeOf(query: DashboardQuery): { time: number; timeUnit: TemplateTimeUnit } {
  const preset = PERIOD_PRESETS.find((p) => p.id === query.period);
  if (preset && "hours" in preset) return { time: preset.hours, timeUnit: "Hours" };
  if (preset && "days" in preset) return { time: preset.days, timeUnit: "Days" };
  if (query.period === "yesterday") return { time: 1, timeUnit: "Days" };
  return { time: Math.max(1, Math.round((Date.parse(query.to) - Date.parse(query.from)) / (24 * HOUR_MS))), timeUnit: "Days" };
}

/** The body of POST /v1/dashboard/templates for the page's current layout. */
export function templateBody(name: string, query: DashboardQuery) {
  return {
    name,
    ...templateTimeOf(query),
    config: {
      contextIds: query.contexts.map(contextToken),
      widgets: query.widgets.map((id) => ({ id, config: widgetConfigOf(query, id) })),
    },
  };
}

function widgetConfigOf(query: DashboardQuery, widgetId: WidgetId): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query.widgetParams)) {
    if (key.startsWith(`${widgetId}.`)) out[key.slice(widgetId.length + 1)] = value;
  }
  return out;
}

function periodOf(time: number, unit: TemplateTimeUnit): PeriodPresetId | null {
  const preset = PERIOD_PRESETS.find((p) =>
    unit === "Hours" ? "hours" in p && p.hours === time : unit === "Days" ? "days" in p && p.days === time : false,
  );
  if (preset) return preset.id;
  if (unit === "Days" && time === 1) return "yesterday";
  return null;
}

/** What loading a template changes: its period, contexts and widgets (with their parameters). */
function templateChanges(template: ApiDashboardTemplate, query: DashboardQuery, now: Date = new Date()): DashboardChanges {
  const widgets = template.config.widgets.map((w) => w.id).filter(isWidgetId);
  const widgetParams: Record<string, string> = {};
  for (const widget of template.config.widgets) {
    if (!isWidgetId(widget.id) || !widget.config) continue;
    for (const [key, value] of Object.entries(widget.config)) {
      if (typeof value === "string" || typeof value === "number") widgetParams[`${widget.id}.${key}`] = String(value);
    }
  }
  const tokens = template.config.contextIds.map(String);
  const changes: DashboardChanges = {
    // Titles and colours are the parser's business: the tokens are enough for the address.
    contexts: tokens.map((token) => {
      const [type, id] = token.split("-");
      return { contextType: Number(type), contextId: Number(id), title: "", color: "blue" };
    }),
    widgets: widgets.length ? widgets : query.widgets,
    widgetParams,
  };
  const period = periodOf(template.time, template.timeUnit);
  if (period) return { ...changes, period };
  const span = template.timeUnit === "Hours" ? HOUR_MS : template.timeUnit === "Months" ? 30 * 24 * HOUR_MS : 24 * HOUR_MS;
  const to = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  return { ...changes, period: "custom", to: to.toISOString(), from: new Date(to.getTime() - template.time * span).toISOString() };
}

type LastResult = SubmissionResult<string[]> | undefined;

/** Save the layout as a template, load one (a link), rename one. */
export function TemplatesPanel({
  query,
  templates,
  formAction,
  lastSave,
  lastRename,
}: {
  query: DashboardQuery;
  templates: ApiDashboardTemplate[];
  formAction: string;
  lastSave: LastResult;
  lastRename: { id: number | null; result: LastResult };
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "save-template",
    lastResult: lastSave,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DashboardTemplateFormSchema }),
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "saveTemplate";
  return (
    <div className="space-y-4" data-testid="templates-panel">
      <Form method="post" action={formAction} {...getFormProps(form)} aria-label={UI.saveAsTemplate} className="space-y-2">
        <CsrfInput />
        <input type="hidden" name="intent" value="saveTemplate" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label={MESSAGES.name} field={fields.name} autoComplete="off" hint={UI.saveTemplateHint} />
        <Button pending={saving}>{UI.saveAsTemplate}</Button>
      </Form>
      {templates.length === 0 ? (
        <p className="text-sm text-slate-500">{UI.noTemplates}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {templates.map((template) => (
            <TemplateRow
              key={template.id}
              template={template}
              query={query}
              formAction={formAction}
              lastResult={lastRename.id === template.id ? lastRename.result : undefined}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function TemplateRow({
  template,
  query,
  formAction,
  lastResult,
}: {
  template: ApiDashboardTemplate;
  query: DashboardQuery;
  formAction: string;
  lastResult: LastResult;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `template-${template.id}`,
    lastResult,
    defaultValue: { name: template.name },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DashboardTemplateRenameSchema }),
  });
  const renaming =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "renameTemplate" && navigation.formData.get("id") === String(template.id);
  return (
    <li className="flex flex-wrap items-center gap-2 px-3 py-2" data-testid="template-row">
      <span className="min-w-0 flex-1 truncate text-sm font-medium">{template.name}</span>
      <span className="text-xs text-slate-500">
        {template.time} {template.timeUnit}
      </span>
      <Link
        to={dashboardHref(query, templateChanges(template, query))}
        aria-label={UI.loadTemplateOf(template.name)}
        className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium hover:bg-slate-50"
      >
        {UI.loadTemplate}
      </Link>
      <details className="relative" open={lastResult?.status === "error" ? true : undefined}>
        <summary
          className="cursor-pointer list-none rounded-md px-2.5 py-1 text-sm font-medium hover:bg-slate-100"
          aria-label={UI.renameTemplateOf(template.name)}
        >
          {MESSAGES.topicsScreen.rename}
        </summary>
        <div className="absolute right-0 z-20 mt-1 w-72 rounded-lg border border-slate-200 bg-white p-3 shadow-xl">
          <Form method="post" action={formAction} {...getFormProps(form)} aria-label={UI.renameTemplateOf(template.name)} className="space-y-2">
            <CsrfInput />
            <input type="hidden" name="intent" value="renameTemplate" />
            <input type="hidden" name="id" value={template.id} />
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextField label={MESSAGES.name} field={fields.name} autoComplete="off" />
            <Button pending={renaming} className="w-full">
              {MESSAGES.save}
            </Button>
          </Form>
        </div>
      </details>
    </li>
  );
}
