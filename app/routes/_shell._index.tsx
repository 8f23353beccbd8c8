import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { formatDate, formatDateTime } from "../../domain/format";
import { MESSAGES } from "../../domain/messages";
import { loginLocation } from "../../domain/navigation";
import { hasPermission } from "../../domain/permissions";
import { ROLE_LABELS } from "../../domain/roles";
import { LAYER_COLORS } from "../../domain/palette";
import { isValidTimeZone } from "../../domain/periods";
import type { QueryToSend } from "../../domain/request-types";
import type { AnnotationsQuerySchema } from "../../domain/schemas/annotations";
import { DashboardActionSchema, type DashboardAction } from "../../domain/schemas/dashboard-config";
import { AnnotationsPanel } from "../components/dashboard/annotations-panel";
import { CompactToggle, ContextChips, ContextPicker, PeriodForm } from "../components/dashboard/dashboard-controls";
import { ShareDialog, sharedLinkConfig, sharedLinkLimits } from "../components/dashboard/share-dialog";
import { TemplatesPanel, templateBody } from "../components/dashboard/templates-panel";
import type {
  ApiAnnotation,
  ApiAnnotationLayer,
  ApiAnnotationLayerList,
  ApiAnnotationList,
  ApiDashboardTemplate,
  ApiDashboardTemplateList,
  ApiSharedLink,
  ApiSharedLinkList,
} from "../components/dashboard/types";
import { WidgetGrid, visibleAnnotations } from "../components/dashboard/widget-grid";
import { FeedHashPanel } from "../components/dashboard/widgets/feed-hash-panel";
import { routeErrorBoundary } from "../components/ui/route-error-boundary";
import { ApiError } from "../lib/api.server";
import {
  ALL_MENTIONS_TOKEN,
  DASHBOARD_PARAMS,
  contextToken,
  dashboardHref,
  dashboardParams,
  dayStart,
  parseDashboardQuery,
  periodFormLocation,
  type DashboardQuery,
  type DashboardSelector,
} from "../lib/dashboard-query";
import { loadDashboardSelector, loadFeedHash, loadWidget } from "../lib/dashboard-widgets.server";
import {
  formHandlerContext,
  formRefused,
  handleIntent,
  readIntentForm,
  statusOf,
  type FormAnswer,
  type FormHandlerContext,
  type FormRefusal,
  type IntentHandlers,
} from "../lib/forms.server";
import { guardRoute, recordPageView, requireAccount } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";
import { flashToast } from "../lib/toast.server";
import { useFormKey } from "../lib/use-form-key";

const UI = MESSAGES.dashboardUi;
const SHARE_DIALOG = "share";

/** A shared link's viewer sees only its widgets, contexts and layers (the API refuses the rest too). */
function limitToLink(query: DashboardQuery, link: ApiSharedLink, selector: DashboardSelector): DashboardQuery {
  const limits = sharedLinkLimits(link);
  const widgets = limits.widgets.length ? query.widgets.filter((id) => limits.widgets.includes(id)) : query.widgets;
  let contexts = query.contexts.filter((context) => limits.contextTokens.length === 0 || limits.contextTokens.includes(contextToken(context)));
  if (contexts.length === 0) {
    const url = new URL("http://earshot.invalid/");
    url.searchParams.set(DASHBOARD_PARAMS.contextIds, limits.contextTokens.join(",") || ALL_MENTIONS_TOKEN);
    contexts = parseDashboardQuery(url, query.timeZone, selector).contexts;
  }
  return {
    ...query,
    widgets: widgets.length ? widgets : limits.widgets,
    contexts,
    layerIds: (query.layerIds ?? []).filter((id) => limits.layerIds.includes(id)),
  };
}

async function orEmpty<T>(context: AppLoadContext, load: Promise<T[]>): Promise<T[]> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof Response) throw error;
    // A refusal (a guest may not read annotation layers or dashboard templates) leaves the panel empty and
    // is expected, as the inbox's softFail treats it; anything else is reported, and the page still shows.
    if (!(error instanceof ApiError && error.status < 500)) context.reportError(error);
    return [];
  }
}

