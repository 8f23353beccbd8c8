// Routes, the navigation guard and the menus of spec core §2, as data and pure functions, so the
// server, the browser and the tests share one definition.
import { DASHBOARD_V1_PROFILE_ID, isProductionLike, isRouteExcluded, type AppEnv } from "./constants";
import { MESSAGES, type StaticMessageKey } from "./messages";
import { hasPermission, type PermissionKey, type Permissions } from "./permissions";
import { ROLES, type Role } from "./roles";

type RouteAccess = "public" | "guestOnly" | "login";
type RouteLayout = "default" | "auth" | "loader";

export interface RouteRule {
  /** Path pattern: `:name` matches one segment; `prefix` rules also match every path below. */
  path: string;
  title: string;
  access: RouteAccess;
  roles?: readonly Role[];
  layout: RouteLayout;
  prefix?: boolean;
  /** False until the issue that builds the screen lands: its menu entries stay hidden. */
  built: boolean;
}

const STAFF: readonly Role[] = [ROLES.systemAdmin, ROLES.admin, ROLES.agent];

export const ROUTE_RULES: readonly RouteRule[] = [
  { path: "/login", title: "Login", access: "guestOnly", layout: "auth", built: true },
  { path: "/sign-up", title: "Sign Up", access: "guestOnly", layout: "auth", built: true },
  { path: "/reset-password/:token", title: "Reset Password", access: "guestOnly", layout: "auth", built: true },
  { path: "/forget-password", title: "Forgot Password", access: "guestOnly", layout: "auth", built: true },
  // Sign in with SSO (issue 26, ADR 041): the address step, the way to the identity provider, its answer.
  { path: "/sso", title: "Sign in with SSO", access: "guestOnly", layout: "auth", prefix: true, built: true },
  { path: "/logout", title: "Logout", access: "login", layout: "loader", built: true },
  { path: "/moderation-report", title: "Moderation Report", access: "login", layout: "default", prefix: true, built: true },
  {
    path: "/admin",
    title: "Admin",
    access: "login",
    roles: [ROLES.systemAdmin],
    layout: "default",
    prefix: true,
    built: true,
  },
  { path: "/inbox", title: "Inbox", access: "login", layout: "default", prefix: true, built: true },
  { path: "/search", title: "Live Search", access: "login", layout: "default", prefix: true, built: true },
  // Channels: the list, /settings/channels/new (connect) and /settings/channels/:id (a stream's page).
  {
    path: "/settings/channels",
    title: "Channels",
    access: "login",
    roles: STAFF,
    layout: "default",
    prefix: true,
    built: true,
  },
  {
    path: "/settings/muted-keywords",
    title: "Muted keywords",
    access: "login",
    roles: STAFF,
    layout: "default",
    built: true,
  },
  { path: "/settings/labels", title: "Labels", access: "login", roles: STAFF, layout: "default", built: true },
  // Rules (issue 24): admin and system admin (spec analytics §2, §6).
  {
    path: "/settings/rules",
    title: "Rules",
    access: "login",
    roles: [ROLES.systemAdmin, ROLES.admin],
    layout: "default",
    built: true,
  },
  // E-mail reports (issue 25, ADR 039): admin and system admin (spec analytics §2, §6).
  {
    path: "/settings/reports",
    title: "Reports",
    access: "login",
    roles: [ROLES.systemAdmin, ROLES.admin],
    layout: "default",
    built: true,
  },
  { path: "/settings", title: "Settings", access: "login", roles: STAFF, layout: "default", prefix: true, built: true },
  // Alerts (issue 24, ADR 029): the list, /alerts/new?search_id= or ?topic_id=, /alerts/:id.
  { path: "/alerts", title: "Alerts", access: "login", roles: STAFF, layout: "default", prefix: true, built: true },
  { path: "/topics", title: "Custom Topics", access: "login", layout: "default", prefix: true, built: true },
  // Sentiment exclusions are admin-only (spec core §6); before /account/settings, whose prefix would match first.
  {
    path: "/account/settings/sentiment",
    title: "Sentiment exclusions",
    access: "login",
    roles: [ROLES.systemAdmin, ROLES.admin],
    layout: "default",
    built: true,
  },
  {
    path: "/account/settings",
    title: "Account Settings",
    access: "login",
    layout: "default",
    prefix: true,
    built: true,
  },
  { path: "/charts", title: "Charts", access: "login", layout: "default", prefix: true, built: true },
  // The helper chat (issue 27, ADR 042): /helper and /helper?chat=<id>.
  { path: "/helper", title: "Helper", access: "login", layout: "default", prefix: true, built: true },
  { path: "/how_to", title: "How To", access: "login", layout: "default", built: true },
  // Form targets of take-over (start from the users list; 'Restore Admin Account' to exit).
  { path: "/takeover", title: "Take over", access: "login", layout: "loader", prefix: true, built: true },
  { path: "/", title: "Dashboard", access: "public", layout: "default", built: true },
];

