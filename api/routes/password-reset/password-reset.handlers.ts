import { requestPasswordReset } from "../../../services/password-reset/request-password-reset";
import { checkPasswordReset, resetPassword } from "../../../services/password-reset/reset-password";
import { PasswordResetLinkResponseSchema, PasswordResetMessageResponseSchema } from "../../../domain/schemas/accounts";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { clientIp } from "../../middleware/auth";
import { unwrapFieldErrors } from "../../middleware/errors";
import { checkPasswordResetRoute, requestPasswordResetRoute, resetPasswordRoute } from "./password-reset.routes";

export function registerPasswordResetRoutes(app: ApiApp) {
  app.openapi(requestPasswordResetRoute, async (c) =>
    c.json(toWire(PasswordResetMessageResponseSchema, await requestPasswordReset(c.get("deps"), c.req.valid("json").email, clientIp(c))), 200),
  );

  app.openapi(checkPasswordResetRoute, async (c) =>
    c.json(toWire(PasswordResetLinkResponseSchema, await checkPasswordReset(c.get("deps"), c.req.valid("query").token)), 200),
  );

  app.openapi(resetPasswordRoute, async (c) => {
    const body = c.req.valid("json");
    return c.json(toWire(PasswordResetMessageResponseSchema, await resetPassword(c.get("deps"), body.token, body.account.password)), 200);
  }, unwrapFieldErrors("account"));
}
