import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import type { FilterListResponseSchema } from "../../domain/schemas/statuses";
import {
  EmailReportActionSchema,
  type EmailReportAction,
  type EmailReportListResponseSchema,
  type EmailReportResponseSchema,
  type MailerResponseSchema,
} from "../../domain/schemas/email-reports";
import type { ApiSearchItemList } from "../components/search/types";
import { ApiError, fallbackOnRefusal, type ApiAccountList } from "../lib/api.server";
import {
  formFields,
  formHandlerContext,
  formRefused,
  handleIntent,
  readIntentForm,
  redirectIfGone,
  type FormHandlerContext,
  type FormRefusal,
  type IntentHandlers,
} from "../lib/forms.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { flashToast } from "../lib/toast.server";

// The e-mail reports screen (issue 25, ADR 039): /settings/reports lists the tenant's reports; ?new=1 or
// ?edit={id} opens the form, ?dialog=delete&id= the delete confirmation. Each row can send a copy now to
// the signed-in admin. Everything works without JavaScript.

export type ApiEmailReport = FromWire<typeof EmailReportResponseSchema>;
type ApiEmailReportList = FromWire<typeof EmailReportListResponseSchema>;
type ApiMailer = FromWire<typeof MailerResponseSchema>;
type ApiFilterList = FromWire<typeof FilterListResponseSchema>;

const REPORTS_PATH = "/settings/reports";
const L = MESSAGES.emailReports;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  const params = new URL(request.url).searchParams;
  const [reports, members, searches, filters] = await Promise.all([
    context.api.get<ApiEmailReportList>("/v1/admin/emails"),
    context.api.get<ApiAccountList>("/v1/accounts").catch(fallbackOnRefusal<ApiAccountList>({ data: [] })),
    context.api.get<ApiSearchItemList>("/search/items").catch(fallbackOnRefusal<ApiSearchItemList>({ data: [] })),
    context.api.get<ApiFilterList>("/v1/filters").catch(fallbackOnRefusal<ApiFilterList>({ data: [] })),
  ]);
  const editId = Number(params.get("edit"));
  const deleteId = params.get("dialog") === "delete" ? Number(params.get("id")) : NaN;
  const editing = reports.data.find((r) => r.id === editId) ?? null;
  return {
    reports: reports.data,
    editing,
    showForm: editing !== null || params.get("new") === "1",
    deleteId: reports.data.find((r) => r.id === deleteId)?.id ?? null,
    options: {
      users: members.data.filter((m) => m.state === 1).map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}`.trim() || m.email })),
      searches: searches.data.map((s) => ({ id: s.id, name: s.name })),
      filters: filters.data.map((f) => ({ id: f.id, name: f.name })),
    },
  };
}

type ReportIntent = EmailReportAction["intent"];
type ReportAnswer = FormRefusal<ReportIntent>;

/** One handler per intent of EmailReportActionSchema (ADR 028). */
const REPORT_ACTIONS: IntentHandlers<EmailReportAction, FormHandlerContext<ReportIntent>, Promise<ReportAnswer>> = {
  async create(action, { context, refused }) {
    let saved: ApiEmailReport;
    try {
      saved = await context.api.post<ApiEmailReport>("/v1/admin/emails", formFields(action));
    } catch (error) {
      return refused(error);
    }
    flashToast(context, { kind: "success", message: L.created(saved.emailName) });
    throw redirect(REPORTS_PATH);
  },
  async update(action, { context, refused }) {
    const { id, ...fields } = formFields(action);
    let saved: ApiEmailReport;
    try {
      saved = await context.api.patch<ApiEmailReport>(`/v1/admin/emails/${id}`, fields);
    } catch (error) {
      return refused(error, { gone: REPORTS_PATH });
    }
    flashToast(context, { kind: "success", message: L.updated(saved.emailName) });
    throw redirect(REPORTS_PATH);
  },
  async send_me({ id }, { context }) {
    try {
      const answer = await context.api.post<ApiMailer>("/v1/admin/mailers", { id, send_me: true });
      const copy = answer.copy;
      if (copy?.status === "sent") flashToast(context, { kind: "success", message: L.copySent(copy.recipients[0] ?? "") });
      else flashToast(context, { kind: "error", message: L.copyFailed(copy?.error ?? MESSAGES.somethingWentWrong) });
    } catch (error) {
      redirectIfGone(context, error, REPORTS_PATH);
      if (!(error instanceof ApiError)) throw error;
      flashToast(context, { kind: "error", message: error.reason });
    }
    throw redirect(REPORTS_PATH);
  },
  async delete({ id }, { context, refused }) {
    try {
      await context.api.delete(`/v1/admin/emails/${id}`);
    } catch (error) {
      return refused(error, { gone: REPORTS_PATH });
    }
    flashToast(context, { kind: "success", message: L.deleted });
    throw redirect(REPORTS_PATH);
  },
};

/** API field names as the form labels them ('{field} {first message}', spec §5). */
export const REPORT_FIELD_LABELS: Record<string, string> = {
  email_name: L.fields.emailName,
  brand_name: L.fields.brandName,
  reciver_account_id: L.fields.receiver,
  search_id: MESSAGES.alerts.savedSearch,
  articles_filter_id: L.fields.articlesFilter,
  mail_frequency: L.fields.mailFrequency,
  deliver_hour: L.fields.deliverHour,
  extra_emails: L.fields.extraEmails,
  competitors: L.fields.competitors,
};

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { submission, intent } = await readIntentForm(request, context, EmailReportActionSchema);
  if (submission.status !== "success") return formRefused(intent, submission);
  const handlerContext = formHandlerContext(context, submission, intent);
  const withLabels: FormHandlerContext<ReportIntent> = {
    ...handlerContext,
    refused: (error, options = {}) => handlerContext.refused(error, { ...options, labels: REPORT_FIELD_LABELS }),
  };
  return handleIntent(REPORT_ACTIONS, submission.value, withLabels);
}

