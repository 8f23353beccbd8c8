import { applyDashboardInvalidation, clearDashboardCache, relayDashboardInvalidations, type DashboardInvalidation } from "../analytics/cache";
import type { ServiceDeps } from "../context";
import { NOTIFICATION_CREATED, notificationEvents, type NotificationCreatedEvent } from "../notifications/notify";
import { emitStoredHere, type LiveBatch } from "../queries/live";
import { forgetVocabulary } from "../queries/vocabulary";
import type { EventBus } from "./bus";

/**
 * Wires the event bus into this process (ADR 043): what other processes publish is re-emitted into this
 * process's own emitters and caches (a notification to the popover streams, new mentions to flow mode,
 * a dashboard or vocabulary invalidation to the caches), and this process's dashboard invalidations are
 * published. When events may have been missed, every cache is dropped. Returns the function that unwires.
 */
export function relayLiveEvents(deps: ServiceDeps, bus: EventBus): () => void {
  if (bus.mode === "memory") return () => undefined;
  const stops = [
    bus.subscribe("notification", (event) => notificationEvents.emit(NOTIFICATION_CREATED, event as NotificationCreatedEvent)),
    bus.subscribe("mentions", (batch) => emitStoredHere(deps, batch as LiveBatch)),
    bus.subscribe("dashboard-cache", (invalidation) => applyDashboardInvalidation(invalidation as DashboardInvalidation)),
    bus.subscribe("vocabulary", (event) => forgetVocabulary(deps, (event as { businessProfileId: number }).businessProfileId)),
    bus.onResync(() => {
      clearDashboardCache();
      forgetVocabulary(deps);
    }),
  ];
  relayDashboardInvalidations((invalidation) => bus.publish("dashboard-cache", invalidation));
  return () => {
    relayDashboardInvalidations(null);
    for (const stop of stops) stop();
  };
}