/** Screens that are not routes of their own; false until their issue builds them. */
export const FEATURES = { templatesDialog: true, restoreAdminAccount: true } as const;

function segmentsMatch(want: readonly string[], have: readonly string[], prefix: boolean): boolean {
  if (have.length < want.length || (!prefix && have.length !== want.length)) return false;
  return want.every((segment, i) => segment.startsWith(":") || segment === have[i]);
}

const pathSegments = (path: string) => path.split("/").filter(Boolean);
const RULE_SEGMENTS = new Map(ROUTE_RULES.map((rule) => [rule, pathSegments(rule.path)]));

/**
 * The path as the router matches it: React Router decodes percent-escapes (keeping an encoded '/')
 * and compares case-insensitively, so `/ADMIN` and `/%61dmin` reach the /admin screen and must meet
 * its rule too. Trailing slashes are ignored.
 */
export function normalizePathname(pathname: string): string {
  const decoded = pathname
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, "%2F");
      } catch {
        return segment;
      }
    })
    .join("/")
    .toLowerCase();
  return decoded.length > 1 ? decoded.replace(/\/+$/, "") || "/" : decoded;
}

/** Rules found per path are remembered (a bounded number: addresses may be anything). */
const RULE_CACHE_MAX = 1000;
const ruleCache = new Map<string, RouteRule | undefined>();

/**
 * The rule of a path. Every page asks for its own path and for each menu entry's (two menus on every
 * page), so what was found is remembered.
 */
export function matchRouteRule(pathname: string): RouteRule | undefined {
  if (ruleCache.has(pathname)) return ruleCache.get(pathname);
  const have = pathSegments(normalizePathname(pathname));
  const rule = ROUTE_RULES.find((candidate) =>
    segmentsMatch(RULE_SEGMENTS.get(candidate)!, have, candidate.prefix ?? false),
  );
  if (ruleCache.size < RULE_CACHE_MAX) ruleCache.set(pathname, rule);
  return rule;
}

export interface GuardUser {
  role: Role;
}

export type GuardDecision = { kind: "allow"; rule?: RouteRule } | { kind: "redirect"; location: string };

export function loginLocation(redirectFrom: string): string {
  return `/login?${new URLSearchParams({ redirectFrom }).toString()}`;
}

/**
 * The navigation guard of spec core §2: anonymous users go to login with redirectFrom (path and
 * query); signed-in users leave guest-only routes for the dashboard; a role mismatch or a route
 * excluded in this environment goes to the dashboard. The dashboard is public only with a shared
 * link code (docs/architecture.md "Anonymous visitors").
 */
