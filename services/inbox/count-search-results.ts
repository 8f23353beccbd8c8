import { databaseChangeStamp } from "../../db/repositories/change-stamp";
import { countPerSearchItem } from "../../db/repositories/inbox";
import { CONTEXT_TYPES } from "../../db/repositories/search-index";
import { listSearchItems } from "../../db/repositories/search-items";
import type { Database } from "../../db/client";
import { FEED_ITEM_STATE } from "../../domain/constants";
import type { FromWire } from "../../domain/key-case";
import type { SearchResultCountsResponseSchema } from "../../domain/schemas/feed-items";
import type { Actor, ServiceDeps } from "../context";
import { canSee, viewerOf } from "../searches/access";
import { requireInbox } from "./access";
import { networkFilter, requireOwnUserId } from "./inbox-query";

type Counts = Awaited<ReturnType<typeof countPerSearchItem>>;

/**
 * The counts are a join of every stored match of the searches with its mention (it grows with the
 * tenant's mentions) and the inbox's sidebar asks for them with every page: an answer is kept per tenant,
 * searches and filter until the database's change stamp moves (any write, in any process; ADR 020,
 * 2026-11-29). PostgreSQL has no stamp: it is asked each time.
 */
const kept = new WeakMap<Database, Map<string, { stamp: string; counts: Counts }>>();
const KEPT_PER_DATABASE = 500;

async function countsOf(db: Database, businessProfileId: number, ids: number[], filter: Parameters<typeof countPerSearchItem>[3]): Promise<Counts> {
  const stamp = await databaseChangeStamp(db);
  if (stamp === null) return countPerSearchItem(db, businessProfileId, ids, filter, CONTEXT_TYPES.searchItem);
  let answers = kept.get(db);
  if (!answers) kept.set(db, (answers = new Map()));
  const key = JSON.stringify([businessProfileId, ids, filter]);
  const entry = answers.get(key);
  if (entry?.stamp === stamp) return entry.counts;
  const counts = await countPerSearchItem(db, businessProfileId, ids, filter, CONTEXT_TYPES.searchItem);
  answers.delete(key);
  if (answers.size >= KEPT_PER_DATABASE) answers.delete(answers.keys().next().value!);
  answers.set(key, { stamp, counts });
  return counts;
}

/**
 * GET /v1/feed-items/search-results: open items per saved search the caller sees (its stored matches),
 * optionally of one sentiment and some networks; every visible search is listed, 0 included.
 */
export async function countSearchResults(
  deps: ServiceDeps,
  actor: Actor,
  input: { userId?: number; sentiment?: number; networks?: string[] },
): Promise<FromWire<typeof SearchResultCountsResponseSchema>> {
  requireInbox(actor, "inbox.items.read");
  requireOwnUserId(actor, input.userId);
  const viewer = await viewerOf(deps, actor);
  const visible = (await listSearchItems(deps.db, actor.businessProfileId)).filter((item) => canSee(viewer, item));
  const counts = await countsOf(deps.db, actor.businessProfileId, visible.map((item) => item.id), {
    ...networkFilter(actor, input.networks),
    states: [FEED_ITEM_STATE.open],
    sentiments: input.sentiment === undefined ? undefined : [input.sentiment],
  });
  const byId = new Map(counts.map((c) => [c.searchItemId, c.count]));
  return { data: visible.map((item) => ({ searchItemId: item.id, count: byId.get(item.id) ?? 0 })) };
}
