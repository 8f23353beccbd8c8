// Accessibility (issue 30, ADR 034): no serious or critical axe-core violation on any screen or dialog,
// for each role where the screens differ, signed out too, with JavaScript and without it (@no-js).
//
// The screens come from the route table (domain/navigation.ts: every built rule the role may open), and
// from what each screen links to: the first record page under a list (a stream, a topic, a saved search,
// an inbox item), and every dialog a screen opens by address (`?dialog=…`, the shapes that work without
// JavaScript; with JavaScript the same address renders the same dialog). On each screen every popover
// (a <details>: filters, assign, labels, state, the account menu…) is opened too and checked again, and
// the notifications popover is opened by its address. A route file (app/routes) that no visited address
// reaches fails the admin's pass, so a new screen cannot go unchecked.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { decideNavigation, ROUTE_RULES } from "../../domain/navigation";
import { ROLES, type Role } from "../../domain/roles";
import { apiAs } from "./support/api";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { type DemoRole, expect, open, signIn, test } from "./fixtures";

const ROLE_OF: Record<DemoRole, Role> = {
  sysadmin: ROLES.systemAdmin,
  admin: ROLES.admin,
  agent: ROLES.agent,
  guest: ROLES.guest,
};

/**
 * Where a rule with a parameter is opened (any value: the screen says what it found). Every other built
 * rule is opened at its own path; the pages under it are reached through the links below.
 */
const OPEN_AT: Record<string, string> = { "/reset-password/:token": "/reset-password/not-a-token" };

/**
 * The admin's pass is cut in sections that run side by side, each from its start screens (those of the
 * route table under it), following the first link of each shape in `follows` (a record page under a
 * list, a tab of a settings screen). The last section takes every screen the others do not: a new route
 * lands there.
 */
interface Section {
  name: string;
  holds: (path: string) => boolean;
  follows: RegExp[];
}
const NAMED_SECTIONS: Section[] = [
  { name: "the dashboard and charts", holds: (p) => p === "/" || p.startsWith("/charts"), follows: [] },
  { name: "the inbox", holds: (p) => p.startsWith("/inbox"), follows: [/^\/inbox\?(.*&)?item=\d+$/] },
  {
    name: "live search and topics",
    holds: (p) => p.startsWith("/search") || p.startsWith("/topics"),
    // A saved search's page links its new-alert form.
    follows: [/^\/search\/\d+$/, /^\/topics\/\d+$/, /^\/alerts\/new(\?search_id=\d+)?$/],
  },
  {
    name: "settings",
    holds: (p) => p.startsWith("/settings"),
    follows: [/^\/settings\/channels\/\d+$/, /^\/settings\/channels\/new$/, /^\/settings\/(users|teams)$/, /^\/settings\/reports\?new=1$/],
  },
];
const SECTIONS: Section[] = [
  ...NAMED_SECTIONS,
  {
    name: "every other screen",
    holds: (p) => !NAMED_SECTIONS.some((section) => section.holds(p)),
    follows: [/^\/account\/settings\/[a-z-]+$/, /^\/alerts\/\d+$/, /^\/helper\?chat=\d+$/],
  },
];
/** The system admin's business-profile admin (issue 26): the list, a new profile's form, a profile's page. */
const ADMIN_TOOLS: Section = {
  name: "the business-profile admin",
  holds: (p) => p.startsWith("/admin"),
  follows: [/^\/admin\/new$/, /^\/admin\/business-profiles\/\d+$/],
};
const FOLLOWED_LINKS = [...SECTIONS, ADMIN_TOOLS].flatMap((section) => section.follows);

/** The screens a signed-in role may open, by the route table; loader screens (/logout, take-over) are actions. */
function startPaths(role: DemoRole): string[] {
  return ROUTE_RULES.filter((rule) => rule.built && rule.access !== "guestOnly")
    .filter((rule) => rule.layout !== "loader")
    .map((rule) => OPEN_AT[rule.path] ?? rule.path)
    .filter((where) => {
      const decision = decideNavigation({
        pathname: where,
        search: "",
        user: { role: ROLE_OF[role] },
        appEnv: "local",
      });
      return decision.kind === "allow";
    });
}

/**
 * The signed-out screens: the guest-only rules of the route table, and screens below them: a profile's
 * sign-in link where single sign-on is off, and the login page with a refused single sign-on's reason.
 */
const SIGNED_OUT_PATHS = [
  ...ROUTE_RULES.filter((rule) => rule.built && rule.access === "guestOnly").map((rule) => OPEN_AT[rule.path] ?? rule.path),
  "/sso/saml/999999",
  "/login?sso_error=notSigned",
];

