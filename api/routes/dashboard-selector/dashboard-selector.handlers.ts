import type { Context } from "hono";
import { DashboardSelectorResponseSchema } from "../../../domain/schemas/dashboard-config";
import { dashboardSelector } from "../../../services/dashboard-config/selector";
import type { ApiApp, ApiEnv } from "../../env";
import { toWire } from "../../lib/case";
import { resolveDashboardViewer } from "../../lib/dashboard-viewer";
import { dashboardSelectorGetRoute, dashboardSelectorRoute } from "./dashboard-selector.routes";

/** POST /v1/dashboard_selector (spec analytics §7), also served as GET (GET via POST). */
export function registerDashboardSelectorRoutes(app: ApiApp) {
  const answer = async (c: Context<ApiEnv>) => toWire(DashboardSelectorResponseSchema, await dashboardSelector(c.get("deps"), await resolveDashboardViewer(c)));
  app.openapi(dashboardSelectorRoute, async (c) => c.json(await answer(c), 200));
  app.openapi(dashboardSelectorGetRoute, async (c) => c.json(await answer(c), 200));
}
