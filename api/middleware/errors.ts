import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ZodError } from "zod";
import { errorBody, isAppError } from "../../domain/errors";
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

/** Turns zod issues into `{ field: [messages] }` (the API's 422 body). */
export function zodFieldErrors(error: ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "base";
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}
