import { describe, expect, it } from "vitest";
import { APP_ENVS, DASHBOARD_V1_PROFILE_ID, isProductionLike, type AppEnv } from "./constants";
import {
  AVATAR_MENU,
  avatarMenu,
  decideNavigation,
  FEATURES,
  isMenuEntryBuilt,
  loginLocation,
  matchRouteRule,
  normalizePathname,
  ROUTE_RULES,
  safeRedirectPath,
  SIDE_MENU,
  sideMenu,
  type MenuItem,
  type MenuUser,
} from "./navigation";
import { defaultPermissionsForRole, type Permissions } from "./permissions";
import { ROLES, ROLE_VALUES, type Role } from "./roles";

// ---------------------------------------------------------------------------------------------
// The spec's route table (core §2, §6, docs/architecture.md "Environments"), written out independently of
// ROUTE_RULES so the guard is checked against the spec rather than against itself.

type SpecAccess =
  | { kind: "guestOnly" }
  | { kind: "dashboard" }
  | { kind: "login"; roles?: readonly Role[]; excludedIn?: readonly AppEnv[] };

const STAFF = [ROLES.systemAdmin, ROLES.admin, ROLES.agent] as const;

const SPEC_ROUTES: Record<string, { access: SpecAccess; samples: string[] }> = {
  "/login": { access: { kind: "guestOnly" }, samples: ["/login"] },
  "/sign-up": { access: { kind: "guestOnly" }, samples: ["/sign-up"] },
  "/reset-password/:token": { access: { kind: "guestOnly" }, samples: ["/reset-password/x", "/reset-password/abc123"] },
  "/forget-password": { access: { kind: "guestOnly" }, samples: ["/forget-password"] },
  // Not a screen of the spec: "Sign in with SSO" and a profile's sign-in link (issue 26, ADR 041).
  "/sso": { access: { kind: "guestOnly" }, samples: ["/sso", "/sso/saml/3"] },
  "/logout": { access: { kind: "login" }, samples: ["/logout"] },
  "/moderation-report": { access: { kind: "login" }, samples: ["/moderation-report"] },
  "/admin": {
    access: { kind: "login", roles: [ROLES.systemAdmin] },
    samples: ["/admin", "/admin/business-profiles/3"],
  },
  "/inbox": { access: { kind: "login", excludedIn: ["demo"] }, samples: ["/inbox", "/inbox/42"] },
  "/search": { access: { kind: "login", excludedIn: ["demo"] }, samples: ["/search", "/search/7"] },
  "/settings": {
    access: { kind: "login", roles: STAFF },
    samples: ["/settings", "/settings/users", "/settings/channels", "/settings/teams"],
  },
  "/topics": { access: { kind: "login" }, samples: ["/topics", "/topics/12"] },
  // Not a screen of the spec: the alerts' list and form (issue 24, ADR 029).
  "/alerts": { access: { kind: "login", roles: STAFF }, samples: ["/alerts", "/alerts/new", "/alerts/3"] },
  "/account/settings": {
    access: { kind: "login" },
    samples: [
      "/account/settings",
      "/account/settings/preferences",
      "/account/settings/safety-and-privacy",
      "/account/settings/sso",
    ],
  },
  "/charts": { access: { kind: "login", excludedIn: ["demo", "prod"] }, samples: ["/charts", "/charts/1"] },
  "/helper": { access: { kind: "login" }, samples: ["/helper"] },
  "/how_to": { access: { kind: "login" }, samples: ["/how_to"] },
  // Take-over form targets: start (the API decides who may) and exit ('Restore Admin Account', which
  // a taken-over account of any role must reach).
  "/takeover": { access: { kind: "login" }, samples: ["/takeover/start", "/takeover/exit"] },
  "/": { access: { kind: "dashboard" }, samples: ["/"] },
};

