// Shared dashboard links (spec analytics §3, §6, §7; ADR 015): a random code opens a read-only view of
// the link's contexts, widgets and annotation layers; revoking takes effect at once.
import { dashboardPagesChanged } from "../analytics/cache";
import crypto from "node:crypto";
import {
  findDashboardSharedLink,
  findDashboardSharedLinkByCode,
  insertDashboardSharedLink,
  listDashboardSharedLinks,
  revokeDashboardSharedLink,
  updateDashboardSharedLink,
} from "../../db/repositories/dashboard-shared-links";
import { findBusinessProfile } from "../../db/repositories/business-profiles";
import type { DashboardSharedLinkRow } from "../../db/schema";
import { DEFAULT_TIME_ZONE, WIDGET_IDS } from "../../domain/dashboard";
import { forbidden, notFound, unauthorized } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import type { FromWire } from "../../domain/key-case";
import type {
  SharedLinkBody,
  SharedLinkConfigInput,
  SharedLinkPublicResponseSchema,
  SharedLinkPut,
  SharedLinkResponseSchema,
} from "../../domain/schemas/dashboard-config";
import { isValidTimeZone } from "../../domain/periods";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import {
  ALL_MENTIONS_REF,
  assertContextCount,
  assertTenantContexts,
  assertTenantLayers,
  assertWidgetIds,
  readSharedLinkConfig,
  type ContextFilters,
  type SharedLinkConfig,
} from "./config";
import { assertRoomFor } from "../limits/assert-room-for";

/** A shared link as the API answers it to its tenant's members (ADR 027). */
export type SharedLinkView = FromWire<typeof SharedLinkResponseSchema>;

/** What a link's viewer is told about it (no author, no tenant internals beyond its time zone). */
export type SharedLinkPublicView = FromWire<typeof SharedLinkPublicResponseSchema>;

/** 24 random bytes (192 bits), base64url: 32 characters. */
function newSharedLinkCode(): string {
  return crypto.randomBytes(24).toString("base64url");
}

function view(row: DashboardSharedLinkRow): SharedLinkView {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    nonLoggedInAccess: row.nonLoggedInAccess === 1,
    config: readSharedLinkConfig(row.config),
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function requireRead(actor: Actor): void {
  if (!hasPermission(actor.permissions, "dashboard.index.read")) throw forbidden();
}
function requireWrite(actor: Actor): void {
  if (!hasPermission(actor.permissions, "dashboard.shared_links.write")) throw forbidden();
}

/** The config checked against the tenant: widgets known (none given: all), ≤ 3 contexts (none: all mentions). */
async function checkedConfig(deps: ServiceDeps, businessProfileId: number, input: SharedLinkConfigInput): Promise<SharedLinkConfig> {
  const widgets = input.widgets?.length ? [...new Set(input.widgets)] : [...WIDGET_IDS];
  assertWidgetIds(widgets);
  const contexts = (input.contexts ?? []).map((c) => ({
    contextType: c.context_type,
    contextId: c.context_id,
    // The filters are kept as the client gave them (parsed JSON).
    properties: c.properties ? { query: c.properties.query ?? null, filters: (c.properties.filters as ContextFilters | null | undefined) ?? null } : null,
  }));
  assertContextCount(contexts.length);
  await assertTenantContexts(deps, businessProfileId, contexts);
  const layerIds = [...new Set(input.layer_ids ?? [])];
  await assertTenantLayers(deps, businessProfileId, layerIds);
  return {
    widgets,
    contexts: contexts.length ? contexts : [{ ...ALL_MENTIONS_REF, properties: null }],
    time: input.time ?? null,
    timeRange: input.time_range ?? null,
    timeUnit: input.time_unit ?? null,
    timeZone: input.time_zone && isValidTimeZone(input.time_zone) ? input.time_zone : null,
    layerIds,
  };
}

export async function listSharedLinks(deps: ServiceDeps, actor: Actor): Promise<SharedLinkView[]> {
  requireRead(actor);
  return (await listDashboardSharedLinks(deps.db, actor.businessProfileId)).map(view);
}

async function liveLink(deps: ServiceDeps, actor: Actor, id: number): Promise<DashboardSharedLinkRow> {
  const row = await findDashboardSharedLink(deps.db, actor.businessProfileId, id);
  if (!row) throw notFound(MESSAGES.dashboardConfig.sharedLinkNotFound);
  return row;
}

export async function createSharedLink(deps: ServiceDeps, actor: Actor, input: SharedLinkBody): Promise<SharedLinkView> {
  requireWrite(actor);
  const config = await checkedConfig(deps, actor.businessProfileId, input.config);
  const { id } = await deps.db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, "dashboardSharedLinks", actor.businessProfileId, isoNow(deps));
    return insertDashboardSharedLink(
      trx,
      actor.businessProfileId,
      newSharedLinkCode(),
      { title: input.title, nonLoggedInAccess: input.non_logged_in_access, config: JSON.stringify(config) },
      actor.accountId,
      isoNow(deps),
    );
  });
  return view(await liveLink(deps, actor, id));
}

