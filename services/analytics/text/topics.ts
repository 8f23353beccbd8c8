// topics (ADR 015): the tenant's topics with their mentions among each context's mentions in the range
// and their dominant sentiment (-1, 0, 1: spec §3).
import { countTopicMentions, listTopicNames, sumTopicRollups } from "../../../db/repositories/analytics-terms";
import { dominantSentiment } from "../../../domain/text-analytics";
import type { ServiceDeps } from "../../context";
import { combinedSource, inRange, metaOf, onWholeHours, type Source, type TextRequest } from "./context";
import type { FromWire } from "../../../domain/key-case";
import type { TopicsWidgetResponseSchema } from "../../../domain/schemas/dashboard-widgets";

export interface TopicParams {
  topicGroupId?: number;
  limit: number;
  /** true: most mentioned first; false: by name. */
  sortByMentions: boolean;
}

export async function getTopicCounts(
  deps: ServiceDeps,
  request: TextRequest,
  params: TopicParams,
): Promise<FromWire<typeof TopicsWidgetResponseSchema>> {
  const topics = await listTopicNames(deps.db, request.businessProfileId, params.topicGroupId);
  const ids = topics.map((t) => t.id);
  const onHours = onWholeHours(request.range);
  const sources: Source[] = [];
  const data = await Promise.all(
    request.contexts.map(async (context) => {
      // Every mention of the tenant over whole hours: the topics' own hourly rollups (context type 2).
      const everyMention = context.rollup?.contextType === 0 && onHours;
      sources.push(everyMention ? "rollup" : "raw");
      const rows = everyMention
        ? await sumTopicRollups(deps.db, request.businessProfileId, ids, request.range)
        : await countTopicMentions(deps.db, request.businessProfileId, inRange(context.filter, request.range), ids);
      const items = topics.map((t) => {
        const own = rows.filter((r) => r.topicId === t.id);
        const count = (s: (n: number) => boolean) => own.filter((r) => s(r.sentiment)).reduce((sum, r) => sum + r.mentions, 0);
        return {
          topicId: t.id,
          name: t.name,
          mentions: count(() => true),
          sentiment: dominantSentiment(count((n) => n > 0), count((n) => n < 0)),
        };
      });
      if (params.sortByMentions) items.sort((a, b) => b.mentions - a.mentions || a.name.localeCompare(b.name) || a.topicId - b.topicId);
      return { context: context.ref, items: items.slice(0, params.limit) };
    }),
  );
  return { data, meta: metaOf(request, combinedSource(sources)) };
}