/** Current IANA names that ICU still lists under their old spelling (Asia/Calcutta, Europe/Kiev, ...). */
const RENAMED_ZONES = ["Asia/Kolkata", "Europe/Kyiv", "Asia/Ho_Chi_Minh", "Asia/Kathmandu", "Asia/Yangon", "America/Nuuk", "Pacific/Kanton", "Atlantic/Faroe"];

function timeZones(current: string): string[] {
  const zones = new Set<string>(["UTC", ...Intl.supportedValuesOf("timeZone"), ...RENAMED_ZONES.filter(isValidTimeZone)]);
  zones.add(current);
  return [...zones].sort((a, b) => (a === "UTC" ? -1 : b === "UTC" ? 1 : a.localeCompare(b)));
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await guardRoute(request, context);
  const url = new URL(request.url);
  // The address is the view shown: a period submit that left a stale range in it is sent to its view's.
  const periodLocation = periodFormLocation(url);
  if (periodLocation) throw redirect(periodLocation);
  const code = url.searchParams.get(DASHBOARD_PARAMS.sharedLinkCode);
  let link: ApiSharedLink | null = null;
  if (code) {
    try {
      link = await context.api.getViaPost<ApiSharedLink>(`/v1/dashboard_shared_links/${encodeURIComponent(code)}`, {});
    } catch (error) {
      // A members-only link opened signed out: the sign-in, then back to this very view (issue 30).
      if (error instanceof ApiError && error.status === 401 && !account) throw redirect(loginLocation(`${url.pathname}${url.search}`));
      if (error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 401)) {
        throw new Response(UI.sharedLinkMissing, { status: 404 });
      }
      throw error;
    }
  } else {
    recordPageView(request, context, account);
  }
  const readOnly = !!link || !account;
  // A shared link shows what its author chose, never the viewer's default streams.
  const selector = await loadDashboardSelector(context.api, { defaultStreams: !link }).catch((error: unknown) => {
    if (error instanceof Response) throw error;
    context.reportError(error);
    return { contexts: [] } satisfies DashboardSelector;
  });
  const businessTimeZone = (link && "businessProfile" in link ? link.businessProfile.timeZone : undefined) ?? account?.businessProfile.timeZone ?? "UTC";
  let query = parseDashboardQuery(url, businessTimeZone, selector);
  if (link) query = limitToLink(query, link, selector);
  // What this account may do here, from the permission table (ADR 035): what it may not is not offered.
  const may = {
    share: !readOnly && hasPermission(account?.permissions, "dashboard.shared_links.write"),
    templates: !readOnly && hasPermission(account?.permissions, "dashboard.index.read"),
    readAnnotations: readOnly || hasPermission(account?.permissions, "annotations.index.read"),
    annotate: !readOnly && hasPermission(account?.permissions, "annotations.index.write"),
  };
  const dialog = may.share && url.searchParams.get(DASHBOARD_PARAMS.dialog) === SHARE_DIALOG ? SHARE_DIALOG : null;
  const layerIds = query.layerIds ?? [];

  // Drill-down (a chart point's mentions): `feed_hash` names a stored feed hash (helper E's panel).
  const feedHash = url.searchParams.get("feed_hash");
  const closeFeed = new URLSearchParams(url.searchParams);
  closeFeed.delete("feed_hash");
  const [results, layers, annotations, templates, links, feed] = await Promise.all([
    Promise.all(query.widgets.map((widgetId) => loadWidget(context.api, widgetId, query))),
    orEmpty(context, context.api.get<ApiAnnotationLayerList>("/v1/annotations/layers").then((a) => a.data)),
    layerIds.length
      ? orEmpty(
          context,
          context.api.get<ApiAnnotationList>("/v1/annotations/annotations", { query: { layerIds } satisfies QueryToSend<typeof AnnotationsQuerySchema> }).then((a) => a.data),
        )
      : Promise.resolve([] as ApiAnnotation[]),
    !may.templates ? Promise.resolve([] as ApiDashboardTemplate[]) : orEmpty(context, context.api.get<ApiDashboardTemplateList>("/v1/dashboard/templates").then((a) => a.data)),
    dialog ? orEmpty(context, context.api.getViaPost<ApiSharedLinkList>("/v1/dashboard_shared_links", {}).then((a): ApiSharedLink[] => a.data)) : Promise.resolve([] as ApiSharedLink[]),
    feedHash ? loadFeedHash(context.api, feedHash) : Promise.resolve(null),
  ]);
  const shownAnnotations = annotations.filter((annotation) => layerIds.includes(annotation.layerId));

  return {
    feed,
    closeFeedHref: `/?${closeFeed.toString()}`,
    query,
    readOnly,
    may,
    sharedTitle: link?.title ?? null,
    viewer: account && !link ? { firstName: account.firstName, role: ROLE_LABELS[account.role] } : null,
    dialog,
    origin: url.origin,
    businessTimeZone,
    contexts: selector.contexts,
    timeZones: timeZones(query.timeZone),
    results,
    layers,
    annotations: shownAnnotations,
    visible: visibleAnnotations(shownAnnotations, layers, LAYER_COLORS),
    templates,
    links,
    formAction: `/?index&${dashboardParams(query).toString()}`,
  };
}

