/**
 * Limits that keep one tenant, one address or one client from growing a list or a mail queue without
 * bound (issue 31, ADR 026). Each is set well above what a large customer uses, so only runaway
 * scripts and abuse meet it.
 */

/** Mails that an anonymous or single request can cause, rationed per window (counted like login failures, ADR 004). */
export const MAIL_RATION_WINDOW_MS = 60 * 60 * 1000;
/** Password-reset mails to one e-mail address per window (known or not: the answer is the same). */
export const RESET_MAILS_PER_ADDRESS = 3;
/** Password-reset requests from one client address per window. */
export const RESET_REQUESTS_PER_CLIENT = 10;
/** Invitation mails to one e-mail address per window, whoever invites. */
export const INVITE_MAILS_PER_ADDRESS = 5;
/** Invitations one account may send per window (an admin onboarding a whole team stays well below). */
export const INVITES_PER_INVITER = 100;

/**
 * How far a webhook's signed timestamp may be from the server's clock, either way (Zendesk's and Discord's
 * signatures cover one). Outside it the delivery is refused, so a captured request cannot be replayed later.
 */
export const WEBHOOK_TIMESTAMP_TOLERANCE_MS = 5 * 60 * 1000;
