import type { Context } from "hono";
import type * as z from "zod";
import {
  FeedItemCappedCountResponseSchema,
  FeedItemCountResponseSchema,
  FeedItemDetailResponseSchema,
  FeedItemLanguagesResponseSchema,
  FeedItemPageResponseSchema,
  FeedItemResponseSchema,
  FeedItemsResponseSchema,
  SearchResultCountsResponseSchema,
  SentimentCountsResponseSchema,
} from "../../../domain/schemas/feed-items";
import { validationError } from "../../../domain/errors";
import {
  InboxCountQuerySchema,
  InboxFiltersQuerySchema,
  InboxListQuerySchema,
  InboxPageQuerySchema,
  SearchResultsQuerySchema,
} from "../../../domain/schemas/inbox";
import type { FeedItemState } from "../../../domain/constants";
import { assignFeedItem } from "../../../services/inbox/assign-feed-item";
import { countAssignedToMe } from "../../../services/inbox/count-assigned-to-me";
import { countDrafts } from "../../../services/inbox/count-drafts";
import { listFeedItemLanguages } from "../../../services/inbox/list-languages";
import { countFeedItemSentiments } from "../../../services/inbox/count-feed-item-sentiments";
import { countFeedItems } from "../../../services/inbox/count-feed-items";
import { countSearchResults } from "../../../services/inbox/count-search-results";
import { findAssignedToMe } from "../../../services/inbox/find-assigned-to-me";
import { findFeedItems } from "../../../services/inbox/find-feed-items";
import { getFeedItem } from "../../../services/inbox/get-feed-item";
import type { InboxListFilters } from "../../../services/inbox/inbox-query";
import { setFeedItemLabels } from "../../../services/inbox/set-feed-item-labels";
import { setFeedItemsState } from "../../../services/inbox/set-feed-items-state";
import { translateFeedItems } from "../../../services/inbox/translate-feed-items";
import { unassignFeedItem } from "../../../services/inbox/unassign-feed-item";
import type { ApiApp, ApiEnv } from "../../env";
import { parseNestedQuery, toWire } from "../../lib/case";
import { zodFieldErrors } from "../../middleware/errors";
import { requireActor } from "../../middleware/auth";
import {
  assignedToMeCountRoute,
  assignedToMeRoute,
  assignRoute,
  countFeedItemsRoute,
  draftsCountRoute,
  getFeedItemRoute,
  listFeedItemsRoute,
  searchResultsRoute,
  sentimentsRoute,
  languagesRoute,
  setLabelsRoute,
  setStateRoute,
  translateRoute,
  unassignRoute,
} from "./feed-items.routes";

/** The query string with `x[]=` and `range[from]=` read as lists and nested keys, checked against `schema` (422). */
function nestedQuery<T extends z.ZodType>(c: Context<ApiEnv>, schema: T): z.infer<T> {
  const parsed = schema.safeParse(parseNestedQuery(new URL(c.req.url).searchParams));
  if (!parsed.success) throw validationError(zodFieldErrors(parsed.error));
  return parsed.data;
}

function filtersOf(q: z.infer<typeof InboxFiltersQuerySchema>): InboxListFilters {
  return {
    sourceType: q.source_type,
    sourceId: q.source_id,
    networks: q.social_type,
    sentiments: q.sentiments,
    states: q.states,
    assignee: q.assignee,
    labelIds: q.label_ids,
    languages: q.languages,
    isReplied: q.is_replied === undefined ? undefined : q.is_replied === "1" ? 1 : 0,
    userId: q.user_id,
  };
}

function pageOf(q: z.infer<typeof InboxPageQuerySchema>) {
  return { sortBy: q.sort_by, order: q.order, offset: q.offset, limit: q.limit };
}

