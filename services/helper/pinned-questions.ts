// Pinned questions (spec analytics §3, §7; issue 27; ADR 042): GET, POST /v1/helper/pinned_questions;
// PUT, DELETE /v1/helper/pinned_questions/{id}. Each member's own, offered as one-click starters.
import {
  countPinnedQuestions,
  deletePinnedQuestion as deletePinnedRow,
  insertPinnedQuestion,
  listPinnedQuestions as listPinnedRows,
  updatePinnedQuestion as updatePinnedRow,
} from "../../db/repositories/helper";
import { notFound, validationError } from "../../domain/errors";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import { HELPER_PINNED_MAX, type HelperPinnedQuestionInput, type HelperPinnedQuestionResponseSchema } from "../../domain/schemas/helper";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { ownerOf, requireHelper } from "./access";

type PinnedQuestionView = FromWire<typeof HelperPinnedQuestionResponseSchema>;

export async function listPinnedQuestions(deps: ServiceDeps, actor: Actor): Promise<PinnedQuestionView[]> {
  requireHelper(actor, "read");
  return (await listPinnedRows(deps.db, ownerOf(actor))).map((r) => ({ id: r.id, text: r.text }));
}

export async function pinQuestion(deps: ServiceDeps, actor: Actor, input: HelperPinnedQuestionInput): Promise<PinnedQuestionView> {
  requireHelper(actor, "write");
  const owner = ownerOf(actor);
  const existing = await listPinnedRows(deps.db, owner);
  const same = existing.find((r) => r.text.trim().toLowerCase() === input.text.trim().toLowerCase());
  if (same) return { id: same.id, text: same.text };
  if ((await countPinnedQuestions(deps.db, owner)) >= HELPER_PINNED_MAX) {
    throw validationError({ text: [MESSAGES.helperChat.tooManyPinned(HELPER_PINNED_MAX)] });
  }
  const row = await insertPinnedQuestion(deps.db, owner, input.text, isoNow(deps));
  return { id: row.id, text: row.text };
}

export async function updatePinnedQuestion(deps: ServiceDeps, actor: Actor, id: number, input: HelperPinnedQuestionInput): Promise<PinnedQuestionView> {
  requireHelper(actor, "write");
  const row = await updatePinnedRow(deps.db, ownerOf(actor), id, input.text, isoNow(deps));
  if (!row) throw notFound(MESSAGES.helperChat.pinnedNotFound);
  return { id: row.id, text: row.text };
}

export async function deletePinnedQuestion(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  requireHelper(actor, "write");
  if (!(await deletePinnedRow(deps.db, ownerOf(actor), id))) throw notFound(MESSAGES.helperChat.pinnedNotFound);
}
