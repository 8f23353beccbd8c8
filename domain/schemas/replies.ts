import * as z from "zod";
import {
  MODERATION_ACTION_CODES,
  MODERATION_ACTIONS_WITH_TEXT,
  MODERATION_REASONS,
  PRESENCE_MODES,
  REPLY_DELIVERIES,
} from "../inbox";
import { MESSAGES } from "../messages";
import { requiredOrWrongFormat } from "./common";
import { whenValid } from "./searches";

/** The longest reply, draft or moderation text we take (long reviews' answers fit well within it). */
const REPLY_TEXT_MAX = 10_000;
const MODERATION_NOTE_MAX = 2_000;

const REPLY_VISIBILITIES = ["public", "private"] as const;
export type ReplyVisibility = (typeof REPLY_VISIBILITIES)[number];

/**
 * Reply text is kept exactly as written (no trimming: it is what the network receives), but a blank
 * text is no reply.
 */
function replyTextField() {
  return z
    .string({ error: requiredOrWrongFormat })
    .max(REPLY_TEXT_MAX, { error: MESSAGES.maxLength })
    .refine((text) => text.trim().length > 0, { error: MESSAGES.required, abort: true });
}

/** An optional template id; a form posts '' when none was chosen. */
function optionalTemplateIdField() {
  return z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v),
    z.number({ error: MESSAGES.wrongFormat }).int({ error: MESSAGES.wrongFormat }).positive({ error: MESSAGES.wrongFormat }).optional(),
  );
}

/** A checkbox or hidden flag: 'on' / 'true' / true is set, anything else (or missing) is not. */
function flagField() {
  return z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).optional();
}

/**
 * Send a reply (the inbox's reply box and POST /v1/feed-items/{id}/reply, ADR 014).
 * `seen_reply_count` is how many replies the agent's view showed: when more exist, the API answers 409
 * (MESSAGES.replies.replyStale) unless `confirm_stale` is set.
 */
export const ReplyFormSchema = z.object({
  text: replyTextField(),
  template_id: optionalTemplateIdField(),
  visibility: z.preprocess((v) => (v === "" || v === undefined || v === null ? "public" : v), z.enum(REPLY_VISIBILITIES, { error: MESSAGES.wrongFormat })),
  seen_reply_count: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z.number({ error: requiredOrWrongFormat }).int({ error: MESSAGES.wrongFormat }).min(0, { error: MESSAGES.notNegative }),
  ),
  confirm_stale: flagField(),
});
export type ReplyFormInput = z.infer<typeof ReplyFormSchema>;

/** Save the reply being written (PUT /v1/feed-items/{id}/draft); an emptied box deletes the draft instead. */
export const DraftSchema = z.object({
  text: replyTextField(),
  template_id: optionalTemplateIdField(),
});
export type DraftInput = z.infer<typeof DraftSchema>;

/** Presence heartbeat (POST /v1/feed-items/{id}/presence). */
export const PresenceSchema = z.object({
  mode: z.preprocess((v) => (v === undefined || v === "" ? "viewing" : v), z.enum(PRESENCE_MODES, { error: MESSAGES.wrongFormat })),
});
export type PresenceInput = z.infer<typeof PresenceSchema>;

/**
 * A moderation action (the inbox's moderation form and POST /v1/feed-items/{id}/moderation): an action
 * and a reason from the spec's lists (analytics §3), a note, and the new text for edit post / edit bio.
 */
export const ModerationFormSchema = z
  .object({
    action: z.enum(MODERATION_ACTION_CODES, { error: MESSAGES.selectAction }),
    reason: z.enum(MODERATION_REASONS, { error: MESSAGES.replies.selectReason }),
    note: z.preprocess(
      (v) => (v === undefined || v === null ? "" : v),
      z.string({ error: MESSAGES.wrongFormat }).trim().max(MODERATION_NOTE_MAX, { error: MESSAGES.maxLength }),
    ),
    text: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.string({ error: MESSAGES.wrongFormat }).max(REPLY_TEXT_MAX, { error: MESSAGES.maxLength }).optional(),
    ),
  })
  .refine((v) => !MODERATION_ACTIONS_WITH_TEXT.includes(v.action) || (v.text !== undefined && v.text.trim().length > 0), {
    path: ["text"],
    error: MESSAGES.required,
    when: whenValid("action", "text"),
  });
