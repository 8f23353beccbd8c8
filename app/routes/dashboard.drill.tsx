// Drill-down (a resource route): a chart point or a table row's form posts here; the mentions behind
// it are stored as a feed hash (POST /v1/dashboard/feeds/hash) and the dashboard opens with
// `?feed_hash=`, where the mentions panel lists them. Works without JavaScript (a plain form post).
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { isWidgetId, WIDGET_TITLES } from "../../domain/dashboard";
import { parseDashboardQuery } from "../lib/dashboard-query";
import { createFeedHash, loadDashboardSelector } from "../lib/dashboard-widgets.server";
import { readForm } from "../lib/forms.server";
import { guardRoute } from "../lib/guard.server";
import { flashToast } from "../lib/toast.server";
import { ApiError } from "../lib/api.server";

const DrillSchema = z.object({
  widgetId: z.string().refine(isWidgetId),
  contextIndex: z.coerce.number().int().min(0).max(2),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  title: z.string().max(300),
  query: z.string().max(300).optional(),
  state: z.string().max(4000).default(""),
  /** The page that opens the mentions: the dashboard, or /charts for its own widget. */
  returnTo: z.enum(["/", "/charts"]).default("/"),
});

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const account = await guardRoute(request, context);
  const { submission } = await readForm(request, context, DrillSchema);
  if (submission.status !== "success") return redirect("/");
  const input = submission.value;
  const back = (params: URLSearchParams) => redirect(`${input.returnTo}?${params.toString()}`);
  const state = new URLSearchParams(input.state);
  state.delete("feed_hash");
  const page = new URL(`/?${state.toString()}`, request.url);
  const selector = await loadDashboardSelector(context.api);
  const query = parseDashboardQuery(page, account?.businessProfile.timeZone, selector);
  const target = query.contexts[input.contextIndex] ?? query.contexts[0]!;
  const baseQuery = target.properties?.query?.trim() ?? "";
  const term = input.query?.trim();
  try {
    const id = await createFeedHash(context.api, {
      title: `${WIDGET_TITLES[input.widgetId as keyof typeof WIDGET_TITLES]}: ${input.title}`,
      viewType: input.widgetId,
      contextType: target.contextType,
      contextId: target.contextId,
      minCreatedAt: input.from,
      maxCreatedAt: input.to,
      properties: {
        ...(target.properties ?? {}),
        query: term ? (baseQuery ? `(${baseQuery}) AND (${term})` : term) : baseQuery,
      },
    });
    state.set("feed_hash", id);
    state.set("widgetId", input.widgetId);
    return back(state);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    flashToast(context, { kind: "error", message: error.reason });
    return back(state);
  }
}
