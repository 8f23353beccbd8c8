import { adjustItems } from "../../db/repositories/analytics-rollups";
import { dashboardDataChanged } from "../analytics/cache";
import { listItemTextsContaining, listMutedItemTexts, setItemsMuted } from "../../db/repositories/feed-items";
import {
  deleteMutedKeyword as deleteRow,
  findMutedKeyword,
  insertMutedKeywords,
  listMutedKeywords as listRows,
} from "../../db/repositories/muted-keywords";
import { forbidden, notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { matchesMutedKeyword } from "../../domain/muted-keywords";
import { hasPermission } from "../../domain/permissions";
import { newMutedKeywords } from "../../domain/schemas/streams";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { assertRoomFor } from "../limits/assert-room-for";

const PAGE = 1000;

function requireRead(actor: Actor) {
  if (!hasPermission(actor.permissions, "muted_keywords.index.read")) throw forbidden();
}
function requireWrite(actor: Actor) {
  if (!hasPermission(actor.permissions, "muted_keywords.index.write")) throw forbidden();
}

/** Mutes or unmutes mentions; the dashboard's rollups (ADR 015) count only unmuted ones, in the same transaction. */
async function setItemsMutedCounted(deps: ServiceDeps, businessProfileId: number, ids: number[], muted: boolean) {
  if (!ids.length) return;
  await deps.db.transaction().execute((trx) => adjustItems(trx, businessProfileId, ids, "all", () => setItemsMuted(trx, businessProfileId, ids, muted)));
  dashboardDataChanged(businessProfileId);
}

const textOf = (item: { title: string | null; description: string }) => `${item.title ?? ""} ${item.description}`;

/** GET /v1/muted_keywords */
export async function listMutedKeywords(deps: ServiceDeps, actor: Actor) {
  requireRead(actor);
  return listRows(deps.db, actor.businessProfileId);
}

/**
 * POST /v1/muted_keywords: ' / ' splits an entry, words already muted are skipped (spec §5). Mentions
 * already stored that hold a new word are hidden too, like new ones.
 */
export async function addMutedKeywords(deps: ServiceDeps, actor: Actor, values: string[]) {
  requireWrite(actor);
  const existing = await listRows(deps.db, actor.businessProfileId);
  const fresh = newMutedKeywords(
    values,
    existing.map((k) => k.value),
  );
  const inserted = await deps.db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, "mutedKeywords", actor.businessProfileId, isoNow(deps), undefined, fresh.length);
    return insertMutedKeywords(trx, actor.businessProfileId, fresh, actor.accountId, isoNow(deps));
  });
  for (const keyword of inserted) {
    let afterId = 0;
    for (;;) {
      const page = await listItemTextsContaining(deps.db, actor.businessProfileId, keyword.value, afterId, PAGE);
      if (!page.length) break;
      afterId = page[page.length - 1]!.id;
      const ids = page.filter((item) => matchesMutedKeyword(textOf(item), [keyword.value])).map((item) => item.id);
      await setItemsMutedCounted(deps, actor.businessProfileId, ids, true);
    }
  }
  return inserted;
}

/** DELETE /v1/muted_keywords/{id}: mentions no other muted keyword matches become visible again. */
export async function deleteMutedKeyword(deps: ServiceDeps, actor: Actor, id: number) {
  requireWrite(actor);
  if (!(await findMutedKeyword(deps.db, actor.businessProfileId, id))) throw notFound(MESSAGES.mutedKeywordNotFound);
  await deleteRow(deps.db, actor.businessProfileId, id);
  const remaining = (await listRows(deps.db, actor.businessProfileId)).map((k) => k.value);
  let afterId = 0;
  for (;;) {
    const page = await listMutedItemTexts(deps.db, actor.businessProfileId, afterId, PAGE);
    if (!page.length) break;
    afterId = page[page.length - 1]!.id;
    const ids = page.filter((item) => !matchesMutedKeyword(textOf(item), remaining)).map((item) => item.id);
    await setItemsMutedCounted(deps, actor.businessProfileId, ids, false);
  }
}
