import * as z from "zod";
import { MESSAGES } from "../messages";
import { optionalString, RecordIdFormSchema, requiredOrWrongFormat, requiredString, withIntent } from "./common";

// Scheduled e-mail reports (spec analytics §3, §7; issue 25; ADR 039): one zod schema for the
// /settings/reports form (browser and action) and for POST / PATCH /v1/admin/emails and
// POST /v1/admin/mailers, and the answers' schemas (ADR 027). The form posts lists as repeated fields
// (mail_frequency's checkboxes, competitors' multi-select) and extra_emails as one text.

/** email_type: the spec shows one value. */
export const EMAIL_TYPES = ["executive"] as const;
/** mail_frequency's day numbers: 0 Sunday … 6 Saturday (ADR 039). */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** data_from: the days a report covers, ending at its due time (ADR 039). */
export const DATA_FROM_DAYS = [1, 7, 14, 30] as const;
/** Competitors beside the report's search: the dashboard compares at most 3 contexts (spec §9). */
const MAX_COMPETITORS = 2;
/** Posts and articles one report lists at most. */
const MAX_REPORT_ITEMS = 20;
const DEFAULT_REPORT_ITEMS = 5;
const NAME_MAX = 120;
const EXTRA_EMAILS_MAX = 20;
/** The statuses of a run: pending (or retrying), sent, skipped (fewer mentions than min_limitation), failed (given up). */
export const REPORT_RUN_STATUSES = ["pending", "sent", "skipped", "failed"] as const;
export const REPORT_RUN_KINDS = ["scheduled", "copy"] as const;

const intOf = (v: unknown) => (typeof v === "string" && /^\s*-?\d{1,15}\s*$/.test(v) ? Number(v) : v);
const listOfInput = (v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]);
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : typeof v === "string" ? (v.trim() === "" ? undefined : intOf(v.trim())) : v);

function idField() {
  return z.preprocess(blankToUndefined, z.number({ error: requiredOrWrongFormat }).int({ error: MESSAGES.wrongFormat }).positive({ error: MESSAGES.wrongFormat }));
}

/** A whole number in [min, max]: missing 'Should not be empty!', not a number 'It has to be a number!', below 0 'It can not be negative number!'. */
function wholeNumber(min: number, max: number, aboveMax: string, fallback?: number) {
  return z.preprocess(
    (v) => {
      const value = blankToUndefined(v);
      return value === undefined && fallback !== undefined ? fallback : value;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.numeric) })
      .int({ error: MESSAGES.numeric })
      .min(Math.min(min, 0), { error: MESSAGES.notNegative, abort: true })
      .min(min, { error: MESSAGES.positive })
      .max(max, { error: aboveMax }),
  );
}

/** Day numbers of the week: at least one ('Please add at least one item!'), each 0–6 ('Wrong format!'). */
function weekdaysField() {
  return z.preprocess(
    (v) => listOfInput(v).map(intOf),
    z
      .array(z.number({ error: MESSAGES.wrongFormat }).int({ error: MESSAGES.wrongFormat }), { error: MESSAGES.wrongFormat })
      .min(1, { error: MESSAGES.atLeastOneItem, abort: true })
      .refine((days) => days.every((d) => (WEEKDAYS as readonly number[]).includes(d)), { error: MESSAGES.wrongFormat, abort: true })
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  );
}

/** Several addresses: a list (API) or one text with commas, semicolons, spaces or new lines (the form); may be empty. */
function extraEmailsField() {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.split(/[\s,;]+/).filter(Boolean) : v === undefined || v === null ? [] : v),
    z
      .array(z.string({ error: MESSAGES.emails }).trim(), { error: MESSAGES.emails })
      .max(EXTRA_EMAILS_MAX, { error: MESSAGES.tooManyElements, abort: true })
      .refine((list) => list.every((address) => address.length <= 254 && z.email().safeParse(address).success), { error: MESSAGES.emails })
      .transform((list) => [...new Set(list.map((address) => address.toLowerCase()))]),
  );
}

function competitorsField() {
  return z.preprocess(
    (v) => listOfInput(v).map(intOf),
    z
      .array(z.number({ error: MESSAGES.wrongFormat }).int({ error: MESSAGES.wrongFormat }).positive({ error: MESSAGES.wrongFormat }), { error: MESSAGES.wrongFormat })
      .transform((ids) => [...new Set(ids)])
      .refine((ids) => ids.length <= MAX_COMPETITORS, { error: MESSAGES.tooManyElements }),
  );
}