type Intent = DashboardAction["intent"];

/** What the dashboard's handlers are given: the form handler context, and the view the forms were sent from. */
interface DashboardContext extends FormHandlerContext<Intent> {
  submission: Submission<unknown, string[]>;
  query: DashboardQuery;
  /** The dashboard as it was shown. */
  back: string;
  /** The same, with the share dialog open. */
  shareBack: string;
}

type DashboardAnswer = Promise<FormRefusal<Intent>>;
type AnnotationValue = Extract<DashboardAction, { intent: "createAnnotation" }>;

/** Creates an annotation, or updates one (`id`); its layer is then shown, so the annotation is seen. */
async function saveAnnotation(
  value: AnnotationValue | Extract<DashboardAction, { intent: "updateAnnotation" }>,
  { context, refused, query }: DashboardContext,
  save: { call: (body: object) => Promise<unknown>; toast: (name: string) => string; gone?: string },
): DashboardAnswer {
  const body = {
    name: value.name,
    text: value.text ?? "",
    anchorDate: /^\d{4}-\d{2}-\d{2}$/.test(value.anchorDate) ? dayStart(value.anchorDate, query.timeZone) : new Date(value.anchorDate).toISOString(),
    layerId: value.layerId,
  };
  try {
    await save.call(body);
    flashToast(context, { kind: "success", message: save.toast(value.name) });
  } catch (error) {
    return refused(error, { gone: save.gone });
  }
  const layers = query.layerIds ?? [];
  throw redirect(dashboardHref(query, { layerIds: layers.includes(value.layerId) ? layers : [...layers, value.layerId] }));
}

