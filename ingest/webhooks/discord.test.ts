import { generateKeyPairSync, sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import { discordAdapter as discord, isDiscordPing } from "./discord";
import { delivery, expectInert, fixture, parsed } from "./test-support";
import { WebhookPayloadError } from "./types";

const { publicKey, privateKey } = generateKeyPairSync("ed25519");
const PUBLIC_KEY_HEX = Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url").toString("hex");
const TIMESTAMP = "1713374445";

function signed(bytes: Uint8Array, key = privateKey, timestamp = TIMESTAMP) {
  const signature = sign(null, Buffer.concat([Buffer.from(timestamp), bytes]), key).toString("hex");
  return delivery({ "X-Signature-Ed25519": signature, "X-Signature-Timestamp": timestamp }, bytes);
}

describe("discord verify", () => {
  const { bytes } = fixture("discord-interaction-ping.json");

  it("reads the signed Unix-seconds timestamp for the freshness window (null when missing or not digits)", () => {
    const { bytes } = fixture("discord-message.json");
    expect(discord.signedAt!(signed(bytes))).toEqual(new Date(Number(TIMESTAMP) * 1000));
    expect(discord.signedAt!(delivery({}, bytes))).toBeNull();
    expect(discord.signedAt!(delivery({ "X-Signature-Timestamp": "1e9" }, bytes))).toBeNull();
  });

  it("accepts an Ed25519 signature of timestamp + body with the public key in hex", () => {
    expect(PUBLIC_KEY_HEX).toMatch(/^[0-9a-f]{64}$/);
    expect(discord.verify(signed(bytes), PUBLIC_KEY_HEX)).toEqual({ ok: true });
    expect(discord.verify(signed(bytes), PUBLIC_KEY_HEX.toUpperCase())).toEqual({ ok: true });
  });

  it("rejects another key, a changed body or timestamp, missing headers and a bad stored key", () => {
    const other = generateKeyPairSync("ed25519").privateKey;
    expect(discord.verify(signed(bytes, other), PUBLIC_KEY_HEX)).toEqual({
      ok: false,
      reason: "signature does not match",
    });
    expect(
      discord.verify({ ...signed(bytes), rawBody: new TextEncoder().encode('{"type":1}') }, PUBLIC_KEY_HEX).ok,
    ).toBe(false);
    const moved = signed(bytes);
    moved.headers.set("X-Signature-Timestamp", "1713374446");
    expect(discord.verify(moved, PUBLIC_KEY_HEX).ok).toBe(false);
    expect(discord.verify(delivery({}, bytes), PUBLIC_KEY_HEX)).toEqual({
      ok: false,
      reason: "missing X-Signature-Ed25519 header",
    });
    const noTs = signed(bytes);
    noTs.headers.delete("X-Signature-Timestamp");
    expect(discord.verify(noTs, PUBLIC_KEY_HEX).ok).toBe(false);
    const shortSig = signed(bytes);
    shortSig.headers.set("X-Signature-Ed25519", "abcd");
    expect(discord.verify(shortSig, PUBLIC_KEY_HEX).ok).toBe(false);
    expect(discord.verify(signed(bytes), "not-a-key").ok).toBe(false);
    expect(discord.verify(signed(bytes), "").ok).toBe(false);
  });
});

describe("discord map", () => {
  it("maps a relayed Message object, turning Discord syntax into readable text", () => {
    const { json } = fixture("discord-message.json");
    const [item, ...rest] = parsed(discord.map(json));
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      network: "discord",
      external_id: "1230001112223334445",
      kind: "reply",
      parent_external_id: "1230001112223330000",
      url: "https://discord.com/channels/112233445566778899/987654321098765432/1230001112223334445",
      created_at: "2024-04-17T17:20:45.120Z",
      likes: 4,
      is_agent_reply: false,
      author: {
        external_id: "80351110224678912",
        username: "nelly",
        name: "Nelly",
        photo_url: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
        profile_url: "https://discord.com/users/80351110224678912",
      },
    });
    expect(item.text).toBe(
      "@jordan_k same here, the **Acme** app logs me out every hour since 2024-04-17T00:00:00.000Z :( :acmeSad:\n" +
        "https://cdn.discordapp.com/attachments/987654321098765432/1230001112223334400/screenshot.png",
    );
  });

  it("accepts gateway dispatches and batches, and skips deletes, bots and system messages", () => {
    const { json } = fixture("discord-message.json");
    const message = json as any;
    expect(discord.map({ op: 0, t: "MESSAGE_CREATE", s: 42, d: message })).toHaveLength(1);
    expect(
      discord.map({ t: "MESSAGE_UPDATE", d: { id: message.id, channel_id: message.channel_id, embeds: [] } }),
    ).toEqual([]);
    expect(discord.map({ t: "MESSAGE_DELETE", d: { id: message.id, channel_id: message.channel_id } })).toEqual([]);
    expect(discord.map([message, { ...message, id: "2", author: { ...message.author, bot: true } }])).toHaveLength(1);
    expect(discord.map({ messages: [{ ...message, type: 7 }] })).toEqual([]);
    const plain = { ...message, message_reference: undefined, timestamp: undefined, guild_id: undefined };
    expect(parsed(discord.map(plain))[0]).toMatchObject({
      kind: "message",
      // The snowflake's own time when the relay leaves the timestamp out.
      created_at: "2024-04-17T03:45:17.469Z",
      url: "https://discord.com/channels/@me/987654321098765432/1230001112223334445",
    });
  });

  it("maps a PING interaction to [] and answers it with {type: 1}", () => {
    const { json } = fixture("discord-interaction-ping.json");
    expect(discord.map(json)).toEqual([]);
    expect(isDiscordPing(json)).toBe(true);
    expect(discord.respond!(json)).toEqual({ type: 1 });
    expect(isDiscordPing(fixture("discord-message.json").json)).toBe(false);
    expect(discord.respond!(fixture("discord-message.json").json)).toBeUndefined();
  });

  it("maps the message of a message context-menu command and answers ephemerally", () => {
    const { json } = fixture("discord-message-command.json");
    expect(parsed(discord.map(json))).toEqual([
      expect.objectContaining({
        external_id: "1230001112223339999",
        kind: "message",
        text: "Honestly the new Acme update is great, checkout takes two taps now",
        url: "https://discord.com/channels/112233445566778899/987654321098765432/1230001112223339999",
        author: expect.objectContaining({ username: "pixelfan" }),
      }),
    ]);
    expect(discord.respond!(json)).toEqual({ type: 4, data: { content: "Sent to Earshot.", flags: 64 } });
  });

  it("throws WebhookPayloadError for payloads it cannot read", () => {
    expect(() => discord.map("hello")).toThrow(WebhookPayloadError);
    expect(() => discord.map({ content: "no ids" })).toThrow(/not a Discord message/);
    expect(() => discord.map({ t: "MESSAGE_CREATE" })).toThrow(/no d/);
    expect(() => discord.map({ id: "1", channel_id: "2", content: "x" })).toThrow(/author/);
    expect(() => discord.map([1])).toThrow(WebhookPayloadError);
  });

  it("keeps HTML and script out of the text", () => {
    const { json } = fixture("discord-message.json");
    const [item] = discord.map({
      ...(json as object),
      attachments: [],
      content: "hey <script>alert(1)</script><b>bold</b> <https://acme.example/x>",
    });
    expect(item.text).toBe("hey bold https://acme.example/x");
    expectInert(item.text);
  });
});

it("discord deliveryId: interaction id, or message id and edit time", () => {
  const ping = fixture("discord-interaction-ping.json");
  expect(discord.deliveryId(signed(ping.bytes), ping.json)).toBe("interaction:1230009998887776665");
  const message = fixture("discord-message.json");
  expect(discord.deliveryId(signed(message.bytes), message.json)).toBe("MESSAGE:1230001112223334445:");
  expect(
    discord.deliveryId(signed(message.bytes), {
      t: "MESSAGE_UPDATE",
      d: { id: "9", edited_timestamp: "2024-04-17T18:00:00+00:00" },
    }),
  ).toBe("MESSAGE_UPDATE:9:2024-04-17T18:00:00+00:00");
  expect(discord.deliveryId(signed(message.bytes), [])).toBeNull();
});
