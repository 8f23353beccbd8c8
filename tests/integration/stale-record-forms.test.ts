// A form posted for a record that is gone (a colleague, or another tab, deleted it; the page was not
// reloaded): the row or dialog its error would show under is no longer on the page, so the API's reason
// is a toast over the page as it now is, without JavaScript. A gone record and one that never existed
// answer the API alike (404), so a missing id stands for both.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../domain/messages";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";
import { FormClient, startWebServer, toastText, type WebServer } from "../support/web-fixture";

describe("forms posted for a record that is gone", () => {
  let web: WebServer;
  let admin: FormClient;
  const GONE = "999999";

  beforeAll(async () => {
    web = await startWebServer();
    const tenant = await createTenantWithRoles(web.db);
    admin = new FormClient(web.baseUrl);
    expect((await admin.signIn(tenant.accounts.admin.email, TENANT_PASSWORD)).status).toBe(302);
  });
  afterAll(() => web.close());

  /** The toast's text on the page the post came back to. */
  async function toastAfter(path: string, fields: Record<string, string>, page: string) {
    const csrf = await admin.formToken(page);
    const posted = await admin.post(path, { csrf, ...fields });
    expect(posted.status, `${path} ${fields.intent}`).toBe(302);
    const back = posted.headers.get("location")!;
    const html = await (await admin.get(back)).text();
    return toastText(html);
  }

  it.each([
    [
      "a team, renamed",
      "/settings/teams",
      { intent: "update", id: GONE, name: "Night shift" },
      "/settings/teams",
      MESSAGES.teamNotFound,
    ],
    ["a team, deleted", "/settings/teams", { intent: "delete", id: GONE }, "/settings/teams", MESSAGES.teamNotFound],
    [
      "a muted keyword, removed",
      "/settings/muted-keywords",
      { intent: "remove", id: GONE },
      "/settings/muted-keywords",
      MESSAGES.mutedKeywordNotFound,
    ],
    [
      "a stream, deleted",
      "/settings/channels?index",
      { intent: "delete", id: GONE },
      "/settings/channels",
      MESSAGES.channelScreen.streamNotFound,
    ],
    [
      "a sentiment exclusion, deleted",
      "/account/settings/sentiment",
      { intent: "delete", id: GONE },
      "/account/settings/sentiment",
      MESSAGES.excludeWordNotFound,
    ],
    [
      "a topic group, renamed",
      "/topics",
      { intent: "rename-group", id: GONE, name: "Later" },
      "/topics",
      MESSAGES.searches.topicGroupNotFound,
    ],
    [
      "a topic group, deleted",
      "/topics",
      { intent: "delete-group", id: GONE },
      "/topics",
      MESSAGES.searches.topicGroupNotFound,
    ],
    [
      "a shared link, renamed",
      "/?index",
      { intent: "updateShare", id: GONE, title: "Weekly" },
      "/",
      MESSAGES.dashboardConfig.sharedLinkNotFound,
    ],
    [
      "a shared link, revoked",
      "/?index",
      { intent: "revokeShare", id: GONE },
      "/",
      MESSAGES.dashboardConfig.sharedLinkNotFound,
    ],
  ])("%s: the reason in a toast", async (_, path, fields, page, reason) => {
    expect(await toastAfter(path, fields, page)).toBe(reason);
  });

  it("logged no error", () => {
    expect(web.logLines.filter((line) => line.includes('"level":"error"'))).toEqual([]);
  });
});
