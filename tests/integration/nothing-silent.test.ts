// Issue 30, "nothing corrected in silence", as a browser without JavaScript meets it: what the address
// asks for and cannot be shown is said under its field, and the address is always the view shown.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../domain/messages";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";

let web: WebServer;
let browser: FormClient;
let searchIds: number[];

const text = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

beforeAll(async () => {
  web = await startWebServer();
  const tenant = await createTenantWithRoles(web.db);
  const signIn = await fetch(`${web.baseUrl}/api/v1/session`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ email: tenant.accounts.admin.email, password: TENANT_PASSWORD }),
  });
  const auth = (await signIn.json()) as { access_token: string; csrf_token: string };
  searchIds = [];
  for (const name of ["Brand one", "Brand two", "Brand three"]) {
    const res = await fetch(`${web.baseUrl}/api/search/items`, {
      method: "POST",
      headers: { authorization: `Bearer ${auth.access_token}`, "x-csrf-token": auth.csrf_token, "content-type": "application/json" },
      body: JSON.stringify({ name, category: "brand", query: [{ type: "must", values: [{ filter_type: "keywords", value: "acme" }] }] }),
    });
    expect(res.status).toBe(201);
    searchIds.push(((await res.json()) as { id: number }).id);
  }
  browser = new FormClient(web.baseUrl);
  expect((await browser.signIn(tenant.accounts.admin.email, TENANT_PASSWORD)).status).toBe(302);
}, 60_000);
afterAll(() => web?.close());

async function dashboard(search: string): Promise<string> {
  const response = await browser.get(`/?${search}`);
  expect(response.status, search).toBe(200);
  return text(await response.text());
}

describe("the dashboard without JavaScript", () => {
  it("a custom period ending before it starts: the dates stay as typed and the field says why", async () => {
    const html = await dashboard("from=2026-03-10&to=2026-03-01");
    expect(html).toMatch(/<p id="period-error" role="alert"[^>]*>The end date can not be before the start date\.<\/p>/);
    expect(html).toContain(MESSAGES.dashboardUi.periodEndBeforeStart);
    expect(html).toMatch(/name="to"[^>]*value="2026-03-01"|value="2026-03-01"[^>]*name="to"/);
    expect(html).toMatch(/aria-describedby="period-error"/);
    const fine = await dashboard("from=2026-03-01&to=2026-03-10");
    expect(fine).not.toContain('id="period-error"');
  });

  it("a fourth comparison context: 'You have chosen too many elements!'", async () => {
    const four = ["6-0", ...searchIds.map((id) => `1-${id}`)].join(",");
    const html = await dashboard(`contextIds=${encodeURIComponent(four)}`);
    expect(html).toContain('data-testid="contexts-error"');
    expect(html).toContain("You have chosen too many elements!");
    const three = await dashboard(`contextIds=${encodeURIComponent(four.split(",").slice(0, 3).join(","))}`);
    expect(three).not.toContain('data-testid="contexts-error"');
  });

  it("choosing a preset after a custom period leaves no old from/to in the address", async () => {
    // What the period form sends from a custom view when "Last 7 days" is chosen and Apply pressed.
    const sent = "period=7d&from=2026-03-01&to=2026-03-05&timeUnit=day&tz=UTC&shownPeriod=custom&shownFrom=2026-03-01&shownTo=2026-03-05";
    const response = await browser.get(`/?${sent}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/?period=7d&timeUnit=day&tz=UTC");
    const shown = await dashboard("period=7d&timeUnit=day&tz=UTC");
    expect(shown).toMatch(/<option value="7d" selected="">/);
  });
});
