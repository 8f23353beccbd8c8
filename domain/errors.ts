import type * as z from "zod";
import { snakeCaseKeys, type FromWire } from "./key-case";
import { MESSAGES, fieldErrorText } from "./messages";
import type { DetailedErrorSchema, ErrorResponseSchema } from "./schemas/errors";

/** The error kinds the API answers with (docs/architecture.md: 400, 401, 403, 404, 409, 422, 429; 503 a third party down). */
export type AppErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "validation"
  | "too_many_requests"
  | "unavailable";

export const STATUS_BY_CODE: Readonly<Record<AppErrorCode, number>> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  validation: 422,
  too_many_requests: 429,
  unavailable: 503,
};

export type FieldErrors = Record<string, string[]>;

/**
 * An expected failure of a use case, carried up to the API, which answers
 * `{ error_message, errors? }` with `status`. Anything else thrown is an unexpected (500) error.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly fields?: FieldErrors;
  /** Extra members of the error body the caller needs to go on (camelCase; set through `withDetails`). */
  details?: Record<string, string | number>;

  constructor(code: AppErrorCode, message: string, fields?: FieldErrors) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = STATUS_BY_CODE[code];
    if (fields !== undefined) this.fields = fields;
  }
}

/** instanceof, or the same shape from another copy of this module (bundles, realms). */
export function isAppError(x: unknown): x is AppError {
  if (x instanceof AppError) return true;
  if (typeof x !== "object" || x === null) return false;
  const e = x as {
    name?: unknown;
    code?: unknown;
    status?: unknown;
    message?: unknown;
  };
  return (
    e.name === "AppError" &&
    typeof e.code === "string" &&
    Object.prototype.hasOwnProperty.call(STATUS_BY_CODE, e.code) &&
    typeof e.status === "number" &&
    typeof e.message === "string"
  );
}

export function badRequest(
  message: string = MESSAGES.badRequest,
  fields?: FieldErrors,
): AppError {
  return new AppError("bad_request", message, fields);
}

export function notFound(message: string = MESSAGES.notFound): AppError {
  return new AppError("not_found", message);
}

export function forbidden(message: string = MESSAGES.forbidden): AppError {
  return new AppError("forbidden", message);
}

export function unauthorized(
  message: string = MESSAGES.unauthorized,
): AppError {
  return new AppError("unauthorized", message);
}

export function tooManyRequests(
  message: string = MESSAGES.tooManyAttempts,
): AppError {
  return new AppError("too_many_requests", message);
}

/** A third-party service the answer needs (the GIF search) is down, slow or answered nonsense. */
export function unavailable(message: string): AppError {
  return new AppError("unavailable", message);
}

/**
 * A 422 with field errors. Without a message, the first field's '{field} {first message}' is the
 * error_message, so a client that only reads error_message still shows something useful.
 */
export function validationError(
  fields: FieldErrors,
  message?: string,
): AppError {
  let text = message;
  if (text === undefined) {
    for (const [field, messages] of Object.entries(fields)) {
      text = fieldErrorText(field, messages);
      if (text) break;
    }
  }
  return new AppError("validation", text || MESSAGES.wrongFormat, fields);
}

export function conflict(message: string, fields?: FieldErrors): AppError {
  return new AppError("conflict", message, fields);
}

/** What an error answer carries beside the message: its schema's own members, camelCase. */
type ErrorDetails<Schema extends DetailedErrorSchema> = Omit<FromWire<Schema>, "errorMessage" | "errors">;

/**
 * Gives a refusal the members its answer's schema (domain/schemas/errors.ts) adds to the message, e.g.
 * `withDetails(conflict(…), StaleReplyErrorResponseSchema, { replyCount })`. The schema types the details.
 */
export function withDetails<Schema extends DetailedErrorSchema>(
  error: AppError,
  _schema: Schema,
  details: ErrorDetails<Schema>,
): AppError {
  error.details = details as Record<string, string | number>;
  return error;
}

/** The API's error body for an AppError (docs/architecture.md): `{ error_message, errors? }` and its details. */
export function errorBody(err: AppError): z.input<typeof ErrorResponseSchema> {
  const body = err.fields ? { error_message: err.message, errors: err.fields } : { error_message: err.message };
  // The details are camelCase inside, like everything else; the wire names them in snake_case.
  return err.details ? { ...(snakeCaseKeys(err.details) as Record<string, string | number>), ...body } : body;
}