export async function updateSharedLink(deps: ServiceDeps, actor: Actor, id: number, input: SharedLinkPut): Promise<SharedLinkView> {
  requireWrite(actor);
  await liveLink(deps, actor, id);
  const config = input.config ? await checkedConfig(deps, actor.businessProfileId, input.config) : undefined;
  await updateDashboardSharedLink(
    deps.db,
    actor.businessProfileId,
    id,
    {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.non_logged_in_access !== undefined ? { nonLoggedInAccess: input.non_logged_in_access } : {}),
      ...(config ? { config: JSON.stringify(config) } : {}),
    },
    isoNow(deps),
  );
  dashboardPagesChanged(actor.businessProfileId);
  return view(await liveLink(deps, actor, id));
}

export async function revokeSharedLink(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  requireWrite(actor);
  await liveLink(deps, actor, id);
  await revokeDashboardSharedLink(deps.db, actor.businessProfileId, id, isoNow(deps));
  dashboardPagesChanged(actor.businessProfileId);
}

/**
 * A live link by its code, as its viewer may open it: unknown and revoked codes answer 404, and so does a
 * link without non_logged_in_access opened by a signed-in member of another tenant. Opened signed out, such
 * a link answers 401, so the viewer is offered the sign-in rather than told it does not exist (issue 30:
 * the code is the link's secret, so saying that it needs an account tells its holder nothing new).
 */
export async function openSharedLink(deps: ServiceDeps, actor: Actor | null, code: string): Promise<DashboardSharedLinkRow> {
  const row = code.length <= 200 ? await findDashboardSharedLinkByCode(deps.db, code) : undefined;
  if (!row) throw notFound(MESSAGES.dashboardConfig.sharedLinkNotFound);
  if (row.nonLoggedInAccess !== 1 && !actor) throw unauthorized();
  if (row.nonLoggedInAccess !== 1 && actor?.businessProfileId !== row.businessProfileId) {
    throw notFound(MESSAGES.dashboardConfig.sharedLinkNotFound);
  }
  return row;
}

/** GET-via-POST /v1/dashboard_shared_links/{code}: the link's definition for its viewer. */
export async function getSharedLinkByCode(deps: ServiceDeps, actor: Actor | null, code: string): Promise<SharedLinkPublicView> {
  const row = await openSharedLink(deps, actor, code);
  const profile = await findBusinessProfile(deps.db, row.businessProfileId);
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    nonLoggedInAccess: row.nonLoggedInAccess === 1,
    config: readSharedLinkConfig(row.config),
    businessProfile: {
      id: row.businessProfileId,
      name: profile?.name ?? "",
      timeZone: profile?.timeZone || DEFAULT_TIME_ZONE,
    },
  };
}
