// entities: the trending-label widget (ADR 015): the tenant's labels on each context's mentions in the
// range against the previous period (or the compared range).
import { countLabelMentions, listLabelNames } from "../../../db/repositories/analytics-terms";
import { percentChange } from "../../../domain/text-analytics";
import type { ServiceDeps } from "../../context";
import { inRange, metaOf, previousRange, type TextRequest } from "./context";
import type { FromWire } from "../../../domain/key-case";
import type { LabelTrendsWidgetResponseSchema, LABEL_SORTS } from "../../../domain/schemas/dashboard-widgets";

type LabelSort = (typeof LABEL_SORTS)[number];

interface LabelTrend {
  labelId: number;
  name: string;
  mentions: number;
  previous: number;
  /** Percent change; null when the label had no mention before. */
  change: number | null;
}

export interface LabelParams {
  sort: LabelSort;
  order: "asc" | "desc";
  keyword?: string;
  limit: number;
}

function compare(sort: LabelSort, a: LabelTrend, b: LabelTrend): number {
  if (sort === "name") return a.name.localeCompare(b.name);
  if (sort === "change") {
    // A label new in the period (no change to compute) ranks above any finite change.
    const x = a.change ?? Number.POSITIVE_INFINITY;
    const y = b.change ?? Number.POSITIVE_INFINITY;
    return x === y ? 0 : x < y ? -1 : 1;
  }
  return a[sort] - b[sort];
}

export async function getLabelTrends(
  deps: ServiceDeps,
  request: TextRequest,
  params: LabelParams,
): Promise<FromWire<typeof LabelTrendsWidgetResponseSchema>> {
  const before = previousRange(request);
  const labels = await listLabelNames(deps.db, request.businessProfileId);
  const key = params.keyword?.trim().toLowerCase();
  const wanted = key ? labels.filter((l) => l.name.toLowerCase().includes(key)) : labels;
  const data = await Promise.all(
    request.contexts.map(async (context) => {
      const [now, then] = await Promise.all([
        countLabelMentions(deps.db, request.businessProfileId, inRange(context.filter, request.range)),
        countLabelMentions(deps.db, request.businessProfileId, inRange(context.filter, before)),
      ]);
      const sign = params.order === "asc" ? 1 : -1;
      const items = wanted
        .map((l) => {
          const mentions = now.get(l.id) ?? 0;
          const previous = then.get(l.id) ?? 0;
          return { labelId: l.id, name: l.name, mentions, previous, change: percentChange(mentions, previous) };
        })
        .filter((l) => l.mentions > 0 || l.previous > 0)
        .sort((a, b) => sign * compare(params.sort, a, b) || a.name.localeCompare(b.name) || a.labelId - b.labelId)
        .slice(0, params.limit);
      return { context: context.ref, items };
    }),
  );
  return { data, meta: metaOf(request, "raw") };
}
