import type { FromWire } from "../../domain/key-case";
import type { SessionResponseSchema } from "../../domain/schemas/session";
import type { AccountView } from "../accounts/account-view";
import type { OpenedSession } from "./session-tokens";

/**
 * A session just opened (login, SAML sign-in, take-over): the answer as the API sends it (ADR 027) and
 * the API session cookie it sets beside the answer (spec §8: GET accounts/token reads it).
 */
export interface SignedIn {
  answer: FromWire<typeof SessionResponseSchema>;
  sessionCookie: string;
}

export function signedIn(opened: OpenedSession, account: AccountView): SignedIn {
  return {
    answer: { account, csrfToken: opened.csrfToken, accessToken: opened.accessToken, refreshToken: opened.refreshToken },
    sessionCookie: opened.sessionCookie,
  };
}
