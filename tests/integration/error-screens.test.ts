// The one error screen every route renders (app/components/ui/route-error-boundary.tsx), without
// JavaScript: a refusal (403) has its own title and heading, never 'Page not found'; a missing record
// keeps 'Page not found' with the screen's own reason and way back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../domain/messages";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&#x27;|&#39;/g, "'");
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
const headingsOf = (html: string) => [...html.matchAll(/<h[12][^>]*>([^<]*)<\/h[12]>/g)].map((m) => m[1]!.replace(/&#x27;|&#39;/g, "'"));

describe("error screens", () => {
  let web: WebServer;
  let admin: FormClient;

  beforeAll(async () => {
    web = await startWebServer();
    const tenant = await createTenantWithRoles(web.db);
    admin = new FormClient(web.baseUrl);
    expect((await admin.signIn(tenant.accounts.admin.email, TENANT_PASSWORD)).status).toBe(302);
  });
  afterAll(() => web.close());

  it.each(["/settings/channels/999999", "/topics/999999", "/search/999999"])(
    "a form posted to %s without this session's token: 403 titled as a refusal, with the reason",
    async (path) => {
      const response = await admin.post(path, { intent: "update" });
      expect(response.status).toBe(403);
      const html = await response.text();
      expect(titleOf(html)).toBe(`${MESSAGES.forbidden} | Earshot`);
      expect(headingsOf(html)).toContain(MESSAGES.forbidden);
      expect(text(html)).toContain(MESSAGES.csrfInvalid);
      expect(text(html)).not.toContain(MESSAGES.pageNotFound);
    },
  );

  it.each([
    ["/settings/channels/999999", MESSAGES.channelScreen.streamNotFound, MESSAGES.channelScreen.backToChannels],
    ["/topics/999999", MESSAGES.searches.topicNotFound, MESSAGES.topicsScreen.backToTopics],
    ["/search/999999", MESSAGES.searches.searchNotFound, MESSAGES.searchScreen.newSearch],
  ])("%s that does not exist: 'Page not found' with the screen's reason and way back", async (path, reason, back) => {
    const response = await admin.get(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(titleOf(html)).toBe(`${MESSAGES.pageNotFound} | Earshot`);
    expect(headingsOf(html)).toContain(MESSAGES.pageNotFound);
    expect(text(html)).toContain(reason);
    expect(text(html)).toContain(back);
  });
});
