import { EventEmitter } from "node:events";
import type { Database } from "../../db/client";
import type { ServiceDeps } from "../context";

// Newly stored mentions, per tenant, as they are committed (ADR 012): the live statuses stream (flow
// mode) listens here. A batch stored in this process is emitted at once; one stored by another process
// arrives through the event bus (ADR 043) and is re-emitted here by services/events/relay.ts.

export interface LiveBatch {
  businessProfileId: number;
  /** Ids of the mentions this commit stored, ascending. */
  feedItemIds: number[];
  /** Their saved-search (1) and topic (2) matches: [feed item id, context type, context id]. */
  matches: Array<[number, number, number]>;
}

export type LiveListener = (batch: LiveBatch) => void;

// One emitter per database (tests run several in a process, with overlapping tenant ids).
const emitters = new WeakMap<Database, EventEmitter>();

function emitterOf(db: Database): EventEmitter {
  let emitter = emitters.get(db);
  if (!emitter) {
    emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    emitters.set(db, emitter);
  }
  return emitter;
}

/** Called by the store path after its transaction committed. Listener failures never reach ingestion. */
export function emitStored(deps: Pick<ServiceDeps, "db" | "reportError" | "events">, batch: LiveBatch): void {
  deps.events?.publish("mentions", batch);
  emitStoredHere(deps, batch);
}

/** Tells this process's listeners only (a batch another process stored and published). */
export function emitStoredHere(deps: Pick<ServiceDeps, "db" | "reportError">, batch: LiveBatch): void {
  const emitter = emitters.get(deps.db);
  if (!emitter || emitter.listenerCount(`bp:${batch.businessProfileId}`) === 0) return;
  for (const listener of emitter.listeners(`bp:${batch.businessProfileId}`) as LiveListener[]) {
    try {
      listener(batch);
    } catch (error) {
      deps.reportError?.(error);
    }
  }
}

/** Listens to one tenant's new mentions; returns the function that stops listening. */
export function onStored(deps: Pick<ServiceDeps, "db">, businessProfileId: number, listener: LiveListener): () => void {
  const emitter = emitterOf(deps.db);
  const event = `bp:${businessProfileId}`;
  emitter.on(event, listener);
  return () => {
    emitter.off(event, listener);
  };
}

/** How many listeners a tenant has (tests, diagnostics). */
export function listenerCount(deps: Pick<ServiceDeps, "db">, businessProfileId: number): number {
  return emitters.get(deps.db)?.listenerCount(`bp:${businessProfileId}`) ?? 0;
}