/** Links of the page as a list of same-site addresses (path and query). */
async function linksOf(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator("a[href]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return hrefs.filter((href) => href.startsWith("/") && !href.startsWith("//"));
}

/** Dialogs of the shell (the avatar menu's Templates): the same on every screen. */
const SHELL_DIALOGS = ["templates"];

const dialogOf = (address: string) => new URL(address, "http://site").searchParams.get("dialog");
const pathOf = (address: string) => new URL(address, "http://site").pathname;

/**
 * Opens the page's closed popovers (<details>) at once, as clicks on their summaries would, and marks
 * them (OPENED) so that axe checks what they show. A popover of a kind this test has checked already
 * (the account menu on every screen, one row's menu like another's: same test id, or same markup
 * classes) stays closed.
 */
async function openEveryPopover(page: Page, checked: Set<string>): Promise<number> {
  const kinds = await page.locator("details:not([open])").evaluateAll(
    (all, known) => {
      const opened: string[] = [];
      for (const details of all) {
        const kind =
          details.getAttribute("data-testid") ??
          `${details.className}|${details.querySelector("summary")?.className ?? ""}|${details.parentElement?.className ?? ""}`;
        if (known.includes(kind) || opened.includes(kind)) continue;
        opened.push(kind);
        details.setAttribute("data-axe-opened", "");
        (details as HTMLDetailsElement).open = true;
      }
      return opened;
    },
    [...checked],
  );
  for (const kind of kinds) checked.add(kind);
  return kinds.length;
}
const OPENED = "[data-axe-opened]";

/**
 * Checks each screen with axe, then with its popovers open; and, for a section, every dialog it opens by
 * address and the first link of each shape the section follows (checked the same way); returns the
 * shapes followed. Violations are collected (soft) so that one run lists them all.
 */
async function checkScreens(page: Page, label: string, starts: string[], section?: Section): Promise<Set<RegExp>> {
  const queue = [...starts];
  const seen = new Set(queue);
  const followed = new Set<RegExp>();
  const dialogs = new Set<string>();
  const popovers = new Set<string>();
  const enqueue = (next: string) => {
    if (seen.has(next)) return;
    seen.add(next);
    queue.push(next);
  };
  while (queue.length) {
    const address = queue.shift()!;
    await open(page, address);
    await expectNoSeriousAxeViolations(page, `${label} ${address}`, { soft: true });
    if (await openEveryPopover(page, popovers)) {
      await expectNoSeriousAxeViolations(page, `${label} ${address}, its popovers open`, {
        soft: true,
        include: OPENED,
      });
    }
    if (!section) continue;
    for (const link of await linksOf(page)) {
      const dialog = dialogOf(link);
      // Each dialog once per screen (a list's delete dialogs are one dialog with another record's name);
      // the shell's own dialogs, which every screen offers, on the dashboard only.
      const key = `${pathOf(link)} ${dialog}`;
      const shellDialog = dialog !== null && SHELL_DIALOGS.includes(dialog);
      if (dialog && pathOf(link) === pathOf(address) && !dialogs.has(key) && (!shellDialog || pathOf(link) === "/")) {
        dialogs.add(key);
        enqueue(link);
      }
      const shape = section.follows.find((pattern) => pattern.test(link));
      if (shape && !followed.has(shape)) {
        followed.add(shape);
        enqueue(link);
      }
    }
  }
  return followed;
}

/**
 * The page routes (app/routes files with a default export and no child screen of their own), each with
 * an address that reaches it (a parameter is "1").
 */
function routeFiles(): Array<{ file: string; pattern: RegExp; sample: string }> {
  const dir = path.resolve("app/routes");
  const files = fs.readdirSync(dir).filter((name) => /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name));
  const pages = files.filter((name) => /^export default/m.test(fs.readFileSync(path.join(dir, name), "utf8")));
  const stems = pages.map((name) => name.replace(/\.tsx$/, ""));
  const leaves = stems.filter((stem) => !stems.some((other) => other !== stem && other.startsWith(`${stem}.`)));
  return leaves.map((stem) => {
    const segments = stem.split(".").filter((segment) => !segment.startsWith("_"));
    const pattern = segments.map((segment) => (segment.startsWith("$") ? "[^/]+" : segment.replace(/-/g, "\\-")));
    return {
      file: stem,
      pattern: new RegExp(`^/${pattern.join("/")}$`),
      sample: `/${segments.map((segment) => (segment.startsWith("$") ? "1" : segment)).join("/")}`,
    };
  });
}

/** Not visited as pages, with why. */
const NOT_SCREENS: Record<string, string> = {
  // The splat: the 'Page not found' screen, checked signed out and signed in below.
  $: "page not found",
  // The Templates modal's form target: the modal itself is checked at ?dialog=templates on every screen.
  "_shell.templates": "the Templates modal",
  // Signs out at once with JavaScript; without it a one-button page of the loader layout, checked below.
  "_loader.logout": "logout",
};


/** A word no other test (nor the other project, running at the same time) uses. */
const tagWord = () => `a11y${test.info().project.name.replace(/\W/g, "")}${crypto.randomBytes(3).toString("hex")}`;

/** A saved search of the admin's own (the demo has none), so that a saved search's page is checked. */
async function createSavedSearch(): Promise<void> {
  const word = tagWord();
  const admin = await apiAs("admin");
  await admin("POST", "/search/items", {
    name: `Accessibility ${word}`,
    category: "my",
    folder_id: null,
    query: [{ type: "must", values: [{ filter_type: "keywords", value: word }] }],
  });
}