/** The spec entry a rule belongs to: its own, or the spec route it is a part of. */
function specPatternFor(rulePath: string): string | undefined {
  if (SPEC_ROUTES[rulePath]) return rulePath;
  return Object.keys(SPEC_ROUTES)
    .filter((p) => p !== "/" && rulePath.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
}

type Who = { label: string; user: { role: Role } | null };
const USERS: Who[] = [
  { label: "anonymous", user: null },
  ...ROLE_VALUES.map((role) => ({ label: `role ${role}`, user: { role } })),
];

const QUERY = "?a=1&b=two%20words&c=%2Fx";

function expectedDecision(access: SpecAccess, path: string, search: string, who: Who, env: AppEnv) {
  const login = { kind: "redirect", location: `/login?redirectFrom=${encodeURIComponent(path + search)}` };
  const home = { kind: "redirect", location: "/" };
  switch (access.kind) {
    case "guestOnly":
      return who.user ? home : { kind: "allow" };
    case "dashboard":
      return who.user || new URLSearchParams(search).has("shared_link_code") ? { kind: "allow" } : login;
    case "login":
      if (!who.user) return login;
      if (access.roles && !access.roles.includes(who.user.role)) return home;
      if (access.excludedIn?.includes(env)) return home;
      return { kind: "allow" };
  }
}

describe("decideNavigation (spec core §2 guard) for every rule × user × APP_ENV", () => {
  it("the spec table above covers every rule of ROUTE_RULES (a new rule must be added to it)", () => {
    for (const rule of ROUTE_RULES) {
      // A rule for part of a spec route (e.g. /settings/channels) is covered by that route's entry.
      expect(specPatternFor(rule.path), rule.path).toBeDefined();
    }
    for (const pattern of Object.keys(SPEC_ROUTES))
      expect(matchRouteRule(pattern.replace(":token", "x"))).toBeDefined();
  });

  for (const [pattern, spec] of Object.entries(SPEC_ROUTES)) {
    for (const env of APP_ENVS) {
      for (const who of USERS) {
        it(`${pattern} · ${who.label} · ${env}`, () => {
          for (const path of spec.samples) {
            for (const search of ["", QUERY]) {
              const decision = decideNavigation({ pathname: path, search, user: who.user, appEnv: env });
              const want = expectedDecision(spec.access, path, search, who, env);
              expect(decision.kind, `${path}${search}`).toBe(want.kind);
              if (want.kind === "redirect") {
                expect(decision, `${path}${search}`).toEqual(want);
              } else {
                const rulePath = decision.kind === "allow" ? decision.rule?.path : undefined;
                expect(rulePath && specPatternFor(rulePath), `${path}${search}`).toBe(pattern);
              }
            }
          }
        });
      }
    }
  }

  it("anonymous on a protected route keeps path and query in redirectFrom (one level of encoding)", () => {
    const decision = decideNavigation({ pathname: "/inbox", search: "?x=1&y=a%20b", user: null, appEnv: "local" });
    expect(decision).toEqual({ kind: "redirect", location: "/login?redirectFrom=%2Finbox%3Fx%3D1%26y%3Da%2520b" });
    const location = (decision as { location: string }).location;
    expect(new URL(location, "http://x").searchParams.get("redirectFrom")).toBe("/inbox?x=1&y=a%20b");
    expect(loginLocation("/settings/users?tab=2")).toBe("/login?redirectFrom=%2Fsettings%2Fusers%3Ftab%3D2");
  });

  it("/ for anonymous: login without a shared link code, allowed with one", () => {
    expect(decideNavigation({ pathname: "/", search: "", user: null, appEnv: "prod" })).toEqual({
      kind: "redirect",
      location: "/login?redirectFrom=%2F",
    });
    for (const env of APP_ENVS) {
      const decision = decideNavigation({
        pathname: "/",
        search: "?shared_link_code=abc&from=1",
        user: null,
        appEnv: env,
      });
      expect(decision.kind).toBe("allow");
    }
  });

  it("unknown paths are allowed (the 'Page not found' screen renders)", () => {
    for (const env of APP_ENVS) {
      for (const who of USERS) {
        for (const path of ["/some/unknown/path", "/loginx", "/administrator", "/inboxes", "/settingsx", "/n"]) {
          expect(decideNavigation({ pathname: path, search: "?q=1", user: who.user, appEnv: env })).toEqual({
            kind: "allow",
          });
        }
      }
    }
  });

  it("matches the way the router does: any case, percent-escapes decoded, trailing slash ignored", () => {
    const agent = { role: ROLES.agent };
    for (const path of ["/ADMIN", "/Admin/x", "/%61dmin", "/admin/", "/admin//"]) {
      expect(decideNavigation({ pathname: path, search: "", user: agent, appEnv: "local" }), path).toEqual({
        kind: "redirect",
        location: "/",
      });
      expect(decideNavigation({ pathname: path, search: "", user: null, appEnv: "local" }).kind, path).toBe("redirect");
    }
    expect(decideNavigation({ pathname: "/CHARTS", search: "", user: agent, appEnv: "prod" })).toEqual({
      kind: "redirect",
      location: "/",
    });
    expect(decideNavigation({ pathname: "/Inbox/", search: "", user: agent, appEnv: "demo" })).toEqual({
      kind: "redirect",
      location: "/",
    });
    expect(decideNavigation({ pathname: "/LOGIN", search: "", user: agent, appEnv: "local" })).toEqual({
      kind: "redirect",
      location: "/",
    });
    // An encoded slash is not a separator for the router either.
    expect(matchRouteRule("/%2Fadmin")).toBeUndefined();
    expect(normalizePathname("/%E0%A4%A")).toBe("/%e0%a4%a");
  });
});

// ---------------------------------------------------------------------------------------------

describe("safeRedirectPath", () => {
  const unsafe = [
    "https://evil.example",
    "http://evil.example/inbox",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    // As literally received (still encoded) and after the one URL decode the query parser does.
    "%2F%2Fevil.example",
    decodeURIComponent("%2F%2Fevil.example"),
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "/\t/evil",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "data:text/html,hi",
    "evil.example",
    "",
    null,
    undefined,
  ];
  for (const value of unsafe) {
    it(`${JSON.stringify(value)} → /`, () => {
      expect(safeRedirectPath(value)).toBe("/");
    });
  }

  it("/login and /logout, however spelled, end on the dashboard", () => {
    for (const value of [
      "/login",
      "/logout",
      "/logout?x=1",
      "/login?redirectFrom=%2Finbox",
      "/logout#top",
      "/logout/",
      "/LOGOUT",
      "/%6Cogout",
      "/./logout",
      "/inbox/../logout",
    ]) {
      expect(safeRedirectPath(value), value).toBe("/");
    }
  });

  it("keeps a same-site path with its query and hash", () => {
    expect(safeRedirectPath("/inbox?x=1#h")).toBe("/inbox?x=1#h");
    expect(safeRedirectPath("/some/page?q=1")).toBe("/some/page?q=1");
    expect(safeRedirectPath("/")).toBe("/");
    expect(safeRedirectPath("/settings/users")).toBe("/settings/users");
    expect(safeRedirectPath("/loginx")).toBe("/loginx");
    // Still encoded, these stay paths on this site.
    expect(safeRedirectPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });
});

// ---------------------------------------------------------------------------------------------
// Menus

const BUSINESS_PROFILES = [DASHBOARD_V1_PROFILE_ID, 12];

function menuUser(role: Role, options: Partial<MenuUser> = {}): MenuUser {
  return {
    role,
    permissions: defaultPermissionsForRole(role),
    businessProfileId: 12,
    isAccountOvertaken: false,
    ...options,
  };
}

function* menuUsers(): Generator<{ label: string; user: MenuUser }> {
  for (const role of ROLE_VALUES) {
    for (const businessProfileId of BUSINESS_PROFILES) {
      for (const isAccountOvertaken of [false, true]) {
        for (const grant of ["default", "granted", "none"] as const) {
          const permissions: Permissions | null =
            grant === "none"
              ? null
              : grant === "granted"
                ? { ...defaultPermissionsForRole(role), settings: { index: { read: 1, write: 1 } } }
                : defaultPermissionsForRole(role);
          yield {
            label: `role ${role} · profile ${businessProfileId} · ${isAccountOvertaken ? "taken over" : "own"} · permissions ${grant}`,
            user: { role, permissions, businessProfileId, isAccountOvertaken },
          };
        }
      }
    }
  }
}

const labels = (items: MenuItem[]) => items.map((i) => i.label);

/** ADR 035: the inbox needs inbox.items.read; Live Search, searches.index.read as well. */
function mayOpen(user: MenuUser, to: string): boolean {
  const p = user.permissions;
  const inbox = p?.inbox?.items?.read === 1;
  if (to === "/inbox") return inbox;
  if (to === "/search") return inbox && p?.searches?.index?.read === 1;
  // The helper reads with helper.index.read (ADR 042).
  if (to === "/helper") return p?.helper?.index?.read === 1;
  return true;
}

/** The route an item opens (a dialog opens over the current page; an action posts to its path). */
function isTargetBuilt(item: MenuItem): boolean {
  if (item.kind === "dialog") return item.id === "templates" ? FEATURES.templatesDialog : false;
  if (item.id.startsWith("restore-admin")) return FEATURES.restoreAdminAccount;
  return matchRouteRule(item.to)?.built === true;
}

function routeBuilt(path: string): boolean {
  return matchRouteRule(path)?.built === true;
}

describe("menus with today's build (only built screens appear)", () => {
  for (const env of APP_ENVS) {
    for (const { label, user } of menuUsers()) {
      it(`${env} · ${label}`, () => {
        const side = sideMenu(user, env);
        const avatar = avatarMenu(user, env);
        for (const item of [...side, ...avatar]) {
          expect(isTargetBuilt(item), `${item.id} → ${item.to}`).toBe(true);
        }
        expect(labels(avatar)).toContain("Logout");
        expect(avatar.at(-1)).toMatchObject({ id: "logout", to: "/logout", kind: "action" });
        if (user.role === ROLES.guest) {
          for (const item of avatar) expect(["Settings", "Logout", "Restore Admin Account"]).toContain(item.label);
        }

        // Side menu order of spec core §2, filtered by what is built and not excluded here.
        const sideSpec: Array<[string, string]> = isProductionLike(env)
          ? [
              ["Dashboard", "/"],
              ["Helper", "/helper"],
              ["Streams", "/inbox"],
              ["Live Search", "/search"],
              ["How To", "/how_to"],
            ]
          : [
              ["Dashboard", "/"],
              ["Inbox", "/inbox"],
              ["Live Search", "/search"],
              ["Helper", "/helper"],
              ["How To", "/how_to"],
            ];
        const excluded = (path: string) =>
          (env === "demo" && ["/inbox", "/search", "/charts"].includes(path)) || (env === "prod" && path === "/charts");
        expect(labels(side)).toEqual(sideSpec.filter(([, to]) => routeBuilt(to) && !excluded(to) && mayOpen(user, to)).map(([l]) => l));
      });
    }
  }

  it("today's build: Dashboard alone in the side menu; Logout (and Restore while taken over) in the avatar menu", () => {
    // Pins the current state; update it when a screen with a menu entry is built.
    const menuRoutesBuilt = [...SIDE_MENU, ...AVATAR_MENU]
      .filter((e) => (e.kind ?? "link") === "link" && e.to !== "/")
      .some((e) => routeBuilt(e.to));
    if (menuRoutesBuilt || FEATURES.templatesDialog) return;
    for (const env of APP_ENVS) {
      for (const role of ROLE_VALUES) {
        expect(labels(sideMenu(menuUser(role), env))).toEqual(["Dashboard"]);
        expect(labels(avatarMenu(menuUser(role), env))).toEqual(["Logout"]);
        const takenOver = labels(avatarMenu(menuUser(role, { isAccountOvertaken: true }), env));
        expect(takenOver).toEqual(FEATURES.restoreAdminAccount ? ["Restore Admin Account", "Logout"] : ["Logout"]);
      }
    }
  });

  it("today's build offers the Templates modal (a dialog over the current page) to everyone but guests", () => {
    expect(FEATURES.templatesDialog).toBe(true);
    for (const env of APP_ENVS) {
      for (const role of ROLE_VALUES) {
        const templates = avatarMenu(menuUser(role), env).find((item) => item.id === "templates");
        if (role === ROLES.guest) expect(templates, `${env} · guest`).toBeUndefined();
        else expect(templates, `${env} · role ${role}`).toEqual({ id: "templates", label: "Templates", to: "?dialog=templates", kind: "dialog" });
      }
    }
  });

  it("menu tables name only targets that have a route rule (or are dialogs/actions)", () => {
    for (const entry of [...SIDE_MENU, ...AVATAR_MENU]) {
      if ((entry.kind ?? "link") === "link") expect(matchRouteRule(entry.to), entry.to).toBeDefined();
    }
    expect(isMenuEntryBuilt(AVATAR_MENU.find((e) => e.id === "logout")!)).toBe(routeBuilt("/logout"));
  });
});

// ---------------------------------------------------------------------------------------------
// Spec core §2 exactly, as if every screen were built (only the environment exclusions remain).

const everythingBuilt = () => true;

function specAvatarMenu(user: MenuUser, env: AppEnv): string[] {
  const sysAdmin = user.role === ROLES.systemAdmin;
  const adminOrSys = user.role === ROLES.systemAdmin || user.role === ROLES.admin;
  const guest = user.role === ROLES.guest;
  const profile11 = user.businessProfileId === DASHBOARD_V1_PROFILE_ID;
  const chartsHere = env !== "demo" && env !== "prod";
  const writeSettings = user.permissions?.settings?.index?.write === 1;
  const reads = (scope: string) => user.permissions?.[scope]?.index?.read === 1;
  // Beside Custom Topics, for staff who read alerts (ADR 029; not in the spec's menus).
  const readsAlerts = user.permissions?.alerts?.index?.read === 1;
  const out: string[] = [];
  const add = (label: string, when = true) => {
    if (when) out.push(label);
  };
  if (isProductionLike(env)) {
    if (guest) {
      add("Restore Admin Account", user.isAccountOvertaken);
      add("Settings");
      add("Logout");
      return out;
    }
    add("Admin BP", sysAdmin);
    add("People", writeSettings);
    add("Profiles", writeSettings);
    add("Teams", writeSettings);
    add("Custom Topics");
    add("Alerts", readsAlerts);
    add("Restore Admin Account", user.isAccountOvertaken);
    add("Rules", adminOrSys);
    add("Reports", adminOrSys);
    add("Templates", reads("templates"));
    add("Dashboard V1", profile11 && chartsHere);
    add("Settings");
    add("Moderation Report", (profile11 || sysAdmin) && reads("moderation"));
    add("Logout");
    return out;
  }
  if (guest) {
    add("Settings");
    add("Restore Admin Account", user.isAccountOvertaken);
    add("Logout");
    return out;
  }
  add("Users", reads("users"));
  add("Channels", reads("channels"));
  add("Teams", reads("teams"));
  add("Templates", reads("templates"));
  add("Dashboard V1", profile11 && chartsHere);
  add("Settings");
  add("Moderation Report", (profile11 || sysAdmin) && reads("moderation"));
  add("Custom Topics");
  add("Alerts", readsAlerts);
  add("Restore Admin Account", user.isAccountOvertaken);
  add("Admin BP", sysAdmin);
  add("Logout");
  return out;
}

function specSideMenu(env: AppEnv, user: MenuUser): string[] {
  const to: Record<string, string> = { Streams: "/inbox", Inbox: "/inbox", "Live Search": "/search", Helper: "/helper" };
  const offered = (labels: string[]) => labels.filter((l) => !to[l] || mayOpen(user, to[l]!));
  if (isProductionLike(env)) return offered(["Dashboard", "Helper", "Streams", "Live Search", "How To"]);
  const all = ["Dashboard", "Inbox", "Live Search", "Helper", "How To"];
  return offered(env === "demo" ? all.filter((l) => l !== "Inbox" && l !== "Live Search") : all);
}

describe("menus of spec core §2 with every screen built", () => {
  for (const env of APP_ENVS) {
    for (const { label, user } of menuUsers()) {
      it(`${env} · ${label}`, () => {
        expect(labels(avatarMenu(user, env, everythingBuilt))).toEqual(specAvatarMenu(user, env));
        expect(labels(sideMenu(user, env, everythingBuilt))).toEqual(specSideMenu(env, user));
      });
    }
  }

  it("targets follow DESIGN.md 'Menu targets'", () => {
    const items = avatarMenu(
      menuUser(ROLES.systemAdmin, { businessProfileId: DASHBOARD_V1_PROFILE_ID, isAccountOvertaken: true }),
      "preprod",
      everythingBuilt,
    );
    const to = Object.fromEntries(items.map((i) => [i.label, i.to]));
    expect(to).toMatchObject({
      "Admin BP": "/admin",
      People: "/settings/users",
      Profiles: "/settings/channels",
      Teams: "/settings/teams",
      "Custom Topics": "/topics",
      Rules: "/settings/rules",
      Reports: "/settings/reports",
      Templates: "?dialog=templates",
      "Dashboard V1": "/charts",
      Settings: "/account/settings",
      "Moderation Report": "/moderation-report",
      Logout: "/logout",
    });
    expect(items.find((i) => i.label === "Templates")?.kind).toBe("dialog");
    expect(items.find((i) => i.label === "Logout")?.kind).toBe("action");
    const side = sideMenu(menuUser(ROLES.agent), "prod", everythingBuilt);
    expect(side.find((i) => i.label === "Streams")?.to).toBe("/inbox");
  });

  it("a guest holding settings.index.write still sees only Settings and Logout", () => {
    const guest = menuUser(ROLES.guest, { permissions: { settings: { index: { write: 1 } } } });
    for (const env of APP_ENVS) {
      expect(labels(avatarMenu(guest, env, everythingBuilt))).toEqual(["Settings", "Logout"]);
    }
  });

  it("a guest's side menu leaves out the screens their permissions do not open (ADR 035)", () => {
    for (const env of APP_ENVS) {
      const guest = menuUser(ROLES.guest);
      expect(labels(sideMenu(guest, env, everythingBuilt))).toEqual(specSideMenu(env, guest));
      expect(labels(sideMenu(guest, env, everythingBuilt))).not.toContain("Live Search");
    }
  });
});

describe("the inbox and the labels screen (issue 6)", () => {
  it("the side menu offers the inbox outside the demo environment (Streams opens it where production-like)", () => {
    for (const env of APP_ENVS) {
      for (const role of ROLE_VALUES) {
        const side = sideMenu(menuUser(role), env);
        const entry = side.find((item) => item.to === "/inbox");
        if (env === "demo" || role === ROLES.guest) expect(entry, `${env} · ${role}`).toBeUndefined();
        else expect(entry?.label, `${env} · ${role}`).toBe(isProductionLike(env) ? "Streams" : "Inbox");
      }
    }
  });

  it("/settings/labels has its own title and, like /settings, is for staff only", () => {
    expect(matchRouteRule("/settings/labels")).toMatchObject({ title: "Labels", built: true });
    for (const role of ROLE_VALUES) {
      const decision = decideNavigation({ pathname: "/settings/labels", search: "", user: { role }, appEnv: "local" });
      expect(decision.kind, `role ${role}`).toBe(role === ROLES.guest ? "redirect" : "allow");
    }
  });
});

describe("menus offer only what the permission table grants (ADR 035)", () => {
  const user = (role: Role, permissions: Permissions): MenuUser => ({ role, permissions, businessProfileId: 1, isAccountOvertaken: false });

  it("a guest's side menu has neither Inbox nor Live Search, whose screens would refuse them", () => {
    for (const env of APP_ENVS) {
      const ids = sideMenu(user(ROLES.guest, defaultPermissionsForRole(ROLES.guest)), env).map((i) => i.id);
      expect(ids, env).not.toContain("inbox");
      expect(ids, env).not.toContain("streams");
      expect(ids, env).not.toContain("live-search");
      expect(ids, env).toContain("dashboard");
    }
  });

  it("the entries follow the account's permissions, not its role", () => {
    const agent = defaultPermissionsForRole(ROLES.agent);
    expect(sideMenu(user(ROLES.agent, agent), "local").map((i) => i.id)).toEqual(expect.arrayContaining(["inbox", "live-search"]));
    // A guest granted the inbox's permissions gets both; an agent whose inbox read was taken away, neither.
    const grantedGuest = { ...defaultPermissionsForRole(ROLES.guest), inbox: { items: { read: 1 } } };
    expect(sideMenu(user(ROLES.guest, grantedGuest), "local").map((i) => i.id)).toEqual(expect.arrayContaining(["inbox", "live-search"]));
    const revoked = { ...agent, inbox: { items: { read: 0, write: 1, assign: 1 } } };
    const ids = sideMenu(user(ROLES.agent, revoked), "local").map((i) => i.id);
    expect(ids).not.toContain("inbox");
    expect(ids).not.toContain("live-search");
    const noTemplates = { ...agent, templates: { index: { read: 0, write: 0 } } };
    expect(avatarMenu(user(ROLES.agent, noTemplates), "local").map((i) => i.id)).not.toContain("templates");
    expect(avatarMenu(user(ROLES.agent, agent), "local").map((i) => i.id)).toContain("templates");
  });
});
