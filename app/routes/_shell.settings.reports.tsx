import { getFormProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatDateTime } from "../../domain/format";
import { MESSAGES } from "../../domain/messages";
import { DATA_FROM_DAYS, EmailReportFormSchema, WEEKDAYS } from "../../domain/schemas/email-reports";
import { Button } from "../components/ui/button";
import { useRowConfirmDialog } from "../components/ui/confirm-form-dialog";
import { CsrfInput } from "../components/ui/csrf-input";
import { FieldErrors, FormErrors, TextField } from "../components/ui/field";
import { titleMeta } from "../lib/meta";
import { useHydrated } from "../lib/use-hydrated";
import type { action, ApiEmailReport, loader } from "./_shell.settings.reports.server";

export { action, loader } from "./_shell.settings.reports.server";

const L = MESSAGES.emailReports;
const F = L.fields;
const REPORTS_PATH = "/settings/reports";

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type ActionData = ReturnType<typeof useActionData<typeof action>>;

export default function ReportsRoute() {
  const { reports, editing, showForm, deleteId, options } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { dialog: confirmDialog, open: openConfirm } = useRowConfirmDialog({
    records: reports,
    idFromUrl: deleteId,
    actionData,
    intent: "delete",
    path: REPORTS_PATH,
    subject: (report) => report.emailName,
  });
  const formOpen = showForm || actionData?.intent === "create" || actionData?.intent === "update";

  return (
    <div className="max-w-4xl space-y-6">
      <p className="text-sm text-slate-600">{L.intro}</p>
      {formOpen ? (
        <ReportForm key={editing?.id ?? "new"} editing={editing} options={options} actionData={actionData} />
      ) : (
        <Link to={`${REPORTS_PATH}?new=1`} className="inline-flex rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700">
          {L.newReport}
        </Link>
      )}

      <section aria-labelledby="reports-heading" className="space-y-3">
        <h2 id="reports-heading" className="text-lg font-semibold">
          {MESSAGES.reports}
        </h2>
        {reports.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500" data-testid="reports-empty">
            {L.noReports}
          </p>
        ) : (
          <ol className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {reports.map((report) => (
              <ReportRow key={report.id} report={report} options={options} onDelete={() => openConfirm(report.id)} />
            ))}
          </ol>
        )}
      </section>

      {confirmDialog}
    </div>
  );
}

function ReportRow({ report, options, onDelete }: { report: ApiEmailReport; options: LoaderData["options"]; onDelete: () => void }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "send_me" && navigation.formData.get("id") === String(report.id);
  const days = report.mailFrequency.map((d) => L.weekdays[d]).join(", ");
  const search = options.searches.find((s) => s.id === report.searchId)?.name ?? "";
  const receiver = options.users.find((u) => u.id === report.reciverAccountId)?.name ?? "";
  return (
    <li className="space-y-2 px-4 py-3" data-testid="report-row" data-report-id={report.id}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-medium" data-testid="report-name">
          {report.emailName}
        </span>
        <span className="text-sm text-slate-600">
          {report.brandName} · {search} · {receiver}
        </span>
      </div>
      <p className="text-sm text-slate-600">
        {days} · {String(report.deliverHour).padStart(2, "0")}:00 · {F.dataFromDays(report.dataFrom)}
      </p>
      <p className="text-sm text-slate-600" data-testid="report-schedule">
        {report.nextRunAt ? L.nextRun(formatDateTime(report.nextRunAt)) : L.noNextRun}
        {report.lastRun ? ` · ${L.lastRun(L.runStatus[report.lastRun.status], formatDateTime(report.lastRun.finishedAt ?? report.lastRun.dueAt))}` : ""}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Link to={`${REPORTS_PATH}?edit=${report.id}`} className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium hover:bg-slate-50" aria-label={L.editReportOf(report.emailName)}>
          {MESSAGES.edit}
        </Link>
        <Form method="post" aria-label={L.sendMeOf(report.emailName)}>
          <CsrfInput />
          <input type="hidden" name="id" value={report.id} />
          <Button variant="secondary" name="intent" value="send_me" pending={sending} aria-label={L.sendMeOf(report.emailName)}>
            {L.sendMe}
          </Button>
        </Form>
        <a
          href={`${REPORTS_PATH}?dialog=delete&id=${report.id}`}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            onDelete();
          }}
          className="rounded-md px-2.5 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
          aria-label={L.deleteReportOf(report.emailName)}
        >
          {MESSAGES.delete}
        </a>
      </div>
    </li>
  );
}

