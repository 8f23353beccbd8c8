// The common body of every /v1/dashboard/* read (ADR 015 "API"). It arrives as a JSON body turned into a
// nested query string (GET via POST) or as a query string (sla): numbers may be strings, and objects in
// lists (contexts, filter groups) JSON text. Refusals are mapped to the dashboardApi catalogue by the
// request resolution (services/analytics/request.ts), which checks what the schema leaves loose.
import * as z from "zod";
import { QueryGroupsSchema } from "../query/definition";

/** JSON text (an object or list sent through a query string) decoded; anything else as it is. */
function decodeJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (!text.startsWith("{") && !text.startsWith("[")) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

/** A list that may arrive as one value, a list of JSON texts, or an object keyed 0, 1, 2 (nested query). */
function decodeList(value: unknown): unknown {
  const v = decodeJson(value);
  if (v === undefined || v === null || v === "") return undefined;
  if (Array.isArray(v)) return v.map(decodeJson);
  if (typeof v === "object" && Object.keys(v).every((k) => /^\d+$/.test(k))) return Object.values(v).map(decodeJson);
  return [v];
}

const DashboardPropertiesSchema = z.object({
  query: z.string().nullish(),
  filters: z.preprocess(decodeList, QueryGroupsSchema.nullish()),
  /** Mentions of these streams only: the account's default streams (ADR 040). Another profile's match nothing. */
  stream_ids: z.preprocess(decodeList, z.array(z.coerce.number().int().positive()).max(3).nullish()),
});
export type DashboardProperties = z.infer<typeof DashboardPropertiesSchema>;

export const DashboardContextSchema = z.object({
  context_type: z.coerce.number().int(),
  context_id: z.coerce.number().int().nonnegative().default(0),
  properties: z.preprocess(decodeJson, DashboardPropertiesSchema.nullish()),
});
export type DashboardContextInput = z.infer<typeof DashboardContextSchema>;

/** The common body; widget parameters pass through to the widget. */
export const DashboardBodySchema = z.looseObject({
  range: z.preprocess(decodeJson, z.unknown()),
  compared_range: z.preprocess(decodeJson, z.unknown()).optional(),
  time_zone: z.string().optional(),
  interval: z.string().optional(),
  contexts: z.preprocess(decodeList, z.array(DashboardContextSchema).optional()),
  properties: z.preprocess(decodeJson, DashboardPropertiesSchema.nullish()),
  account_id: z.coerce.number().int().optional(),
});
export type DashboardBody = z.infer<typeof DashboardBodySchema>;

/** The largest number of compared contexts (spec §9). */
export const MAX_DASHBOARD_CONTEXTS = 3;
