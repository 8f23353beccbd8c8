// Every screen at phone width (issue 30): at 390 × 844 no page scrolls sideways, signed out (the auth
// pages, page not found), as an admin (every screen of the shell, settings, account settings, templates,
// topics, search, inbox with an item, the sources pane and its dialogs, charts, the notifications
// popover) and as a system admin (what only they see). The screens come from domain/navigation.ts (the
// built routes, with the screens below a prefix rule listed here), and a test checks that every page
// route of app/routes is visited, so a new screen cannot be left out. With JavaScript and without it.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { ROUTE_RULES } from "../../domain/navigation";
import { expect, open, signIn, test } from "./fixtures";
import { apiAs } from "./support/api";

const PHONE = { width: 390, height: 844 };

/** Screens below a prefix rule (and a rule's dialogs), by the rule's path; `{name}` is an id found on screen. */
const SCREENS_UNDER: Readonly<Record<string, readonly string[]>> = {
  "/": ["/?dialog=templates", "/?notifications=open", "/templates"],
  "/inbox": ["/inbox?pane=sources", "/inbox?item={item}", "/inbox?dialog=shortcuts"],
  "/search": ["/search/{search}"],
  "/alerts": ["/alerts/new?search_id={search}", "/alerts/{alert}"],
  "/helper": ["/helper?chat={chat}"],
  "/settings/channels": ["/settings/channels/new", "/settings/channels/{stream}", "/settings/channels/{stream}/import"],
  "/settings": ["/settings/users", "/settings/teams"],
  "/settings/reports": ["/settings/reports?new=1"],
  "/topics": ["/topics/{topic}"],
  "/account/settings": ["/account/settings/preferences", "/account/settings/safety-and-privacy", "/account/settings/sso"],
  "/admin": ["/admin/new", "/admin/business-profiles/{profile}"],
  // A profile without single sign-on: the page says so (the way on to an identity provider is the journey's).
  "/sso": ["/sso/saml/999999"],
};

/** A rule's own address, when it is a screen (not /settings, which redirects to its first tab). */
const OWN_ADDRESS: Readonly<Record<string, string | null>> = {
  "/settings": null,
  "/reset-password/:token": "/reset-password/not-a-real-token",
};

const NOT_FOUND = "/no/such/page";

function addressesOf(access: "guestOnly" | "login"): string[] {
  const rules = ROUTE_RULES.filter((rule) => rule.built && rule.layout !== "loader");
  const ofAccess = rules.filter((rule) =>
    access === "guestOnly" ? rule.access === "guestOnly" : rule.access !== "guestOnly",
  );
  return ofAccess.flatMap((rule) => {
    const own = rule.path in OWN_ADDRESS ? OWN_ADDRESS[rule.path] : rule.path;
    return [...(own ? [own] : []), ...(SCREENS_UNDER[rule.path] ?? [])];
  });
}

const SIGNED_OUT = [...addressesOf("guestOnly"), NOT_FOUND];
const SIGNED_IN = [...addressesOf("login"), NOT_FOUND];

/** The first id of a link to `prefix` + digits on `listPath`, for the `{name}` of an address. */
const ID_SOURCES: Readonly<Record<string, { listPath: string; selector: string; read: "href" | "data-item-id" }>> = {
  item: { listPath: "/inbox", selector: "[data-testid=inbox-row]", read: "data-item-id" },
  search: { listPath: "/search", selector: "a[href^='/search/']", read: "href" },
  stream: { listPath: "/settings/channels", selector: "a[href^='/settings/channels/']", read: "href" },
  topic: { listPath: "/topics", selector: "a[href^='/topics/']", read: "href" },
  alert: { listPath: "/alerts", selector: "a[href^='/alerts/']", read: "href" },
  profile: { listPath: "/admin", selector: "a[href^='/admin/business-profiles/']", read: "href" },
  chat: { listPath: "/helper", selector: "a[href^='/helper?chat=']", read: "href" },
};

