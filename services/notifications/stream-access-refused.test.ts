// Permission errors (issue 6, spec core §2 'Go to Profiles'): a stream whose source refuses access tells
// whoever can fix its connection, once per run of failures; a source that is merely down does not.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_STATE } from "../../domain/constants";
import { MESSAGES } from "../../domain/messages";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../tests/support/api-fixture";
import { testEngines } from "../../tests/support/database";
import { isAccessRefusal } from "./stream-access-refused";

interface ApiNotification {
  text: string;
  category: string;
  social_type: string | null;
  entity_name: string | null;
  link: string | null;
}

describe("isAccessRefusal", () => {
  it("tells a refused feed or review source from one that is down or broken", () => {
    expect(isAccessRefusal("The feed answered HTTP 403 Forbidden")).toBe(true);
    expect(isAccessRefusal("The feed answered HTTP 401 Unauthorized")).toBe(true);
    expect(isAccessRefusal(MESSAGES.reviewAuthFailed)).toBe(true);
    expect(isAccessRefusal("The feed answered HTTP 404 Not Found")).toBe(false);
    expect(isAccessRefusal("The feed answered HTTP 503 Service Unavailable")).toBe(false);
    expect(isAccessRefusal("The feed answered HTTP 4030")).toBe(false);
    expect(isAccessRefusal("The feed timed out (no complete answer within 0.3 s)")).toBe(false);
  });
});

describe.each(testEngines({ engineSpecific: true }))("notifications for refused streams on %s", (engine) => {
  let server: http.Server;
  let origin: string;
  let fx: ApiFixture;
  let tenant: TenantFixture;
  let admin: SignedIn;
  let systemAdmin: SignedIn;
  let agent: SignedIn;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === "/refused.xml") response.writeHead(403).end("no");
      else response.writeHead(503).end("down");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    fx = await createApiFixture(engine);
    tenant = await fx.createTenant();
    ({ admin, systemAdmin, agent } = await fx.signInRoles(tenant));
  });
  afterAll(async () => {
    await fx?.cleanup();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function feedStream(path: string, name: string) {
    const res = await fx.request("POST", "/api/v1/streams", {
      auth: admin,
      body: { name, social_type: "article", category: "streams", source: "feed", feed_url: `${origin}${path}` },
    });
    expect(res.status).toBe(201);
    return res.json as { id: number };
  }
  const poll = (id: number) => fx.request("POST", `/api/v1/streams/${id}/poll`, { auth: admin });
  const notifications = async (auth: SignedIn) =>
    (await fx.request("GET", "/api/v1/notifications", { auth })).json.data as ApiNotification[];
  const refusals = async (auth: SignedIn) => (await notifications(auth)).filter((n) => n.category === "permissions_error");

  it("tells the admin who connected the stream, once, with a link to it", async () => {
    const stream = await feedStream("/refused.xml", "Northwind <b>blog</b>");
    expect((await poll(stream.id)).json).toMatchObject({ status: "failed", reason: "The feed answered HTTP 403 Forbidden" });
    const [first, ...more] = await refusals(admin);
    expect(more).toEqual([]);
    expect(first).toMatchObject({
      category: "permissions_error",
      social_type: "article",
      entity_name: "Northwind <b>blog</b>",
      link: `/settings/channels/${stream.id}`,
      text: MESSAGES.notificationsUi.streamAccessRefused("Northwind <b>blog</b>", "The feed answered HTTP 403 Forbidden"),
    });
    // Nobody else hears of it, and the retries of the same run say nothing new.
    expect(await refusals(systemAdmin)).toEqual([]);
    expect(await refusals(agent)).toEqual([]);
    await poll(stream.id);
    await poll(stream.id);
    expect(await refusals(admin)).toHaveLength(1);
  });

  it("says nothing when the source is merely down", async () => {
    const before = (await refusals(admin)).length;
    const stream = await feedStream("/down.xml", "Flaky feed");
    expect((await poll(stream.id)).json).toMatchObject({ status: "failed" });
    expect(await refusals(admin)).toHaveLength(before);
  });

  it("tells everyone who can manage channels when the one who connected it is gone", async () => {
    const stream = await feedStream("/refused.xml", "Orphaned feed");
    await fx.db.updateTable("accounts").set({ state: ACCOUNT_STATE.deleted }).where("id", "=", tenant.accounts.admin.id).execute();
    try {
      // The deleted admin's session no longer works: a system admin asks for the poll.
      const polled = await fx.request("POST", `/api/v1/streams/${stream.id}/poll`, { auth: systemAdmin });
      expect(polled.json).toMatchObject({ status: "failed" });
      expect((await refusals(systemAdmin)).map((n) => n.entity_name)).toEqual(["Orphaned feed"]);
      expect(await refusals(agent)).toEqual([]);
    } finally {
      await fx.db.updateTable("accounts").set({ state: ACCOUNT_STATE.active }).where("id", "=", tenant.accounts.admin.id).execute();
    }
    expect((await refusals(admin)).map((n) => n.entity_name)).not.toContain("Orphaned feed");
  });
});
