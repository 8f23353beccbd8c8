import { findItemAction } from "../../db/repositories/replies";
import type { FeedItemActionRow } from "../../db/schema";
import { notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { Actor, ServiceDeps } from "../context";

/** A reply (`replied_by` action) of the item, or 404 with the catalogue's text. */
export async function findReplyAction(deps: ServiceDeps, actor: Actor, feedItemId: number, actionId: number): Promise<FeedItemActionRow> {
  const row = await findItemAction(deps.db, actor.businessProfileId, feedItemId, actionId);
  if (!row || row.actionType !== "replied_by") throw notFound(MESSAGES.replies.replyNotFound);
  return row;
}

/** How long a delivery may stay 'sending' before it counts as interrupted (well past the connectors' time-out). */
const SENDING_GRACE_MS = 60_000;

export function sendingInterrupted(deps: Pick<ServiceDeps, "now">, attemptedAt: string | undefined): boolean {
  return attemptedAt === undefined || deps.now().getTime() - Date.parse(attemptedAt) > SENDING_GRACE_MS;
}