/** One handler per intent of DashboardActionSchema (ADR 028): a refusal comes back as the form's errors. */
const DASHBOARD_ACTIONS: IntentHandlers<DashboardAction, DashboardContext, DashboardAnswer> = {
  async saveTemplate({ name }, { context, refused, query, back }) {
    try {
      const saved = await context.api.post<ApiDashboardTemplate>("/v1/dashboard/templates", templateBody(name, query));
      flashToast(context, { kind: "success", message: UI.templateSaved(saved.name ?? name) });
    } catch (error) {
      return refused(error);
    }
    throw redirect(back);
  },
  async renameTemplate({ id, name }, { context, refused, back }) {
    try {
      await context.api.patch(`/v1/dashboard/templates/${id}`, { name });
      flashToast(context, { kind: "success", message: UI.templateRenamed(name) });
    } catch (error) {
      return refused(error, { gone: back });
    }
    throw redirect(back);
  },
  async createShare({ title, nonLoggedInAccess }, { context, refused, query, shareBack }) {
    try {
      await context.api.post<ApiSharedLink>("/v1/dashboard_shared_links", { title, nonLoggedInAccess, config: sharedLinkConfig(query) });
      flashToast(context, { kind: "success", message: UI.linkCreated(title) });
    } catch (error) {
      return refused(error);
    }
    throw redirect(shareBack);
  },
  async updateShare({ id, title, nonLoggedInAccess }, { context, refused, shareBack }) {
    try {
      await context.api.put(`/v1/dashboard_shared_links/${id}`, { title, nonLoggedInAccess });
      flashToast(context, { kind: "success", message: UI.linkUpdated(title) });
    } catch (error) {
      return refused(error, { gone: shareBack });
    }
    throw redirect(shareBack);
  },
  async revokeShare({ id }, { context, refused, shareBack }) {
    try {
      await context.api.delete(`/v1/dashboard_shared_links/${id}`);
      flashToast(context, { kind: "success", message: UI.linkRevoked });
    } catch (error) {
      return refused(error, { gone: shareBack });
    }
    throw redirect(shareBack);
  },
  async createLayer(layer, { context, refused, submission, query }) {
    let created: ApiAnnotationLayer;
    try {
      created = await context.api.post<ApiAnnotationLayer>("/v1/annotations/layers", {
        name: layer.name,
        color: layer.color,
        brand: layer.brand ?? null,
        type: layer.type,
      });
    } catch (error) {
      // A colour another layer uses: the API's message under the colour field, as it is.
      const colour = error instanceof ApiError ? error.fields.color?.[0] : undefined;
      if (colour) {
        const result = submission.reply({ fieldErrors: { color: [colour] } });
        return data<FormAnswer<Intent>>({ intent: layer.intent, id: null, result }, { status: statusOf(error) });
      }
      return refused(error);
    }
    flashToast(context, { kind: "success", message: UI.layerCreated(created.name) });
    // A new layer becomes selected (spec analytics §3).
    throw redirect(dashboardHref(query, { layerIds: [...(query.layerIds ?? []), created.id] }));
  },
  createAnnotation: (annotation, dashboard) =>
    saveAnnotation(annotation, dashboard, {
      call: (body) => dashboard.context.api.post("/v1/annotations/annotations", body),
      toast: UI.annotationCreated,
    }),
  updateAnnotation: (annotation, dashboard) =>
    saveAnnotation(annotation, dashboard, {
      call: (body) => dashboard.context.api.patch(`/v1/annotations/annotations/${annotation.id}`, body),
      toast: UI.annotationUpdated,
      gone: dashboard.back,
    }),
  async deleteAnnotation({ id }, { context, refused, back }) {
    try {
      await context.api.delete(`/v1/annotations/annotations/${id}`);
      flashToast(context, { kind: "success", message: UI.annotationDeleted });
    } catch (error) {
      return refused(error, { gone: back });
    }
    throw redirect(back);
  },
};

export async function action({ request, context }: ActionFunctionArgs) {
  const account = await requireAccount(request, context);
  const url = new URL(request.url);
  // Shared links are read-only (the API answers 403 to any write of theirs too).
  if (url.searchParams.has(DASHBOARD_PARAMS.sharedLinkCode)) throw new Response(MESSAGES.forbidden, { status: 403 });
  const { submission, intent } = await readIntentForm(request, context, DashboardActionSchema);
  if (submission.status !== "success") return formRefused(intent, submission);
  const selector = await loadDashboardSelector(context.api).catch(() => ({ contexts: [] }) satisfies DashboardSelector);
  const query = parseDashboardQuery(url, account.businessProfile.timeZone, selector);
  return handleIntent(DASHBOARD_ACTIONS, submission.value, {
    ...formHandlerContext(context, submission, intent),
    submission,
    query,
    back: dashboardHref(query),
    shareBack: dashboardHref(query, { dialog: SHARE_DIALOG }),
  });
}