/** An alert of the admin's on a saved search of its own (the demo has none), so that an alert's page is checked. */
async function createAlert(): Promise<void> {
  const word = tagWord();
  const admin = await apiAs("admin");
  const search = await admin<{ id: number }>("POST", "/search/items", {
    name: `Alerted ${word}`,
    category: "my",
    folder_id: null,
    query: [{ type: "must", values: [{ filter_type: "keywords", value: word }] }],
  });
  await admin("POST", "/alerts", {
    name: `Alert ${word}`,
    search_id: search.id,
    recipient_emails: [`${word}@example.test`],
    threshold_count_value: 5,
    alert_time_span: 60,
  });
}

/** A helper chat of the admin's with an answer (chart, table, links, votes), so that a chat's page is checked. */
async function createHelperChat(): Promise<void> {
  const admin = await apiAs("admin");
  await admin("POST", "/v1/helper/chats/", { question: "Which networks did we get the most mentions on in the last 30 days?" });
}

/** A notification of the agent's (the admin assigns it an item with a note), so that one is checked. */
async function notifyAgent(): Promise<void> {
  const admin = await apiAs("admin");
  const agent = await apiAs("agent");
  const me = await agent<{ id: number }>("GET", "/accounts");
  const { data } = await admin<{ data: Array<{ id: number }> }>("GET", "/v1/feed-items?limit=1");
  await admin("POST", `/v1/feed-items/${data[0]!.id}/assign`, {
    assignee_type: "account",
    assignee_id: me.id,
    message: `Please look at this one (${tagWord()}). It needs an answer today, with the details of the order.`,
  });
}

test.describe("accessibility: no serious or critical axe violations @no-js", () => {
  test("every page route is among the screens checked below", () => {
    const starts = new Set([
      ...SIGNED_OUT_PATHS,
      ...(["sysadmin", "admin", "agent", "guest"] as const).flatMap(startPaths),
    ]);
    const unreached = routeFiles()
      .filter(({ file }) => !(file in NOT_SCREENS))
      .filter(
        ({ pattern, sample }) =>
          ![...starts].some((p) => pattern.test(p)) && !FOLLOWED_LINKS.some((link) => link.test(sample)),
      )
      .map(({ file }) => file);
    expect(
      unreached,
      "app/routes files that no checked address reaches: add a rule to domain/navigation.ts or a shape to a section's follows",
    ).toEqual([]);
  });

  test("signed out: login (with its errors), sign-up, password reset and 'Page not found'", async ({
    page,
    browserErrors,
  }) => {
    for (const where of SIGNED_OUT_PATHS) {
      await open(page, where);
      await expectNoSeriousAxeViolations(page, `signed out ${where}`, { soft: true });
    }
    await open(page, "/login");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveCount(2);
    await expectNoSeriousAxeViolations(page, "signed out /login with its errors", { soft: true });
    browserErrors.allowNotFoundDocument("/no/such/page");
    await open(page, "/no/such/page");
    await expectNoSeriousAxeViolations(page, "signed out 'Page not found'", { soft: true });
  });

  for (const section of SECTIONS) {
    test(`admin: ${section.name}, their dialogs, popovers and record pages`, async ({ page }) => {
      // Ten to twenty checks of whole screens: three times a journey's time.
      test.slow();
      const starts = startPaths("admin").filter(section.holds);
      if (section.follows.some((shape) => shape.source.includes("search"))) await createSavedSearch();
      if (section.follows.some((shape) => shape.source.startsWith("^\\/alerts\\/\\d"))) await createAlert();
      if (section.follows.some((shape) => shape.source.startsWith("^\\/helper"))) await createHelperChat();
      await signIn(page, "admin");
      const followed = await checkScreens(page, "admin", starts, section);
      expect([...followed].map(String).sort(), "pages the section follows were reached").toEqual(
        section.follows.map(String).sort(),
      );
    });
  }

  test("admin: the notifications popover and 'Page not found'", async ({ page, browserErrors }) => {
    await signIn(page, "admin");
    await checkScreens(page, "admin", ["/account/settings/preferences?notifications=all"]);
    browserErrors.allowNotFoundDocument("/no/such/page");
    await open(page, "/no/such/page");
    await expectNoSeriousAxeViolations(page, "admin 'Page not found'", { soft: true });
  });

  test("sysadmin: the business-profile admin, its form and a profile's page", async ({ page }) => {
    await signIn(page, "sysadmin");
    const followed = await checkScreens(page, "sysadmin", startPaths("sysadmin").filter(ADMIN_TOOLS.holds), ADMIN_TOOLS);
    expect([...followed].map(String).sort(), "pages the section follows were reached").toEqual(ADMIN_TOOLS.follows.map(String).sort());
  });

  // The other roles see other menus and offer other actions on the same screens: every screen each may
  // open, with its popovers; the agent's notifications popover holds a notification.
  for (const role of ["sysadmin", "agent", "guest"] as const) {
    test(`${role}: every screen the role may open, with its popovers`, async ({ page }) => {
      test.slow();
      if (role === "agent") await notifyAgent();
      await signIn(page, role);
      await checkScreens(page, role, [...startPaths(role), "/account/settings/preferences?notifications=all"]);
    });
  }
});
