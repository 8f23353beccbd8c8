import * as z from "zod";
import { emailField, optionalString, requiredString } from "./common";

/**
 * The login form and POST /v1/session body: e-mail, password (no strength rules at login) and an
 * optional two-factor code, sent only when one is provided (spec §5).
 */
export const LoginSchema = z.object({
  email: emailField(),
  password: requiredString({ trim: false }),
  otp_code: optionalString(),
});

export type LoginInput = z.infer<typeof LoginSchema>;
