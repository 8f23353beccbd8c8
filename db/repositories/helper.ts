import type { Database } from "../client";
import type { HelperChatRow, HelperMessageRow, HelperPinnedQuestionRow, HelperSettingsRow } from "./helper-schema";

// The helper chat's storage (issue 27, ADR 042): every read and write names the business profile and
// the account, so another tenant's or another member's record is simply not found.

export interface Owner {
  businessProfileId: number;
  accountId: number;
}

export async function insertChat(db: Database, owner: Owner, title: string, now: string): Promise<HelperChatRow> {
  return db
    .insertInto("helperChats")
    .values({ businessProfileId: owner.businessProfileId, accountId: owner.accountId, title, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findChat(db: Database, owner: Owner, id: number): Promise<HelperChatRow | undefined> {
  return db
    .selectFrom("helperChats")
    .selectAll()
    .where("businessProfileId", "=", owner.businessProfileId)
    .where("accountId", "=", owner.accountId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The owner's chats, most recently used first. */
export async function listChats(db: Database, owner: Owner, limit: number): Promise<HelperChatRow[]> {
  return db
    .selectFrom("helperChats")
    .selectAll()
    .where("businessProfileId", "=", owner.businessProfileId)
    .where("accountId", "=", owner.accountId)
    .orderBy("updatedAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function touchChat(db: Database, owner: Owner, id: number, now: string, title?: string): Promise<void> {
  await db
    .updateTable("helperChats")
    .set({ updatedAt: now, ...(title !== undefined ? { title } : {}) })
    .where("businessProfileId", "=", owner.businessProfileId)
    .where("accountId", "=", owner.accountId)
    .where("id", "=", id)
    .execute();
}

export interface MessageFields {
  question: string;
  status: string;
  answerText: string;
  answer: string;
  toolResults: string;
  planner: string;
  language: string | null;
}

export async function insertMessage(db: Database, businessProfileId: number, chatId: number, fields: MessageFields, now: string): Promise<HelperMessageRow> {
  return db
    .insertInto("helperMessages")
    .values({ businessProfileId, chatId, ...fields, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listMessages(db: Database, businessProfileId: number, chatId: number): Promise<HelperMessageRow[]> {
  return db
    .selectFrom("helperMessages")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("chatId", "=", chatId)
    .orderBy("id", "asc")
    .execute();
}

export async function findMessage(db: Database, businessProfileId: number, chatId: number, id: number): Promise<HelperMessageRow | undefined> {
  return db
    .selectFrom("helperMessages")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("chatId", "=", chatId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A new answer to the same question (recover): the vote goes, since it was about the old answer. */
export async function replaceAnswer(
  db: Database,
  businessProfileId: number,
  id: number,
  fields: Omit<MessageFields, "question">,
  now: string,
): Promise<void> {
  await db
    .updateTable("helperMessages")
    .set((eb) => ({ ...fields, vote: 0, voteReason: null, votedAt: null, recoveredCount: eb("recoveredCount", "+", 1), updatedAt: now }))
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .execute();
}

export async function setVote(db: Database, businessProfileId: number, id: number, vote: -1 | 1, reason: string | null, now: string): Promise<void> {
  await db
    .updateTable("helperMessages")
    .set({ vote, voteReason: reason, votedAt: now, updatedAt: now })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .execute();
}

/** The tenant's voted answers, newest vote first, with the asker (the admins' list). */
export async function listVotes(db: Database, businessProfileId: number, limit: number) {
  return db
    .selectFrom("helperMessages as m")
    .innerJoin("helperChats as c", "c.id", "m.chatId")
    .select(["m.id", "m.chatId", "m.question", "m.answerText", "m.vote", "m.voteReason", "m.votedAt", "c.accountId"])
    .where("m.businessProfileId", "=", businessProfileId)
    .where("c.businessProfileId", "=", businessProfileId)
    .where("m.vote", "!=", 0)
    .orderBy("m.votedAt", "desc")
    .orderBy("m.id", "desc")
    .limit(limit)
    .execute();
}

export async function listPinnedQuestions(db: Database, owner: Owner): Promise<HelperPinnedQuestionRow[]> {
  return db
    .selectFrom("helperPinnedQuestions")
    .selectAll()
    .where("businessProfileId", "=", owner.businessProfileId)
    .where("accountId", "=", owner.accountId)
    .orderBy("id", "asc")
    .execute();
}

export async function countPinnedQuestions(db: Database, owner: Owner): Promise<number> {
  const row = await db
    .selectFrom("helperPinnedQuestions")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("businessProfileId", "=", owner.businessProfileId)
    .where("accountId", "=", owner.accountId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertPinnedQuestion(db: Database, owner: Owner, text: string, now: string): Promise<HelperPinnedQuestionRow> {
  return db
    .insertInto("helperPinnedQuestions")
    .values({ businessProfileId: owner.businessProfileId, accountId: owner.accountId, text, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updatePinnedQuestion(db: Database, owner: Owner, id: number, text: string, now: string): Promise<HelperPinnedQuestionRow | undefined> {
  return db
    .updateTable("helperPinnedQuestions")
    .set({ text, updatedAt: now })
    .where("businessProfileId", "=", owner.businessProfileId)
    .where("accountId", "=", owner.accountId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePinnedQuestion(db: Database, owner: Owner, id: number): Promise<number> {
  const result = await db
    .deleteFrom("helperPinnedQuestions")
    .where("businessProfileId", "=", owner.businessProfileId)
    .where("accountId", "=", owner.accountId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findSettings(db: Database, owner: Owner): Promise<HelperSettingsRow | undefined> {
  return db
    .selectFrom("helperSettings")
    .selectAll()
    .where("businessProfileId", "=", owner.businessProfileId)
    .where("accountId", "=", owner.accountId)
    .executeTakeFirst();
}

export async function saveSettings(db: Database, owner: Owner, defaultContext: string, defaultPeriod: string, now: string): Promise<void> {
  await db
    .insertInto("helperSettings")
    .values({ businessProfileId: owner.businessProfileId, accountId: owner.accountId, defaultContext, defaultPeriod, updatedAt: now })
    .onConflict((oc) => oc.columns(["businessProfileId", "accountId"]).doUpdateSet({ defaultContext, defaultPeriod, updatedAt: now }))
    .execute();
}
