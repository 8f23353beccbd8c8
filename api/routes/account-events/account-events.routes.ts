import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { MESSAGES } from "../../../domain/messages";
import {
  AccountEventListResponseSchema,
  AccountEventQueuedResponseSchema,
  AccountEventRecordedResponseSchema,
  LabelEventCountListResponseSchema,
} from "../../../domain/schemas/account-events";
import { listParam, requiredString } from "../../../domain/schemas/common";
import { errorResponses, json } from "../../lib/schemas";

// Field errors speak the message catalogue, like every other 422 of the API.
const wrongFormat = { error: MESSAGES.wrongFormat };
const tooLong = { error: MESSAGES.maxLength };

const AccountEventBodySchema = z.object({
  action_type: requiredString().max(100, tooLong),
  event_type: requiredString().max(100, tooLong),
  action_module: requiredString().max(300, tooLong),
  context_id: z.number(wrongFormat).int(wrongFormat).optional(),
  context_type: z.number(wrongFormat).int(wrongFormat).optional(),
  social_type: z.string(wrongFormat).max(50, tooLong).optional(),
});

export const createAccountEventRoute = createRoute({
  method: "post",
  path: "/v1/account_events",
  tags: ["account events"],
  summary: "Record a page view or a user action",
  description:
    "With `Prefer: respond-async` the event is queued and stored, with the time it was made, within a second together with the others of that second (the web's page views); the answer is then 202 with `queued` instead of an id.",
  request: { body: { content: { "application/json": { schema: AccountEventBodySchema } }, required: true } },
  responses: {
    201: json(AccountEventRecordedResponseSchema, "Recorded"),
    202: json(AccountEventQueuedResponseSchema, "Queued (`Prefer: respond-async`)"),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

/** account_ids (a list), range[from] and range[to] (ISO times), optional context_id and context_type. */
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

// As the parameters arrive in the query string (the handler reads the brackets as nested keys).
const documentedQuery = z.object({
  account_ids: z.union([z.string(), z.array(z.string())]).optional(),
  "range[from]": z.string().optional(),
  "range[to]": z.string().optional(),
  context_id: z.string().optional(),
  context_type: z.string().optional(),
});

export const listAccountEventsRoute = createRoute({
  method: "get",
  path: "/v1/account_events",
  tags: ["account events"],
  summary: "Events in the range (newest first, at most 1,000) and, per network, the counts of the inbox's actions",
  request: { query: documentedQuery },
  responses: {
    200: json(AccountEventListResponseSchema, "Events and counts"),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

export const countLabelEventsRoute = createRoute({
  method: "get",
  path: "/v1/account_events/labels",
  tags: ["account events"],
  summary: "Per label, how many times it was put on an item in the range",
  request: { query: documentedQuery },
  responses: {
    200: json(LabelEventCountListResponseSchema, "Counts per label"),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});
