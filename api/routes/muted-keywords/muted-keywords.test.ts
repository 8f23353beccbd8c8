import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import {
  createApiFixture,
  type ApiFixture,
  type SignedIn,
  type TenantFixture,
} from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

let counter = 0;
const uid = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

const FORBIDDEN = { error_message: MESSAGES.forbidden };
const NOT_FOUND = { error_message: MESSAGES.mutedKeywordNotFound };

interface Keyword {
  id: number;
  value: string;
}

describe.each(testEngines({ engineSpecific: true }))("muted keywords API on %s", (engine) => {
  let fx: ApiFixture;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
  });
  afterAll(() => fx?.cleanup());

  /** Each test mutes words in a tenant of its own, so lists are exact. */
  async function tenantWithRoles(): Promise<
    { tenant: TenantFixture } & Record<"systemAdmin" | "admin" | "agent" | "guest", SignedIn>
  > {
    const tenant = await fx.createTenant();
    return { tenant, ...(await fx.signInRoles(tenant)) };
  }

  const list = (auth: SignedIn) => fx.request("GET", "/api/v1/muted_keywords", { auth });
  const add = (auth: SignedIn, ...values: string[]) =>
    fx.request("POST", "/api/v1/muted_keywords", {
      auth,
      body: { muted_keywords: values.map((value) => ({ value })) },
    });
  const remove = (auth: SignedIn, id: number) => fx.request("DELETE", `/api/v1/muted_keywords/${id}`, { auth });
  const values = (keywords: Keyword[]) => keywords.map((keyword) => keyword.value);

  describe("roles", () => {
    it("lets agents and up list, mute and unmute; guests get 403", async () => {
      const { agent, admin, systemAdmin, guest } = await tenantWithRoles();
      expect(await list(guest)).toMatchObject({ status: 403, json: FORBIDDEN });
      expect(await add(guest, "spam")).toMatchObject({ status: 403, json: FORBIDDEN });

      const muted = await add(agent, "spam");
      expect(muted.status).toBe(201);
      expect(await remove(guest, muted.json.data[0].id)).toMatchObject({ status: 403, json: FORBIDDEN });
      for (const auth of [agent, admin, systemAdmin]) expect(values((await list(auth)).json.data)).toEqual(["spam"]);
      expect((await remove(admin, muted.json.data[0].id)).status).toBe(204);
    });
  });

  describe("POST /v1/muted_keywords", () => {
    it("splits an entry on ' / ' and answers only the words newly muted", async () => {
      const { agent } = await tenantWithRoles();
      const first = await add(agent, "spam / giveaway");
      expect(first.status).toBe(201);
      expect(first.json.data).toEqual([
        { id: expect.any(Number), value: "spam" },
        { id: expect.any(Number), value: "giveaway" },
      ]);
      // A slash without spaces around it is part of the word.
      expect(values((await add(agent, "n/a")).json.data)).toEqual(["n/a"]);
      expect(values((await list(agent)).json.data)).toEqual(["giveaway", "n/a", "spam"]);
    });

    it("skips words already muted, case-insensitively, and duplicates within one request", async () => {
      const { agent } = await tenantWithRoles();
      await add(agent, "spam / giveaway");
      const res = await add(agent, "SPAM / Bonus", "bonus", " Giveaway ");
      expect(res.status).toBe(201);
      expect(values(res.json.data)).toEqual(["Bonus"]);

      const nothingNew = await add(agent, "Spam");
      expect(nothingNew).toMatchObject({ status: 201, json: { data: [] } });
      expect(values((await list(agent)).json.data)).toEqual(["Bonus", "giveaway", "spam"]);
    });

    it("answers 422 for an empty list or an empty word", async () => {
      const { agent } = await tenantWithRoles();
      const empty = await fx.request("POST", "/api/v1/muted_keywords", { auth: agent, body: { muted_keywords: [] } });
      expect(empty.status).toBe(422);
      expect(Object.values(empty.json.errors).flat()).toContain(MESSAGES.atLeastOneItem);
      const blank = await add(agent, "   ");
      expect(blank.status).toBe(422);
      expect(Object.values(blank.json.errors).flat()).toContain(MESSAGES.required);
      expect((await list(agent)).json.data).toEqual([]);
    });

    it("keeps each tenant's words apart", async () => {
      const mine = await tenantWithRoles();
      const theirs = await tenantWithRoles();
      await add(mine.agent, "spam");
      // The other tenant has not muted it: for them it is new.
      expect(values((await add(theirs.agent, "spam / other")).json.data)).toEqual(["spam", "other"]);
      expect(values((await list(mine.agent)).json.data)).toEqual(["spam"]);
    });
  });

  describe("DELETE /v1/muted_keywords/{id}", () => {
    it("unmutes (204), then answers 404", async () => {
      const { agent } = await tenantWithRoles();
      const [spam, giveaway] = (await add(agent, "spam / giveaway")).json.data as Keyword[];
      const res = await remove(agent, spam!.id);
      expect(res.status).toBe(204);
      expect(res.json).toBeNull();
      expect((await list(agent)).json.data).toEqual([giveaway]);
      expect(await remove(agent, spam!.id)).toMatchObject({ status: 404, json: NOT_FOUND });
    });

    it("answers 404 for another tenant's keyword and keeps it", async () => {
      const mine = await tenantWithRoles();
      const theirs = await tenantWithRoles();
      const [spam] = (await add(mine.agent, "spam")).json.data as Keyword[];
      expect(await remove(theirs.admin, spam!.id)).toMatchObject({ status: 404, json: NOT_FOUND });
      expect(await remove(theirs.systemAdmin, spam!.id)).toMatchObject({ status: 404, json: NOT_FOUND });
      expect((await list(mine.agent)).json.data).toEqual([spam]);
    });
  });

  describe("mentions", () => {
    interface Stream {
      id: number;
      key: string;
    }

    async function createStream(auth: SignedIn): Promise<Stream> {
      const res = await fx.request("POST", "/api/v1/streams", {
        auth,
        body: { name: uid("Stream"), social_type: "twitter", category: "streams", source: "api" },
      });
      expect(res.status).toBe(201);
      return { id: res.json.id, key: res.json.ingest_key };
    }

    async function ingest(stream: Stream, items: Array<{ id: string; text: string }>) {
      const body = items.map((item) => ({
        external_id: item.id,
        text: item.text,
        created_at: "2024-05-14T09:21:00Z",
        author: { username: "jane", followers: 10 },
      }));
      const res = await fx.api.fetch(
        new Request(`http://api.test/api/v1/ingest/streams/${stream.id}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-ingest-key": stream.key },
          body: JSON.stringify(body),
        }),
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ accepted: items.length, rejected: 0 });
    }

    async function visibleIds(auth: SignedIn, stream: Stream): Promise<string[]> {
      const query = new URLSearchParams({ filters: JSON.stringify({ stream_ids: [stream.id] }), limit: "100" });
      const res = await fx.request("GET", `/api/v1/statuses?${query}`, { auth });
      expect(res.status).toBe(200);
      return (res.json.data as Array<{ status_id: string }>).map((status) => status.status_id).sort();
    }

    async function visibleCount(auth: SignedIn, stream: Stream): Promise<number> {
      const query = new URLSearchParams({ filters: JSON.stringify({ stream_ids: [stream.id] }) });
      const res = await fx.request("GET", `/api/v1/statuses/counts?${query}`, { auth });
      expect(res.status).toBe(200);
      return res.json.total;
    }

    it("hides stored mentions holding a newly muted word from lists and counts, and shows them again once unmuted", async () => {
      const { admin, agent } = await tenantWithRoles();
      const stream = await createStream(admin);
      const promo = uid("promo");
      const plain = uid("plain");
      const partial = uid("partial");
      await ingest(stream, [
        { id: promo, text: "Huge GIVEAWAY today, follow and retweet" },
        { id: plain, text: "The new dashboard loads fast" },
        // Whole words only: 'giveaways' is not 'giveaway'.
        { id: partial, text: "Giveaways are not my thing" },
      ]);
      const all = [promo, plain, partial].sort();
      expect(await visibleIds(agent, stream)).toEqual(all);
      expect(await visibleCount(agent, stream)).toBe(3);

      const [giveaway] = (await add(agent, "giveaway / unrelated")).json.data as Keyword[];
      expect(await visibleIds(agent, stream)).toEqual([plain, partial].sort());
      expect(await visibleCount(agent, stream)).toBe(2);

      // Mentions arriving later are hidden as they are stored.
      const later = uid("later");
      await ingest(stream, [{ id: later, text: "Another giveaway!" }]);
      expect(await visibleIds(agent, stream)).toEqual([plain, partial].sort());

      expect((await remove(agent, giveaway!.id)).status).toBe(204);
      expect(await visibleIds(agent, stream)).toEqual([...all, later].sort());
      expect(await visibleCount(agent, stream)).toBe(4);
    });

    it("keeps a mention hidden while another muted word still matches it", async () => {
      const { admin, agent } = await tenantWithRoles();
      const stream = await createStream(admin);
      const both = uid("both");
      await ingest(stream, [{ id: both, text: "Free crypto giveaway, pure spam" }]);
      const [spam, giveaway] = (await add(agent, "spam / giveaway")).json.data as Keyword[];
      expect(await visibleIds(agent, stream)).toEqual([]);

      await remove(agent, spam!.id);
      expect(await visibleIds(agent, stream)).toEqual([]);
      expect(await visibleCount(agent, stream)).toBe(0);
      await remove(agent, giveaway!.id);
      expect(await visibleIds(agent, stream)).toEqual([both]);
      expect(await visibleCount(agent, stream)).toBe(1);
    });

    it("mutes only the tenant's own mentions", async () => {
      const mine = await tenantWithRoles();
      const theirs = await tenantWithRoles();
      const myStream = await createStream(mine.admin);
      const theirStream = await createStream(theirs.admin);
      const myPromo = uid("mine");
      const theirPromo = uid("theirs");
      await ingest(myStream, [{ id: myPromo, text: "giveaway time" }]);
      await ingest(theirStream, [{ id: theirPromo, text: "giveaway time" }]);

      await add(mine.agent, "giveaway");
      expect(await visibleIds(mine.agent, myStream)).toEqual([]);
      expect(await visibleIds(theirs.agent, theirStream)).toEqual([theirPromo]);
      expect(await visibleCount(theirs.agent, theirStream)).toBe(1);
    });
  });
});
