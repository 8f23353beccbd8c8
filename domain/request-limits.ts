// How large a request body may be, per class of route (ADR 025). A larger body is answered 413
// (MESSAGES.payloadTooLarge) without being read past the limit.
import { INGEST_LIMITS } from "./schemas/mention-input";

export const REQUEST_BODY_LIMITS = {
  /** Every JSON body of the API (forms, settings, queries, GET-via-POST reads). */
  jsonBytesMax: 1024 * 1024,
  /** The ingest API (README: 10 MB per request). */
  ingestBytesMax: INGEST_LIMITS.bodyBytesMax,
  /** A webhook sender's delivery. */
  webhookBytesMax: 1024 * 1024,
  /** A web form post (urlencoded or multipart) to a Remix action; the file import streams instead. */
  formBytesMax: 1024 * 1024,
} as const;

/** A web session unused for this long is signed out (ADR 025). */
export const SESSION_IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/**
 * A take-over session ends this long after it began, whatever the activity (ADR 025): the API refuses
 * its tokens, and the web session goes back to the system admin's own.
 */
export const TAKEOVER_SESSION_LIFETIME_MS = 60 * 60 * 1000;
/** The session records its last activity at most this often (each record rewrites the cookie). */
export const SESSION_ACTIVITY_RESOLUTION_MS = 60 * 1000;
