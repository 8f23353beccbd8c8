import crypto from "node:crypto";
import type { ChannelHandlers, Listener } from "../../db/client";
import {
  currentSchemaName,
  findLiveEvent,
  insertLiveEvent,
  latestLiveEventId,
  listLiveEventsAfter,
  notifyChannel,
  pruneLiveEvents,
} from "../../db/repositories/live-events";
import type { Database } from "../../db/client";

// Live events between processes (ADR 043). Each process keeps its in-memory emitters (the fast path: a
// notification created here reaches this process's streams at once); the bus carries the same events to
// the OTHER processes, which re-emit them into their own emitters:
// - memory: one process, nothing to carry (SQLite's default);
// - postgres: NOTIFY on a channel named after the schema, LISTENed to by a dedicated connection in every
//   process; an event too large for a NOTIFY payload is stored in live_events and the NOTIFY names its row;
// - table: SQLite with several processes: every event is a live_events row, and each process reads the
//   rows after the last one it saw every `pollMs`.

export type LiveEventsMode = "memory" | "postgres" | "table";

/** What the processes tell each other. */
type LiveChannel = "notification" | "mentions" | "dashboard-cache" | "vocabulary";

export interface EventBus {
  readonly mode: LiveEventsMode;
  /** Tells the other processes (after the event's data was committed). Never throws. */
  publish(channel: LiveChannel, payload: unknown): void;
  /** Listens to what OTHER processes publish on the channel; returns the function that stops. */
  subscribe(channel: LiveChannel, listener: (payload: unknown) => void): () => void;
  /** Called when events may have been missed (the LISTEN connection dropped and came back). */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

/** NOTIFY payloads must stay under 8000 bytes; larger events travel as a live_events row. */
const NOTIFY_PAYLOAD_LIMIT = 7_500;
const DEFAULT_POLL_MS = 100;
/** live_events rows older than this have been read by every process; pruned this often. */
const KEEP_MS = 60_000;
const PRUNE_EVERY_MS = 30_000;
const READ_BATCH = 500;

interface Envelope {
  /** The sending process. */
  o: string;
  c: LiveChannel;
  p?: unknown;
  /** A live_events row holding the event instead. */
  r?: number;
}

export interface EventBusOptions {
  db: Database;
  mode: LiveEventsMode;
  /** PostgreSQL's listen (db/client.ts DatabaseHandle.listen). */
  listen?: (channel: string, handlers: ChannelHandlers) => Promise<Listener>;
  now?: () => Date;
  pollMs?: number;
  reportError?: (error: unknown) => void;
}

export async function createEventBus(options: EventBusOptions): Promise<EventBus> {
  const { db, mode } = options;
  const origin = crypto.randomUUID();
  const now = options.now ?? (() => new Date());
  const report = (error: unknown) => options.reportError?.(error);
  const listeners = new Map<LiveChannel, Set<(payload: unknown) => void>>();
  const resyncs = new Set<() => void>();
  const stops: Array<() => Promise<void> | void> = [];

  const deliver = (channel: LiveChannel, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        report(error);
      }
    }
  };

  let send: (channel: LiveChannel, payload: unknown) => Promise<void> = async () => undefined;

  if (mode === "postgres") {
    if (!options.listen) throw new Error("live events on PostgreSQL need the database's listen");
    const channel = `earshot_live_${(await currentSchemaName(db)).replace(/[^a-z0-9_]/gi, "_")}`.slice(0, 63);
    const onMessage = (text: string) => {
      let envelope: Envelope;
      try {
        envelope = JSON.parse(text) as Envelope;
      } catch (error) {
        return report(error);
      }
      if (envelope.o === origin) return;
      if (envelope.r === undefined) return deliver(envelope.c, envelope.p);
      findLiveEvent(db, envelope.r).then(
        (row) => row && deliver(envelope.c, JSON.parse(row.payload)),
        report,
      );
    };
    const listener = await options.listen(channel, {
      onMessage,
      onReconnect: () => {
        for (const resync of resyncs) resync();
      },
      onError: report,
    });
    stops.push(() => listener.close());
    send = async (c, p) => {
      const inline = JSON.stringify({ o: origin, c, p } satisfies Envelope);
      if (inline.length <= NOTIFY_PAYLOAD_LIMIT) return notifyChannel(db, channel, inline);
      const id = await insertLiveEvent(db, { channel: c, payload: JSON.stringify(p), origin, createdAt: now().toISOString() });
      await notifyChannel(db, channel, JSON.stringify({ o: origin, c, r: id } satisfies Envelope));
    };
  } else if (mode === "table") {
    let lastId = await latestLiveEventId(db);
    let reading = false;
    const read = async () => {
      if (reading) return;
      reading = true;
      try {
        for (;;) {
          const rows = await listLiveEventsAfter(db, lastId, READ_BATCH);
          for (const row of rows) {
            lastId = row.id;
            if (row.origin !== origin) deliver(row.channel as LiveChannel, JSON.parse(row.payload));
          }
          if (rows.length < READ_BATCH) break;
        }
      } catch (error) {
        report(error);
      } finally {
        reading = false;
      }
    };
    const poll = setInterval(() => void read(), options.pollMs ?? DEFAULT_POLL_MS);
    poll.unref();
    stops.push(() => clearInterval(poll));
    send = async (c, p) => {
      await insertLiveEvent(db, { channel: c, payload: JSON.stringify(p), origin, createdAt: now().toISOString() });
    };
  }

  if (mode !== "memory") {
    // Any process may prune; every process has read rows this old long ago.
    const prune = setInterval(() => {
      pruneLiveEvents(db, new Date(now().getTime() - KEEP_MS).toISOString()).catch(report);
    }, PRUNE_EVERY_MS);
    prune.unref();
    stops.push(() => clearInterval(prune));
  }

  let closed = false;
  return {
    mode,
    publish(channel, payload) {
      if (closed || mode === "memory") return;
      send(channel, payload).catch(report);
    },
    subscribe(channel, listener) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
    onResync(listener) {
      resyncs.add(listener);
      return () => void resyncs.delete(listener);
    },
    async close() {
      closed = true;
      for (const stop of stops) await stop();
    },
  };
}
