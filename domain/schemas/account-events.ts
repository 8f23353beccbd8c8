// The account events' requests and answers (spec core §3 "Counters"; ADR 014, 027).
import * as z from "zod";
import { COUNTED_ACCOUNT_EVENTS, type CountedAccountEvent } from "../account-events";
import { MESSAGES } from "../messages";
import { listParam, requiredString } from "./common";

// Field errors speak the message catalogue, like every other 422 of the API.
const wrongFormat = { error: MESSAGES.wrongFormat };
const tooLong = { error: MESSAGES.maxLength };

/** POST /v1/account_events: a page view or a user action. */
export const AccountEventBodySchema = z.object({
  action_type: requiredString().max(100, tooLong),
  event_type: requiredString().max(100, tooLong),
  action_module: requiredString().max(300, tooLong),
  context_id: z.number(wrongFormat).int(wrongFormat).optional(),
  context_type: z.number(wrongFormat).int(wrongFormat).optional(),
  social_type: z.string(wrongFormat).max(50, tooLong).optional(),
});

/**
 * GET /v1/account_events and /v1/account_events/labels, as the handler reads the query string (brackets as
 * nested keys): account_ids (a list), range[from] and range[to] (ISO times), optional context_id and context_type.
 */
export const AccountEventQuerySchema = z.object({
  account_ids: z.preprocess((v) => listParam(v), z.array(z.coerce.number(wrongFormat).int(wrongFormat).positive(wrongFormat)).max(500, tooLong).optional()),
  range: z
    .object({
      from: z.iso.datetime({ offset: true, error: MESSAGES.wrongFormat }).optional(),
      to: z.iso.datetime({ offset: true, error: MESSAGES.wrongFormat }).optional(),
    })
    .optional(),
  context_id: z.coerce.number(wrongFormat).int(wrongFormat).optional(),
  context_type: z.coerce.number(wrongFormat).int(wrongFormat).optional(),
});

/** The same parameters as they arrive in the query string, for the OpenAPI document. */
export const AccountEventQueryStringSchema = z.object({
  account_ids: z.union([z.string(), z.array(z.string())]).optional(),
  "range[from]": z.string().optional(),
  "range[to]": z.string().optional(),
  context_id: z.string().optional(),
  context_type: z.string().optional(),
});

/** POST /v1/account_events: the event recorded. */
export const AccountEventRecordedResponseSchema = z.object({ id: z.number() });

/** POST /v1/account_events with `Prefer: respond-async`: the event queued, stored within a second. */
export const AccountEventQueuedResponseSchema = z.object({ queued: z.literal(true) });

/** An event of GET /v1/account_events. */
export const AccountEventResponseSchema = z.object({
  id: z.number(),
  account_id: z.number(),
  action_type: z.string(),
  event_type: z.string(),
  action_module: z.string(),
  context_id: z.number().nullable(),
  context_type: z.number().nullable(),
  social_type: z.string().nullable(),
  created_at: z.string(),
});

/** One network's counts of the inbox's actions, every counted event present. */
const AccountEventCountsResponseSchema = z.object(
  Object.fromEntries(COUNTED_ACCOUNT_EVENTS.map((event) => [event, z.number()])) as Record<CountedAccountEvent, z.ZodNumber>,
);

/**
 * GET /v1/account_events: the events and, per network, the counts. The counts' keys are values (network
 * ids such as googlePlay, event names such as replies_private), not field names: they go on the wire as
 * they are, never case-converted.
 */
export const AccountEventListResponseSchema = z.object({
  data: z.array(AccountEventResponseSchema),
  counts: z.record(z.string(), AccountEventCountsResponseSchema).describe("By network (social_type)"),
});

/** GET /v1/account_events/labels: per label, how many times it was put on an item in the range. */
export const LabelEventCountListResponseSchema = z.object({
  data: z.array(z.object({ label_id: z.number(), name: z.string(), category: z.string().nullable(), count: z.number() })),
});
