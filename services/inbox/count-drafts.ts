import { countOwnDrafts } from "../../db/repositories/inbox-reads";
import type { Actor, ServiceDeps } from "../context";
import { requireInbox } from "./access";
import { requireOwnUserId } from "./inbox-query";

/** GET /v1/feed-items/drafts: how many reply drafts the caller keeps. */
export async function countDrafts(deps: ServiceDeps, actor: Actor, input: { userId?: number }): Promise<{ count: number }> {
  requireInbox(actor, "inbox.items.read");
  requireOwnUserId(actor, input.userId);
  return { count: await countOwnDrafts(deps.db, actor.businessProfileId, actor.accountId) };
}
