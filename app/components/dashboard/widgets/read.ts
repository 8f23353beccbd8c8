// Safe readers of a widget's API answer (unknown JSON, snake_case as the API sends it), shared by the
// widget's table and chart (view.ts) and its CSV (csv.ts): both read the same numbers.
import { MESSAGES } from "../../../../domain/messages";
import { isNetworkId, networkById } from "../../../../domain/networks";
import { COMPARE_COLOR_HEX, compareColor, type CompareColor } from "../../../../domain/palette";

export type Json = Record<string, unknown>;
export function obj(value: unknown): Json {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
}
export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
export function num(value: unknown): number {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : 0;
}
export function str(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}
/** A network id as people read it (X (Twitter), App Store, ...). */
export function networkName(value: unknown): string {
  const id = str(value);
  return isNetworkId(id) ? networkById(id).name : id;
}

export interface ContextEntry {
  index: number;
  title: string;
  color: string;
  payload: Json;
}

/** The `data` entries of an answer, one per context in request order. */
export function contextEntries(answer: unknown): ContextEntry[] {
  return arr(obj(answer).data).map((entry, index) => {
    const e = obj(entry);
    const context = obj(e.context);
    const color = str(context.color) as CompareColor;
    return {
      index,
      title: str(context.title) || MESSAGES.widgetsUi.everyMention,
      color: COMPARE_COLOR_HEX[color] ?? COMPARE_COLOR_HEX[compareColor(index)],
      payload: e,
    };
  });
}

/** The compared range's totals of a compared_sentiment entry, whatever side-by-side shape it has. */
export function previousTotals(payload: Json | undefined): Json | null {
  if (!payload) return null;
  for (const key of ["compared", "previous", "compared_range"]) {
    const side = obj(payload[key]);
    if (Object.keys(side).length) return Object.keys(obj(side.totals)).length ? obj(side.totals) : side;
  }
  return null;
}
