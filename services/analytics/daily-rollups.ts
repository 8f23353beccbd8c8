// The daily rollups' background job (ADR 017, "Whole days from daily rows"): each scheduler round makes
// the daily rows of every tenant's changed days that are over, a bounded number per round so a stop is not
// held up (the next round goes on).
import { listBusinessProfileIds } from "../../db/repositories/analytics-counts";
import { compactDailyRollups } from "../../db/repositories/analytics-daily";
import type { ServiceDeps } from "../context";

/** Days made per tenant and round: about five seconds of work on a million-mention tenant. */
const DAYS_PER_ROUND = 60;

/** Makes the changed days' daily rows of every tenant; returns how many days were made. */
export async function compactDailyRollupsOfAll(deps: Pick<ServiceDeps, "db" | "now">): Promise<number> {
  let made = 0;
  for (const id of await listBusinessProfileIds(deps.db)) made += await compactDailyRollups(deps.db, id, deps.now(), DAYS_PER_ROUND);
  return made;
}
