import { exportModerationEvents } from "../../../services/moderation/export-moderation-events";
import { listModerationEvents } from "../../../services/moderation/list-moderation-events";
import { moderateItem } from "../../../services/moderation/moderate-item";
import { moderationFilters } from "../../../services/moderation/moderation-filters";
import {
  ModerationEventPageResponseSchema,
  ModerationFiltersResponseSchema,
  ModerationResultResponseSchema,
} from "../../../domain/schemas/replies";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { exportModerationEventsRoute, listModerationEventsRoute, moderateItemRoute, moderationFiltersRoute } from "./moderation.routes";

/** Chunks of text as a byte stream that reads the next chunk only when the client has taken the last. */
function textStream(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}

/** Moderation actions on feed items and the moderation report (spec analytics §3, §7; ADR 014, 037). */
export function registerModerationRoutes(app: ApiApp) {
  app.openapi(moderateItemRoute, async (c) =>
    c.json(toWire(ModerationResultResponseSchema, await moderateItem(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))), 201),
  );
  // The spec's `v1/moderation/events/` is this route: the API drops a trailing slash before routing.
  app.openapi(listModerationEventsRoute, async (c) =>
    c.json(toWire(ModerationEventPageResponseSchema, await listModerationEvents(c.get("deps"), requireActor(c), c.req.valid("query"))), 200),
  );
  app.openapi(exportModerationEventsRoute, async (c) => {
    const csv = await exportModerationEvents(c.get("deps"), requireActor(c), c.req.valid("query"));
    return c.body(textStream(csv.chunks), 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${csv.fileName}"`,
      "cache-control": "private, no-store",
    });
  });
  app.openapi(moderationFiltersRoute, async (c) => c.json(toWire(ModerationFiltersResponseSchema, await moderationFilters(c.get("deps"), requireActor(c))), 200));
}
