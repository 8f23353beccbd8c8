import { changePassword } from "../../../services/accounts/change-password";
import { updateGeneralPreferences } from "../../../services/accounts/update-general-preferences";
import { updateDefaultStreams } from "../../../services/accounts/update-default-streams";
import { updateUiPreferences } from "../../../services/accounts/update-ui-preferences";
import {
  activateTwoFactor,
  disableTwoFactor,
  regenerateBackupCodes,
  setupTwoFactor,
} from "../../../services/two-factor/two-factor";
import {
  AccountResponseSchema,
  BackupCodesResponseSchema,
  PasswordChangedResponseSchema,
  TwoFactorOffResponseSchema,
  TwoFactorSetupResponseSchema,
} from "../../../domain/schemas/accounts";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { refuseIdsAsNotFound } from "../../middleware/errors";
import {
  activateTwoFactorRoute,
  changePasswordRoute,
  disableTwoFactorRoute,
  generalPreferencesRoute,
  regenerateBackupCodesRoute,
  setupTwoFactorRoute,
  defaultStreamsRoute,
  uiPreferencesRoute,
} from "./preferences.routes";

export function registerPreferenceRoutes(app: ApiApp) {
  app.openapi(generalPreferencesRoute, async (c) => {
    const body = c.req.valid("json");
    const account = await updateGeneralPreferences(c.get("deps"), requireActor(c), {
      urlWarning: body.url_warning,
      reviewOnReply: body.review_on_reply,
      directEmailToNetwork: body.direct_email_to_network,
    });
    return c.json(toWire(AccountResponseSchema, account), 200);
  });

  app.openapi(
    defaultStreamsRoute,
    async (c) => c.json(toWire(AccountResponseSchema, await updateDefaultStreams(c.get("deps"), requireActor(c), c.req.valid("json"))), 200),
    refuseIdsAsNotFound(["default_dashboard_streams"]),
  );

  app.openapi(uiPreferencesRoute, async (c) => {
    const body = c.req.valid("json");
    const account = await updateUiPreferences(c.get("deps"), requireActor(c), { inboxLayout: body.inbox_layout });
    return c.json(toWire(AccountResponseSchema, account), 200);
  });

  app.openapi(changePasswordRoute, async (c) => {
    const body = c.req.valid("json");
    const result = await changePassword(c.get("deps"), requireActor(c), {
      currentPassword: body.current_password,
      password: body.password,
    });
    return c.json(toWire(PasswordChangedResponseSchema, result), 200);
  });

  app.openapi(setupTwoFactorRoute, async (c) => c.json(toWire(TwoFactorSetupResponseSchema, await setupTwoFactor(c.get("deps"), requireActor(c))), 200));

  app.openapi(activateTwoFactorRoute, async (c) => {
    const result = await activateTwoFactor(c.get("deps"), requireActor(c), c.req.valid("json").otp_code);
    return c.json(toWire(BackupCodesResponseSchema, result), 200);
  });

  app.openapi(regenerateBackupCodesRoute, async (c) =>
    c.json(toWire(BackupCodesResponseSchema, await regenerateBackupCodes(c.get("deps"), requireActor(c))), 200),
  );

  app.openapi(disableTwoFactorRoute, async (c) => {
    const result = await disableTwoFactor(c.get("deps"), requireActor(c), c.req.valid("json").password);
    return c.json(toWire(TwoFactorOffResponseSchema, result), 200);
  });
}
