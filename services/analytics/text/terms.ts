// keyword_cloud and trending_labels (trending keywords): ADR 015 payloads, ADR 016 method.
import {
  candidateTerms,
  keywordCloud,
  pageOf,
  significantTerms,
} from "../../../domain/text-analytics";
import type { ServiceDeps } from "../../context";
import {
  combinedSource,
  countMentions,
  metaOf,
  previousRange,
  readTermCounts,
  type TextRequest,
} from "./context";
import type { FromWire } from "../../../domain/key-case";
import type { KeywordCloudWidgetResponseSchema, TrendingKeywordsWidgetResponseSchema } from "../../../domain/schemas/dashboard-widgets";

export async function getKeywordCloud(
  deps: ServiceDeps,
  request: TextRequest,
  params: { limit: number },
): Promise<FromWire<typeof KeywordCloudWidgetResponseSchema>> {
  const results = await Promise.all(
    request.contexts.map(async (context) => {
      const { counts, source } = await readTermCounts(deps, request.businessProfileId, context, request.range);
      return { entry: { context: context.ref, items: keywordCloud(counts, params.limit) }, source };
    }),
  );
  return { data: results.map((r) => r.entry), meta: metaOf(request, combinedSource(results.map((r) => r.source))) };
}

export interface TrendingParams {
  nlpFields: string[];
  numTerms: number;
  numSigTerms: number;
  sigTerms: string[];
  page: number;
  perPage: number;
}

/** The significant terms of each context's period against the previous one (or the compared range). */
export async function getTrendingKeywords(
  deps: ServiceDeps,
  request: TextRequest,
  params: TrendingParams,
): Promise<FromWire<typeof TrendingKeywordsWidgetResponseSchema>> {
  const before = previousRange(request);
  const results = await Promise.all(
    request.contexts.map(async (context) => {
      const [current, currentTotal, previousTotal] = await Promise.all([
        readTermCounts(deps, request.businessProfileId, context, request.range),
        countMentions(deps, request.businessProfileId, context, request.range),
        countMentions(deps, request.businessProfileId, context, before),
      ]);
      // The previous period is read for the scored candidates only (exact counts, however rare they were).
      const candidates = candidateTerms(current.counts, params.numTerms, params.sigTerms);
      const previous = await readTermCounts(deps, request.businessProfileId, context, before, candidates);
      const all = significantTerms(
        current.counts,
        previous.counts,
        { current: currentTotal, previous: previousTotal },
        { numTerms: params.numTerms, numSigTerms: params.numSigTerms, onlyTerms: params.sigTerms },
      );
      return {
        entry: {
          context: context.ref,
          items: pageOf(all, params.page, params.perPage),
          total: all.length,
          page: params.page,
          perPage: params.perPage,
          previousRange: before,
        },
        sources: [current.source, previous.source],
      };
    }),
  );
  return { data: results.map((r) => r.entry), meta: metaOf(request, combinedSource(results.flatMap((r) => r.sources))) };
}
