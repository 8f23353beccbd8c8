// The account events' answers (spec core §3 "Counters"; ADR 014, 027).
import * as z from "zod";
import { COUNTED_ACCOUNT_EVENTS, type CountedAccountEvent } from "../account-events";

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
