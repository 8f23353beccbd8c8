import * as z from "zod";
import { MESSAGES } from "../messages";

/** A list parameter of a query string: `x[]=a&x[]=b`, `x=a,b` or `x=a`. */
export function listParam(value: unknown): string[] | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const items = Array.isArray(value) ? value.map(String) : String(value).split(",");
  const cleaned = items.map((s) => s.trim()).filter(Boolean);
  return cleaned.length ? cleaned : undefined;
}

/**
 * Error map for a field's base type: a missing value (conform turns empty form fields into
 * undefined) reads 'Should not be empty!'; a value of the wrong type reads 'Wrong format!'.
 */
export function requiredOrWrongFormat(issue: { input?: unknown }): string {
  return issue.input === undefined || issue.input === null
    ? MESSAGES.required
    : MESSAGES.wrongFormat;
}

export interface RequiredStringOptions {
  /** Trim surrounding white space before checking (default true; passwords pass false). */
  trim?: boolean;
}

/**
 * A required string: undefined, null, '' (and blank, when trimmed) all give MESSAGES.required, and
 * that failure stops further checks, so an empty field shows only 'Should not be empty!'.
 * Chain further checks (`.max(...)`, `.regex(...)`) or `.pipe(...)` onto it.
 */
export function requiredString(options: RequiredStringOptions = {}) {
  const base = z.string({ error: requiredOrWrongFormat });
  return (options.trim === false ? base : base.trim()).min(1, {
    error: MESSAGES.required,
    abort: true,
  });
}

/** An optional string: trimmed, and '' (or blank) or missing becomes undefined. */
export function optionalString(options: RequiredStringOptions = {}) {
  const base = z.string({ error: MESSAGES.wrongFormat });
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    (options.trim === false ? base : base.trim()).optional(),
  );
}

/** A required, valid e-mail address (trimmed): MESSAGES.required, then MESSAGES.email. */
export const EMAIL_MAX_LENGTH = 254;

export function emailField() {
  // No `abort` here (unlike requiredString): the pipe already stops at the first failure, and an
  // aborted field would keep a form's cross-field checks (e.g. login's) from reporting alongside.
  return z
    .string({ error: requiredOrWrongFormat })
    .trim()
    .min(1, { error: MESSAGES.required })
    // 254: the longest address SMTP carries (RFC 5321); a longer one could never be delivered.
    .max(EMAIL_MAX_LENGTH, { error: MESSAGES.maxLength })
    .pipe(z.email({ error: MESSAGES.email }));
}

// ── JSON as stored (ADR 027) ────────────────────────────────────────────────────────────────────────
// A value a record keeps as the client or an action gave it (an action's data, a filter's value): any JSON,
// to a depth of five lists or objects. Spelled out rather than JsonValueSchema (recursive), which the OpenAPI
// generator cannot write, so the document still says what such a value may be.
const JsonScalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const nested = <Inner extends z.ZodType>(inner: Inner) =>
  z.union([JsonScalarSchema, z.array(inner), z.record(z.string(), inner)]);
export const JsonValueSchema = nested(nested(nested(nested(nested(JsonScalarSchema)))));
export type JsonValue = z.output<typeof JsonValueSchema>;

/**
 * The record a row's form acts on (its hidden `id` field; a form post carries it as a string). The
 * routes' form posts of several intents share it (ADR 028).
 */
export const RecordIdFormSchema = z.object({ id: z.coerce.number().int().positive() });

/** The member of a form post's discriminated union on `intent` (ADR 028): `fields` and the intent. */
export function withIntent<I extends string, Fields extends z.ZodObject>(intent: I, fields: Fields) {
  // safeExtend keeps the form schema's own refinements (a password's confirmation, …).
  return (fields as z.ZodObject).safeExtend({ intent: z.literal(intent) }) as unknown as z.ZodObject<
    Omit<Fields["shape"], "intent"> & { intent: z.ZodLiteral<I> }
  >;
}
