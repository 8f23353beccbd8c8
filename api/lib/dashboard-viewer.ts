import type { Context } from "hono";
import type { ApiEnv } from "../env";
import { assertWritableViewer, resolveViewer, type DashboardViewer } from "../../services/analytics/viewer";

const SHARED_LINK_HEADER = "shared-link-code";

/**
 * The dashboard viewer of a request (ADR 015): with a `Shared-Link-Code` header, the link's read-only
 * viewer (404 for an unknown or revoked code, or a link without non_logged_in_access opened by anyone
 * but a signed-in member of its tenant); without it, the signed-in caller (401 when none).
 */
export async function resolveDashboardViewer(c: Context<ApiEnv>): Promise<DashboardViewer> {
  const caller = c.get("caller");
  return resolveViewer(c.get("deps"), caller?.actor ?? null, c.req.header(SHARED_LINK_HEADER) ?? null);
}

/** The viewer of a write: 403 for a shared-link viewer, 401 without a signed-in caller. */
export async function requireWritableViewer(
  c: Context<ApiEnv>,
): Promise<DashboardViewer & { accountId: number; sharedLink: null }> {
  const viewer = await resolveDashboardViewer(c);
  assertWritableViewer(viewer);
  return viewer;
}
