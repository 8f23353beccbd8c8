import { redirect, type AppLoadContext } from "@remix-run/node";
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod";
import { fieldErrorText, MESSAGES } from "../../domain/messages";
import { ApiError } from "./api.server";
import { assertFormToken } from "./csrf.server";
import { flashToast } from "./toast.server";

/**
 * The posted form. The server lets only a bounded form body through (server/form-guard.ts); one that
 * still cannot be parsed (a malformed multipart body) is a bad request, not a crash.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response(MESSAGES.badRequest, { status: 400 });
  }
}

/**
 * Reads the form, checks the CSRF token, and validates with the form's shared zod schema: the one parse
 * of the post on the server (`prepare` tidies the form data first, as the form's own validation does).
 */
export async function readForm<Schema extends z.ZodType>(
  request: Request,
  context: AppLoadContext,
  schema: Schema,
  options: { prepare?: (formData: FormData) => FormData } = {},
): Promise<{ formData: FormData; submission: Submission<z.input<Schema>, string[], z.output<Schema>> }> {
  const formData = await readFormData(request);
  assertFormToken(formData, context);
  try {
    return { formData, submission: parseWithZod(options.prepare ? options.prepare(formData) : formData, { schema }) as never };
  } catch (error) {
    // conform reads its list intents (`__intent__`) as JSON: a malformed one is a bad request, not a crash.
    if (error instanceof SyntaxError) throw new Response(MESSAGES.badRequest, { status: 400 });
    throw error;
  }
}

/**
 * An API refusal as the form shows it: field errors as '{field} {first message}' under the field
 * (spec §5), anything else as a form-level message.
 */
export function replyWithApiError(
  submission: Submission<unknown>,
  error: unknown,
  options: { hideFields?: string[]; labels?: Record<string, string> } = {},
) {
  if (!(error instanceof ApiError)) throw error;
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.fields)) {
    if (field === "base") continue;
    fieldErrors[field] = [fieldErrorText(options.labels?.[field] ?? fieldLabel(field), messages)];
  }
  const hasFields = Object.keys(fieldErrors).length > 0;
  return submission.reply({
    formErrors: hasFields ? [] : [error.message],
    fieldErrors,
    hideFields: options.hideFields,
  });
}

// entity_ids: the teams a saved search, folder or template is visible to.
/**
 * A record deleted meanwhile (by a colleague, or in another tab) has no row or dialog left to show its
 * form's error under: the API's 404 reason becomes a toast over the page as it now is.
 */
export function redirectIfGone(context: AppLoadContext, error: unknown, backTo: string): void {
  if (!(error instanceof ApiError && error.status === 404)) return;
  flashToast(context, { kind: "error", message: error.reason });
  throw redirect(backTo);
}

const FIELD_LABELS: Record<string, string> = {
  otp_code: "Code",
  account_ids: "Members",
  team_ids: "Teams",
  entity_ids: "Teams",
};

/** 'current_password' → 'Current password', 'team_ids' → 'Teams': the {field} of '{field} {message}'. */
export function fieldLabel(field: string): string {
  if (FIELD_LABELS[field]) return FIELD_LABELS[field];
  const words = field.replace(/_ids$/, "s").replace(/_id$/, "").split(/[_.]/).filter(Boolean);
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The record id a row form posted (hidden `id` field), or null when missing or malformed. */
export function submittedId(payload: Record<string, unknown>): number | null {
  const id = Number(payload.id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The status an action answers with after an API refusal (400 for anything that is not one). */
export function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 400;
}