/** The inbox's items, counters and actions (ADR 014). Fixed paths first: none of them is an item id. */
export function registerFeedItemRoutes(app: ApiApp) {
  app.openapi(listFeedItemsRoute, async (c) => {
    const q = nestedQuery(c, InboxListQuerySchema);
    const page = await findFeedItems(c.get("deps"), requireActor(c), filtersOf(q), pageOf(q));
    return c.json(toWire(FeedItemPageResponseSchema, page), 200);
  });

  app.openapi(assignedToMeCountRoute, async (c) => c.json(toWire(FeedItemCountResponseSchema, await countAssignedToMe(c.get("deps"), requireActor(c))), 200));

  app.openapi(assignedToMeRoute, async (c) => {
    const q = nestedQuery(c, InboxPageQuerySchema);
    const page = await findAssignedToMe(c.get("deps"), requireActor(c), {
      sortBy: q.sort_by,
      order: q.order,
      offset: q.offset,
      limit: q.limit,
    });
    return c.json(toWire(FeedItemPageResponseSchema, page), 200);
  });

  app.openapi(searchResultsRoute, async (c) => {
    const q = nestedQuery(c, SearchResultsQuerySchema);
    const counts = await countSearchResults(c.get("deps"), requireActor(c), {
      userId: q.user_id,
      sentiment: q.sentiment,
      networks: q.social_types,
    });
    return c.json(toWire(SearchResultCountsResponseSchema, counts), 200);
  });

  app.openapi(countFeedItemsRoute, async (c) => {
    const q = nestedQuery(c, InboxCountQuerySchema);
    return c.json(toWire(FeedItemCappedCountResponseSchema, await countFeedItems(c.get("deps"), requireActor(c), filtersOf(q), q.max)), 200);
  });

  app.openapi(sentimentsRoute, async (c) => {
    const q = nestedQuery(c, InboxFiltersQuerySchema);
    return c.json(toWire(SentimentCountsResponseSchema, await countFeedItemSentiments(c.get("deps"), requireActor(c), filtersOf(q))), 200);
  });

  app.openapi(draftsCountRoute, async (c) =>
    c.json(toWire(FeedItemCountResponseSchema, await countDrafts(c.get("deps"), requireActor(c), { userId: c.req.valid("query").user_id })), 200),
  );

  app.openapi(languagesRoute, async (c) => c.json(toWire(FeedItemLanguagesResponseSchema, await listFeedItemLanguages(c.get("deps"), requireActor(c))), 200));

  app.openapi(setStateRoute, async (c) => {
    const input = c.req.valid("json");
    const items = await setFeedItemsState(c.get("deps"), requireActor(c), { ids: input.ids, state: input.state as FeedItemState });
    return c.json(toWire(FeedItemsResponseSchema, { data: items }), 200);
  });

  app.openapi(translateRoute, async (c) => {
    const items = await translateFeedItems(c.get("deps"), requireActor(c), c.req.valid("json"));
    return c.json(toWire(FeedItemsResponseSchema, { data: items }), 200);
  });

  app.openapi(getFeedItemRoute, async (c) =>
    c.json(toWire(FeedItemDetailResponseSchema, await getFeedItem(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );

  app.openapi(assignRoute, async (c) => {
    const input = c.req.valid("json");
    const item = await assignFeedItem(c.get("deps"), requireActor(c), c.req.valid("param").id, {
      assigneeType: input.assignee_type,
      assigneeId: input.assignee_id,
      message: input.message,
    });
    return c.json(toWire(FeedItemResponseSchema, item), 200);
  });

  app.openapi(unassignRoute, async (c) => {
    const item = await unassignFeedItem(c.get("deps"), requireActor(c), c.req.valid("param").id, {
      message: c.req.valid("json").message,
    });
    return c.json(toWire(FeedItemResponseSchema, item), 200);
  });

  app.openapi(setLabelsRoute, async (c) => {
    const input = c.req.valid("json");
    const item = await setFeedItemLabels(c.get("deps"), requireActor(c), c.req.valid("param").id, {
      labelIds: input.label_ids,
      newLabels: input.new_labels,
    });
    return c.json(toWire(FeedItemResponseSchema, item), 200);
  });
}
