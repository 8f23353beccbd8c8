import { listMentionLanguages } from "../../db/repositories/analytics-daily";
import type { Actor, ServiceDeps } from "../context";
import { requireInbox } from "./access";

/** GET /v1/feed-items/languages: the languages the tenant's mentions are in (codes, for the inbox's filter). */
export async function listFeedItemLanguages(deps: ServiceDeps, actor: Actor): Promise<{ data: string[] }> {
  requireInbox(actor, "inbox.items.read");
  return { data: await listMentionLanguages(deps.db, actor.businessProfileId) };
}
