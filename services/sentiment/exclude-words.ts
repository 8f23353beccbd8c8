import {
  deleteExcludeWord as deleteRow,
  findExcludeWord,
  insertExcludeWord,
  listExcludeWords,
  updateExcludeWord as updateRow,
} from "../../db/repositories/sentiment-exclude-words";
import type { SentimentExcludeWordRow } from "../../db/schema";
import { forbidden, notFound } from "../../domain/errors";
import { hasPermission } from "../../domain/permissions";
import { MESSAGES } from "../../domain/messages";
import { ROLES } from "../../domain/roles";
import type { SentimentExcludeWordInput, ExcludeWordResponseSchema, SentimentPreviewResponseSchema } from "../../domain/schemas/streams";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { loadEnrichmentContext, requireIngestPorts } from "../mentions/ingest-mentions";
import type { NetworkId } from "../../domain/networks";
import { assertRoomFor } from "../limits/assert-room-for";
import type { FromWire } from "../../domain/key-case";

export type ExcludeWordView = FromWire<typeof ExcludeWordResponseSchema>;

function view(row: SentimentExcludeWordRow): ExcludeWordView {
  return {
    id: row.id,
    textToExclude: row.textToExclude,
    replaceWith: row.replaceWith,
    languages: JSON.parse(row.languages) as string[],
    socialTypes: JSON.parse(row.socialTypes) as string[],
    businessProfileId: row.businessProfileId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

// Sentiment exclusion words are admin-only endpoints (spec core §6): the permission table gives
// `sentiment.exclude_words.*` to admins and system admins (ADR 035), and the check reads the entry.
function requireAdmin(actor: Actor, action: "read" | "write" = "write") {
  if (!hasPermission(actor.permissions, `sentiment.exclude_words.${action}`)) throw forbidden();
}

/** GET /v1/sentiments/exclude_words (and /v1/sentiment): the tenant's entries plus the global ones. */
export async function listExcludeWordsOf(deps: ServiceDeps, actor: Actor): Promise<ExcludeWordView[]> {
  requireAdmin(actor, "read");
  return (await listExcludeWords(deps.db, actor.businessProfileId)).map(view);
}

function values(input: SentimentExcludeWordInput) {
  return {
    textToExclude: input.text_to_exclude,
    replaceWith: input.replace_with,
    languages: JSON.stringify(input.languages),
    socialTypes: JSON.stringify(input.social_types),
  };
}

/** Global entries are written by system admins only; a tenant's by its admins. */
async function editable(deps: ServiceDeps, actor: Actor, id: number) {
  const row = await findExcludeWord(deps.db, id);
  if (!row) throw notFound(MESSAGES.excludeWordNotFound);
  if (row.businessProfileId === null) {
    if (actor.role !== ROLES.systemAdmin) throw forbidden();
  } else if (row.businessProfileId !== actor.businessProfileId) {
    throw notFound(MESSAGES.excludeWordNotFound);
  }
  return row;
}

export async function createExcludeWord(
  deps: ServiceDeps,
  actor: Actor,
  input: SentimentExcludeWordInput,
): Promise<ExcludeWordView> {
  requireAdmin(actor);
  if (input.global && actor.role !== ROLES.systemAdmin) throw forbidden();
  // Global words (system admins) belong to no tenant and are not counted.
  const row = await deps.db.transaction().execute(async (trx) => {
    if (!input.global) await assertRoomFor(trx, "sentimentExcludeWords", actor.businessProfileId, isoNow(deps));
    return insertExcludeWord(trx, input.global ? null : actor.businessProfileId, values(input), isoNow(deps));
  });
  return view(row);
}

export async function updateExcludeWord(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  input: SentimentExcludeWordInput,
): Promise<ExcludeWordView> {
  requireAdmin(actor);
  const row = await editable(deps, actor, id);
  const scope = input.global === undefined ? row.businessProfileId : input.global ? null : actor.businessProfileId;
  if (scope === null && actor.role !== ROLES.systemAdmin) throw forbidden();
  return view(await updateRow(deps.db, id, { ...values(input), businessProfileId: scope }, isoNow(deps)));
}

export async function deleteExcludeWord(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  requireAdmin(actor);
  await editable(deps, actor, id);
  await deleteRow(deps.db, id);
}

/** The exclusions screen's preview: how a text scores with the tenant's current exclusions, and why. */
export async function previewSentiment(
  deps: ServiceDeps,
  actor: Actor,
  input: { text: string; language?: string; socialType: NetworkId },
): Promise<FromWire<typeof SentimentPreviewResponseSchema>> {
  requireAdmin(actor, "read");
  const context = await loadEnrichmentContext(deps, actor.businessProfileId);
  return requireIngestPorts(deps).enricher.explain(input.text, input.language, context, input.socialType);
}
