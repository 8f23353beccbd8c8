import * as z from "zod";
import { MESSAGES } from "../messages";
import { optionalString, requiredOrWrongFormat, requiredString, withIntent } from "./common";

// Alerts on saved searches and topics (spec core §3, §4, §7; issue 24; ADR 029): one zod schema for
// the form (browser and action) and the API, and the answers' schemas (ADR 027).

/**
 * thresholdCountMode (ADR 029): `count` fires when at least thresholdCountValue matching mentions fall in
 * the last alertTimeSpan; `spike` fires when the last window holds at least thresholdCountValue per cent
 * more than the average of the SPIKE_PREVIOUS_WINDOWS windows before it (and at least one mention).
 */
const ALERT_MODES = ["count", "spike"] as const;
export type AlertMode = (typeof ALERT_MODES)[number];
export const SPIKE_PREVIOUS_WINDOWS = 7;

/** alertTimeSpan, in minutes: 15 minutes to 7 days. */
export const ALERT_TIME_SPANS = [15, 30, 60, 180, 360, 720, 1440, 10080] as const;
export const DEFAULT_ALERT_TIME_SPAN = 60;
const ALERT_NAME_MAX = 100;
const ALERT_DESCRIPTION_MAX = 1000;
const ALERT_RECIPIENTS_MAX = 20;
const ALERT_THRESHOLD_MAX = 1_000_000;
/** E-mail delivery states of a firing. */
export const ALERT_EMAIL_STATUSES = ["pending", "sent", "muted", "failed"] as const;

/** Several addresses: a list (API) or one text with commas, semicolons, spaces or new lines (the form). */
function recipientsField() {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.split(/[\s,;]+/).filter(Boolean) : v),
    z
      .array(z.string({ error: MESSAGES.emails }).trim(), { error: requiredOrWrongFormat })
      .min(1, { error: MESSAGES.required, abort: true })
      .max(ALERT_RECIPIENTS_MAX, { error: MESSAGES.tooManyElements, abort: true })
      .refine((list) => list.every((address) => address.length <= 254 && z.email().safeParse(address).success), {
        error: MESSAGES.emails,
      })
      .transform((list) => [...new Set(list.map((address) => address.toLowerCase()))]),
  );
}

/** A whole number above 0; a form posts it as text. */
function positiveNumberField() {
  return z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.numeric) })
      .int({ error: MESSAGES.numeric })
      .positive({ error: MESSAGES.positive })
      .max(ALERT_THRESHOLD_MAX, { error: MESSAGES.maxLength }),
  );
}

function timeSpanField() {
  return z.preprocess(
    (v) => (v === undefined || v === "" ? DEFAULT_ALERT_TIME_SPAN : typeof v === "string" ? Number(v) : v),
    z.number({ error: MESSAGES.wrongFormat }).refine((n) => (ALERT_TIME_SPANS as readonly number[]).includes(n), { error: MESSAGES.wrongFormat }),
  );
}

/** A checkbox: ticked ('on', 'true', true) or not; missing is false. */
const checkbox = () => z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());
/** On / off: 'true' or 'false' from the form's radio buttons, a boolean from the API; missing is "unchanged". */
const onOff = () =>
  z.preprocess((v) => (v === undefined || v === "" ? undefined : v === true || v === "on" || v === "true"), z.boolean().optional());

function targetIdField() {
  return z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v),
    z.number({ error: MESSAGES.wrongFormat }).int({ error: MESSAGES.wrongFormat }).positive({ error: MESSAGES.wrongFormat }).optional(),
  );
}

/** The alert's own fields: what PUT /alerts/{id} replaces (is_active only when given: toggle-state is its call). */
const alertFields = {
  name: requiredString().max(ALERT_NAME_MAX, { error: MESSAGES.maxLength }),
  is_muted: checkbox(),
  is_active: onOff(),
  trigger: z.literal("automatic", { error: MESSAGES.wrongFormat }).default("automatic"),
  send_via: z.literal("email", { error: MESSAGES.wrongFormat }).default("email"),
  recipient_emails: recipientsField(),
  email_description: z.preprocess((v) => (v === null ? undefined : v), optionalString().pipe(z.string().max(ALERT_DESCRIPTION_MAX, { error: MESSAGES.maxLength }).optional())),
  threshold_count_mode: z.preprocess((v) => (v === undefined || v === "" ? "count" : v), z.enum(ALERT_MODES, { error: MESSAGES.wrongFormat })),
  threshold_count_value: positiveNumberField(),
  alert_time_span: timeSpanField(),
};

/** Edit an alert (PUT /alerts/{id}); the search or topic it watches does not change. */
export const AlertUpdateSchema = z.object(alertFields);
export type AlertUpdateInput = z.infer<typeof AlertUpdateSchema>;

/** /alerts/:id posts (ADR 028): save the alert's form, or delete the alert. */
export const AlertItemActionSchema = z.discriminatedUnion("intent", [withIntent("save", AlertUpdateSchema), withIntent("delete", z.object({}))]);
export type AlertItemAction = z.output<typeof AlertItemActionSchema>;

/** New alert (POST /alerts): the fields and exactly one of search_id and topic_id. */
export const AlertFormSchema = z
  .object({ ...alertFields, search_id: targetIdField(), topic_id: targetIdField() })
  .refine((v) => (v.search_id === undefined) !== (v.topic_id === undefined), { error: MESSAGES.required, path: ["search_id"] });
export type AlertFormInput = z.infer<typeof AlertFormSchema>;

const optionalId = z.coerce.number().int().positive().optional();

/** GET /v1/alerts: the alerts of one saved search or topic. */
export const AlertListQuerySchema = z.object({ search_id: optionalId, topic_id: optionalId });

// ── Responses (ADR 027) ──────────────────────────────────────────────────────────────────────────

export const AlertFiringResponseSchema = z.object({
  id: z.number(),
  fired_at: z.string(),
  window_start: z.string(),
  window_end: z.string(),
  match_count: z.number(),
  baseline: z.number().nullable(),
  threshold_count_mode: z.enum(ALERT_MODES),
  threshold_count_value: z.number(),
  is_muted: z.boolean(),
  email_status: z.enum(ALERT_EMAIL_STATUSES),
  email_attempts: z.number(),
  email_sent_at: z.string().nullable(),
  email_error: z.string().nullable(),
});

/** An alert (spec core §3), what it watches, whether the caller may change it, and its newest firings. */
export const AlertResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  is_muted: z.boolean(),
  is_active: z.boolean(),
  trigger: z.literal("automatic"),
  send_via: z.literal("email"),
  recipient_emails: z.array(z.string()),
  email_description: z.string().nullable(),
  threshold_count_mode: z.enum(ALERT_MODES),
  threshold_count_value: z.number(),
  alert_time_span: z.number(),
  search_id: z.number().nullable(),
  topic_id: z.number().nullable(),
  target_name: z.string(),
  owner_account_id: z.number().nullable(),
  editable: z.boolean(),
  last_evaluated_at: z.string().nullable(),
  last_count: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_firings: z.array(AlertFiringResponseSchema),
});

export const AlertListResponseSchema = z.object({ data: z.array(AlertResponseSchema) });
