import { findSearchItem } from "../../db/repositories/search-items";
import { listTeamsOfAccounts } from "../../db/repositories/teams";
import type { SearchItemRow } from "../../db/schema";
import { forbidden, notFound, validationError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import { ROLES, roleAtLeast } from "../../domain/roles";
import type { SearchCategory } from "../../domain/schemas/searches";
import { VISIBILITY, visibilityEntityIds, type Visibility } from "../../domain/visibility";
import { assertTenantTeams, uniqueIds } from "../accounts/tenant-checks";
import type { Actor, ServiceDeps } from "../context";

/**
 * Who sees a saved search, a folder or a topic (spec §4, ADR 013): its owner always; otherwise Only Me
 * (1) the accounts in entity_ids, Everyone (2) the whole business profile, Teams (3) the members of the
 * teams in entity_ids. No role sees past it: a system admin (never in a team) sees a Teams definition
 * by taking over a member's account.
 */
export interface Viewer {
  accountId: number;
  teamIds: ReadonlySet<number>;
}

export interface VisibleDefinition {
  ownerAccountId: number | null;
  entityType: number;
  entityIds: string;
}

export async function viewerOf(deps: ServiceDeps, actor: Actor): Promise<Viewer> {
  const teams = await listTeamsOfAccounts(deps.db, actor.businessProfileId, [actor.accountId]);
  return { accountId: actor.accountId, teamIds: new Set(teams.map((t) => t.teamId)) };
}

export function parseIds(json: string): number[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === "number") : [];
  } catch {
    return [];
  }
}

/** Rows of the caller's tenant only: the tenant is checked by the repository query, not here. */
export function canSee(viewer: Viewer, row: VisibleDefinition): boolean {
  if (row.ownerAccountId === viewer.accountId) return true;
  switch (row.entityType) {
    case VISIBILITY.onlyMe:
      return parseIds(row.entityIds).includes(viewer.accountId);
    case VISIBILITY.everyone:
      return true;
    case VISIBILITY.teams:
      return parseIds(row.entityIds).some((id) => viewer.teamIds.has(id));
    default:
      return false;
  }
}

/**
 * The entity ids stored with a visibility (spec §4): Only Me → the caller, Everyone → the business
 * profile, Teams → the chosen teams, which must be teams of the tenant (at least one).
 */
export async function resolveVisibility(
  deps: ServiceDeps,
  actor: Actor,
  entityType: Visibility,
  teamIds: readonly number[] | undefined,
): Promise<{ entityType: Visibility; entityIds: number[] }> {
  if (entityType === VISIBILITY.teams) {
    const ids = uniqueIds([...(teamIds ?? [])]);
    if (ids.length === 0) throw validationError({ entity_ids: [MESSAGES.atLeastOneItem] });
    await assertTenantTeams(deps.db, actor.businessProfileId, ids, "entity_ids");
    return { entityType, entityIds: ids };
  }
  return {
    entityType,
    entityIds: visibilityEntityIds({ visibility: entityType, accountId: actor.accountId, businessProfileId: actor.businessProfileId }),
  };
}

/**
 * The visibility after an edit: a new entity_type is resolved afresh; new team ids alone re-share a Teams
 * definition; neither keeps what is stored.
 */
export async function resolveVisibilityChange(
  deps: ServiceDeps,
  actor: Actor,
  current: { entityType: number },
  input: { entity_type?: Visibility | undefined; entity_ids?: number[] | undefined },
): Promise<{ entityType: Visibility; entityIds: number[] } | undefined> {
  if (input.entity_type !== undefined) return resolveVisibility(deps, actor, input.entity_type, input.entity_ids);
  if (input.entity_ids !== undefined && current.entityType === VISIBILITY.teams) {
    return resolveVisibility(deps, actor, VISIBILITY.teams, input.entity_ids);
  }
  return undefined;
}

/**
 * Writing saved searches and folders (ADR 013): the `searches.index.write` permission (agents and above
 * by default; guests read only); brand searches need an admin or system admin; a "my" search or folder
 * is changed by its owner, or by an admin who can see it.
 */
function mayWriteSearches(actor: Actor, category: string): boolean {
  if (!hasPermission(actor.permissions, "searches.index.write")) return false;
  if (category === "brand") return roleAtLeast(actor.role, ROLES.admin);
  return true;
}

export function mayEditSearch(actor: Actor, row: { category: string; ownerAccountId: number | null }): boolean {
  if (!mayWriteSearches(actor, row.category)) return false;
  if (row.category === "my") return row.ownerAccountId === actor.accountId || roleAtLeast(actor.role, ROLES.admin);
  return true;
}

export function requireWriteSearches(actor: Actor, category: SearchCategory | string): void {
  if (mayWriteSearches(actor, category)) return;
  if (category === "brand" && hasPermission(actor.permissions, "searches.index.write")) {
    throw forbidden(MESSAGES.searches.brandAdminsOnly);
  }
  throw forbidden();
}

/** Permission first (ADR 035): without `searches.index.write` every change is 403, whatever the record. */
export function requireSearchWriter(actor: Actor): void {
  if (!hasPermission(actor.permissions, "searches.index.write")) throw forbidden();
}

export function requireEditSearch(actor: Actor, row: { category: string; ownerAccountId: number | null }): void {
  requireWriteSearches(actor, row.category);
  if (!mayEditSearch(actor, row)) throw forbidden(MESSAGES.searches.ownerOnly);
}

/**
 * A saved search item the caller may see, or 404 (missing, another tenant's and invisible answer alike).
 * Used wherever a search item is opened by id (its mentions in /v1/statuses, alerts, dashboards).
 */
export async function findVisibleSearchItem(deps: ServiceDeps, actor: Actor, id: number): Promise<SearchItemRow> {
  const row = await findSearchItem(deps.db, actor.businessProfileId, id);
  if (!row || !canSee(await viewerOf(deps, actor), row)) throw notFound(MESSAGES.searches.searchNotFound);
  return row;
}

/** Pinned first, then by name whatever its case (spec §2), then oldest first. */
export function byPinnedThenName<T extends { pinned: boolean; name: string; id: number }>(a: T, b: T): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  const an = a.name.toLowerCase();
  const bn = b.name.toLowerCase();
  if (an !== bn) return an < bn ? -1 : 1;
  return a.id - b.id;
}