export default function DashboardRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The widgets' data is this visit's; forms start afresh after each navigation (a saved template or
  // link), and a refusal shows its errors until the next (useFormKey).
  const { key: visit } = useLocation();
  const formsKey = useFormKey(actionData);
  const { query, readOnly } = data;
  const last = (intent: Intent) => (actionData?.intent === intent ? (actionData.result as SubmissionResult<string[]>) : undefined);
  const lastWithId = (intent: Intent) => ({ id: actionData?.intent === intent ? actionData.id : null, result: last(intent) });
  const annotationResult =
    actionData && ["createLayer", "createAnnotation", "updateAnnotation"].includes(actionData.intent)
      ? { intent: actionData.intent, id: actionData.id, result: actionData.result as SubmissionResult<string[]> }
      : { intent: null, id: null, result: undefined };
  const hourly = query.interval === "hour";
  const lastInstant = new Date(Date.parse(query.to) - 1).toISOString();
  return (
    <section className="space-y-4" data-testid="dashboard" aria-labelledby="dashboard-heading">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="dashboard-heading" className="text-2xl font-semibold">
            {data.sharedTitle ?? MESSAGES.dashboard}
          </h1>
          <p className="text-sm text-slate-500" data-testid="dashboard-range">
            {hourly ? formatDateTime(query.from, query.timeZone) : formatDate(query.from, query.timeZone)} –{" "}
            {hourly ? formatDateTime(query.to, query.timeZone) : formatDate(lastInstant, query.timeZone)} · {query.timeZone}
            {readOnly ? ` · ${UI.sharedView}` : ""}
          </p>
          {data.viewer ? (
            <p className="text-sm text-slate-600">
              {UI.welcome(data.viewer.firstName)} · <span data-testid="role">{data.viewer.role}</span>
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <CompactToggle query={query} />
          {!data.may.share ? null : (
            <Link
              to={dashboardHref(query, { dialog: SHARE_DIALOG })}
              preventScrollReset
              className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
              data-testid="share-open"
            >
              {UI.share}
            </Link>
          )}
        </div>
      </header>

      <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
        <PeriodForm query={query} timeZones={data.timeZones} />
        <div className="flex flex-wrap items-center gap-3">
          {readOnly ? null : <ContextPicker query={query} contexts={data.contexts} />}
          <ContextChips query={query} />
        </div>
      </div>

      {data.feed ? <FeedHashPanel feed={data.feed} closeHref={data.closeFeedHref} /> : null}

      <div className="flex flex-wrap items-start gap-3">
        {!data.may.templates ? null : (
          <details className="min-w-72 flex-1 rounded-lg border border-slate-200 bg-white" open={actionData?.intent === "saveTemplate" || actionData?.intent === "renameTemplate" ? true : undefined}>
            <summary className="cursor-pointer px-4 py-2 text-sm font-semibold" data-testid="templates-toggle">
              {UI.dashboardTemplates} ({data.templates.length})
            </summary>
            <div className="border-t border-slate-200 p-4">
              <TemplatesPanel
                key={formsKey}
                query={query}
                templates={data.templates}
                formAction={data.formAction}
                lastSave={last("saveTemplate")}
                lastRename={lastWithId("renameTemplate")}
              />
            </div>
          </details>
        )}
        {!data.may.readAnnotations ? null : (
          <details
            className="min-w-72 flex-1 rounded-lg border border-slate-200 bg-white"
            open={annotationResult.intent || (query.layerIds?.length ?? 0) > 0 ? true : undefined}
          >
            <summary className="cursor-pointer px-4 py-2 text-sm font-semibold" data-testid="annotations-toggle">
              {UI.annotations} ({data.annotations.length})
            </summary>
            <div className="border-t border-slate-200 p-4">
              <AnnotationsPanel
                query={query}
                layers={data.layers}
                annotations={data.annotations}
                brands={data.contexts.filter((context) => context.section === "brands")}
                readOnly={!data.may.annotate}
                formAction={data.formAction}
                lastResults={annotationResult}
                formsKey={formsKey}
              />
            </div>
          </details>
        )}
      </div>

      <WidgetGrid query={query} results={data.results} annotations={data.visible} version={visit} />

      {data.dialog === SHARE_DIALOG ? (
        <ShareDialog
          key={formsKey}
          query={query}
          links={data.links}
          origin={data.origin}
          businessTimeZone={data.businessTimeZone}
          formAction={`${data.formAction}&${DASHBOARD_PARAMS.dialog}=${SHARE_DIALOG}`}
          lastCreate={last("createShare")}
          lastUpdate={lastWithId("updateShare")}
        />
      ) : null}
    </section>
  );
}

export const meta = titleMeta(MESSAGES.dashboard);

// The dashboard is the way back from everywhere else: its own error screen has no link.
export const ErrorBoundary = routeErrorBoundary({ back: null, testId: "dashboard-error" });