export function decideNavigation(input: {
  pathname: string;
  search: string;
  user: GuardUser | null;
  appEnv: AppEnv;
}): GuardDecision {
  const rule = matchRouteRule(input.pathname);
  if (!rule) return { kind: "allow" };
  const here = `${input.pathname}${input.search}`;
  if (rule.access === "guestOnly") return input.user ? { kind: "redirect", location: "/" } : { kind: "allow", rule };
  if (rule.access === "public") {
    const shared = new URLSearchParams(input.search).has("shared_link_code");
    return input.user || shared ? { kind: "allow", rule } : { kind: "redirect", location: loginLocation(here) };
  }
  if (!input.user) return { kind: "redirect", location: loginLocation(here) };
  if (rule.roles && !rule.roles.includes(input.user.role)) return { kind: "redirect", location: "/" };
  if (isRouteExcluded(normalizePathname(input.pathname), input.appEnv)) return { kind: "redirect", location: "/" };
  return { kind: "allow", rule };
}

const SAFE_BASE = "http://earshot.invalid";

/** A path of this site: one slash, then anything but a second slash or a backslash (`//host` and `/\host` are hosts to a browser). */
const SITE_PATH = /^\/(?![/\\])/;

/**
 * Where to go after login, and after any form that names where it came from: the one sanitiser of
 * every redirect to a user-supplied target. Only a same-origin path is followed; anything else
 * (absolute URLs, protocol-relative `//host`, `/\host`, scripts, control characters) ends at `/`,
 * and so do /login and /logout (spec: redirectFrom of /logout or /login goes to the dashboard).
 * The path is checked again once its dot segments are resolved: `/.//host`, `/%2e//host` and
 * `/./..//host` resolve to `//host`, which a browser would take to another site (issue 31).
 */
export function safeRedirectPath(value: string | null | undefined): string {
  if (typeof value !== "string" || !SITE_PATH.test(value) || value.includes("\\")) return "/";
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, SAFE_BASE);
  } catch {
    return "/";
  }
  if (url.origin !== SAFE_BASE) return "/";
  // Compared as the router matches (decoded, any case, trailing slash ignored): '/logout/' or
  // '/%6Cogout' would otherwise open the logout screen, which signs the user straight out again.
  const target = normalizePathname(url.pathname);
  if (target === "/login" || target === "/logout") return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!SITE_PATH.test(path) || new URL(path, SAFE_BASE).origin !== SAFE_BASE) return "/";
  return path;
}

/**
 * A path that must begin with one of the site's sections (a form's "back" into the inbox, the search
 * screen...): the same sanitiser, then the section's pattern; anything else is the fallback.
 */
export function safeRedirectPathUnder(value: unknown, pattern: RegExp, fallback: string): string {
  const path = safeRedirectPath(typeof value === "string" ? value : null);
  return path !== "/" && pattern.test(path) ? path : fallback;
}

// ---------------------------------------------------------------------------------------------
// Menus

export interface MenuUser {
  role: Role;
  permissions: Permissions | null | undefined;
  businessProfileId: number;
  isAccountOvertaken: boolean;
}

type MenuItemKind = "link" | "dialog" | "action";

export interface MenuItem {
  id: string;
  label: string;
  to: string;
  kind: MenuItemKind;
}

export interface MenuEntry {
  id: string;
  label: StaticMessageKey;
  to: string;
  kind?: MenuItemKind;
  /** Which environments list it: production-like, the others, or both. */
  envs: "productionLike" | "other" | "all";
  when?: (user: MenuUser) => boolean;
  /** Shown to guests (spec: guests see only Settings and Logout). */
  forGuests?: boolean;
  feature?: keyof typeof FEATURES;
  /**
   * The entries of the permission table (ADR 035) the screen needs: without them the screen could only
   * say "not allowed", so the entry is not offered.
   */
  needs?: readonly PermissionKey[];
}

const isSystemAdmin = (u: MenuUser) => u.role === ROLES.systemAdmin;
const isAdminOrSystemAdmin = (u: MenuUser) => u.role === ROLES.systemAdmin || u.role === ROLES.admin;
const canWriteSettings = (u: MenuUser) => hasPermission(u.permissions, "settings.index.write");
const isStaff = (u: MenuUser) => STAFF.includes(u.role);
const isDemoProfile = (u: MenuUser) => u.businessProfileId === DASHBOARD_V1_PROFILE_ID;
const restoresAdmin = (u: MenuUser) => u.isAccountOvertaken;
const readsAlerts = (u: MenuUser) => isStaff(u) && hasPermission(u.permissions, "alerts.index.read");

