import { deleteDraft as deleteDraftRow, findDraft, saveDraft as saveDraftRow } from "../../db/repositories/reply-drafts";
import type { ReplyDraftRow } from "../../db/schema";
import type { CallerDraftResponseSchema, DraftInput, DraftResponseSchema } from "../../domain/schemas/replies";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { findWorkableItem } from "./access";
import { assertTemplate } from "./send-reply";
import type { FromWire } from "../../domain/key-case";

// The reply being written, kept on the server per item and agent (ADR 014): the drafts counter counts
// them, and sending the reply deletes it. Each agent sees only their own.

export type DraftView = FromWire<typeof DraftResponseSchema>;

function draftView(row: ReplyDraftRow): DraftView {
  return { feedItemId: row.feedItemId, text: row.text, templateId: row.templateId, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

/** The caller's draft of an item, or null (for the item's detail, already checked). */
async function callerDraft(deps: ServiceDeps, actor: Actor, feedItemId: number): Promise<DraftView | null> {
  const row = await findDraft(deps.db, actor.businessProfileId, feedItemId, actor.accountId);
  return row ? draftView(row) : null;
}

/** GET /v1/feed-items/{id}/draft */
export async function getDraft(deps: ServiceDeps, actor: Actor, feedItemId: number): Promise<FromWire<typeof CallerDraftResponseSchema>> {
  const item = await findWorkableItem(deps, actor, feedItemId, "inbox.items.read");
  return { draft: await callerDraft(deps, actor, item.id) };
}

/** PUT /v1/feed-items/{id}/draft: creates or replaces the caller's draft. */
export async function saveDraft(deps: ServiceDeps, actor: Actor, feedItemId: number, input: DraftInput): Promise<DraftView> {
  const item = await findWorkableItem(deps, actor, feedItemId, "inbox.items.write");
  await assertTemplate(deps, actor, input.template_id);
  const row = await saveDraftRow(deps.db, {
    businessProfileId: actor.businessProfileId,
    feedItemId: item.id,
    accountId: actor.accountId,
    text: input.text,
    templateId: input.template_id ?? null,
    now: isoNow(deps),
  });
  return draftView(row);
}

/** DELETE /v1/feed-items/{id}/draft: no draft is no error (the box was emptied twice). */
export async function deleteDraft(deps: ServiceDeps, actor: Actor, feedItemId: number): Promise<void> {
  const item = await findWorkableItem(deps, actor, feedItemId, "inbox.items.write");
  await deleteDraftRow(deps.db, actor.businessProfileId, item.id, actor.accountId);
}
