// Graceful shutdown of the HTTP server (ADR 025): on SIGTERM or SIGINT the requests in flight finish
// (up to the grace period), the listening socket stays open so new requests are answered 503 with
// Retry-After rather than refused, background work stops taking jobs, then the database closes.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Http2Bindings, HttpBindings } from "@hono/node-server";
import { MESSAGES } from "../domain/messages";

/** How long requests in flight may run after the signal before their connections are closed. */
const SHUTDOWN_GRACE_MS = 25_000;
/** What a request that arrives while draining is told: come back in this many seconds. */
const SHUTDOWN_RETRY_AFTER_SECONDS = 5;

type Fetch = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

export interface Drain {
  /** Wraps the app's fetch: 503 while draining, `Connection: close` on every answer once draining. */
  fetch: Fetch;
  /** Counts the node server's requests (call once `serve` has made it). */
  attach(server: Server): void;
  /** True from the signal on. */
  readonly stopping: boolean;
  /**
   * Starts draining: stops background work (`stopWork`) at once, waits for the requests that were in
   * flight (live event streams are ended: they never finish by themselves), closes the listener and
   * the connections left, then `close` (the database). Resolves when all is done.
   */
  shutdown(hooks: { stopWork(): Promise<void>; close(): Promise<void>; onGraceExpired?(): void }): Promise<void>;
}

export function createDrain(app: Fetch, options: { graceMs?: number } = {}): Drain {
  const graceMs = options.graceMs ?? SHUTDOWN_GRACE_MS;
  let stopping = false;
  let server: Server | null = null;
  /** Answers of requests that arrived before the signal and are not finished. */
  const inFlight = new Set<ServerResponse>();
  /** Answers that are live event streams: ended when draining starts. */
  const streams = new Set<ServerResponse>();
  let onIdle: (() => void) | null = null;

  return {
    async fetch(request, env) {
      if (stopping) return unavailable();
      const response = await app(request, env);
      const outgoing = (env as Partial<HttpBindings> | undefined)?.outgoing;
      if (outgoing && (response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
        streams.add(outgoing);
        outgoing.once("close", () => streams.delete(outgoing));
        if (stopping) queueMicrotask(() => endStream(outgoing));
      }
      return stopping ? withConnectionClose(response) : response;
    },
    attach(s) {
      server = s;
      s.on("request", (_req: IncomingMessage, res: ServerResponse) => {
        if (stopping) return;
        inFlight.add(res);
        res.once("close", () => {
          inFlight.delete(res);
          if (stopping && inFlight.size === 0) onIdle?.();
        });
      });
    },
    get stopping() {
      return stopping;
    },
    async shutdown(hooks) {
      if (stopping) return;
      stopping = true;
      // Keep-alive connections with no request on them are closed now; a client that reuses one
      // opens a new connection, which is answered 503.
      server?.closeIdleConnections();
      for (const res of streams) endStream(res);
      const work = hooks.stopWork();
      await new Promise<void>((resolve) => {
        if (inFlight.size === 0) return resolve();
        onIdle = resolve;
        const timer = setTimeout(() => {
          hooks.onGraceExpired?.();
          resolve();
        }, graceMs);
        timer.unref();
      });
      onIdle = null;
      await new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await work;
      await hooks.close();
    },
  };
}

function unavailable(): Response {
  return new Response(JSON.stringify({ error_message: MESSAGES.shuttingDown }), {
    status: 503,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "retry-after": String(SHUTDOWN_RETRY_AFTER_SECONDS),
      "cache-control": "no-store",
      connection: "close",
    },
  });
}

function withConnectionClose(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("connection", "close");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function endStream(res: ServerResponse) {
  res.end();
  res.socket?.destroySoon?.();
}
