import * as z from "zod";
import { ErrorResponseSchema } from "../../domain/schemas/errors";

/** The error answers every resource may give (documented in the OpenAPI document). */

export const errorResponses = {
  400: { description: "Bad request", content: { "application/json": { schema: ErrorResponseSchema } } },
  401: { description: "Not signed in", content: { "application/json": { schema: ErrorResponseSchema } } },
  403: { description: "Forbidden", content: { "application/json": { schema: ErrorResponseSchema } } },
  404: { description: "Not found", content: { "application/json": { schema: ErrorResponseSchema } } },
  422: { description: "Invalid fields", content: { "application/json": { schema: ErrorResponseSchema } } },
  429: { description: "Too many attempts", content: { "application/json": { schema: ErrorResponseSchema } } },
  503: { description: "A third-party service is unavailable", content: { "application/json": { schema: ErrorResponseSchema } } },
} as const;

export const IdParamSchema = z.object({ id: z.coerce.number().int().positive() });

export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}
