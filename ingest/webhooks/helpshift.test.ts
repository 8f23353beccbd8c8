import { describe, expect, it } from "vitest";
import { helpshiftAdapter as helpshift } from "./helpshift";
import { delivery, expectInert, fixture, hmacOf, parsed } from "./test-support";
import { WebhookPayloadError } from "./types";

const SECRET = "hs-webhook-secret-123";

describe("helpshift verify", () => {
  const { bytes } = fixture("helpshift-create-issue.json");
  const mac = hmacOf("sha256", SECRET, bytes);

  it("accepts HMAC-SHA256 of the body in X-Helpshift-Signature as hex, sha256=hex or base64", () => {
    for (const value of [mac.toString("hex"), `sha256=${mac.toString("hex")}`, mac.toString("base64")]) {
      expect(helpshift.verify(delivery({ "X-Helpshift-Signature": value }, bytes), SECRET)).toEqual({ ok: true });
    }
  });

  it("rejects a wrong secret, a missing header and junk", () => {
    const wrong = hmacOf("sha256", "nope", bytes).toString("hex");
    expect(helpshift.verify(delivery({ "X-Helpshift-Signature": wrong }, bytes), SECRET).ok).toBe(false);
    expect(helpshift.verify(delivery({}, bytes), SECRET)).toEqual({
      ok: false,
      reason: "missing X-Helpshift-Signature header",
    });
    expect(helpshift.verify(delivery({ "X-Helpshift-Signature": "!!" }, bytes), SECRET).ok).toBe(false);
    expect(helpshift.verify(delivery({ "X-Helpshift-Signature": mac.toString("hex") }, bytes), " ").ok).toBe(false);
  });
});

describe("helpshift map", () => {
  it("maps create_issue to a ticket with the first message as its text", () => {
    const { json } = fixture("helpshift-create-issue.json");
    expect(parsed(helpshift.map(json))).toEqual([
      expect.objectContaining({
        network: "helpshift",
        external_id: "issue-1042",
        kind: "ticket",
        title: "Lost my gems after the update",
        text: "Lost my gems after the update\n\nI had 2,400 gems and now I have 0. Player ID 88231.",
        url: "https://acmegames.helpshift.com/admin/issue/1042/",
        created_at: "2024-04-17T17:18:10.400Z",
        author: expect.objectContaining({
          username: "Sam Lee",
          external_id: "acmegames_profile_20240404112949349-195fcbdda324e49",
        }),
        is_agent_reply: false,
      }),
    ]);
  });

  it("maps a new agent message as an agent reply and skips notes", () => {
    const { json } = fixture("helpshift-add-message.json");
    const items = parsed(helpshift.map(json));
    expect(items).toEqual([
      expect.objectContaining({
        external_id: "issue-1042-message-acmegames_message_20240417180640697-6baa1732e92b8be",
        kind: "reply",
        parent_external_id: "issue-1042",
        text: "Hi Sam, we restored your 2,400 gems and added 200 as an apology. Sorry!",
        is_agent_reply: true,
        created_at: "2024-04-17T17:46:40.697Z",
      }),
    ]);
    expect(JSON.stringify(items)).not.toContain("OPS-221");
  });

  it("tells end-user messages by origin, or by the issue author when there is none", () => {
    const { json } = fixture("helpshift-add-message.json");
    const body = structuredClone(json) as any;
    const [message] = body.data.updates.messages;
    body.data.updates.messages = [
      { ...message, id: "m1", origin: "end-user", author: { name: "Someone", emails: ["x@example.org"] } },
      { ...message, id: "m2", author: { name: "Sam Lee", emails: ["SAM.LEE@example.org"] } },
    ];
    expect(helpshift.map(body).map((i) => i.is_agent_reply)).toEqual([false, false]);
  });

  it("maps a CSAT rating to a review", () => {
    expect(parsed(helpshift.map(fixture("helpshift-csat.json").json))).toEqual([
      expect.objectContaining({
        external_id: "issue-1042-feedback",
        kind: "review",
        rating: 5,
        text: "Super fast, thank you!",
        author: expect.objectContaining({ username: "Sam Lee" }),
      }),
    ]);
  });

  it("maps status, tag and other events to []", () => {
    const { json } = fixture("helpshift-add-message.json");
    const body = structuredClone(json) as any;
    body.data.updates = { state_data: { state: "resolved", changed_at: 1 }, tags: { added: ["vip"] } };
    expect(helpshift.map(body)).toEqual([]);
    expect(helpshift.map({ event_type: "delete_issue", data: {} })).toEqual([]);
  });

  it("throws WebhookPayloadError for payloads it cannot read", () => {
    expect(() => helpshift.map([])).toThrow(WebhookPayloadError);
    expect(() => helpshift.map({ data: {} })).toThrow(/event_type/);
    expect(() => helpshift.map({ event_type: "create_issue" })).toThrow(/data/);
    expect(() => helpshift.map({ event_type: "create_issue", data: { title: "x" } })).toThrow(/issue id/);
  });

  it("keeps HTML and script out of the text", () => {
    const { json } = fixture("helpshift-create-issue.json");
    const body = structuredClone(json) as any;
    body.data.messages[0].body = "Hello<script>alert('x')</script><iframe src=evil></iframe> <em>world</em>";
    const [item] = helpshift.map(body);
    expect(item.text).toBe("Hello world");
    expectInert(item.text);
  });
});

it("helpshift deliveryId is the event id", () => {
  const { bytes, json } = fixture("helpshift-add-message.json");
  expect(helpshift.deliveryId(delivery({}, bytes), json)).toBe("e38028a4-a1e1-443c-8c96-6a58ff16f2e7");
  expect(helpshift.deliveryId(delivery({}, bytes), {})).toBeNull();
});
