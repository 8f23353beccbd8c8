// Who is looking at the dashboard (ADR 015): a signed-in member of a tenant, or the holder of a shared
// link (signed in or not). Every dashboard read is scoped by the viewer's tenant; a shared-link viewer
// may only read the contexts, widgets and annotation layers its link names, and may never write.
import { findBusinessProfile } from "../../db/repositories/business-profiles";
import { DEFAULT_TIME_ZONE } from "../../domain/dashboard";
import { forbidden, unauthorized } from "../../domain/errors";
import { mayReadMentionText } from "../../domain/permissions";
import { MESSAGES } from "../../domain/messages";
import type { Actor, ServiceDeps } from "../context";
import { readSharedLinkConfig, type SharedContext } from "../dashboard-config/config";
import { openSharedLink } from "../dashboard-config/shared-links";

export interface DashboardViewer {
  businessProfileId: number;
  /** The signed-in account, or null for an anonymous shared-link viewer. */
  accountId: number | null;
  /** The tenant's time zone (the default of every read that names none). */
  timeZone: string;
  /**
   * Whether this viewer may read mention text (most-impactful posts, cluster members, the drill-down):
   * a member holding the one rule's permission (domain/permissions.ts mayReadMentionText); the viewer of a
   * shared link sees what its link shares, so the texts of the widgets and contexts the link names.
   */
  readsMentionText: boolean;
  /** Set when the request carries a `Shared-Link-Code`: the read-only view that link allows. */
  sharedLink: null | {
    id: number;
    /** The contexts the link shares, each with the query and filters its author stored (never the request's). */
    contexts: { contextType: number; contextId: number; properties: SharedContext["properties"] }[];
    widgets: string[];
    layerIds: number[];
    /** The period the link shares (null for a link stored without one) and its zone. */
    timeRange: { from: string; to: string } | null;
    timeZone: string | null;
  };
}

async function tenantTimeZone(deps: ServiceDeps, businessProfileId: number): Promise<string> {
  const profile = await findBusinessProfile(deps.db, businessProfileId);
  return profile?.timeZone || DEFAULT_TIME_ZONE;
}

/**
 * Resolves the viewer of a dashboard request.
 * - With a shared-link code: the link's tenant, read-only, limited to the link's config. An unknown
 *   or revoked code answers 404. A link without non_logged_in_access also needs a signed-in member of
 *   its tenant (else 404, like an unknown code: the code's existence is not disclosed).
 * - Without: the signed-in caller (401 when none).
 */
export async function resolveViewer(
  deps: ServiceDeps,
  actor: Actor | null,
  sharedLinkCode: string | null | undefined,
): Promise<DashboardViewer> {
  const code = sharedLinkCode?.trim();
  if (code) return resolveSharedLinkViewer(deps, actor, code);
  if (!actor) throw unauthorized();
  return {
    businessProfileId: actor.businessProfileId,
    accountId: actor.accountId,
    timeZone: await tenantTimeZone(deps, actor.businessProfileId),
    readsMentionText: mayReadMentionText(actor.permissions),
    sharedLink: null,
  };
}

async function resolveSharedLinkViewer(deps: ServiceDeps, actor: Actor | null, code: string): Promise<DashboardViewer> {
  const link = await openSharedLink(deps, actor, code);
  const config = readSharedLinkConfig(link.config);
  const member = actor !== null && actor.businessProfileId === link.businessProfileId;
  return {
    businessProfileId: link.businessProfileId,
    accountId: member ? actor.accountId : null,
    timeZone: await tenantTimeZone(deps, link.businessProfileId),
    readsMentionText: true,
    sharedLink: {
      id: link.id,
      contexts: config.contexts.map(({ contextType, contextId, properties }) => ({
        contextType,
        contextId,
        properties,
      })),
      widgets: config.widgets,
      layerIds: config.layerIds,
      timeRange: config.timeRange,
      timeZone: config.timeZone,
    },
  };
}

/** Writes are refused to shared-link viewers (403, MESSAGES.dashboardConfig.sharedLinkReadOnly); the caller must be signed in. */
export function assertWritableViewer(viewer: DashboardViewer): asserts viewer is DashboardViewer & {
  accountId: number;
  sharedLink: null;
} {
  if (viewer.sharedLink) throw forbidden(MESSAGES.dashboardConfig.sharedLinkReadOnly);
  if (viewer.accountId === null) throw unauthorized();
}

/** True when a shared-link viewer may read this context (a signed-in viewer may read any of its tenant). */
export function viewerMayReadContext(viewer: DashboardViewer, contextType: number, contextId: number): boolean {
  if (!viewer.sharedLink) return true;
  return viewer.sharedLink.contexts.some((c) => c.contextType === contextType && c.contextId === contextId);
}

/** Every dashboard path that returns mention text calls this: 403 for a viewer without the one rule's permission. */
export function requireMentionTextViewer(viewer: DashboardViewer): void {
  if (!viewer.readsMentionText) throw forbidden();
}

/** True when a shared-link viewer may read this widget. */
export function viewerMayReadWidget(viewer: DashboardViewer, widgetId: string): boolean {
  if (!viewer.sharedLink) return true;
  return viewer.sharedLink.widgets.includes(widgetId);
}
