import {
  deleteFilter as deleteFilterRow,
  findFilter,
  insertFilter,
  listFilters as listFilterRows,
} from "../../db/repositories/filters";
import { forbidden, notFound } from "../../domain/errors";
import { hasPermission } from "../../domain/permissions";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import type { FilterRow } from "../../db/schema";
import { assertRoomFor } from "../limits/assert-room-for";
import type { FromWire } from "../../domain/key-case";
import type { FilterResponseSchema } from "../../domain/schemas/statuses";

export type FilterView = FromWire<typeof FilterResponseSchema>;

function view(row: FilterRow): FilterView {
  return {
    id: row.id,
    name: row.name,
    filterType: row.filterType,
    accountId: row.accountId,
    value: JSON.parse(row.value),
    createdAt: row.createdAt,
  };
}

function requireRead(actor: Actor) {
  if (!hasPermission(actor.permissions, "inbox.items.read")) throw forbidden();
}

/** GET /v1/filters: a user's saved inbox filters (account_id defaults to the caller; others' are not listed). */
export async function listFilters(
  deps: ServiceDeps,
  actor: Actor,
  params: { accountId?: number; filterType?: string },
): Promise<FilterView[]> {
  requireRead(actor);
  const accountId = params.accountId ?? actor.accountId;
  if (accountId !== actor.accountId) throw forbidden();
  return (await listFilterRows(deps.db, actor.businessProfileId, accountId, params.filterType)).map(view);
}

export async function getFilter(deps: ServiceDeps, actor: Actor, id: number): Promise<FilterView> {
  requireRead(actor);
  const row = await findFilter(deps.db, actor.businessProfileId, id);
  if (!row || row.accountId !== actor.accountId) throw notFound();
  return view(row);
}

export async function createFilter(
  deps: ServiceDeps,
  actor: Actor,
  input: { name: string; filterType: string; value: unknown },
): Promise<FilterView> {
  requireRead(actor);
  const row = await deps.db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, "filters", actor.businessProfileId, isoNow(deps));
    return insertFilter(trx, {
      businessProfileId: actor.businessProfileId,
      accountId: actor.accountId,
      name: input.name,
      filterType: input.filterType,
      value: JSON.stringify(input.value ?? {}),
      createdAt: isoNow(deps),
    });
  });
  return view(row);
}

export async function deleteFilter(deps: ServiceDeps, actor: Actor, id: number) {
  await getFilter(deps, actor, id);
  await deleteFilterRow(deps.db, actor.businessProfileId, id);
}