function initialValues(report: ApiEmailReport | null) {
  if (!report) return { email_type: "executive", mail_frequency: ["1"], deliver_hour: "8", data_from: "7", articles_limit: "5", posts_limit: "5", min_limitation: "0", competitors: [] as string[] };
  return {
    email_name: report.emailName,
    brand_name: report.brandName,
    email_type: report.emailType,
    reciver_account_id: String(report.reciverAccountId),
    search_id: String(report.searchId),
    articles_filter_id: report.articlesFilterId === null ? "" : String(report.articlesFilterId),
    mail_frequency: report.mailFrequency.map(String),
    deliver_hour: String(report.deliverHour),
    data_from: String(report.dataFrom),
    articles_url: report.articlesUrl ?? "",
    extra_emails: report.extraEmails.join(", "),
    competitors: report.competitors.map(String),
    articles_limit: String(report.articlesLimit),
    posts_limit: String(report.postsLimit),
    omit_response: report.omitResponse ? "on" : "",
    min_limitation: String(report.minLimitation),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of this form
type AnyField = FieldMetadata<any, any, string[]>;

function SelectField({ field, label, hint, children, multiple }: { field: AnyField; label: string; hint?: string; children: React.ReactNode; multiple?: boolean }) {
  const hintId = `${field.id}-hint`;
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        {...getSelectProps(field, { ariaAttributes: true })}
        key={field.key}
        multiple={multiple}
        aria-describedby={[hint ? hintId : null, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ") || undefined}
        className={`block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm ${field.errors?.length ? "border-red-500" : "border-slate-300"} ${multiple ? "min-h-20" : ""}`}
      >
        {children}
      </select>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function ReportForm({ editing, options, actionData }: { editing: ApiEmailReport | null; options: LoaderData["options"]; actionData: ActionData | undefined }) {
  const navigation = useNavigation();
  const mine = actionData && (actionData.intent === "create" || actionData.intent === "update") ? actionData : undefined;
  const defaults = initialValues(editing);
  const [form, fields] = useForm({
    id: "report-form",
    lastResult: mine?.result as SubmissionResult<string[]> | undefined,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailReportFormSchema }),
  });
  const intent = editing ? "update" : "create";
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const days = fields.mail_frequency;
  const chosenDays = new Set((Array.isArray(days.initialValue) ? days.initialValue : days.initialValue ? [days.initialValue] : []).map(String));
  return (
    <section aria-labelledby="report-form-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="report-form-heading" className="mb-3 text-base font-semibold">
        {editing ? L.editReport : L.newReport}
      </h2>
      <Form method="post" {...getFormProps(form)} aria-labelledby="report-form-heading" className="space-y-4">
        <CsrfInput />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={F.emailName} field={fields.email_name} autoComplete="off" />
          <TextField label={F.brandName} field={fields.brand_name} autoComplete="off" />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField field={fields.email_type} label={MESSAGES.topicsScreen.type}>
            <option value="executive">{F.executive}</option>
          </SelectField>
          <SelectField field={fields.reciver_account_id} label={F.receiver}>
            <option value="">—</option>
            {options.users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </SelectField>
          <SelectField field={fields.search_id} label={MESSAGES.alerts.savedSearch}>
            <option value="">—</option>
            {options.searches.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
        </div>
        <fieldset className="space-y-1.5" aria-describedby={days.errors?.length ? days.errorId : undefined}>
          <legend className="text-sm font-medium text-slate-700">{F.mailFrequency}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {WEEKDAYS.map((day) => (
              <label key={day} className="inline-flex items-center gap-1.5 text-sm">
                <input type="checkbox" name={days.name} value={day} defaultChecked={chosenDays.has(String(day))} className="h-4 w-4 rounded border-slate-300" />
                {L.weekdays[day]}
              </label>
            ))}
          </div>
          <FieldErrors id={days.errorId} errors={days.errors} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label={F.deliverHour} field={fields.deliver_hour} inputMode="numeric" hint={F.deliverHourHint} />
          <SelectField field={fields.data_from} label={MESSAGES.dashboardUi.period}>
            {DATA_FROM_DAYS.map((d) => (
              <option key={d} value={d}>
                {F.dataFromDays(d)}
              </option>
            ))}
          </SelectField>
          <TextField label={F.minLimitation} field={fields.min_limitation} inputMode="numeric" hint={F.minLimitationHint} />
        </div>
        <SelectField field={fields.competitors} label={F.competitors} hint={F.competitorsHint} multiple>
          {options.searches.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label={F.postsLimit} field={fields.posts_limit} inputMode="numeric" />
          <TextField label={F.articlesLimit} field={fields.articles_limit} inputMode="numeric" />
          <SelectField field={fields.articles_filter_id} label={F.articlesFilter}>
            <option value="">{F.noFilter}</option>
            {options.filters.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField label={F.articlesUrl} field={fields.articles_url} inputMode="url" autoComplete="off" />
        <TextField label={F.extraEmails} field={fields.extra_emails} hint={F.extraEmailsHint} autoComplete="off" />
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" name={fields.omit_response.name} defaultChecked={fields.omit_response.initialValue === "on"} className="h-4 w-4 rounded border-slate-300" />
          {F.omitResponse}
        </label>
        <div className="flex flex-wrap gap-2">
          <Button name="intent" value={intent} pending={pending}>
            {editing ? L.save : L.create}
          </Button>
          <Link to={REPORTS_PATH} className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
            {MESSAGES.cancel}
          </Link>
        </div>
      </Form>
    </section>
  );
}

export const meta = titleMeta(MESSAGES.reports);
