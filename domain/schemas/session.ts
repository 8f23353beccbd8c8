// The session's bodies and answers (spec core §8; ADR 027): the token pair, the signed-in account with
// its session's tokens (login, SAML sign-in, take-over), and the end of a take-over.
import * as z from "zod";
import { MESSAGES } from "../messages";
import { AccountResponseSchema } from "./accounts";

/** PUT /v1/session: what the old UI may ask besides the new pair. */
export const RefreshSessionBodySchema = z.object({ check_old_ui_authorization: z.boolean().optional() });

const wrongFormat = { error: MESSAGES.wrongFormat };

/** POST /v1/admin/accounts/takeover: the account to take over, or the business profile whose default account. */
export const TakeoverBodySchema = z.object({
  account_id: z.coerce.number(wrongFormat).int(wrongFormat).positive(wrongFormat).optional(),
  business_profile_id: z.coerce.number(wrongFormat).int(wrongFormat).positive(wrongFormat).optional(),
});

// ── Responses (ADR 027) ──────────────────────────────────────────────────────────────────────────

/** PUT /v1/session: a new access and refresh token pair. */
export const TokenPairResponseSchema = z.object({ access_token: z.string(), refresh_token: z.string() });

/**
 * POST /v1/session, POST /v1/session/sso/saml and POST /v1/admin/accounts/takeover: the account signed
 * in and its new session's tokens (the API session cookie is set beside the answer).
 */
export const SessionResponseSchema = TokenPairResponseSchema.extend({ account: AccountResponseSchema, csrf_token: z.string() });

/** GET /accounts/token: a new pair minted from the API session cookie, and whose it is. */
export const SessionTokenResponseSchema = TokenPairResponseSchema.extend({ account_id: z.number() });

/** DELETE /v1/admin/accounts/takeover: the take-over ended; the admin whose session resumes. */
export const TakeoverEndResponseSchema = z.object({ admin_account_id: z.number() });
