import { describe, expect, it } from "vitest";
import { WebhookPayloadError } from "./types";
import { delivery, expectInert, fixture, hmacOf, parsed } from "./test-support";
import { zendeskAdapter as zendesk } from "./zendesk";

const SECRET = "dGhpc19zZWNyZXRfaXNfZm9yX3Rlc3Rpbmdfb25seQ==";
const TS = "2024-04-17T17:18:11Z";

function signed(bytes: Uint8Array, extra: Record<string, string> = {}, secret = SECRET) {
  const signature = hmacOf("sha256", secret, TS, bytes).toString("base64");
  return delivery(
    {
      "X-Zendesk-Webhook-Signature": signature,
      "X-Zendesk-Webhook-Signature-Timestamp": TS,
      "X-Zendesk-Webhook-Invocation-Id": "8350205582",
      ...extra,
    },
    bytes,
  );
}

describe("zendesk verify", () => {
  const { bytes } = fixture("zendesk-trigger.json");

  it("reads the signed timestamp for the freshness window (null when missing or unreadable)", () => {
    expect(zendesk.signedAt!(signed(bytes))).toEqual(new Date(TS));
    expect(zendesk.signedAt!(delivery({}, bytes))).toBeNull();
    expect(zendesk.signedAt!(delivery({ "X-Zendesk-Webhook-Signature-Timestamp": "yesterday" }, bytes))).toBeNull();
  });

  it("accepts base64(HMAC-SHA256(secret, timestamp + body))", () => {
    expect(zendesk.verify(signed(bytes), SECRET)).toEqual({ ok: true });
  });

  it("rejects another secret, a changed body or a changed timestamp", () => {
    expect(zendesk.verify(signed(bytes), "other secret").ok).toBe(false);
    const tampered = signed(bytes);
    expect(zendesk.verify({ ...tampered, rawBody: new TextEncoder().encode("{}") }, SECRET).ok).toBe(false);
    const moved = signed(bytes);
    moved.headers.set("X-Zendesk-Webhook-Signature-Timestamp", "2024-04-17T17:18:12Z");
    expect(zendesk.verify(moved, SECRET).ok).toBe(false);
  });

  it("rejects missing headers, junk signatures and an empty secret with a reason", () => {
    expect(zendesk.verify(delivery({}, bytes), SECRET)).toEqual({
      ok: false,
      reason: "missing X-Zendesk-Webhook-Signature header",
    });
    const noTimestamp = signed(bytes);
    noTimestamp.headers.delete("X-Zendesk-Webhook-Signature-Timestamp");
    expect(zendesk.verify(noTimestamp, SECRET)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/Timestamp/),
    });
    const junk = signed(bytes, { "X-Zendesk-Webhook-Signature": "not base64 at all!" });
    expect(zendesk.verify(junk, SECRET).ok).toBe(false);
    expect(zendesk.verify(signed(bytes, {}, ""), "").ok).toBe(false);
  });
});

describe("zendesk map: trigger bodies", () => {
  it("maps the ticket and its latest public comment", () => {
    const { json } = fixture("zendesk-trigger.json");
    const [ticket, comment, ...rest] = parsed(zendesk.map(json));
    expect(rest).toEqual([]);
    expect(ticket).toMatchObject({
      network: "zendesk",
      external_id: "ticket-35436",
      kind: "ticket",
      title: "App crashes when I open my order history",
      url: "https://acme.zendesk.com/agent/tickets/35436",
      created_at: "2024-04-17T17:18:10.000Z",
      language: "en",
      author: { external_id: "6596848315901", username: "Maria Gonzalez" },
      is_agent_reply: false,
    });
    expect(ticket.text).toContain('the app closes as soon as I open "My orders"');
    expect(ticket.text).toContain("\n\nThanks, Maria");
    expect(comment).toMatchObject({
      external_id: "ticket-35436-comment-30064117810589",
      kind: "comment",
      parent_external_id: "ticket-35436",
      created_at: "2024-04-17T18:02:44.000Z",
      author: { username: "Tom (Acme Support)", external_id: "1200001" },
      is_agent_reply: true,
    });
  });

  it("accepts a flat body, bare-host {{ticket.url}} and a comment given as a string", () => {
    const items = parsed(
      zendesk.map({
        ticket_id: 7,
        title: "Refund?",
        description: "Where is my refund",
        url: "acme.zendesk.com/agent/tickets/7",
        created_at: "2024-05-01 10:00:00 +0200",
        requester_name: "Ola",
        latest_comment: "Any news?",
      }),
    );
    expect(items.map((i) => i.external_id)).toEqual([
      "ticket-7",
      expect.stringMatching(/^ticket-7-comment-h[0-9a-f]{24}$/),
    ]);
    expect(items[0]).toMatchObject({
      url: "https://acme.zendesk.com/agent/tickets/7",
      created_at: "2024-05-01T08:00:00.000Z",
    });
    expect(items[1]).toMatchObject({
      text: "Any news?",
      author: { username: "unknown" },
      parent_external_id: "ticket-7",
    });
    // The same comment delivered again gets the same id.
    expect(
      zendesk.map({ ticket_id: 7, created_at: "2024-05-01T10:00:00Z", latest_comment: "Any news?" })[1].external_id,
    ).toBe(items[1].external_id);
  });

  it("skips private comments and a latest comment that is the description", () => {
    const base = { ticket: { id: 9, created_at: "2024-05-01T10:00:00Z", description: "Help" } };
    expect(
      zendesk.map({ ticket: { ...base.ticket, latest_comment: { body: "internal", public: false } } }),
    ).toHaveLength(1);
    expect(zendesk.map({ ticket: { ...base.ticket, latest_comment: "Help" } })).toHaveLength(1);
  });

  it("falls back to the signature timestamp for the date only when the delivery is given", () => {
    const body = { ticket: { id: 3, description: "x" } };
    expect(() => zendesk.map(body)).toThrow(/created_at/);
    const items = zendesk.map(body, delivery({ "X-Zendesk-Webhook-Signature-Timestamp": TS }, "{}"));
    expect(items[0].created_at).toBe("2024-04-17T17:18:11.000Z");
  });

  it("throws WebhookPayloadError for payloads it cannot read", () => {
    expect(() => zendesk.map([1, 2])).toThrow(WebhookPayloadError);
    expect(() => zendesk.map("ticket")).toThrow(WebhookPayloadError);
    expect(() => zendesk.map({ hello: "world" })).toThrow(/no ticket id/);
    expect(() => zendesk.map({ ticket: { id: 1, created_at: "yesterday" } })).toThrow(WebhookPayloadError);
  });
});

