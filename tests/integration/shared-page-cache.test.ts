import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeededStreams } from "../../services/streams/streams";
import { ingestItems, type SearchTenant } from "../support/search";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";
import { startWebServer, type WebServer } from "../support/web-fixture";

// Anonymous views of a shared dashboard are rendered once and served again (server/shared-page-cache.ts,
// ADR 017) only while nothing they show may have changed.
describe("shared dashboard pages for anonymous viewers", () => {
  let web: WebServer;
  let auth: { access_token: string; csrf_token: string };
  let tenant: SearchTenant;
  let link: { id: number; code: string };
  let pageUrl: string;

  async function api(method: string, path: string, body?: unknown) {
    const response = await fetch(`${web.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${auth.access_token}`, "x-csrf-token": auth.csrf_token, "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  const open = (headers: Record<string, string> = {}) => fetch(pageUrl, { headers, redirect: "manual" });
  const nonceOf = (html: string) => /<script[^>]* nonce="([^"]+)"/.exec(html)?.[1];
  /** The form token in the root loader's data (the drill-down posts it). */
  const formTokenOf = (html: string) => /formToken\\",\\"([A-Za-z0-9_-]{43})\\"/.exec(html)?.[1];

  beforeAll(async () => {
    web = await startWebServer();
    const roles = await createTenantWithRoles(web.db);
    const signIn = await fetch(`${web.baseUrl}/api/v1/session`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ email: roles.accounts.admin.email, password: TENANT_PASSWORD }),
    });
    auth = (await signIn.json()) as typeof auth;
    const streams = await createSeededStreams(web.deps, roles.businessProfileId, [{ key: "twitter", network: "twitter", category: "streams", name: "Tweets", source: "api" }]);
    tenant = { businessProfileId: roles.businessProfileId, streams: new Map([["twitter", streams.get("twitter")!.id]]) };
    await ingestItems(web.deps, tenant, [{ network: "twitter", external_id: "a1", text: "Refund please, the app crashed", created_at: "2026-03-02T10:00:00.000Z", author: { username: "ana" } }]);
    link = (await api("POST", "/api/v1/dashboard_shared_links", {
      title: "Board",
      non_logged_in_access: true,
      config: { widgets: ["sentiment", "network-breakdown"], time_range: { from: "2026-03-01T00:00:00.000Z", to: "2026-03-08T00:00:00.000Z" }, time_unit: "Days" },
    })) as unknown as typeof link;
    pageUrl = `${web.baseUrl}/?shared_link_code=${link.code}&from=2026-03-01T00%3A00%3A00.000Z&to=2026-03-08T00%3A00%3A00.000Z&timeUnit=day`;
  }, 60_000);
  afterAll(() => web?.close());

  it("renders the page once, then serves it again with a fresh nonce matching its CSP", async () => {
    const first = await open();
    expect(first.status).toBe(200);
    expect(first.headers.get("x-earshot-page-cache")).toBeNull();
    const firstHtml = await first.text();
    const second = await open();
    expect(second.status).toBe(200);
    expect(second.headers.get("x-earshot-page-cache")).toBe("hit");
    // It holds a tenant's data: no browser or proxy keeps it, rendered or served again.
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(second.headers.get("cache-control")).toBe("no-store");
    const secondHtml = await second.text();
    const [n1, n2] = [nonceOf(firstHtml), nonceOf(secondHtml)];
    expect(n1).toBeTruthy();
    expect(n2).toBeTruthy();
    expect(n2).not.toBe(n1);
    expect(secondHtml).not.toContain(n1!);
    expect(second.headers.get("content-security-policy")).toContain(`'nonce-${n2}'`);
    const [t1, t2] = [formTokenOf(firstHtml), formTokenOf(secondHtml)];
    expect(t2).not.toBe(t1);
    expect(secondHtml.replaceAll(n2!, "N").replaceAll(t2!, "T")).toBe(firstHtml.replaceAll(n1!, "N").replaceAll(t1!, "T"));
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  });

  it("gives each viewer of a kept page a form token of their own, which the drill-down accepts", async () => {
    await open();
    const hit = await open();
    expect(hit.headers.get("x-earshot-page-cache")).toBe("hit");
    const html = await hit.text();
    const token = formTokenOf(html);
    const cookie = hit.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    expect(token).toBeTruthy();
    expect(cookie).not.toBe("");
    const other = await (await open()).text();
    expect(formTokenOf(other)).toBeTruthy();
    expect(formTokenOf(other)).not.toBe(token);
    const drill = (csrf: string) =>
      fetch(`${web.baseUrl}/dashboard/drill`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: web.baseUrl },
        body: new URLSearchParams({
          csrf,
          widgetId: "sentiment",
          contextIndex: "0",
          from: "2026-03-01T00:00:00.000Z",
          to: "2026-03-02T00:00:00.000Z",
          title: "Positive",
          state: `shared_link_code=${link.code}`,
        }),
      });
    expect((await drill("not-the-token")).status).toBe(403);
    const accepted = await drill(token!);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toContain(`shared_link_code=${link.code}`);
  });

  it("renders again after new mentions are stored, and after an annotation is added", async () => {
    await open();
    expect((await open()).headers.get("x-earshot-page-cache")).toBe("hit");
    await ingestItems(web.deps, tenant, [{ network: "twitter", external_id: "a2", text: "Great support, thanks", created_at: "2026-03-03T10:00:00.000Z", author: { username: "ben" } }]);
    expect((await open()).headers.get("x-earshot-page-cache")).toBeNull();
    expect((await open()).headers.get("x-earshot-page-cache")).toBe("hit");
    const layer = await api("POST", "/api/v1/annotations/layers", { name: "Launches", color: 3, type: "PR" });
    await api("POST", "/api/v1/annotations/annotations", { name: "Release", anchor_date: "2026-03-04", layer_id: layer.id });
    expect((await open()).headers.get("x-earshot-page-cache")).toBeNull();
  });

  it("never answers a viewer with a cookie from the cache", async () => {
    await open();
    expect((await open()).headers.get("x-earshot-page-cache")).toBe("hit");
    const withCookie = await open({ cookie: "theme=dark" });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.get("x-earshot-page-cache")).toBeNull();
  });

  it("a link made members-only, then revoked, stops being served at once", async () => {
    await open();
    expect((await open()).headers.get("x-earshot-page-cache")).toBe("hit");
    await api("PUT", `/api/v1/dashboard_shared_links/${link.id}`, { non_logged_in_access: false });
    const membersOnly = await open();
    expect(membersOnly.headers.get("x-earshot-page-cache")).toBeNull();
    // Signed out, a members-only link offers the sign-in, which comes back to this very view (issue 30).
    expect(membersOnly.status).toBe(302);
    const back = new URL(pageUrl);
    expect(membersOnly.headers.get("location")).toBe(`/login?${new URLSearchParams({ redirectFrom: `${back.pathname}${back.search}` }).toString()}`);
    await api("PUT", `/api/v1/dashboard_shared_links/${link.id}`, { non_logged_in_access: true });
    await open();
    expect((await open()).headers.get("x-earshot-page-cache")).toBe("hit");
    await api("DELETE", `/api/v1/dashboard_shared_links/${link.id}`);
    const revoked = await open();
    expect(revoked.headers.get("x-earshot-page-cache")).toBeNull();
    expect(revoked.status).toBe(404);
  });
});
