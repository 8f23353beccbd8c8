import { streamSSE } from "hono/streaming";
import { forbidden } from "../../../domain/errors";
import type { Actor } from "../../../services/context";
import { createFilter, deleteFilter, getFilter, listFilters } from "../../../services/filters/filters";
import { deleteProfile, listProfileItemsOf, listProfiles } from "../../../services/profiles/profiles";
import { openLiveStatuses } from "../../../services/statuses/live-statuses";
import type { StatusView } from "../../../services/statuses/status-view";
import { countStatuses, getIdentity, getStatus, listStatuses } from "../../../services/statuses/statuses";
import {
  FilterListResponseSchema,
  FilterResponseSchema,
  IdentityResponseSchema,
  ProfileItemListResponseSchema,
  ProfileListResponseSchema,
  StatusCountsResponseSchema,
  StatusDetailResponseSchema,
  StatusListResponseSchema,
  StatusResponseSchema,
} from "../../../domain/schemas/statuses";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { listParam } from "../../../domain/schemas/common";
import { requireActor } from "../../middleware/auth";
import {
  countStatusesRoute,
  createFilterRoute,
  deleteFilterRoute,
  deleteProfileRoute,
  getFilterRoute,
  getIdentityRoute,
  getStatusRoute,
  listFiltersRoute,
  listProfileItemsRoute,
  listProfilesRoute,
  listStatusesRoute,
  liveStatusesRoute,
} from "./statuses.routes";

/** The live stream's comment interval (tests shorten it). */
export const liveStreamSettings = { heartbeatMs: 15_000 };

/** business_profile_id may only name the caller's own profile: system admins read others through take-over. */
export function ownProfileOnly(actor: Actor, businessProfileId: string | undefined) {
  if (businessProfileId === undefined || businessProfileId === "") return;
  if (Number(businessProfileId) !== actor.businessProfileId) throw forbidden();
}

export function registerStatusRoutes(app: ApiApp) {
  app.openapi(listStatusesRoute, async (c) => {
    const q = c.req.valid("query");
    const rows = await listStatuses(c.get("deps"), requireActor(c), {
      orderBy: q.order_by,
      direction: q.direction,
      query: q.query,
      filters: q.filters,
      offset: q.offset,
      limit: q.limit,
    });
    return c.json(toWire(StatusListResponseSchema, { data: rows }), 200);
  });

  // Before /v1/statuses/{id}: "live" is not an id.
  app.openapi(liveStatusesRoute, async (c) => {
    const q = c.req.valid("query");
    // Parameters are checked (400, 404) before the stream starts; mentions stored meanwhile wait here.
    let sink: ((status: StatusView) => Promise<void>) | null = null;
    const waiting: StatusView[] = [];
    const stop = await openLiveStatuses(
      c.get("deps"),
      requireActor(c),
      { searchItemId: q.search_item_id, query: q.query, filters: q.filters },
      (status) => (sink ? sink(status) : void waiting.push(status)),
    );
    return streamSSE(
      c,
      async (stream) => {
        const closed = new Promise<void>((resolve) => stream.onAbort(resolve));
        const heartbeat = setInterval(() => void stream.write(": heartbeat\n\n").catch(() => undefined), liveStreamSettings.heartbeatMs);
        try {
          await stream.write(": connected\n\n");
          sink = (status) =>
            stream.writeSSE({ event: "status", id: String(status.id), data: JSON.stringify(toWire(StatusResponseSchema, status)) });
          for (const status of waiting.splice(0)) await sink(status);
          await closed;
        } finally {
          clearInterval(heartbeat);
          stop();
        }
      },
      async () => {
        stop();
      },
    );
  });

  app.openapi(countStatusesRoute, async (c) => {
    const q = c.req.valid("query");
    return c.json(toWire(StatusCountsResponseSchema, await countStatuses(c.get("deps"), requireActor(c), q)), 200);
  });

  app.openapi(getStatusRoute, async (c) =>
    c.json(toWire(StatusDetailResponseSchema, await getStatus(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );
  app.openapi(getIdentityRoute, async (c) =>
    c.json(toWire(IdentityResponseSchema, await getIdentity(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );

  app.openapi(listProfilesRoute, async (c) => {
    const actor = requireActor(c);
    const q = c.req.valid("query");
    ownProfileOnly(actor, q.business_profile_id);
    return c.json(toWire(ProfileListResponseSchema, { data: await listProfiles(c.get("deps"), actor, listParam(q.social_types)) }), 200);
  });

  app.openapi(listProfileItemsRoute, async (c) => {
    const q = c.req.valid("query");
    const items = await listProfileItemsOf(c.get("deps"), requireActor(c), {
      profileId: q.profile_id,
      socialTypes: listParam(q.social_types),
      types: listParam(q.types),
    });
    return c.json(toWire(ProfileItemListResponseSchema, { data: items }), 200);
  });

  app.openapi(deleteProfileRoute, async (c) => {
    await deleteProfile(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });

  app.openapi(listFiltersRoute, async (c) => {
    const actor = requireActor(c);
    const q = c.req.valid("query");
    ownProfileOnly(actor, q.business_profile_id);
    const filters = await listFilters(c.get("deps"), actor, { accountId: q.account_id, filterType: q.filter_type });
    return c.json(toWire(FilterListResponseSchema, { data: filters }), 200);
  });

  app.openapi(getFilterRoute, async (c) =>
    c.json(toWire(FilterResponseSchema, await getFilter(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );

  app.openapi(createFilterRoute, async (c) => {
    const body = c.req.valid("json");
    const filter = await createFilter(c.get("deps"), requireActor(c), {
      name: body.name,
      filterType: body.filter_type,
      value: body.value,
    });
    return c.json(toWire(FilterResponseSchema, filter), 201);
  });

  app.openapi(deleteFilterRoute, async (c) => {
    await deleteFilter(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
}
