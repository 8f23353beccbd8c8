import { describe, expect, it } from "vitest";
import { discourseAdapter as discourse } from "./discourse";
import { delivery, expectInert, fixture, hmacOf, parsed } from "./test-support";
import { WebhookPayloadError } from "./types";

const SECRET = "a-long-discourse-webhook-secret";

function signed(bytes: Uint8Array, headers: Record<string, string> = {}, secret = SECRET) {
  return delivery(
    {
      "X-Discourse-Instance": "https://community.acme.example",
      "X-Discourse-Event-Id": "1177",
      "X-Discourse-Event-Type": "post",
      "X-Discourse-Event": "post_created",
      "X-Discourse-Event-Signature": `sha256=${hmacOf("sha256", secret, bytes).toString("hex")}`,
      ...headers,
    },
    bytes,
  );
}

describe("discourse verify", () => {
  const { bytes } = fixture("discourse-post-created.json");

  it("accepts sha256=hex(HMAC-SHA256(secret, body))", () => {
    expect(discourse.verify(signed(bytes), SECRET)).toEqual({ ok: true });
  });

  it("rejects a wrong secret, a changed body, a missing or unprefixed signature", () => {
    expect(discourse.verify(signed(bytes, {}, "other"), SECRET).ok).toBe(false);
    expect(discourse.verify({ ...signed(bytes), rawBody: new Uint8Array([123, 125]) }, SECRET).ok).toBe(false);
    expect(discourse.verify(delivery({}, bytes), SECRET)).toEqual({
      ok: false,
      reason: "missing X-Discourse-Event-Signature header",
    });
    const bare = hmacOf("sha256", SECRET, bytes).toString("hex");
    expect(discourse.verify(signed(bytes, { "X-Discourse-Event-Signature": bare }), SECRET).ok).toBe(false);
  });
});

describe("discourse map", () => {
  it("maps a topic's first post to the topic item, preferring raw over cooked", () => {
    const { bytes, json } = fixture("discourse-post-created.json");
    expect(parsed(discourse.map(json))).toEqual([
      expect.objectContaining({
        network: "discourse",
        external_id: "topic-8812",
        kind: "post",
        title: "Sync never finishes after 5.2",
        text: "After updating to 5.2 the sync never finishes. Anyone else?\n\n:thinking:",
        url: "/t/sync-never-finishes-after-5-2/8812",
        created_at: "2024-04-17T17:25:03.412Z",
        is_agent_reply: false,
        author: expect.objectContaining({
          external_id: "3301",
          username: "lena_f",
          name: "Lena Fischer",
          photo_url: "/user_avatar/community.acme.example/lena_f/144/1234_2.png",
          profile_url: "/u/lena_f",
        }),
      }),
    ]);
    // With the delivery, links become absolute on the instance.
    const [item] = discourse.map(json, signed(bytes));
    expect(item.url).toBe("https://community.acme.example/t/sync-never-finishes-after-5-2/8812");
    expect(item.author.photo_url).toBe(
      "https://community.acme.example/user_avatar/community.acme.example/lena_f/144/1234_2.png",
    );
  });

  it("maps a staff reply from cooked HTML as a reply under the topic", () => {
    const { json } = fixture("discourse-reply.json");
    const [item] = parsed(discourse.map(json));
    expect(item).toMatchObject({
      external_id: "post-50240",
      kind: "reply",
      parent_external_id: "topic-8812",
      text: "Thanks @lena_f! A fix is rolling out in 5.2.1 & should reach everyone today.",
      url: "/t/sync-never-finishes-after-5-2/8812/3",
      is_agent_reply: true,
      views: 12,
    });
    expect(item.title).toBeUndefined();
    expectInert(item.text);
  });

  it("maps pings, topic events, deletions, private messages, whispers and small actions to []", () => {
    const post = (fixture("discourse-reply.json").json as any).post;
    expect(discourse.map({ ping: "OK" })).toEqual([]);
    expect(discourse.map({ topic: { id: 8812, title: "Sync never finishes after 5.2" } })).toEqual([]);
    expect(discourse.map({ user: { id: 1 } })).toEqual([]);
    expect(discourse.map({ post }, signed(new Uint8Array(), { "X-Discourse-Event": "post_destroyed" }))).toEqual([]);
    expect(discourse.map({ post: { ...post, deleted_at: "2024-04-18T00:00:00Z" } })).toEqual([]);
    expect(discourse.map({ post: { ...post, topic_archetype: "private_message" } })).toEqual([]);
    expect(discourse.map({ post: { ...post, post_type: 4 } })).toEqual([]);
    expect(discourse.map({ post: { ...post, post_type: 3 } })).toEqual([]);
  });

  it("throws WebhookPayloadError for payloads it cannot read", () => {
    expect(() => discourse.map(42)).toThrow(WebhookPayloadError);
    expect(() => discourse.map({ something: {} })).toThrow(/expected a post/);
    expect(() => discourse.map({ post: { id: 1, cooked: "<p>x</p>" } })).toThrow(/topic_id/);
    expect(() => discourse.map({ post: { id: 1, topic_id: 2, post_number: 2, created_at: "soon" } })).toThrow(
      /created_at/,
    );
  });
});

it("discourse deliveryId is X-Discourse-Event-Id", () => {
  const { bytes, json } = fixture("discourse-post-created.json");
  expect(discourse.deliveryId(signed(bytes), json)).toBe("1177");
  expect(discourse.deliveryId(delivery({}, bytes), json)).toBeNull();
});
