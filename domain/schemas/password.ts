import { MESSAGES } from "../messages";
import { requiredString } from "./common";

const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

/**
 * A new password (docs/architecture.md): at least 8 characters with a digit, a lowercase letter, an uppercase
 * letter and a special character (anything that is not a letter, a digit or white space).
 * Checked in this order; an empty value reports only MESSAGES.required, otherwise every failed rule
 * is reported in order (the first one is what a form shows). Not trimmed.
 */
export const PasswordSchema = requiredString({ trim: false })
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.minLength })
  .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.maxLength })
  .regex(/\p{Nd}/u, { error: MESSAGES.passwordDigit })
  .regex(/\p{Ll}/u, { error: MESSAGES.passwordLowercase })
  .regex(/\p{Lu}/u, { error: MESSAGES.passwordUppercase })
  .regex(/[^\p{L}\p{N}\s]/u, { error: MESSAGES.passwordSpecial });
