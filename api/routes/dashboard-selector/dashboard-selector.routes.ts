import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { JsonValueSchema } from "../../../domain/schemas/common";
import { DASHBOARD_SECTIONS } from "../../../domain/dashboard";
import { COMPARE_COLORS } from "../../../domain/palette";
import { errorResponses, json } from "../../lib/schemas";

const SelectorResponseSchema = z.object({
  contexts: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      context_id: z.number(),
      context_type: z.number(),
      properties: z.object({ query: z.string().nullable(), filters: z.array(JsonValueSchema).nullable() }).nullable(),
      section: z.enum(DASHBOARD_SECTIONS),
      color: z.enum(COMPARE_COLORS),
    }),
  ),
  categories: z.array(z.object({ id: z.string(), section: z.enum(DASHBOARD_SECTIONS), count: z.number() })),
  sections: z.array(z.object({ id: z.enum(DASHBOARD_SECTIONS), context_ids: z.array(z.string()) })),
});

const summary =
  "The contexts the viewer may put on the dashboard, by section (brands, my_searches, team_searches, topics); a shared link's viewer gets its link's contexts";

export const dashboardSelectorRoute = createRoute({
  method: "post",
  path: "/v1/dashboard_selector",
  tags: ["dashboard"],
  summary,
  responses: { 200: json(SelectorResponseSchema, "Selector"), 401: errorResponses[401], 404: errorResponses[404] },
});

/** The same call as GET via POST. */
export const dashboardSelectorGetRoute = createRoute({
  method: "get",
  path: "/v1/dashboard_selector",
  tags: ["dashboard"],
  summary,
  responses: { 200: json(SelectorResponseSchema, "Selector"), 401: errorResponses[401], 404: errorResponses[404] },
});
