// most-impactful-posts (ADR 015): each context's mentions in the range, highest impact score first, a page
// at a time, in the status shape of the search API.
import { sumRollupMentions } from "../../../db/repositories/analytics-terms";
import { countFeedItems, listFeedItems, listFeedItemsByImpactWalk } from "../../../db/repositories/feed-items";
import type { ServiceDeps } from "../../context";
import { statusView } from "../../statuses/status-view";
import { countMentions, inRange, metaOf, onWholeHours, type TextRequest } from "./context";
import type { FromWire } from "../../../domain/key-case";
import type { PostsWidgetResponseSchema } from "../../../domain/schemas/dashboard-widgets";

/** Rows an impact-ordered walk may read before reading the context's mentions is the better plan. */
const IMPACT_WALK_MAX_ROWS = 20_000;
const ALL_TIME = { from: "0000-01-01T00:00:00.000Z", to: "9999-12-31T23:00:00.000Z" };

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
): Promise<FromWire<typeof PostsWidgetResponseSchema>> {
  const data = await Promise.all(
    request.contexts.map(async (context) => {
      const base = inRange(context.filter, request.range);
      const filter = {
        ...base,
        ...(params.sentiments?.length ? { sentiments: params.sentiments } : {}),
        ...(params.socialTypes?.length
          ? { networks: base.networks ? base.networks.filter((s) => params.socialTypes!.includes(s)) : params.socialTypes }
          : {}),
        ...(params.userId !== undefined ? { identityId: params.userId } : {}),
      };
      if (filter.networks && !filter.networks.length) filter.matchNothing = true;
      // The total from the hourly rollup when it can answer it (it has networks and sentiments, not authors).
      const fromRollup = context.rollup !== null && onWholeHours(request.range) && params.userId === undefined;
      const total = fromRollup
        ? await countMentions(deps, request.businessProfileId, context, request.range, {
            ...(params.socialTypes?.length ? { networks: params.socialTypes } : {}),
            ...(params.sentiments?.length ? { sentiments: params.sentiments } : {}),
          })
        : (await countFeedItems(deps.db, request.businessProfileId, filter)).reduce((sum, c) => sum + c.count, 0);
      const page = { offset: (params.page - 1) * params.perPage, limit: params.perPage };
      // Walking every mention by impact finds the page after about (offset + limit) × all ÷ total rows:
      // when that is short, it beats reading and sorting each of the context's mentions in the range.
      const all = fromRollup ? await sumRollupMentions(deps.db, request.businessProfileId, { contextType: 0, contextId: 0 }, ALL_TIME) : 0;
      const walk = fromRollup && total > 0 && ((page.offset + page.limit) * all) / total <= IMPACT_WALK_MAX_ROWS;
      const rows = walk
        ? await listFeedItemsByImpactWalk(deps.db, request.businessProfileId, filter, page)
        : await listFeedItems(deps.db, request.businessProfileId, filter, { orderBy: "impact_score", direction: "desc", ...page });
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
