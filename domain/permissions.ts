import { toCamelKey } from "./key-case";
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
  const byPermission = spelledEitherWay(perms, scope);
  if (!byPermission || typeof byPermission !== "object") return false;
  const byAction = spelledEitherWay(byPermission, permission);
  if (!byAction || typeof byAction !== "object") return false;
  const value = own(byAction, action);
  return typeof value === "number" && value > 0;
}

/**
 * The table's key as the API writes it (`shared_links`) or as the web client reads the account
 * (`sharedLinks`: every answer's keys are camelCased), so a screen checks the same entry the API does.
 */
function spelledEitherWay<T>(obj: Record<string, T>, key: string): T | undefined {
  return own(obj, key) ?? (key.includes("_") ? own(obj, toCamelKey(key)) : undefined);
}

/** Reads own properties only, so keys such as 'constructor' or '__proto__' never grant anything. */
function own<T>(obj: Record<string, T>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

/** A call of the API that a permission gates: `{id}` stands for a record (the check comes first). */
interface PermissionEndpoint {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: Record<string, unknown>;
}

interface PermissionRule {
  /** The weakest role that holds the entry by default (roles: system admin 0 > admin 1 > agent 2 > guest 4). */
  weakest: Role;
  /** The API call this entry opens; null where no screen or call of this build needs it yet. */
  endpoint: PermissionEndpoint | null;
}

/**
 * THE permission table (ADR 035): the one source of what each role may do. A new account gets these
 * entries (with 0 where not granted, so the shape is predictable); the services check the entries, the
 * account's `permissions` answer shows them, the menus and screens offer only what they grant, and a
 * test calls each entry's endpoint as every role to prove the answer says exactly what the API allows.
 *
 * The spec only says that People, Profiles and Teams need 'settings index write' and that a check is
 * "entry > 0"; which role holds what is ours:
 * - system admin only: admin tools (`admin.index.*`, business profiles, take-over);
 * - admin and system admin: settings/users/teams/rules/reports write, channel management, sentiment
 *   exclusion words (admin-only endpoints, spec core §6), SSO settings (every member reads them, ADR 041);
 * - agent and above: settings, users and teams read; inbox work (read, write, assign); searches and
 *   topics write, templates, labels, alerts, annotations, muted keywords, dashboard, helper, moderation read;
 * - everyone, guests too: reading saved searches and topics (ADR 013: visibility is the read rule);
 * - guest: every other entry is present but 0, so a guest is granted nothing more until an admin grants it.
 */
export const PERMISSION_TABLE = {
  "admin.index.read": { weakest: ROLES.systemAdmin, endpoint: { method: "GET", path: "/v1/admin/accounts/{id}" } },
  "admin.index.write": { weakest: ROLES.systemAdmin, endpoint: null },
  "admin.business_profiles.read": { weakest: ROLES.systemAdmin, endpoint: { method: "GET", path: "/v1/admin/business_profiles" } },
  "admin.business_profiles.write": { weakest: ROLES.systemAdmin, endpoint: { method: "PATCH", path: "/v1/admin/business_profiles", body: {} } },
  "admin.takeover.write": { weakest: ROLES.systemAdmin, endpoint: { method: "POST", path: "/v1/admin/accounts/takeover", body: { account_id: 999_999_999 } } },

  "settings.index.read": { weakest: ROLES.agent, endpoint: null },
  "settings.index.write": { weakest: ROLES.admin, endpoint: null },
  "users.index.read": { weakest: ROLES.agent, endpoint: { method: "GET", path: "/v1/accounts" } },
  "users.index.write": { weakest: ROLES.admin, endpoint: { method: "DELETE", path: "/v1/accounts/{id}" } },
  "teams.index.read": { weakest: ROLES.agent, endpoint: { method: "GET", path: "/v1/teams" } },
  "teams.index.write": { weakest: ROLES.admin, endpoint: { method: "DELETE", path: "/v1/teams/{id}" } },
  "channels.index.read": { weakest: ROLES.agent, endpoint: { method: "GET", path: "/v1/streams" } },
  "channels.index.write": { weakest: ROLES.admin, endpoint: { method: "DELETE", path: "/v1/streams/{id}" } },
  "rules.index.read": { weakest: ROLES.admin, endpoint: null },
  "rules.index.write": { weakest: ROLES.admin, endpoint: null },
  "reports.index.read": { weakest: ROLES.admin, endpoint: { method: "GET", path: "/v1/admin/emails" } },
  "reports.index.write": { weakest: ROLES.admin, endpoint: { method: "DELETE", path: "/v1/admin/emails/{id}" } },
  "sentiment.exclude_words.read": { weakest: ROLES.admin, endpoint: { method: "GET", path: "/v1/sentiments/exclude_words" } },
  "sentiment.exclude_words.write": { weakest: ROLES.admin, endpoint: { method: "DELETE", path: "/v1/sentiments/exclude_words/{id}" } },
  // Every member reads the SSO screen (spec: "login required"); only admins change it (ADR 041).
  "sso.index.read": { weakest: ROLES.guest, endpoint: { method: "GET", path: "/v1/admin/business_profiles/preferences/sso/saml" } },
  // The body passes the form's checks; its certificate (DER-shaped, not X.509) is refused after the permission.
  "sso.index.write": {
    weakest: ROLES.admin,
    endpoint: {
      method: "PUT",
      path: "/v1/admin/business_profiles/preferences/sso/saml",
      body: { idp_login_url: "https://idp.example/sso", idp_entity_id: "idp", idp_cert: "MIIABTADAgEA", is_active: false },
    },
  },

  "inbox.items.read": { weakest: ROLES.agent, endpoint: { method: "GET", path: "/v1/feed-items" } },
  "inbox.items.write": { weakest: ROLES.agent, endpoint: { method: "DELETE", path: "/v1/feed-items/{id}/draft" } },
  "inbox.items.assign": { weakest: ROLES.agent, endpoint: { method: "POST", path: "/v1/feed-items/{id}/assign", body: { assignee_type: "account", assignee_id: 1 } } },
  "searches.index.read": { weakest: ROLES.guest, endpoint: { method: "GET", path: "/search/folders" } },
  "searches.index.write": { weakest: ROLES.agent, endpoint: { method: "DELETE", path: "/search/folders/{id}" } },
  "templates.index.read": { weakest: ROLES.agent, endpoint: { method: "GET", path: "/v1/templates" } },
  "templates.index.write": { weakest: ROLES.agent, endpoint: { method: "DELETE", path: "/v1/templates/{id}" } },
  "labels.index.read": { weakest: ROLES.agent, endpoint: { method: "GET", path: "/v1/labels" } },
  "labels.index.write": { weakest: ROLES.agent, endpoint: { method: "DELETE", path: "/v1/labels/{id}" } },
  "alerts.index.read": { weakest: ROLES.agent, endpoint: null },
  "alerts.index.write": { weakest: ROLES.agent, endpoint: null },
  "topics.index.read": { weakest: ROLES.guest, endpoint: { method: "GET", path: "/v1/topics" } },
  "topics.index.write": { weakest: ROLES.agent, endpoint: { method: "DELETE", path: "/v1/topics/{id}" } },
  "annotations.index.read": { weakest: ROLES.agent, endpoint: { method: "GET", path: "/v1/annotations/layers" } },
  "annotations.index.write": { weakest: ROLES.agent, endpoint: { method: "DELETE", path: "/v1/annotations/layers/{id}" } },
  "muted_keywords.index.read": { weakest: ROLES.agent, endpoint: { method: "GET", path: "/v1/muted_keywords" } },
  "muted_keywords.index.write": { weakest: ROLES.agent, endpoint: { method: "DELETE", path: "/v1/muted_keywords/{id}" } },
  "dashboard.index.read": { weakest: ROLES.agent, endpoint: { method: "GET", path: "/v1/dashboard/templates" } },
  "dashboard.index.write": { weakest: ROLES.agent, endpoint: { method: "PATCH", path: "/v1/dashboard/templates/{id}", body: {} } },
  "dashboard.shared_links.write": { weakest: ROLES.agent, endpoint: { method: "DELETE", path: "/v1/dashboard_shared_links/{id}" } },
  "helper.index.read": { weakest: ROLES.agent, endpoint: { method: "GET", path: "/v1/helper/pinned_questions" } },
  "helper.index.write": { weakest: ROLES.agent, endpoint: { method: "DELETE", path: "/v1/helper/pinned_questions/{id}" } },
  "moderation.index.read": { weakest: ROLES.agent, endpoint: { method: "GET", path: "/v1/moderation/events" } },
} as const satisfies Record<string, PermissionRule>;

export type PermissionKey = keyof typeof PERMISSION_TABLE;

export const PERMISSION_KEYS = Object.keys(PERMISSION_TABLE) as PermissionKey[];

/** Whether a role holds an entry by default (the table's weakest role or a stronger one). */
function roleHolds(role: Role, key: PermissionKey): boolean {
  return role <= PERMISSION_TABLE[key].weakest;
}

export function defaultPermissionsForRole(role: Role): Permissions {
  const perms: Permissions = {};
  for (const key of PERMISSION_KEYS) {
    const [scope, permission, action] = key.split(".") as [
      string,
      string,
      string,
    ];
    const byPermission = (perms[scope] ??= {});
    const byAction = (byPermission[permission] ??= {});
    byAction[action] = roleHolds(role, key) ? 1 : 0;
  }
  return perms;
}
