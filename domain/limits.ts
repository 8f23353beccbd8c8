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

/**
 * Records one tenant (business profile) may hold, per kind. Checked in the create service, counted in the
 * same transaction as the insert (ADR 026). Each is far above what a large customer uses; the numbers a
 * screen shows without paging are in `LIST_PAGE_SIZE`.
 */
export const TENANT_LIMITS = {
  labels: 1_000,
  teams: 200,
  mutedKeywords: 1_000,
  sentimentExcludeWords: 1_000,
  replyTemplates: 1_000,
  searchItems: 1_000,
  searchFolders: 200,
  topics: 1_000,
  topicGroups: 200,
  streams: 500,
  dashboardTemplates: 200,
  dashboardSharedLinks: 1_000,
  annotationLayers: 200,
  annotations: 10_000,
  teamMemberInvites: 1_000,
  accounts: 2_000,
  filters: 1_000,
} as const;
export type LimitedKind = keyof typeof TENANT_LIMITS;

/** How each kind is named in the refusal ('You can have at most 1,000 labels.'). */
export const LIMITED_KIND_NAMES: Readonly<Record<LimitedKind, string>> = {
  labels: "labels",
  teams: "teams",
  mutedKeywords: "muted keywords",
  sentimentExcludeWords: "sentiment exclusion words",
  replyTemplates: "templates",
  searchItems: "saved searches",
  searchFolders: "search folders",
  topics: "topics",
  topicGroups: "topic groups",
  streams: "streams",
  dashboardTemplates: "dashboard templates",
  dashboardSharedLinks: "shared links",
  annotationLayers: "annotation layers",
  annotations: "annotations",
  teamMemberInvites: "open invitations",
  accounts: "accounts",
  filters: "saved filters",
};

/** Pins are per user, not per tenant. */
export const PINS_PER_ACCOUNT = 500;

/** Rows a settings screen renders per page (a next-page link follows, without JavaScript). */
export const LIST_PAGE_SIZE = 100;
/** Teams a page: each editable team card lists every member candidate as a checkbox. */
export const TEAMS_PAGE_SIZE = 20;
/** The most any list endpoint answers at once (`limit` above it is refused with 422). */
/** @public A constant of the spec that no code reads yet: kept word for word beside the others. */
export const MAX_LIST_LIMIT = 1_000;

/** One page of a list for a settings screen: `page` (1-based, from ?page=) is clamped to the pages there are. */
export function pageOfList<T>(list: readonly T[], requestedPage: unknown, size: number = LIST_PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(list.length / size));
  const asked = typeof requestedPage === "string" && /^\d{1,6}$/.test(requestedPage) ? Number(requestedPage) : 1;
  const page = Math.min(Math.max(asked, 1), pageCount);
  return { items: list.slice((page - 1) * size, page * size), page, pageCount, total: list.length };
}
