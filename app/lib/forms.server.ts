import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { Submission, SubmissionResult } from "@conform-to/react";
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

/** How a form post of several intents is tidied before its one parse (readIntentForm). */
export interface IntentFormOptions<Intent extends string> {
  /** Every post: tidies the form data first, as the form's own validation does. */
  prepare?: (formData: FormData) => FormData;
  /** One intent's own tidying, after `prepare` (the topic form's typed keyword joins the list on Save only). */
  prepareIntent?: { [I in Intent]?: (formData: FormData) => FormData };
}

/**
 * A submit button posts one name and one value. A button that acts on one row of a bigger form, whose
 * other fields it must send along (the topic form's keyword chips and suggestions), cannot post `intent`
 * and the row both: it posts the row under its intent's own field (`keyword=refund`), and this names the
 * intent after that field (`buttons`: intent → field). A post naming no intent and no such field is
 * `otherwise` (a form sent with Enter in a browser that leaves out the default button). A `prepare` step.
 */
export function intentOfButton<Intent extends string>(
  formData: FormData,
  buttons: { [I in Intent]?: string },
  otherwise?: NoInfer<Intent>,
): FormData {
  if (formData.has("intent")) return formData;
  const named = (Object.keys(buttons) as Intent[]).find((intent) => formData.has(buttons[intent]!)) ?? otherwise;
  if (named === undefined) return formData;
  const copy = new FormData();
  for (const [name, value] of formData) copy.append(name, value);
  copy.set("intent", named);
  return copy;
}

/** One handler per intent of a form post's discriminated union (a missing handler is a type error). */
export type IntentHandlers<Action extends { intent: string }, Context, Answer> = {
  [I in Action["intent"]]: (action: Extract<Action, { intent: I }>, context: Context) => Answer;
};

/**
 * Reads a form post of several intents (ADR 028): the one parse on the server, with the route's zod
 * `discriminatedUnion("intent", ...)`. A missing or unknown intent is a bad request (400); otherwise
 * `intent` is the posted one, also when its fields were refused (the answer says which form failed).
 */
export async function readIntentForm<Schema extends z.ZodType<{ intent: string }>>(
  request: Request,
  context: AppLoadContext,
  schema: Schema,
  options: IntentFormOptions<z.output<Schema>["intent"]> = {},
) {
  const { prepare, prepareIntent } = options;
  const read = await readForm(request, context, schema, {
    prepare: (formData) => {
      const prepared = prepare ? prepare(formData) : formData;
      const posted = prepared.get("intent");
      const step = typeof posted === "string" && prepareIntent && Object.hasOwn(prepareIntent, posted) ? prepareIntent[posted as keyof typeof prepareIntent] : undefined;
      return step ? step(prepared) : prepared;
    },
  });
  if (read.submission.status !== "success" && read.submission.error?.intent) throw new Response(MESSAGES.badRequest, { status: 400 });
  return { ...read, intent: String(read.submission.payload.intent) as z.output<Schema>["intent"] };
}

/** A refused form's answer: which form (its intent and record id) and its errors. */
export interface FormAnswer<Intent extends string> {
  intent: Intent;
  id: number | null;
  result: SubmissionResult<string[]>;
}

/** A refused form's answer as the action returns it. */
export type FormRefusal<Intent extends string> = ReturnType<typeof data<FormAnswer<Intent>>>;

/** A form refused before any handler ran (its own fields' errors): 400 with the errors under the fields. */
export function formRefused<Intent extends string>(
  intent: Intent,
  submission: Submission<unknown, string[]>,
  options: { hideFields?: string[] } = {},
): FormRefusal<Intent> {
  return data<FormAnswer<Intent>>({ intent, id: submittedId(submission.payload), result: submission.reply(options) }, { status: 400 });
}

/**
 * What a screen's form handlers are given beside the parsed value: the load context, and the refusal
 * of the API as the form's errors (`gone`: a record deleted meanwhile is a toast over `gone` instead).
 */
export interface FormHandlerContext<Intent extends string> {
  context: AppLoadContext;
  refused: (error: unknown, options?: { gone?: string; labels?: Record<string, string> }) => FormRefusal<Intent>;
}

/**
 * The handler context of one post: the refusal answers with the posted intent, the record id the form
 * posted and the status of the API's refusal.
 */
export function formHandlerContext<Intent extends string>(
  context: AppLoadContext,
  submission: Submission<unknown, string[]>,
  intent: Intent,
): FormHandlerContext<Intent> {
  const id = submittedId(submission.payload);
  return {
    context,
    refused: (error, options = {}) => {
      if (options.gone) redirectIfGone(context, error, options.gone);
      const result = replyWithApiError(submission, error, { labels: options.labels });
      return data<FormAnswer<Intent>>({ intent, id, result }, { status: statusOf(error) });
    },
  };
}

/** A parsed form value without its intent: what the API is sent, under the same names (ADR 028). */
export function formFields<Action extends { intent: string }>(action: Action): Omit<Action, "intent"> {
  const { intent: _intent, ...fields } = action;
  return fields;
}

/** Hands a parsed form value to its intent's handler. */
export function handleIntent<Action extends { intent: string }, Context, Answer>(
  handlers: IntentHandlers<Action, Context, Answer>,
  action: Action,
  context: Context,
): Answer {
  const handler = handlers[action.intent as Action["intent"]] as (action: Action, context: Context) => Answer;
  return handler(action, context);
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
