import { describe, expect, it } from "vitest";
import { intercomAdapter as intercom } from "./intercom";
import { delivery, expectInert, fixture, hmacOf, parsed } from "./test-support";
import { WebhookPayloadError } from "./types";

const CLIENT_SECRET = "8f5e2c1a-3b4d-4e6f-9a0b-7c8d9e0f1a2b";

const signed = (bytes: Uint8Array, secret = CLIENT_SECRET) =>
  delivery({ "X-Hub-Signature": `sha1=${hmacOf("sha1", secret, bytes).toString("hex")}` }, bytes);

describe("intercom verify", () => {
  const { bytes } = fixture("intercom-user-created.json");

  it("accepts sha1=hex(HMAC-SHA1(client secret, body))", () => {
    expect(intercom.verify(signed(bytes), CLIENT_SECRET)).toEqual({ ok: true });
  });

  it("rejects a wrong secret, a changed body, a missing or malformed header", () => {
    expect(intercom.verify(signed(bytes, "wrong"), CLIENT_SECRET)).toEqual({
      ok: false,
      reason: "signature does not match",
    });
    expect(intercom.verify({ ...signed(bytes), rawBody: bytes.slice(1) }, CLIENT_SECRET).ok).toBe(false);
    expect(intercom.verify(delivery({}, bytes), CLIENT_SECRET)).toEqual({
      ok: false,
      reason: "missing X-Hub-Signature header",
    });
    const bare = delivery({ "X-Hub-Signature": hmacOf("sha1", CLIENT_SECRET, bytes).toString("hex") }, bytes);
    expect(intercom.verify(bare, CLIENT_SECRET).ok).toBe(false);
    const sha256 = delivery(
      { "X-Hub-Signature": `sha256=${hmacOf("sha256", CLIENT_SECRET, bytes).toString("hex")}` },
      bytes,
    );
    expect(intercom.verify(sha256, CLIENT_SECRET).ok).toBe(false);
    expect(intercom.verify(delivery({ "X-Hub-Signature": "sha1=zz" }, bytes), CLIENT_SECRET).ok).toBe(false);
  });
});

describe("intercom map", () => {
  it("maps conversation.user.created to the opening message", () => {
    const { json } = fixture("intercom-user-created.json");
    expect(parsed(intercom.map(json))).toEqual([
      expect.objectContaining({
        network: "intercom",
        external_id: "conversation-147000123456789",
        kind: "message",
        text: "Hello! I was charged twice for my Pro subscription this month.\n\nCan you refund one?",
        url: "https://app.intercom.com/a/apps/abc123de/conversations/147000123456789",
        created_at: "2024-04-17T17:18:10.000Z",
        author: expect.objectContaining({ username: "Ken Watanabe", external_id: "6620d3c1f7a8b9000112abcd" }),
        is_agent_reply: false,
      }),
    ]);
  });

  it("maps an admin reply as an agent reply and leaves internal notes out", () => {
    const { json } = fixture("intercom-admin-replied.json");
    const items = parsed(intercom.map(json));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      external_id: "conversation-147000123456789-part-19876543210",
      kind: "reply",
      parent_external_id: "conversation-147000123456789",
      text: "Hi Ken, sorry about that! I've refunded the duplicate charge — you'll see it in 3–5 days.",
      created_at: "2024-04-17T17:31:42.000Z",
      is_agent_reply: true,
      author: { username: "Priya from Acme", external_id: "5012345" },
    });
    expect(JSON.stringify(items)).not.toContain("Stripe");
  });

  it("maps a user reply as a customer reply", () => {
    const { json } = fixture("intercom-admin-replied.json");
    const body = structuredClone(json) as any;
    body.topic = "conversation.user.replied";
    body.data.item.conversation_parts.conversation_parts = [
      {
        type: "conversation_part",
        id: "42",
        part_type: "comment",
        body: "<p>Got it, thanks!</p>",
        created_at: 1713376000,
        author: { id: "u1", type: "user", name: "Ken Watanabe" },
      },
    ];
    expect(parsed(intercom.map(body))).toEqual([
      expect.objectContaining({
        external_id: "conversation-147000123456789-part-42",
        text: "Got it, thanks!",
        is_agent_reply: false,
      }),
    ]);
  });

  it("maps a rating as a review of the conversation", () => {
    const { json } = fixture("intercom-admin-replied.json");
    const body = structuredClone(json) as any;
    body.topic = "conversation.rating.added";
    body.data.item.conversation_parts.conversation_parts = [];
    body.data.item.conversation_rating = {
      rating: 4,
      remark: "Quick help",
      created_at: 1713380000,
      contact: { type: "contact", id: "c9" },
    };
    expect(parsed(intercom.map(body))).toEqual([
      expect.objectContaining({
        external_id: "conversation-147000123456789-rating",
        kind: "review",
        rating: 4,
        text: "Quick help",
      }),
    ]);
  });

  it("maps the ping topic, notes and non-conversation topics to []", () => {
    expect(intercom.map(fixture("intercom-ping.json").json)).toEqual([]);
    const { json } = fixture("intercom-admin-replied.json");
    const noted = structuredClone(json) as any;
    noted.topic = "conversation.admin.noted";
    noted.data.item.conversation_parts.conversation_parts =
      noted.data.item.conversation_parts.conversation_parts.slice(1);
    expect(intercom.map(noted)).toEqual([]);
    expect(intercom.map({ type: "notification_event", topic: "contact.user.created", data: { item: {} } })).toEqual([]);
  });

  it("throws WebhookPayloadError for payloads it cannot read", () => {
    expect(() => intercom.map(null)).toThrow(WebhookPayloadError);
    expect(() => intercom.map({ topic: "conversation.user.created" })).toThrow(/notification_event/);
    expect(() => intercom.map({ type: "notification_event" })).toThrow(/topic/);
    expect(() => intercom.map({ type: "notification_event", topic: "conversation.user.created", data: {} })).toThrow(
      /data.item/,
    );
    expect(() =>
      intercom.map({
        type: "notification_event",
        topic: "conversation.user.created",
        data: { item: { id: "1", created_at: 1 } },
      }),
    ).toThrow(/source/);
  });

  it("keeps HTML and script out of the text", () => {
    const { json } = fixture("intercom-user-created.json");
    const body = structuredClone(json) as any;
    body.data.item.source.body =
      '<p>Hi <a href="javascript:alert(1)">there</a></p><script>alert(document.cookie)</script><style>p{}</style>';
    const [item] = intercom.map(body);
    expect(item.text).toBe("Hi there");
    expectInert(item.text);
  });
});

it("intercom deliveryId is the notification id", () => {
  const { bytes, json } = fixture("intercom-admin-replied.json");
  expect(intercom.deliveryId(signed(bytes), json)).toBe("notif_7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d");
  expect(intercom.deliveryId(signed(bytes), {})).toBeNull();
});
