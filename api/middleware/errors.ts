import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ZodError } from "zod";
import { errorBody, isAppError, notFound, validationError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";

export type ErrorLogger = (error: unknown, c: Context) => void;

/** One error shape end to end: `{ error_message, errors? }` with the status of the AppError. */
export function handleApiError(log: ErrorLogger) {
  return (err: unknown, c: Context) => {
    if (isAppError(err)) return c.json(errorBody(err), err.status as 400);
    if (err instanceof HTTPException && err.status < 500) {
      return c.json({ error_message: err.message || MESSAGES.badRequest }, err.status);
    }
    log(err, c);
    return c.json({ error_message: MESSAGES.somethingWentWrong }, 500);
  };
}

/**
 * Turns zod issues into `{ field: [messages] }` (the API's 422 body). With `unwrap`, fields of that
 * wrapper object are named by their own key (`account.password` → `password`), the way the form and
 * the service name them.
 */
export function zodFieldErrors(error: ZodError, unwrap?: string): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = unwrap && issue.path.length > 1 && issue.path[0] === unwrap ? issue.path.slice(1) : issue.path;
    const key = path.length ? path.join(".") : "base";
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * The API's answer to input its route's contract refuses (every route's hook): a path parameter that
 * is not what the route names (`/v1/topics/abc`, an id of letters) is an address no record has, so
 * 404 with the catalogue's words, like a missing record; anything else is a 422 naming the fields.
 */
export function refuseInput(result: { success: boolean; target?: string; error?: unknown }, unwrap?: string): undefined {
  if (result.success) return undefined;
  if (result.target === "param") throw notFound();
  throw validationError(zodFieldErrors(result.error as ZodError, unwrap));
}

/**
 * A route hook for bodies that wrap the form in an object (`{ account: {...}, token }`): a 422 names
 * the form's fields as the form does (`password`, not `account.password`).
 */
export function unwrapFieldErrors(wrapper: string) {
  return (result: { success: boolean; target?: string; error?: unknown }): undefined => refuseInput(result, wrapper);
}

/**
 * A route hook for inputs that name records by id outside the path (a query's `business_profile_id`, a
 * form's `id`, a list of stream ids): an id that is not a number names no record, so 404 with the
 * catalogue's words as a malformed path id does (ADR 035, ADR 040); other fields' refusals stay 422.
 */
export function refuseIdsAsNotFound(idFields: readonly string[]) {
  return (result: { success: boolean; target?: string; error?: unknown }): undefined => {
    if (!result.success && result.target !== "param") {
      const issues = (result.error as ZodError).issues;
      if (issues.some((issue) => idFields.includes(String(issue.path[0])) && issue.code !== "too_big")) throw notFound();
    }
    return refuseInput(result);
  };
}