describe("zendesk map: event subscriptions", () => {
  it("maps ticket.created with the HTML description as plain text", () => {
    const { json } = fixture("zendesk-ticket-created.json");
    const [ticket] = parsed(zendesk.map(json));
    expect(ticket).toMatchObject({
      external_id: "ticket-35436",
      kind: "ticket",
      title: "App crashes when I open my order history",
      text: "Since yesterday's update the app closes as soon as I open My orders.\n\nAndroid 14",
      created_at: "2024-04-17T17:18:10.000Z",
      author: { external_id: "6596848315901", username: "unknown" },
    });
  });

  it("maps ticket.comment_added as a comment under the ticket", () => {
    const { json } = fixture("zendesk-comment-added.json");
    expect(parsed(zendesk.map(json))).toEqual([
      expect.objectContaining({
        external_id: "ticket-35436-comment-30064117810589",
        kind: "comment",
        parent_external_id: "ticket-35436",
        text: "Thanks Maria, could you tell us which app version you have? You'll find it under Settings > About.",
        created_at: "2024-04-17T18:02:44.000Z",
        is_agent_reply: true,
        author: expect.objectContaining({ username: "Tom (Acme Support)" }),
      }),
    ]);
  });

  it("maps private comments and other event types to []", () => {
    const { json } = fixture("zendesk-comment-added.json");
    const body = structuredClone(json) as { event: { comment: { is_public: boolean } } };
    body.event.comment.is_public = false;
    expect(zendesk.map(body)).toEqual([]);
    expect(zendesk.map({ type: "zen:event-type:ticket.status_changed", detail: { id: "1" } })).toEqual([]);
    expect(zendesk.map({ type: "zen:event-type:user.active_changed", detail: {} })).toEqual([]);
  });

  it("throws for a ticket event without its detail", () => {
    expect(() => zendesk.map({ type: "zen:event-type:ticket.created" })).toThrow(WebhookPayloadError);
  });
});

describe("zendesk deliveryId", () => {
  it("uses the event id for event subscriptions and the invocation header for triggers", () => {
    const event = fixture("zendesk-ticket-created.json");
    expect(zendesk.deliveryId(signed(event.bytes), event.json)).toBe("01HVN3M2Z1Q8X7W6V5T4S3R2P1");
    const trigger = fixture("zendesk-trigger.json");
    expect(zendesk.deliveryId(signed(trigger.bytes), trigger.json)).toBe("8350205582");
    expect(zendesk.deliveryId(delivery({}, trigger.bytes), trigger.json)).toBeNull();
  });
});

it("zendesk keeps HTML and script out of the text", () => {
  const [ticket] = zendesk.map({
    ticket: {
      id: 1,
      created_at: "2024-01-01T00:00:00Z",
      subject: "<b>Bold</b> subject",
      description: '<p onclick="steal()">Hi</p><script>alert(1)</script><img src=x onerror=alert(2)>there',
    },
  });
  expect(ticket.text).toBe("Hi\nthere");
  expectInert(ticket.text);
});
