// The web session's idle timeout (ADR 025), on an injected clock: 12 hours without a request signs the
// browser out; activity is recorded at most once a minute, so most requests do not rewrite the cookie.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_IDLE_TIMEOUT_MS } from "../../domain/request-limits";
import { WEB_SESSION_COOKIE } from "../../app/lib/session.server";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";

let clock = Date.parse("2026-11-29T08:00:00.000Z");
let web: WebServer;
let email: string;

beforeAll(async () => {
  web = await startWebServer({ now: () => new Date(clock) });
  email = (await createTenantWithRoles(web.db)).accounts.agent.email;
});
afterAll(() => web.close());

const setsSession = (response: Response) => response.headers.getSetCookie().some((c) => c.startsWith(`${WEB_SESSION_COOKIE}=`));

describe("idle timeout", () => {
  it("keeps a session in use, records activity at most once a minute, and signs out after 12 idle hours", async () => {
    const browser = new FormClient(web.baseUrl);
    expect((await browser.signIn(email, TENANT_PASSWORD)).status).toBe(302);
    const first = await browser.get("/settings/labels");
    expect(first.status).toBe(200);
    await first.text();

    clock += 20_000;
    const soon = await browser.get("/settings/labels");
    expect(soon.status).toBe(200);
    expect(setsSession(soon)).toBe(false);
    await soon.text();

    // Used every 11 hours: still signed in (each use moves the idle window on).
    for (let i = 0; i < 2; i++) {
      clock += 11 * 60 * 60 * 1000;
      const later = await browser.get("/settings/labels");
      expect(later.status).toBe(200);
      expect(setsSession(later)).toBe(true);
      await later.text();
    }

    clock += SESSION_IDLE_TIMEOUT_MS + 60_000;
    const idle = await browser.get("/settings/labels");
    expect(idle.status).toBe(302);
    expect(idle.headers.get("location")).toMatch(/^\/login/);
    await idle.text();
  });
});
