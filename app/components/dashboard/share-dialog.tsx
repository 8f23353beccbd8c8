import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { isWidgetId, type WidgetId } from "../../../domain/dashboard";
import { MESSAGES } from "../../../domain/messages";
import { SharedLinkFormSchema, SharedLinkUpdateSchema } from "../../../domain/schemas/dashboard-config";
import { DASHBOARD_PARAMS, contextToken, dashboardHref, type DashboardQuery } from "../../lib/dashboard-query";
import { Button } from "../ui/button";
import { CopyField } from "../ui/copy-field";
import { CsrfInput } from "../ui/csrf-input";
import { FieldErrors, FormErrors, TextField } from "../ui/field";
import { Modal } from "../ui/modal";
import type { ApiSharedLink, ApiSharedLinkConfig } from "./types";

const UI = MESSAGES.dashboardUi;

/** A shared link's `config` for the page's current state (ADR 015). */
export function sharedLinkConfig(query: DashboardQuery) {
  return {
    widgets: query.widgets.map((id) => ({ id, config: {} })),
    contexts: query.contexts.map((context) => ({ contextType: context.contextType, contextId: context.contextId })),
    time: Math.round((Date.parse(query.to) - Date.parse(query.from)) / 3_600_000),
    timeRange: { from: query.from, to: query.to },
    timeUnit: query.interval,
    layerIds: query.layerIds ?? [],
    timeZone: query.timeZone,
  };
}

function widgetIdsOf(config: ApiSharedLinkConfig): WidgetId[] {
  return config.widgets.filter(isWidgetId);
}

function contextTokensOf(config: ApiSharedLinkConfig): string[] {
  return config.contexts.map((c) => contextToken(c));
}

/** The address a link hands out: `/?shared_link_code=…&from&to&timeUnit&contextIds&config` (spec §2). */
function sharedLinkPath(link: Pick<ApiSharedLink, "code" | "config">, fallbackTimeZone: string): string {
  const P = DASHBOARD_PARAMS;
  const config = link.config;
  const out = new URLSearchParams({ [P.sharedLinkCode]: link.code });
  if (config.timeRange) {
    out.set(P.from, config.timeRange.from);
    out.set(P.to, config.timeRange.to);
  }
  if (config.timeUnit) out.set(P.timeUnit, config.timeUnit);
  out.set(P.timeZone, config.timeZone || fallbackTimeZone);
  const tokens = contextTokensOf(config);
  if (tokens.length) out.set(P.contextIds, tokens.join(","));
  const widgets = widgetIdsOf(config);
  if (widgets.length) out.set(P.config, widgets.join(","));
  if (config.layerIds.length) out.set(P.layers, config.layerIds.join(","));
  return `/?${out.toString()}`;
}

/** The link's own limits: the widgets and contexts its config names (the API enforces them too). */
export function sharedLinkLimits(link: ApiSharedLink): { widgets: WidgetId[]; contextTokens: string[]; layerIds: number[] } {
  return { widgets: widgetIdsOf(link.config), contextTokens: contextTokensOf(link.config), layerIds: link.config.layerIds };
}

type LastResult = SubmissionResult<string[]> | undefined;