export type ModerationFormInput = z.infer<typeof ModerationFormSchema>;

// ── Responses (ADR 027) ──────────────────────────────────────────────────────────────────────────

/** A reply to an item (POST /v1/feed-items/{id}/reply, its retry and mark-as-sent). */
export const ReplyResponseSchema = z.object({
  id: z.number().describe("The reply's action id (the replied_by row of the item's history)"),
  feed_item_id: z.number(),
  account_id: z.number().nullable(),
  name: z.string().nullable().describe("The agent"),
  at: z.string(),
  text: z.string().describe("Exactly as written (clients render it as text)"),
  visibility: z.enum(REPLY_VISIBILITIES),
  template_id: z.number().nullable(),
  delivery: z
    .enum([...REPLY_DELIVERIES, "sending"])
    .describe("sent, failed (error says why; retry), manual ('To send manually'; mark as sent), or sending while a connector is called"),
  error: z.string().nullable(),
  external_id: z.string().nullable().describe("The network's id of the delivered reply, when its connector answered one"),
  sent_by: z.object({ account_id: z.number(), name: z.string(), at: z.string() }).nullable().describe("Who marked a manual reply as sent"),
});

/** The caller's draft reply to an item. */
export const DraftResponseSchema = z.object({
  feed_item_id: z.number(),
  text: z.string(),
  template_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** GET /v1/feed-items/{id}/draft: the caller's draft, or null when there is none. */
export const CallerDraftResponseSchema = z.object({ draft: DraftResponseSchema.nullable() });

/** A moderation event as the report and the item's history show it (spec analytics §3's fields). */
export const ModerationEventResponseSchema = z.object({
  id: z.number(),
  feed_item_id: z.number().nullable().describe("null once the item was deleted"),
  social_type: z.string(),
  agent: z.string(),
  agent_account_id: z.number().nullable(),
  user: z.string().describe("The item's author"),
  action: z.string().describe("The report's text, e.g. 'post deleted'"),
  action_code: z.enum(MODERATION_ACTION_CODES).nullable().describe("null for an action text no longer known"),
  reason: z.string(),
  note: z.string(),
  post: z.string().nullable().describe("The post's address, or its text when it has none"),
  original_text: z.string(),
  delivery: z.string().describe("sent, failed, manual (to be done on the network by hand) or sending"),
  date_and_time: z.string(),
});

/** POST /v1/feed-items/{id}/moderation: the event, with why its delivery failed if it did. */
export const ModerationResultResponseSchema = ModerationEventResponseSchema.extend({ delivery_error: z.string().nullable() });

/** GET /v1/moderation/events: a page of the report. */
export const ModerationEventPageResponseSchema = z.object({
  data: z.array(ModerationEventResponseSchema),
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  total_pages: z.number(),
});

/** GET /v1/moderation/filters: the report's filter choices. */
export const ModerationFiltersResponseSchema = z.object({
  results: z.object({
    actions: z.array(z.object({ code: z.enum(MODERATION_ACTION_CODES), label: z.string(), event: z.string(), target: z.enum(["post", "user"]) })),
    reasons: z.array(z.enum(MODERATION_REASONS)),
    agents: z.array(z.object({ id: z.number(), name: z.string() })).describe("Who took the tenant's moderation actions (their latest name); filter with agent_ids"),
    networks: z.array(z.object({ id: z.string(), label: z.string() })).describe("The networks acted on; filter with social_types"),
    periods: z.array(z.object({ id: z.string(), label: z.string() })).describe("Preset periods in the business profile's zone; filter with period, or from and to"),
  }),
});
