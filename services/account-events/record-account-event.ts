import type { Database } from "../../db/client";
import { insertAccountEvent, insertAccountEvents } from "../../db/repositories/account-events";
import type { AccountEventRow } from "../../db/schema";
import type { FromWire } from "../../domain/key-case";
import type { AccountEventRecordedResponseSchema } from "../../domain/schemas/account-events";
import type { Actor, ServiceDeps } from "../context";

export interface AccountEventInput {
  actionType: string;
  eventType: string;
  actionModule: string;
  contextId?: number | null;
  contextType?: number | null;
  socialType?: string | null;
}

type NewEvent = Omit<AccountEventRow, "id">;

function eventRow(deps: ServiceDeps, actor: Actor, input: AccountEventInput): NewEvent {
  return {
    businessProfileId: actor.businessProfileId,
    accountId: actor.accountId,
    actionType: input.actionType,
    eventType: input.eventType,
    actionModule: input.actionModule,
    contextId: input.contextId ?? null,
    contextType: input.contextType ?? null,
    socialType: input.socialType ?? null,
    createdAt: deps.now().toISOString(),
  };
}

/** POST /v1/account_events: page views and user actions, kept in our own database (no third party). */
export async function recordAccountEvent(
  deps: ServiceDeps,
  actor: Actor,
  input: AccountEventInput,
): Promise<FromWire<typeof AccountEventRecordedResponseSchema>> {
  const { id } = await insertAccountEvent(deps.db, eventRow(deps, actor, input));
  return { id };
}

// ── Queued events (POST /v1/account_events with `Prefer: respond-async`) ──────────────────────────
// Every page the web serves records a page view; one write per page made the writers of several
// processes take turns on SQLite's one write lock and made every other process's next read start over
// (ADR 020, 2026-11-29). A queued event is stored, with the time it was made, with the others of the
// same second in one statement; a read of the events (and the server's stop) stores what is queued first.

const FLUSH_AFTER_MS = 1000;
const FLUSH_AT = 200;

interface Queue {
  rows: NewEvent[];
  timer: ReturnType<typeof setTimeout> | null;
  /** The statement storing the previous batch, if one is running. */
  storing: Promise<void>;
  reportError?: (error: unknown) => void;
}

const queues = new WeakMap<Database, Queue>();

/** Queues the event; it is stored within FLUSH_AFTER_MS (or when FLUSH_AT are waiting). */
export function queueAccountEvent(deps: ServiceDeps, actor: Actor, input: AccountEventInput): void {
  let queue = queues.get(deps.db);
  if (!queue) queues.set(deps.db, (queue = { rows: [], timer: null, storing: Promise.resolve() }));
  queue.reportError = deps.reportError;
  queue.rows.push(eventRow(deps, actor, input));
  if (queue.rows.length >= FLUSH_AT) {
    void flushQueuedAccountEvents(deps.db);
  } else if (!queue.timer) {
    queue.timer = setTimeout(() => void flushQueuedAccountEvents(deps.db), FLUSH_AFTER_MS);
    queue.timer.unref?.();
  }
}

/** Stores the queued events now (before the events are read, and when the server stops). */
export async function flushQueuedAccountEvents(db: Database): Promise<void> {
  const queue = queues.get(db);
  if (!queue) return;
  if (queue.timer) clearTimeout(queue.timer);
  queue.timer = null;
  const rows = queue.rows.splice(0);
  const previous = queue.storing;
  // A batch that fails is reported, not retried (the events are a record of use, never a page's answer).
  queue.storing = (async () => {
    await previous;
    try {
      await insertAccountEvents(db, rows);
    } catch (error) {
      queue.reportError?.(error);
    }
  })();
  await queue.storing;
}
