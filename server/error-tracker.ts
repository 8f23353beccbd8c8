import crypto from "node:crypto";
import { ERROR_REPORT_TIMEOUT_MS, TRACE_SAMPLE_RATE } from "../domain/constants";
import type { Logger } from "./logger";

export interface ErrorTracker {
  capture(error: unknown, context?: Record<string, unknown>): void;
}

/**
 * Sends errors to a Sentry-compatible tracker when SENTRY_DSN is set (an envelope POST with the
 * spec's 2000 ms time-out and sample rate 1); otherwise errors only reach the log.
 */
export function createErrorTracker(dsn: string | undefined, logger: Logger, release = "earshot@0.1.0"): ErrorTracker {
  if (!dsn) return { capture: () => undefined };
  const parsed = new URL(dsn);
  // A DSN is {protocol}://{key}@{host}{/optional/path}/{project id}; the path stays in front of /api.
  const segments = parsed.pathname.split("/").filter(Boolean);
  const projectId = segments.pop() ?? "";
  const prefix = segments.length ? `/${segments.join("/")}` : "";
  const endpoint = `${parsed.protocol}//${parsed.host}${prefix}/api/${projectId}/envelope/`;
  const auth = `Sentry sentry_version=7, sentry_client=earshot/0.1, sentry_key=${parsed.username}`;
  return {
    capture(error, context = {}) {
      if (Math.random() >= TRACE_SAMPLE_RATE) return;
      const eventId = crypto.randomUUID().replace(/-/g, "");
      const err = error instanceof Error ? error : new Error(String(error));
      const event = {
        event_id: eventId,
        timestamp: Date.now() / 1000,
        platform: "node",
        level: "error",
        release,
        extra: context,
        exception: { values: [{ type: err.name, value: err.message, stacktrace: { frames: stackFrames(err) } }] },
      };
      const body = [
        JSON.stringify({ event_id: eventId, dsn, sent_at: new Date().toISOString() }),
        JSON.stringify({ type: "event" }),
        JSON.stringify(event),
      ].join("\n");
      fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/x-sentry-envelope", "x-sentry-auth": auth },
        body,
        signal: AbortSignal.timeout(ERROR_REPORT_TIMEOUT_MS),
      }).catch((reason: unknown) => logger.warn("error tracker unreachable", { reason: String(reason) }));
    },
  };
}

function stackFrames(error: Error) {
  return (error.stack ?? "")
    .split("\n")
    .slice(1)
    .reverse()
    .map((line) => ({ function: line.trim() }));
}
