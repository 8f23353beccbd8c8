import { createRoute } from "@hono/zod-openapi";
import { DashboardSelectorResponseSchema } from "../../../domain/schemas/dashboard-config";
import { errorResponses, json } from "../../lib/schemas";

const summary =
  "The contexts the viewer may put on the dashboard, by section (brands, my_searches, team_searches, topics); a shared link's viewer gets its link's contexts";

export const dashboardSelectorRoute = createRoute({
  method: "post",
  path: "/v1/dashboard_selector",
  tags: ["dashboard"],
  summary,
  responses: { 200: json(DashboardSelectorResponseSchema, "Selector"), 401: errorResponses[401], 404: errorResponses[404] },
});

/** The same call as GET via POST. */
export const dashboardSelectorGetRoute = createRoute({
  method: "get",
  path: "/v1/dashboard_selector",
  tags: ["dashboard"],
  summary,
  responses: { 200: json(DashboardSelectorResponseSchema, "Selector"), 401: errorResponses[401], 404: errorResponses[404] },
});
