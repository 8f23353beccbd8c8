import { notFound } from "../../../domain/errors";
import { MESSAGES } from "../../../domain/messages";
import { FeedHashPageResponseSchema, FeedHashResponseSchema } from "../../../domain/schemas/dashboard-config";
import { createFeedHash, getFeedHash } from "../../../services/dashboard-config/feed-hashes";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireWritableViewer, resolveDashboardViewer } from "../../lib/dashboard-viewer";
import { definitionBodyLimit } from "../queries/body-limit";
import { createFeedHashRoute, getFeedHashRoute } from "./dashboard-feeds.routes";

/** Drill-downs of chart points (spec analytics §7, ADR 015). */
export function registerDashboardFeedRoutes(app: ApiApp) {
  app.use("/v1/dashboard/feeds/hash", definitionBodyLimit);

  app.openapi(createFeedHashRoute, async (c) => {
    const viewer = await requireWritableViewer(c);
    return c.json(toWire(FeedHashResponseSchema, await createFeedHash(c.get("deps"), viewer, c.req.valid("json"))), 201);
  });
  app.openapi(getFeedHashRoute, async (c) => {
    const q = c.req.valid("query");
    const code = q.feed_hash ?? q.feedHash;
    const viewer = await resolveDashboardViewer(c);
    if (!code) throw notFound(MESSAGES.dashboardConfig.feedHashNotFound);
    return c.json(toWire(FeedHashPageResponseSchema, await getFeedHash(c.get("deps"), viewer, code, { page: q.page, perPage: q.per_page })), 200);
  });
}
