// most-impactful-posts (ADR 015): each context's mentions in the range, highest impact score first, a page
// at a time, in the status shape of the search API.
import { countFeedItems, listFeedItems } from "../../../db/repositories/feed-items";
import type { ServiceDeps } from "../../context";
import { statusView, type StatusView } from "../../statuses/status-view";
import { countMentions, inRange, metaOf, onWholeHours, type ContextRef, type TextMeta, type TextRequest } from "./context";

export interface PostParams {
  page: number;
  perPage: number;
  sentiments?: number[];
  socialTypes?: string[];
  /** The author (identity) of the mentions. */
  userId?: number;
}

export async function getMostImpactfulPosts(
  deps: ServiceDeps,
  request: TextRequest,
  params: PostParams,
): Promise<{ data: Array<{ context: ContextRef; items: StatusView[]; total: number; page: number; perPage: number }>; meta: TextMeta }> {
  const data = await Promise.all(
    request.contexts.map(async (context) => {
      const base = inRange(context.filter, request.range);
      const filter = {
        ...base,
        ...(params.sentiments?.length ? { sentiments: params.sentiments } : {}),
        ...(params.socialTypes?.length
          ? { socialTypes: base.socialTypes ? base.socialTypes.filter((s) => params.socialTypes!.includes(s)) : params.socialTypes }
          : {}),
        ...(params.userId !== undefined ? { identityId: params.userId } : {}),
      };
      if (filter.socialTypes && !filter.socialTypes.length) filter.matchNothing = true;
      const [rows, total] = await Promise.all([
        listFeedItems(deps.db, request.businessProfileId, filter, {
          orderBy: "impact_score",
          direction: "desc",
          offset: (params.page - 1) * params.perPage,
          limit: params.perPage,
        }),
        // The total from the hourly rollup when it can answer it (it has networks and sentiments, not authors).
        context.rollup && onWholeHours(request.range) && params.userId === undefined
          ? countMentions(deps, request.businessProfileId, context, request.range, {
              ...(params.socialTypes?.length ? { networks: params.socialTypes } : {}),
              ...(params.sentiments?.length ? { sentiments: params.sentiments } : {}),
            })
          : countFeedItems(deps.db, request.businessProfileId, filter).then((rows) => rows.reduce((sum, c) => sum + c.count, 0)),
      ]);
      return {
        context: context.ref,
        items: rows.map(statusView),
        total,
        page: params.page,
        perPage: params.perPage,
      };
    }),
  );
  return { data, meta: metaOf(request, "raw") };
}
