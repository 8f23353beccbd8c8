import type { Database } from "../client";
import type { ReplyDraftRow } from "../schema";

// Replies being written, one per item and agent (ADR 014); sending the reply deletes the draft.

export async function findDraft(
  db: Database,
  businessProfileId: number,
  feedItemId: number,
  accountId: number,
): Promise<ReplyDraftRow | undefined> {
  return db
    .selectFrom("replyDrafts")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("feedItemId", "=", feedItemId)
    .where("accountId", "=", accountId)
    .executeTakeFirst();
}

/** Creates or replaces the agent's draft of an item (the unique (item, account) pair decides which). */
export async function saveDraft(
  db: Database,
  draft: { businessProfileId: number; feedItemId: number; accountId: number; text: string; templateId: number | null; now: string },
): Promise<ReplyDraftRow> {
  const { now, ...values } = draft;
  return db
    .insertInto("replyDrafts")
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflict((oc) =>
      oc.columns(["feedItemId", "accountId"]).doUpdateSet({ text: values.text, templateId: values.templateId, updatedAt: now }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the agent's draft of an item; true when there was one. */
export async function deleteDraft(db: Database, businessProfileId: number, feedItemId: number, accountId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("replyDrafts")
    .where("businessProfileId", "=", businessProfileId)
    .where("feedItemId", "=", feedItemId)
    .where("accountId", "=", accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The drafts counter: how many items the agent has a reply draft for. */
export async function countDrafts(db: Database, businessProfileId: number, accountId: number): Promise<number> {
  const row = await db
    .selectFrom("replyDrafts")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("businessProfileId", "=", businessProfileId)
    .where("accountId", "=", accountId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
