import * as z from "zod";
import { MESSAGES } from "../messages";
import { emailField, optionalString } from "./common";

/**
 * The login form and POST /v1/session body: e-mail, password (no strength rules at login) and an
 * optional two-factor code, sent only when one is provided (spec §5).
 */
export const LoginSchema = z
  .object({
    email: emailField(),
    password: optionalString({ trim: false }),
    otp_code: optionalString(),
    /** The code step's token (from the 401 'Invalid otp code' answer), sent instead of the password. */
    otp_token: optionalString(),
  })
  // `when`: report these alongside field errors (e.g. an empty e-mail), not only once those pass.
  .refine((v) => !!v.password || !!v.otp_token, { path: ["password"], message: MESSAGES.required, when: isObjectPayload })
  .refine((v) => !v.otp_token || !!v.otp_code, { path: ["otp_code"], message: MESSAGES.required, when: isObjectPayload });

function isObjectPayload(payload: { value: unknown }): boolean {
  return typeof payload.value === "object" && payload.value !== null;
}