/** `?dialog=share`: create a link for the current view, list the tenant's links, edit and revoke them. */
export function ShareDialog({
  query,
  links,
  origin,
  businessTimeZone,
  formAction,
  lastCreate,
  lastUpdate,
}: {
  query: DashboardQuery;
  links: ApiSharedLink[];
  origin: string;
  /** The zone a link that names none is read in (its tenant's). */
  businessTimeZone: string;
  formAction: string;
  lastCreate: LastResult;
  lastUpdate: { id: number | null; result: LastResult };
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const closeHref = dashboardHref(query);
  const [form, fields] = useForm({
    id: "share-link",
    lastResult: lastCreate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SharedLinkFormSchema }),
  });
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "createShare";
  return (
    <Modal
      open
      title={UI.shareDashboard}
      widthPx={720}
      onClose={() => navigate(closeHref, { replace: true, preventScrollReset: true })}
      footer={
        <Link to={closeHref} preventScrollReset className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50">
          {MESSAGES.close}
        </Link>
      }
    >
      <div className="max-h-[70vh] space-y-5 overflow-y-auto" data-testid="share-dialog">
        <Form method="post" action={formAction} {...getFormProps(form)} aria-label={UI.createLink} className="space-y-3">
          <CsrfInput />
          <input type="hidden" name="intent" value="createShare" />
          <p className="text-xs text-slate-500">{UI.shareHint}</p>
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField label={UI.linkTitle} field={fields.title} autoComplete="off" />
          <label className="flex items-center gap-2 text-sm">
            <input {...getInputProps(fields.nonLoggedInAccess, { type: "checkbox" })} key={fields.nonLoggedInAccess.key} className="size-4 rounded border-slate-300" />
            {UI.nonLoggedInAccess}
          </label>
          <Button pending={creating}>{UI.createLink}</Button>
        </Form>
        <section aria-labelledby="shared-links-heading" className="space-y-2">
          <h3 id="shared-links-heading" className="text-sm font-semibold">
            {UI.sharedLinks}
          </h3>
          {links.length === 0 ? (
            <p className="text-sm text-slate-500">{UI.noSharedLinks}</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
              {links.map((link) => (
                <SharedLinkRow
                  key={link.id}
                  link={link}
                  origin={origin}
                  timeZone={businessTimeZone}
                  formAction={formAction}
                  lastResult={lastUpdate.id === link.id ? lastUpdate.result : undefined}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
    </Modal>
  );
}

function SharedLinkRow({
  link,
  origin,
  timeZone,
  formAction,
  lastResult,
}: {
  link: ApiSharedLink;
  origin: string;
  timeZone: string;
  formAction: string;
  lastResult: LastResult;
}) {
  const navigation = useNavigation();
  const url = `${origin}${sharedLinkPath(link, timeZone)}`;
  const [form, fields] = useForm({
    id: `shared-link-${link.id}`,
    lastResult,
    defaultValue: { title: link.title, nonLoggedInAccess: link.nonLoggedInAccess ? "on" : "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SharedLinkUpdateSchema }),
  });
  const pending = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData.get("id") === String(link.id);
  return (
    <li className="space-y-2 px-3 py-2.5" data-testid="shared-link-row">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm font-medium">{link.title}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs ${link.nonLoggedInAccess ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700"}`}>
          {link.nonLoggedInAccess ? UI.publicLink : UI.membersOnlyLink}
        </span>
        <details className="relative" open={lastResult?.status === "error" ? true : undefined}>
          <summary className="cursor-pointer list-none rounded-md px-2.5 py-1 text-sm font-medium hover:bg-slate-100" aria-label={UI.editLinkOf(link.title)}>
            {MESSAGES.edit}
          </summary>
          <div className="absolute right-0 z-50 mt-1 w-80 rounded-lg border border-slate-200 bg-white p-3 shadow-xl">
            <Form method="post" action={formAction} {...getFormProps(form)} aria-label={UI.editLinkOf(link.title)} className="space-y-2">
              <CsrfInput />
              <input type="hidden" name="intent" value="updateShare" />
              <input type="hidden" name="id" value={link.id} />
              <FormErrors id={form.errorId} errors={form.errors} />
              <TextField label={UI.linkTitle} field={fields.title} autoComplete="off" />
              <label className="flex items-center gap-2 text-sm">
                <input {...getInputProps(fields.nonLoggedInAccess, { type: "checkbox" })} key={fields.nonLoggedInAccess.key} className="size-4 rounded border-slate-300" />
                {UI.nonLoggedInAccess}
              </label>
              <FieldErrors errors={fields.nonLoggedInAccess.errors} />
              <Button pending={pending("updateShare")} className="w-full">
                {MESSAGES.save}
              </Button>
            </Form>
          </div>
        </details>
        <Form method="post" action={formAction}>
          <CsrfInput />
          <input type="hidden" name="intent" value="revokeShare" />
          <input type="hidden" name="id" value={link.id} />
          <Button variant="ghost" pending={pending("revokeShare")} className="px-2.5 py-1 text-red-700 hover:bg-red-50" aria-label={UI.revokeLinkOf(link.title)}>
            {UI.revoke}
          </Button>
        </Form>
      </div>
      {/* Without JavaScript a read-only field to select; with it, a Copy button beside it too. */}
      <CopyField label={UI.linkAddress(link.title)} labelHidden value={url} testId="shared-link-url" />
    </li>
  );
}