async function findIds(page: Page, addresses: readonly string[]): Promise<Record<string, string>> {
  const names = new Set(addresses.flatMap((address) => [...address.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)));
  const ids: Record<string, string> = {};
  for (const name of names) {
    const source = ID_SOURCES[name];
    if (!source) throw new Error(`No way to find {${name}}`);
    await page.goto(source.listPath);
    const values = await page
      .locator(source.selector)
      .evaluateAll(
        (elements, attribute) => elements.map((element) => element.getAttribute(attribute) ?? ""),
        source.read,
      );
    const id = values.map((value) => /(\d+)$/.exec(value)?.[1]).find(Boolean);
    if (!id) throw new Error(`No {${name}} on ${source.listPath}`);
    ids[name] = id;
  }
  return ids;
}

/** An alert of the admin's (the demo has none) on a saved search of its own, so that an alert's page is seen. */
async function createAlert(): Promise<void> {
  const admin = await apiAs("admin");
  const word = `phone${test.info().project.name.replace(/\W/g, "")}${Date.now().toString(36)}`;
  const search = await admin<{ id: number }>("POST", "/search/items", {
    name: `Phone ${word}`,
    category: "my",
    query: [{ type: "must", values: [{ filter_type: "keywords", value: word }] }],
  });
  await admin("POST", "/alerts", { name: `Alert ${word}`, search_id: search.id, recipient_emails: [`${word}@example.test`], threshold_count_value: 5, alert_time_span: 60 });
}

