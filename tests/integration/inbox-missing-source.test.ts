// A source that is gone (a stream an admin deleted while an agent had it open, a bookmarked label or
// saved search that no longer exists, another tenant's stream) answers 404 with the reason and a way
// back, over real HTTP as a browser gets the page, never a server error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteStream } from "../../db/repositories/streams";
import { MESSAGES } from "../../domain/messages";
import { createSeededStreams } from "../../services/streams/streams";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";
import { FormClient, startWebServer, toastText, type WebServer } from "../support/web-fixture";

describe("the inbox with a source that is gone", () => {
  let web: WebServer;
  let agent: FormClient;
  let ownStream: number;
  let deletedStream: number;
  let theirStream: number;

  async function streamsOf(businessProfileId: number) {
    const streams = await createSeededStreams(web.deps, businessProfileId, [
      { key: "twitter", network: "twitter", category: "streams", name: "Tweets", source: "api" },
      { key: "reddit", network: "reddit", category: "streams", name: "Threads", source: "api" },
    ]);
    return [streams.get("twitter")!.id, streams.get("reddit")!.id] as const;
  }

  beforeAll(async () => {
    web = await startWebServer();
    const mine = await createTenantWithRoles(web.db);
    const theirs = await createTenantWithRoles(web.db);
    [ownStream, deletedStream] = await streamsOf(mine.businessProfileId);
    [theirStream] = await streamsOf(theirs.businessProfileId);
    await deleteStream(web.db, mine.businessProfileId, deletedStream);
    agent = new FormClient(web.baseUrl);
    expect((await agent.signIn(mine.accounts.agent.email, TENANT_PASSWORD)).status).toBe(302);
  });
  afterAll(() => web.close());

  /** The inbox's error panel: its heading and its reason, as text. */
  async function errorPanel(path: string, status: number) {
    const response = await agent.get(path);
    expect(response.status, path).toBe(status);
    const html = await response.text();
    const panel = /data-testid="inbox-error"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";
    return panel
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/\s+/g, " ")
      .trim();
  }

  it("a deleted stream, another tenant's stream, a label and a saved search that do not exist: 404 with the reason", async () => {
    for (const [path, reason] of [
      [`/inbox?source=stream-${deletedStream}`, MESSAGES.channelScreen.streamNotFound],
      [`/inbox?source=stream-${theirStream}`, MESSAGES.channelScreen.streamNotFound],
      ["/inbox?source=label-999999", MESSAGES.inboxActions.labelNotFound],
      ["/inbox?source=search-999999", MESSAGES.searches.searchNotFound],
    ] as const) {
      const panel = await errorPanel(path, 404);
      expect(panel, path).toContain(MESSAGES.pageNotFound);
      expect(panel, path).toContain(reason);
      expect(panel, path).toContain(MESSAGES.inboxUi.backToInbox);
    }
    // The sidebar is still there, so the agent can pick another source.
    const html = await (await agent.get(`/inbox?source=stream-${deletedStream}`)).text();
    expect(html).toContain(`source=stream-${ownStream}`);
    expect(html).not.toContain(`source=stream-${theirStream}"`);
    expect(web.logLines.filter((line) => line.includes('"level":"error"'))).toEqual([]);
  });

  it("pinning a stream deleted meanwhile, from the sidebar without JavaScript, says so in a toast", async () => {
    const csrf = await agent.formToken("/inbox");
    const posted = await agent.post("/inbox", {
      csrf,
      id: String(deletedStream),
      intent: "pin-stream",
      returnTo: "/inbox",
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/inbox");
    const html = await (await agent.get("/inbox")).text();
    expect(toastText(html)).toBe(MESSAGES.channelScreen.streamNotFound);
  });

  it("an item that does not exist still says so", async () => {
    const panel = await errorPanel(`/inbox?source=stream-${ownStream}&item=999999999`, 404);
    expect(panel).toContain(MESSAGES.inboxActions.itemNotFound);
  });
});
