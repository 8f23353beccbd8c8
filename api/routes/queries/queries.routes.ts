import { createRoute } from "@hono/zod-openapi";
import { QueryValidateSchema, QueryValidationResponseSchema } from "../../../domain/schemas/searches";
import { errorResponses, json } from "../../lib/schemas";

export const validateQueryRoute = createRoute({
  method: "post",
  path: "/v1/queries/validate",
  tags: ["queries"],
  summary:
    "Lint a boolean query: every fault with its offset and length (UTF-16 units). Over 8,000 characters, or a body over 64 KB: 400",
  request: { body: { content: { "application/json": { schema: QueryValidateSchema } }, required: true } },
  responses: {
    200: json(QueryValidationResponseSchema, "Lint result"),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});