/** What sticks out past the right edge (the innermost elements), to say what to fix. */
async function overflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const culprits: string[] = [];
    for (const element of document.querySelectorAll("body *")) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= innerWidth + 0.5) continue;
      // Inside something that scrolls or clips on its own: not the page's overflow.
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== "visible" && parent.getBoundingClientRect().right <= innerWidth + 0.5) clipped = true;
      }
      if (clipped) continue;
      // The innermost: what pushes its ancestors out, not the ancestors themselves.
      if ([...element.children].some((child) => child.getBoundingClientRect().right > innerWidth + 0.5)) continue;
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${
        typeof element.className === "string" && element.className
          ? `.${element.className.trim().split(/\s+/).slice(0, 4).join(".")}`
          : ""
      }`;
      culprits.push(`${name} (right ${Math.round(rect.right)})`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, culprits: culprits.slice(0, 6) };
  });
}

async function expectNoSidewaysScroll(page: Page, addresses: readonly string[], ids: Record<string, string> = {}) {
  for (const template of addresses) {
    const address = template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!);
    await open(page, address);
    const found = await overflow(page);
    expect
      .soft(found.scrollWidth, `${address} scrolls sideways at ${PHONE.width} px: ${found.culprits.join(", ")}`)
      .toBeLessThanOrEqual(found.innerWidth);
  }
}

test.describe("phone width (390 × 844): no screen scrolls sideways", () => {
  test.use({ viewport: PHONE });

  test("every page route of app/routes is one of the screens visited", () => {
    const visited = [...SIGNED_OUT, ...SIGNED_IN].map((address) => address.split("?")[0]!.replace(/\{\w+\}/g, "1"));
    const routesDir = path.join(process.cwd(), "app/routes");
    const pages = fs
      .readdirSync(routesDir)
      .filter((file) => /^_(shell|auth)\..+\.tsx$/.test(file) && !file.endsWith(".test.tsx"))
      .filter((file) => /export default/.test(fs.readFileSync(path.join(routesDir, file), "utf8")));
    const missing = pages.filter((file) => {
      const segments = file
        .replace(/\.tsx$/, "")
        .split(".")
        .slice(1)
        .filter((segment) => segment !== "_index");
      // A layout route (/settings) is visited through the screens below it.
      const pattern = new RegExp(`^/${segments.map((s) => (s.startsWith("$") ? "[^/]+" : s)).join("/")}(/.*)?$`);
      return !visited.some((address) => pattern.test(address));
    });
    expect(missing, "page routes no phone-width test visits").toEqual([]);
  });

  test("signed out: the auth pages and page not found @no-js", async ({ page, browserErrors }) => {
    browserErrors.allowNotFoundDocument(NOT_FOUND);
    await expectNoSidewaysScroll(page, SIGNED_OUT);
  });

  // An admin sees every screen; one sign-in per group, so that no test holds more pages than a loaded
  // machine opens in a minute.
  // /admin is the system admin's (their own test below).
  const isAdminTool = (address: string) => address.startsWith("/admin");
  const settings = SIGNED_IN.filter((address) => address.startsWith("/settings"));
  const rest = SIGNED_IN.filter((address) => !address.startsWith("/settings") && !isAdminTool(address));
  const groups = {
    "the settings screens": settings,
    "the inbox, search and topics": rest.filter((address) => /^\/(inbox|search|topics)/.test(address)),
    "the dashboard, its dialogs, account settings, charts and page not found": rest.filter(
      (address) => !/^\/(inbox|search|topics)/.test(address),
    ),
  };
  for (const [name, addresses] of Object.entries(groups)) {
    test(`an admin: ${name} @no-js`, async ({ page, browserErrors }) => {
      // A dozen whole screens each, with JavaScript: more than one journey's time.
      test.slow();
      browserErrors.allowNotFoundDocument(NOT_FOUND);
      if (addresses.some((address) => address.includes("{alert}"))) await createAlert();
      if (addresses.some((address) => address.includes("{chat}"))) await (await apiAs("admin"))("POST", "/v1/helper/chats/", { question: "What was the sentiment in the last 7 days?" });
      await signIn(page, "admin");
      const ids = await findIds(page, addresses);
      await expectNoSidewaysScroll(page, addresses, ids);
    });
  }

  test("a system admin: the screens that show them more @no-js", async ({ page }) => {
    await signIn(page, "sysadmin");
    // The users list (every business profile, take-over), the inbox's sidebar, the account menu open.
    await expectNoSidewaysScroll(page, ["/settings/users", "/inbox?pane=sources", "/inbox", "/settings/channels"]);
    // The business-profile admin (issue 26): the list, the new profile's form, a profile's page.
    const adminTools = SIGNED_IN.filter(isAdminTool);
    await expectNoSidewaysScroll(page, adminTools, await findIds(page, adminTools));
    await open(page, "/");
    await page.getByLabel("Account menu").click();
    const found = await overflow(page);
    expect(found.scrollWidth, `the account menu: ${found.culprits.join(", ")}`).toBeLessThanOrEqual(found.innerWidth);
  });

  test("the inbox: one pane at a time (sources, list, item), each with a way back, and in sight @no-js", async ({ page }) => {
    await signIn(page, "agent");
    await open(page, "/inbox");
    const sources = page.getByTestId("inbox-sources");
    const list = page.getByTestId("inbox-list");
    const detail = page.getByTestId("item-detail");
    // The list first, not below 3,400 px of sources.
    await expect(list).toBeVisible();
    await expect(sources).toBeHidden();
    await expect(page.getByTestId("row-link").first()).toBeInViewport();

    await page.getByTestId("sources-link").click();
    await expect(page).toHaveURL(/[?&]pane=sources(&|$)/);
    await expect(sources).toBeVisible();
    await expect(list).toBeHidden();
    await expect(sources.getByTestId("source-link").first()).toBeInViewport();
    await expect(sources.getByTestId("sources-back-to-list")).toBeVisible();
    // Choosing a source shows its list.
    await sources.getByTestId("source-link").first().click();
    await expect(page).not.toHaveURL(/pane=/);
    await expect(list).toBeVisible();
    await expect(sources).toBeHidden();

    // An opened item is the page, at its top; the list is one link away.
    const row = page.getByTestId("inbox-row").first();
    const id = await row.getAttribute("data-item-id");
    await row.getByTestId("row-link").click();
    await expect(page).toHaveURL(new RegExp(`[?&]item=${id}(&|$)`));
    await expect(detail).toBeVisible();
    await expect(page.getByTestId("detail-author")).toBeInViewport();
    await expect(list).toBeHidden();
    await page.getByTestId("back-to-list").click();
    await expect(page).not.toHaveURL(/item=/);
    await expect(list).toBeVisible();
    await expect(detail).toBeHidden();
  });

  test("the inbox on a desktop still shows sources, list and item side by side @no-js", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, "agent");
    await open(page, "/inbox");
    const id = await page.getByTestId("inbox-row").first().getAttribute("data-item-id");
    await open(page, `/inbox?item=${id}`);
    await expect(page.getByTestId("inbox-sources")).toBeVisible();
    await expect(page.getByTestId("inbox-list")).toBeVisible();
    await expect(page.getByTestId("item-detail")).toBeVisible();
    await expect(page.getByTestId("sources-link")).toBeHidden();
    await expect(page.getByTestId("back-to-list")).toBeHidden();
  });
});
