// The repair command of the dashboard's rollups (ADR 015): recomputes them from feed_items and query_matches.
import type { Database } from "../../db/client";
import { rebuildTenantRollups } from "../../db/repositories/analytics-rollups";
import { listBusinessProfileIds } from "../../db/repositories/analytics-counts";

/** Rebuilds one tenant's rollups, or every tenant's; each tenant in its own transaction. Returns the tenants. */
export async function rebuildAnalytics(db: Database, businessProfileId?: number): Promise<number[]> {
  const ids = businessProfileId === undefined ? await listBusinessProfileIds(db) : [businessProfileId];
  for (const id of ids) await db.transaction().execute((trx) => rebuildTenantRollups(trx, id));
  return ids;
}
