// What a widget's table and chart (view.ts) and its CSV (csv.ts) both read of its answers (typed from
// the widgets' response schemas, domain/schemas/dashboard-widgets.ts, camelCased by the web client): the
// entries per context and the names of networks. Both read the same numbers.
import type { WidgetId } from "../../../../domain/dashboard";
import type { WidgetAnswers } from "../../../../domain/schemas/dashboard-widgets";
import { MESSAGES } from "../../../../domain/messages";
import { isNetworkId, networkById } from "../../../../domain/networks";
import { COMPARE_COLOR_HEX, compareColor, type CompareColor } from "../../../../domain/palette";

/** A widget's answers with its id: a union discriminated on `widgetId`, so a switch on it types `data`. */
export type WidgetData = { [Id in WidgetId]: { widgetId: Id; data: WidgetAnswers[Id] } }[WidgetId];

/** A network id as people read it (X (Twitter), App Store, ...). */
export function networkName(id: string): string {
  return isNetworkId(id) ? networkById(id).name : id;
}

/** The part of an answer's `data` entry every widget has: the context it belongs to. */
interface WithContext {
  context: { title: string; color: string };
}

export interface ContextEntry<Payload> {
  index: number;
  title: string;
  color: string;
  payload: Payload;
}

/** The `data` entries of an answer, one per context in request order. */
export function contextEntries<Payload extends WithContext>(answer: { data: Payload[] }): ContextEntry<Payload>[] {
  return answer.data.map((entry, index) => ({
    index,
    title: entry.context.title || MESSAGES.widgetsUi.everyMention,
    color: COMPARE_COLOR_HEX[entry.context.color as CompareColor] ?? COMPARE_COLOR_HEX[compareColor(index)],
    payload: entry,
  }));
}