function urlField() {
  return optionalString().pipe(
    z
      .string()
      .max(2000, { error: MESSAGES.maxLength })
      .refine((text) => /^https?:\/\//i.test(text) && z.url().safeParse(text).success, { error: MESSAGES.url })
      .optional(),
  );
}

/** A checkbox: ticked ('on', 'true', true) or not; missing is false. */
const checkbox = () => z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

const reportShape = {
  /** The caller's own business profile only (another is refused); the report is always the caller's tenant's. */
  business_profile_id: z.preprocess(blankToUndefined, z.number({ error: MESSAGES.wrongFormat }).int({ error: MESSAGES.wrongFormat }).positive({ error: MESSAGES.wrongFormat }).optional()),
  email_name: requiredString().max(NAME_MAX, { error: MESSAGES.maxLength }),
  brand_name: requiredString().max(NAME_MAX, { error: MESSAGES.maxLength }),
  email_type: z.preprocess((v) => (v === undefined || v === "" ? "executive" : v), z.enum(EMAIL_TYPES, { error: MESSAGES.wrongFormat })),
  reciver_account_id: idField(),
  search_id: idField(),
  articles_filter_id: z.preprocess(blankToUndefined, z.number({ error: MESSAGES.wrongFormat }).int({ error: MESSAGES.wrongFormat }).positive({ error: MESSAGES.wrongFormat }).optional()),
  mail_frequency: weekdaysField(),
  deliver_hour: wholeNumber(0, 23, MESSAGES.wrongFormat),
  data_from: z.preprocess(
    (v) => blankToUndefined(v) ?? 7,
    z.number({ error: MESSAGES.numeric }).refine((n) => (DATA_FROM_DAYS as readonly number[]).includes(n), { error: MESSAGES.wrongFormat }),
  ),
  articles_url: urlField(),
  extra_emails: extraEmailsField(),
  competitors: competitorsField(),
  articles_limit: wholeNumber(0, MAX_REPORT_ITEMS, MESSAGES.tooManyElements, DEFAULT_REPORT_ITEMS),
  posts_limit: wholeNumber(0, MAX_REPORT_ITEMS, MESSAGES.tooManyElements, DEFAULT_REPORT_ITEMS),
  omit_response: checkbox(),
  min_limitation: wholeNumber(0, 1_000_000_000, MESSAGES.maxLength, 0),
};

/** POST /v1/admin/emails, PATCH /v1/admin/emails/{id} (every field, as the form sends it) and the form. */
export const EmailReportFormSchema = z.object(reportShape);
export type EmailReportFormInput = z.infer<typeof EmailReportFormSchema>;

/** POST /v1/admin/mailers: reset recomputes the report's next run; send_me sends one copy now, to the caller only. */
export const MailerSchema = z.object({
  id: idField(),
  reset: z.boolean({ error: MESSAGES.wrongFormat }).optional(),
  send_me: z.boolean({ error: MESSAGES.wrongFormat }).optional(),
});
export type MailerInput = z.infer<typeof MailerSchema>;

/** The reports screen's posts (ADR 028): one discriminated union on `intent`, parsed once on the server. */
export const EmailReportActionSchema = z.discriminatedUnion("intent", [
  withIntent("create", EmailReportFormSchema),
  withIntent("update", EmailReportFormSchema.safeExtend({ id: RecordIdFormSchema.shape.id })),
  withIntent("send_me", RecordIdFormSchema),
  withIntent("delete", RecordIdFormSchema),
]);
export type EmailReportAction = z.output<typeof EmailReportActionSchema>;

// ── Responses (ADR 027) ──────────────────────────────────────────────────────────────────────────

export const EmailReportRunResponseSchema = z.object({
  id: z.number(),
  kind: z.enum(REPORT_RUN_KINDS),
  due_at: z.string(),
  status: z.enum(REPORT_RUN_STATUSES),
  recipients: z.array(z.string()),
  mention_count: z.number().nullable(),
  attempts: z.number(),
  error: z.string().nullable(),
  finished_at: z.string().nullable(),
});

/** An e-mail report (spec analytics §3: its fields word for word), its next due time and its newest run. */
export const EmailReportResponseSchema = z.object({
  id: z.number(),
  business_profile_id: z.number(),
  email_name: z.string(),
  brand_name: z.string(),
  email_type: z.enum(EMAIL_TYPES),
  reciver_account_id: z.number(),
  search_id: z.number(),
  articles_filter_id: z.number().nullable(),
  mail_frequency: z.array(z.number()),
  deliver_hour: z.number(),
  data_from: z.number(),
  articles_url: z.string().nullable(),
  extra_emails: z.array(z.string()),
  competitors: z.array(z.number()),
  articles_limit: z.number(),
  posts_limit: z.number(),
  omit_response: z.boolean(),
  min_limitation: z.number(),
  /** The next due time (UTC), in the business profile's time zone on its days at deliver_hour. */
  next_run_at: z.string().nullable(),
  last_run: EmailReportRunResponseSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const EmailReportListResponseSchema = z.object({ data: z.array(EmailReportResponseSchema) });

/** POST /v1/admin/mailers: the report's next run, and the copy sent to the caller when send_me. */
export const MailerResponseSchema = z.object({
  id: z.number(),
  next_run_at: z.string().nullable(),
  copy: EmailReportRunResponseSchema.nullable(),
});
