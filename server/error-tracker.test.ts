import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ERROR_REPORT_TIMEOUT_MS } from "../domain/constants";
import { createErrorTracker } from "./error-tracker";
import { createLogger, type Logger } from "./logger";

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A fake Sentry endpoint on loopback: each request resolves the next waiter. */
let server: http.Server;
let port: number;
const received: Received[] = [];
const waiters: Array<(r: Received) => void> = [];

function nextRequest(): Promise<Received> {
  const queued = received.shift();
  if (queued) return Promise.resolve(queued);
  return new Promise((resolve) => waiters.push(resolve));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" }).end('{"id":"x"}');
      const request = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      const waiter = waiters.shift();
      if (waiter) waiter(request);
      else received.push(request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => {
  vi.restoreAllMocks();
  received.length = 0;
});

function quietLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(
    createLogger((line) => lines.push(line)),
    { lines },
  );
}

describe("createErrorTracker", () => {
  it("posts a Sentry envelope with the error and the DSN key to /api/{project}/envelope/", async () => {
    const tracker = createErrorTracker(`http://publickey@127.0.0.1:${port}/42`, quietLogger());
    tracker.capture(new Error("boom"), { requestId: "req-12345678", path: "/inbox" });
    const request = await nextRequest();
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/42/envelope/");
    expect(request.headers["content-type"]).toBe("application/x-sentry-envelope");
    expect(request.headers["x-sentry-auth"]).toContain("sentry_key=publickey");
    expect(request.headers["x-sentry-auth"]).toContain("sentry_version=7");
    expect(request.body).toContain("boom");

    const [header, itemHeader, event] = request.body
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(itemHeader).toEqual({ type: "event" });
    expect(header!.event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(event!.event_id).toBe(header!.event_id);
    expect(event).toMatchObject({
      level: "error",
      platform: "node",
      extra: { requestId: "req-12345678", path: "/inbox" },
      exception: { values: [{ type: "Error", value: "boom" }] },
    });
    const frames = (event!.exception as { values: Array<{ stacktrace: { frames: unknown[] } }> }).values[0]!.stacktrace
      .frames;
    expect(frames.length).toBeGreaterThan(0);
  });

  it("reports a thrown non-Error as its text", async () => {
    const tracker = createErrorTracker(`http://k@127.0.0.1:${port}/7`, quietLogger());
    tracker.capture("plain text failure");
    const request = await nextRequest();
    expect(request.url).toBe("/api/7/envelope/");
    expect(request.body).toContain('"value":"plain text failure"');
  });

  it("keeps a DSN's path prefix in front of /api (self-hosted behind a sub-path)", async () => {
    const tracker = createErrorTracker(`http://k@127.0.0.1:${port}/sentry/13`, quietLogger());
    tracker.capture(new Error("prefixed"));
    const request = await nextRequest();
    expect(request.url).toBe("/sentry/api/13/envelope/");
  });

  it("gives the report the spec's 2000 ms time-out", async () => {
    const timeout = vi.spyOn(AbortSignal, "timeout");
    const tracker = createErrorTracker(`http://k@127.0.0.1:${port}/42`, quietLogger());
    tracker.capture(new Error("timed"));
    await nextRequest();
    expect(ERROR_REPORT_TIMEOUT_MS).toBe(2000);
    expect(timeout).toHaveBeenCalledWith(2000);
  });

  it("sends nothing without a DSN", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    for (const dsn of [undefined, ""]) {
      const tracker = createErrorTracker(dsn, quietLogger());
      tracker.capture(new Error("boom"));
    }
    // capture() calls fetch synchronously when it reports at all.
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(received).toHaveLength(0);
  });

  it("an unreachable tracker only logs a warning (never throws into the request)", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const warned = new Promise<Record<string, unknown>>((resolve) => {
      const logger = createLogger((line) => {
        const entry = JSON.parse(line) as Record<string, unknown>;
        if (entry.msg === "error tracker unreachable") resolve(entry);
      });
      const tracker = createErrorTracker(`http://k@127.0.0.1:${deadPort}/1`, logger);
      expect(() => tracker.capture(new Error("nobody listens"))).not.toThrow();
    });
    const entry = await warned;
    expect(entry.level).toBe("warn");
    expect(String(entry.reason)).toBeTruthy();
  });
});
