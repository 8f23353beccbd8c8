import { describe, expect, it } from "vitest";
import { delivery, expectInert, fixture, hmacOf, parsed } from "./test-support";
import { WebhookPayloadError } from "./types";
import { vanillaForumsAdapter as vanilla } from "./vanilla-forums";

const SECRET = "vanilla-webhook-secret";

function signed(bytes: Uint8Array, event = "discussion", secret = SECRET) {
  return delivery(
    {
      "X-Vanilla-Event": event,
      "X-Vanilla-ID": "7f9d0a3e-1c2b-4d5e-8f6a-9b0c1d2e3f4a",
      "X-Vanilla-Signature": `sha1=${hmacOf("sha1", secret, bytes).toString("hex")}`,
    },
    bytes,
  );
}

describe("vanillaForums verify", () => {
  const { bytes } = fixture("vanilla-discussion-insert.json");

  it("accepts sha1=hex(HMAC-SHA1(secret, body)), and sha256= or bare digests", () => {
    expect(vanilla.verify(signed(bytes), SECRET)).toEqual({ ok: true });
    const sha256 = `sha256=${hmacOf("sha256", SECRET, bytes).toString("hex")}`;
    expect(vanilla.verify(delivery({ "X-Vanilla-Signature": sha256 }, bytes), SECRET)).toEqual({ ok: true });
    const bare = hmacOf("sha1", SECRET, bytes).toString("hex");
    expect(vanilla.verify(delivery({ "X-Vanilla-Signature": bare }, bytes), SECRET)).toEqual({ ok: true });
  });

  it("rejects a wrong secret, a changed body and a missing signature", () => {
    expect(vanilla.verify(signed(bytes, "discussion", "x"), SECRET)).toEqual({
      ok: false,
      reason: "signature does not match",
    });
    expect(vanilla.verify({ ...signed(bytes), rawBody: bytes.subarray(0, 10) }, SECRET).ok).toBe(false);
    expect(vanilla.verify(delivery({}, bytes), SECRET)).toEqual({
      ok: false,
      reason: "missing X-Vanilla-Signature header",
    });
    expect(vanilla.verify(delivery({ "X-Vanilla-Signature": "md5=abc" }, bytes), SECRET).ok).toBe(false);
  });
});

describe("vanillaForums map", () => {
  it("maps a discussion insert to a post", () => {
    const { bytes, json } = fixture("vanilla-discussion-insert.json");
    const items = parsed(vanilla.map(json, signed(bytes)));
    expect(items).toEqual([
      expect.objectContaining({
        network: "vanillaForums",
        external_id: "discussion-4512",
        kind: "post",
        title: "Is the Acme Pro plan worth it?",
        text: "Thinking of upgrading. How's the Pro plan treating you?\n\nEspecially the offline mode.",
        url: "https://forum.acme.example/discussion/4512/is-the-acme-pro-plan-worth-it",
        created_at: "2024-04-17T17:30:00.000Z",
        views: 1,
        author: expect.objectContaining({
          external_id: "7781",
          username: "quietfox",
          photo_url: "https://forum.acme.example/uploads/userpics/781/nQ7781.jpg",
          profile_url: "https://forum.acme.example/profile/quietfox",
        }),
      }),
    ]);
    // Without the headers the payload's own key tells the type.
    expect(vanilla.map(json)).toEqual(vanilla.map(json, signed(bytes)));
  });

  it("maps a comment insert to a comment under its discussion", () => {
    const { bytes, json } = fixture("vanilla-comment-insert.json");
    expect(parsed(vanilla.map(json, signed(bytes, "comment")))).toEqual([
      expect.objectContaining({
        external_id: "comment-99120",
        kind: "comment",
        parent_external_id: "discussion-4512",
        text: "Worth it for offline mode alone.",
        url: "https://forum.acme.example/discussion/comment/99120#Comment_99120",
        likes: 3,
        author: expect.objectContaining({ username: "mkovacs" }),
      }),
    ]);
  });

  it("maps pings, deletions and other resources to []", () => {
    const { bytes, json } = fixture("vanilla-discussion-insert.json");
    expect(vanilla.map({ action: "ping", payload: {} })).toEqual([]);
    expect(vanilla.map({ payload: { ping: true } }, signed(bytes, "ping"))).toEqual([]);
    expect(vanilla.map({ ...(json as object), action: "delete" })).toEqual([]);
    expect(vanilla.map({ ...(json as object), action: "discussion_delete" })).toEqual([]);
    expect(vanilla.map({ action: "update", payload: { user: { userID: 1 } } }, signed(bytes, "user"))).toEqual([]);
  });

  it("throws WebhookPayloadError for payloads it cannot read", () => {
    expect(() => vanilla.map(undefined)).toThrow(WebhookPayloadError);
    expect(() => vanilla.map({ action: "insert" })).toThrow(/payload object/);
    expect(() => vanilla.map({ action: "insert", payload: { comment: {} } })).toThrow(/commentID/);
    expect(() => vanilla.map({ action: "insert", payload: {} }, signed(new Uint8Array(), "discussion"))).toThrow(
      /without payload.discussion/,
    );
  });

  it("keeps HTML and script out of the text", () => {
    const { json } = fixture("vanilla-comment-insert.json");
    const body = structuredClone(json) as any;
    body.payload.comment.body =
      '<div><script type="text/javascript">alert("pwned")</script><p>ok &lt;b&gt;fine&lt;/b&gt;</p><!-- <b>hidden</b> --></div>';
    const [item] = vanilla.map(body);
    // Escaped markup decodes to markup, so it goes too: no tag ever reaches a mention.
    expect(item.text).toBe("ok fine");
    expectInert(item.text);
    expect(item.text).not.toContain("pwned");
  });
});

it("vanillaForums deliveryId is X-Vanilla-ID", () => {
  const { bytes, json } = fixture("vanilla-discussion-insert.json");
  expect(vanilla.deliveryId(signed(bytes), json)).toBe("7f9d0a3e-1c2b-4d5e-8f6a-9b0c1d2e3f4a");
  expect(vanilla.deliveryId(delivery({}, bytes), json)).toBeNull();
});

it("vanillaForums plain text format stays plain", () => {
  const { json } = fixture("vanilla-discussion-insert.json");
  const body = structuredClone(json) as any;
  body.payload.discussion.format = "text";
  body.payload.discussion.body = "line one\nline two & more";
  const [item] = vanilla.map(body);
  expect(item.text).toBe("line one\nline two & more");
  expectInert(item.text);
});
