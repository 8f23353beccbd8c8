import { createRoute } from "@hono/zod-openapi";
import {
  AccountEventBodySchema,
  AccountEventListResponseSchema,
  AccountEventQueryStringSchema,
  AccountEventQueuedResponseSchema,
  AccountEventRecordedResponseSchema,
  LabelEventCountListResponseSchema,
} from "../../../domain/schemas/account-events";
import { errorResponses, json } from "../../lib/schemas";

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

export const listAccountEventsRoute = createRoute({
  method: "get",
  path: "/v1/account_events",
  tags: ["account events"],
  summary: "Events in the range (newest first, at most 1,000) and, per network, the counts of the inbox's actions",
  request: { query: AccountEventQueryStringSchema },
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
  request: { query: AccountEventQueryStringSchema },
  responses: {
    200: json(LabelEventCountListResponseSchema, "Counts per label"),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});
