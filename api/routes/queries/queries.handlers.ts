import type { ZodError } from "zod";
import { badRequest, validationError } from "../../../domain/errors";
import { validateQuery } from "../../../services/searches/validate-query";
import { QueryValidationResponseSchema } from "../../../domain/schemas/searches";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { zodFieldErrors } from "../../middleware/errors";
import { definitionBodyLimit } from "./body-limit";
import { validateQueryRoute } from "./queries.routes";

/** A query over the length limit is a bad request (400), refused before it is parsed; other faults are 422. */
function tooLongIsBadRequest(result: { success: boolean; error?: unknown }): undefined {
  if (result.success) return undefined;
  const error = result.error as ZodError;
  const tooLong = error.issues.find((issue) => issue.code === "too_big" && issue.path[0] === "query");
  if (tooLong) throw badRequest(tooLong.message);
  throw validationError(zodFieldErrors(error));
}

export function registerQueryRoutes(app: ApiApp) {
  app.use("/v1/queries/*", definitionBodyLimit);

  app.openapi(
    validateQueryRoute,
    async (c) => c.json(toWire(QueryValidationResponseSchema, validateQuery(requireActor(c), c.req.valid("json").query)), 200),
    tooLongIsBadRequest,
  );
}