/** What the inbox and Live Search read (their screens' own checks: the inbox route, app/components/search/access.ts). */
const INBOX_NEEDS: readonly PermissionKey[] = ["inbox.items.read"];
const LIVE_SEARCH_NEEDS: readonly PermissionKey[] = ["searches.index.read", "inbox.items.read"];
/** What the helper reads (services/helper/access.ts). */
const HELPER_NEEDS: readonly PermissionKey[] = ["helper.index.read"];

export const SIDE_MENU: readonly MenuEntry[] = [
  { id: "dashboard", label: "dashboard", to: "/", envs: "all" },
  { id: "helper-prod", label: "helper", to: "/helper", envs: "productionLike", needs: HELPER_NEEDS },
  // docs/architecture.md: there is no legacy app; the production-like Streams entry opens the inbox.
  { id: "streams", label: "streams", to: "/inbox", envs: "productionLike", needs: INBOX_NEEDS },
  { id: "inbox", label: "inbox", to: "/inbox", envs: "other", needs: INBOX_NEEDS },
  { id: "live-search", label: "liveSearch", to: "/search", envs: "all", needs: LIVE_SEARCH_NEEDS },
  { id: "helper", label: "helper", to: "/helper", envs: "other", needs: HELPER_NEEDS },
  { id: "how-to", label: "howTo", to: "/how_to", envs: "all" },
];

export const AVATAR_MENU: readonly MenuEntry[] = [
  // Production-like order (spec core §2).
  { id: "admin-bp", label: "adminBp", to: "/admin", envs: "productionLike", when: isSystemAdmin },
  { id: "people", label: "people", to: "/settings/users", envs: "productionLike", when: canWriteSettings },
  { id: "profiles", label: "profiles", to: "/settings/channels", envs: "productionLike", when: canWriteSettings },
  { id: "teams-prod", label: "teams", to: "/settings/teams", envs: "productionLike", when: canWriteSettings },
  { id: "custom-topics-prod", label: "customTopics", to: "/topics", envs: "productionLike" },
  // Not in the spec's menus: beside Custom Topics, whose alerts it lists with the saved searches' (ADR 029).
  { id: "alerts-prod", label: "alertsMenu", to: "/alerts", envs: "productionLike", when: readsAlerts },
  {
    id: "restore-admin-prod",
    label: "restoreAdminAccount",
    to: "/takeover/exit",
    kind: "action",
    envs: "productionLike",
    when: restoresAdmin,
    feature: "restoreAdminAccount",
    forGuests: true,
  },
  { id: "rules", label: "rules", to: "/settings/rules", envs: "productionLike", when: isAdminOrSystemAdmin },
  { id: "reports", label: "reports", to: "/settings/reports", envs: "productionLike", when: isAdminOrSystemAdmin },
  // Other environments (spec core §2 lists Users, Channels, Teams first).
  { id: "users", label: "users", to: "/settings/users", envs: "other", when: isStaff, needs: ["users.index.read"] },
  { id: "channels", label: "channels", to: "/settings/channels", envs: "other", when: isStaff, needs: ["channels.index.read"] },
  { id: "teams", label: "teams", to: "/settings/teams", envs: "other", when: isStaff, needs: ["teams.index.read"] },
  // Both.
  {
    id: "templates",
    label: "templates",
    to: "?dialog=templates",
    kind: "dialog",
    envs: "all",
    feature: "templatesDialog",
    needs: ["templates.index.read"],
  },
  { id: "dashboard-v1", label: "dashboardV1", to: "/charts", envs: "all", when: isDemoProfile },
  { id: "settings", label: "settings", to: "/account/settings", envs: "all", forGuests: true },
  {
    id: "moderation-report",
    label: "moderationReport",
    to: "/moderation-report",
    envs: "all",
    when: (u) => isDemoProfile(u) || isSystemAdmin(u),
    needs: ["moderation.index.read"],
  },
  { id: "custom-topics", label: "customTopics", to: "/topics", envs: "other" },
  { id: "alerts", label: "alertsMenu", to: "/alerts", envs: "other", when: readsAlerts },
  {
    id: "restore-admin",
    label: "restoreAdminAccount",
    to: "/takeover/exit",
    kind: "action",
    envs: "other",
    when: restoresAdmin,
    feature: "restoreAdminAccount",
    forGuests: true,
  },
  { id: "admin-bp-other", label: "adminBp", to: "/admin", envs: "other", when: isSystemAdmin },
  { id: "logout", label: "logout", to: "/logout", kind: "action", envs: "all", forGuests: true },
];

