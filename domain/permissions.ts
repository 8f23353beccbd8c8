import { ROLES, type Role } from "./roles";

/**
 * An account's permissions: `{ [scope]: { [permission]: { [action]: number } } }`.
 * An entry grants the action when it is greater than 0 (spec §6); a missing entry grants nothing.
 */
export type Permissions = Record<
  string,
  Record<string, Record<string, number>>
>;

/**
 * True when `perms[scope][permission][action] > 0`. `key` is 'scope.permission.action',
 * e.g. 'settings.index.write'. A malformed key (not exactly three non-empty parts) is false.
 */
export function hasPermission(
  perms: Permissions | null | undefined,
  key: string,
): boolean {
  const parts = key.split(".");
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) return false;
  const [scope, permission, action] = parts as [string, string, string];
  return can(perms, scope, permission, action);
}

/**
 * The one rule for mention text (issue 31): whoever reads the text of mentions (posts, comments,
 * reviews) holds `inbox.items.read`, on every path that returns it: statuses, the inbox, search, the
 * dashboard's most-impactful-posts and cluster members, the chart drill-down, and their CSVs. A guest
 * holds it only when an admin grants it. (A shared link's viewer sees what its link shares: see
 * services/analytics/viewer.ts.)
 */
const MENTION_TEXT_PERMISSION = "inbox.items.read";

export function mayReadMentionText(perms: Permissions | null | undefined): boolean {
  return hasPermission(perms, MENTION_TEXT_PERMISSION);
}

/** The same check with the three parts given apart. */
export function can(
  perms: Permissions | null | undefined,
  scope: string,
  permission: string,
  action: string,
): boolean {
  if (!perms || typeof perms !== "object") return false;
  const byPermission = own(perms, scope);
  if (!byPermission || typeof byPermission !== "object") return false;
  const byAction = own(byPermission, permission);
  if (!byAction || typeof byAction !== "object") return false;
  const value = own(byAction, action);
  return typeof value === "number" && value > 0;
}

/** Reads own properties only, so keys such as 'constructor' or '__proto__' never grant anything. */
function own<T>(obj: Record<string, T>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

/**
 * Default permissions given to a new account of each role.
 *
 * The spec only says that People, Profiles and Teams need 'settings index write' and that a check is
 * "entry > 0"; it does not say which role holds what. Our choice, expressed as the weakest role that
 * holds each entry (roles are ordered system admin 0 > admin 1 > agent 2 > guest 4):
 *
 * - system admin only: admin tools (`admin.index.*`, business profiles, take-over);
 * - admin and system admin: settings/users/teams/rules/reports write, channel management,
 *   sentiment exclusion words, SSO;
 * - agent and above: settings, users and teams read; inbox work (read, write, assign); searches,
 *   templates, labels, alerts, topics, annotations, muted keywords, dashboard, helper, moderation read;
 * - guest: every entry is present but 0, so a guest is granted nothing until an admin grants it.
 *
 * Every role gets the full set of keys (with 0 where not granted), so the shape is predictable.
 */
const DEFAULT_PERMISSION_MATRIX: Readonly<Record<string, Role | null>> =
  {
    "admin.index.read": ROLES.systemAdmin,
    "admin.index.write": ROLES.systemAdmin,
    "admin.business_profiles.read": ROLES.systemAdmin,
    "admin.business_profiles.write": ROLES.systemAdmin,
    "admin.takeover.write": ROLES.systemAdmin,

    "settings.index.read": ROLES.agent,
    "settings.index.write": ROLES.admin,
    "users.index.read": ROLES.agent,
    "users.index.write": ROLES.admin,
    "teams.index.read": ROLES.agent,
    "teams.index.write": ROLES.admin,
    "channels.index.read": ROLES.agent,
    "channels.index.write": ROLES.admin,
    "rules.index.read": ROLES.admin,
    "rules.index.write": ROLES.admin,
    "reports.index.read": ROLES.admin,
    "reports.index.write": ROLES.admin,
    "sentiment.exclude_words.read": ROLES.agent,
    "sentiment.exclude_words.write": ROLES.admin,
    "sso.index.read": ROLES.admin,
    "sso.index.write": ROLES.admin,

    "inbox.items.read": ROLES.agent,
    "inbox.items.write": ROLES.agent,
    "inbox.items.assign": ROLES.agent,
    "searches.index.read": ROLES.agent,
    "searches.index.write": ROLES.agent,
    "templates.index.read": ROLES.agent,
    "templates.index.write": ROLES.agent,
    "labels.index.read": ROLES.agent,
    "labels.index.write": ROLES.agent,
    "alerts.index.read": ROLES.agent,
    "alerts.index.write": ROLES.agent,
    "topics.index.read": ROLES.agent,
    "topics.index.write": ROLES.agent,
    "annotations.index.read": ROLES.agent,
    "annotations.index.write": ROLES.agent,
    "muted_keywords.index.read": ROLES.agent,
    "muted_keywords.index.write": ROLES.agent,
    "dashboard.index.read": ROLES.agent,
    "dashboard.index.write": ROLES.agent,
    "dashboard.shared_links.write": ROLES.agent,
    "helper.index.read": ROLES.agent,
    "helper.index.write": ROLES.agent,
    "moderation.index.read": ROLES.agent,
  };

export function defaultPermissionsForRole(role: Role): Permissions {
  const perms: Permissions = {};
  for (const [key, weakest] of Object.entries(DEFAULT_PERMISSION_MATRIX)) {
    const [scope, permission, action] = key.split(".") as [
      string,
      string,
      string,
    ];
    const byPermission = (perms[scope] ??= {});
    const byAction = (byPermission[permission] ??= {});
    byAction[action] = weakest !== null && role <= weakest ? 1 : 0;
  }
  return perms;
}
