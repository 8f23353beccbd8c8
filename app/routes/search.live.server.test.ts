import { describe, expect, it } from "vitest";
import { relayFrame, relayLiveStatuses } from "./search.live.server";

const status = {
  id: 7,
  social_type: "reddit",
  title: null,
  description: "Refund <b>now</b>",
  post_url: "javascript:alert(1)",
  language: "en",
  sentiment: -1,
  author_username: "pat",
  author_name: "Pat",
  author_followers: 1200,
  counts: { likes: 1, comments: 2, shares: 3, views: 4, total_engagements: 6 },
  reach: 10.6,
  created_at: "2024-05-01T10:00:00.000Z",
};

describe("the live relay", () => {
  it("relays status events as mentions and passes comments through", () => {
    const out = relayFrame(`event: status\nid: 7\ndata: ${JSON.stringify(status)}`, "UTC");
    expect(out.startsWith("event: status\ndata: ")).toBe(true);
    expect(out.endsWith("\n\n")).toBe(true);
    expect(JSON.parse(out.slice("event: status\ndata: ".length))).toMatchObject({ id: 7, author: "Pat", text: "Refund <b>now</b>" });
    expect(relayFrame(": heartbeat", "UTC")).toBe(": heartbeat\n\n");
    expect(relayFrame("event: status\ndata: {not json", "UTC")).toBe("");
  });

  it("relays a stream cut anywhere, CRLF line ends included", async () => {
    const text = `: connected\r\n\r\nevent: status\r\ndata: ${JSON.stringify(status)}\r\n\r\n`;
    const encoded = new TextEncoder().encode(text);
    const upstream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < encoded.length; i += 7) controller.enqueue(encoded.slice(i, i + 7));
        controller.close();
      },
    });
    const relayed = await new Response(relayLiveStatuses(upstream, "UTC")).text();
    const frames = relayed.split("\n\n").filter(Boolean);
    expect(frames[0]).toBe(": connected");
    expect(frames[1]).toMatch(/^event: status\ndata: \{"id":7,/);
    expect(frames).toHaveLength(2);
  });
});