/** Whether an entry's screen exists in this build (route built flag, or its FEATURES flag). */
export type MenuBuiltPredicate = (entry: MenuEntry) => boolean;

/** The default: the screen exists in this build (its route is built, or its feature flag is on). */
export function isMenuEntryBuilt(entry: MenuEntry): boolean {
  if (entry.feature) return FEATURES[entry.feature];
  if (entry.kind === "action") {
    return entry.to === "/logout" ? (matchRouteRule("/logout")?.built ?? false) : true;
  }
  return !!matchRouteRule(entry.to)?.built;
}

/** A link whose route is excluded in this environment is hidden (docs/architecture.md "Environments"). */
function isExcludedHere(entry: MenuEntry, appEnv: AppEnv): boolean {
  return (entry.kind ?? "link") === "link" && isRouteExcluded(normalizePathname(entry.to), appEnv);
}

function visibleEntries(
  entries: readonly MenuEntry[],
  user: MenuUser,
  appEnv: AppEnv,
  options: { guestsOnlyForGuests: boolean; isBuilt: MenuBuiltPredicate },
): MenuItem[] {
  const productionLike = isProductionLike(appEnv);
  return entries
    .filter((e) => e.envs === "all" || (e.envs === "productionLike") === productionLike)
    .filter((e) => (options.guestsOnlyForGuests && user.role === ROLES.guest ? e.forGuests === true : true))
    .filter((e) => !e.when || e.when(user))
    .filter((e) => (e.needs ?? []).every((key) => hasPermission(user.permissions, key)))
    .filter((e) => canOpen(e, user))
    .filter((e) => options.isBuilt(e) && !isExcludedHere(e, appEnv))
    .map((e) => ({ id: e.id, label: MESSAGES[e.label], to: e.to, kind: e.kind ?? "link" }));
}

/** A link is only offered when the guard would let this user through. */
function canOpen(entry: MenuEntry, user: MenuUser): boolean {
  if ((entry.kind ?? "link") !== "link") return true;
  const rule = matchRouteRule(entry.to);
  return !rule?.roles || rule.roles.includes(user.role);
}

/**
 * The side menu of spec core §2. The guests' restriction ("only Settings and Logout") is the avatar
 * menu's; the side menu offers a screen only to whoever holds what it needs (ADR 035), so a guest
 * without the inbox's permissions sees neither Inbox nor Live Search.
 */
export function sideMenu(user: MenuUser, appEnv: AppEnv, isBuilt: MenuBuiltPredicate = isMenuEntryBuilt): MenuItem[] {
  return visibleEntries(SIDE_MENU, user, appEnv, { guestsOnlyForGuests: false, isBuilt });
}

export function avatarMenu(user: MenuUser, appEnv: AppEnv, isBuilt: MenuBuiltPredicate = isMenuEntryBuilt): MenuItem[] {
  return visibleEntries(AVATAR_MENU, user, appEnv, { guestsOnlyForGuests: true, isBuilt });
}
