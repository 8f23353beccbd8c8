// Discord does not push channel messages to third parties. Two sources reach this adapter:
//  - a relay bot forwarding Discord Message objects (bare, as a gateway dispatch {t: "MESSAGE_CREATE", d: {...}}, or
//    a batch [..] / {messages: [..]}), signed the way Discord signs interactions;
//  - Discord itself, when this URL is an application's Interactions Endpoint: PING (type 1) must be answered
//    {type: 1} (see respond), and a message context-menu command ("Apps > Send to Earshot") carries the message.
// Signing (Discord's own scheme): X-Signature-Ed25519 = hex Ed25519 signature of X-Signature-Timestamp + raw body; the
// webhook's stored "secret" is the application's (or the relay's) public key in hex.
import type { IngestItemInput } from "../../domain/schemas/mention-input";
import { plainText } from "./text";
import { ed25519PublicKey, fail, fromHex, OK, verifyEd25519 } from "./signing";
import { WebhookPayloadError, type WebhookAdapter, type WebhookDelivery } from "./types";
import {
  buildItem,
  checked,
  count,
  describe,
  firstStr,
  isoDate,
  isRecord,
  list,
  rawStr,
  rec,
  str,
  type Json,
} from "./util";

const SIGNATURE = "X-Signature-Ed25519";
const TIMESTAMP = "X-Signature-Timestamp";
const DISCORD_EPOCH = 1420070400000n;

// Message types that carry what a person wrote: DEFAULT and REPLY.
const USER_MESSAGE_TYPES = new Set([0, 19]);
const InteractionType = {
  Ping: 1,
  ApplicationCommand: 2,
  MessageComponent: 3,
  Autocomplete: 4,
  ModalSubmit: 5,
} as const;
const MESSAGE_COMMAND = 3;

function verify(delivery: WebhookDelivery, publicKeyHex: string) {
  const key = ed25519PublicKey(publicKeyHex);
  if (!key) return fail("the stored key is not an Ed25519 public key in hex (64 hex digits)");
  const signatureHex = delivery.headers.get(SIGNATURE)?.trim();
  if (!signatureHex) return fail(`missing ${SIGNATURE} header`);
  const timestamp = delivery.headers.get(TIMESTAMP)?.trim();
  if (!timestamp) return fail(`missing ${TIMESTAMP} header`);
  const signature = fromHex(signatureHex);
  if (!signature || signature.length !== 64) return fail(`${SIGNATURE} is not a 64-byte hex signature`);
  const message = Buffer.concat([Buffer.from(timestamp, "utf8"), delivery.rawBody]);
  return verifyEd25519(message, signature, key) ? OK : fail("signature does not match");
}

function isInteraction(body: Json): boolean {
  return (
    typeof body.type === "number" &&
    str(body.application_id) !== undefined &&
    str(body.token) !== undefined &&
    !isRecord(body.author)
  );
}

/** True for Discord's PING interaction, which the API must answer with {type: 1}. */
export function isDiscordPing(payload: unknown): boolean {
  const body = rec(payload);
  return body !== undefined && isInteraction(body) && body.type === InteractionType.Ping;
}

function snowflakeDate(id: string): string | undefined {
  if (!/^\d{1,20}$/.test(id)) return undefined;
  const ms = (BigInt(id) >> 22n) + DISCORD_EPOCH;
  return isoDate(Number(ms));
}

/** Discord's inline syntax to readable text: user, role and channel mentions, custom emoji, timestamps, <links>. */
function discordText(content: string, mentions: unknown[]): string {
  const names = new Map<string, string>();
  for (const value of mentions) {
    const user = rec(value);
    const id = str(user?.id);
    const name = firstStr(user?.username, user?.global_name);
    if (id && name) names.set(id, name);
  }
  const readable = content
    .replace(/<@!?(\d+)>/g, (_m, id: string) => `@${names.get(id) ?? "user"}`)
    .replace(/<@&\d+>/g, "@role")
    .replace(/<#\d+>/g, "#channel")
    .replace(/<\/([\w -]+):\d+>/g, "/$1")
    .replace(/<a?:(\w+):\d+>/g, ":$1:")
    .replace(/<t:(-?\d+)(?::[tTdDfFR])?>/g, (m, seconds: string) => isoDate(Number(seconds)) ?? m)
    .replace(/<(https?:\/\/[^\s<>]+)>/g, "$1");
  return plainText(readable);
}

function avatarUrl(userId: string | undefined, hash: string | undefined): string | undefined {
  if (!userId || !hash || !/^(?:a_)?[0-9a-f]+$/i.test(hash)) return undefined;
  return `https://cdn.discordapp.com/avatars/${userId}/${hash}.${hash.startsWith("a_") ? "gif" : "png"}`;
}

function mapMessage(message: Json, guildFallback?: string): IngestItemInput | undefined {
  const id = str(message.id);
  const channelId = str(message.channel_id);
  const author = rec(message.author);
  if (!id || !channelId || !author) {
    throw new WebhookPayloadError("discord: a message needs id, channel_id and author");
  }
  const type = count(message.type);
  if (type !== undefined && !USER_MESSAGE_TYPES.has(type)) return undefined;
  // Bots, Discord's system user and channel webhooks (feeds, integrations) are not community voices.
  if (author.bot === true || author.system === true || str(message.webhook_id) !== undefined) return undefined;

  const attachments = list(message.attachments)
    .map((a) => str(rec(a)?.url))
    .filter((u): u is string => u !== undefined);
  const text = [discordText(rawStr(message.content) ?? "", list(message.mentions)), ...attachments]
    .filter(Boolean)
    .join("\n");
  if (text === "") return undefined;

  const createdAt = isoDate(message.timestamp) ?? snowflakeDate(id);
  if (!createdAt) throw new WebhookPayloadError(`discord: message ${id} has no readable timestamp`);
  const reference = rec(message.message_reference);
  // message_reference.type 1 is a forward, not a reply.
  const parent =
    reference && count(reference.type) !== 1
      ? (str(reference.message_id) ?? str(rec(message.referenced_message)?.id))
      : undefined;
  const guildId = firstStr(message.guild_id, reference?.guild_id, guildFallback);
  const authorId = str(author.id);
  const likes = list(message.reactions).reduce<number>((sum, r) => sum + (count(rec(r)?.count) ?? 0), 0);

  return buildItem("discord", {
    externalId: id,
    kind: parent ? "reply" : "message",
    text,
    url: `https://discord.com/channels/${guildId ?? "@me"}/${channelId}/${id}`,
    createdAt,
    author: {
      id: authorId,
      username: str(author.username),
      name: firstStr(rec(message.member)?.nick, author.global_name),
      photoUrl: avatarUrl(authorId, str(author.avatar)),
      profileUrl: authorId ? `https://discord.com/users/${authorId}` : undefined,
    },
    parentExternalId: parent,
    likes: likes > 0 ? likes : undefined,
  });
}

function mapInteraction(body: Json): IngestItemInput[] {
  if (body.type !== InteractionType.ApplicationCommand) return [];
  const data = rec(body.data);
  if (data?.type !== MESSAGE_COMMAND) return [];
  const targetId = str(data.target_id);
  const target = targetId ? rec(rec(rec(data.resolved)?.messages)?.[targetId]) : undefined;
  if (!target) throw new WebhookPayloadError("discord: the message command has no resolved target message");
  const item = mapMessage(target, str(body.guild_id));
  return item ? [item] : [];
}

function mapMessages(values: unknown[]): IngestItemInput[] {
  return values.flatMap((value) => {
    if (!isRecord(value)) throw new WebhookPayloadError(`discord: expected message objects, got ${describe(value)}`);
    const item = mapMessage(value);
    return item ? [item] : [];
  });
}

function map(payload: unknown): IngestItemInput[] {
  if (Array.isArray(payload)) return mapMessages(payload);
  if (!isRecord(payload))
    throw new WebhookPayloadError(`discord: the payload must be a JSON object, got ${describe(payload)}`);
  if (isInteraction(payload)) return mapInteraction(payload);
  const event = str(payload.t);
  if (event !== undefined) {
    if (event !== "MESSAGE_CREATE" && event !== "MESSAGE_UPDATE") return [];
    const message = rec(payload.d);
    if (!message) throw new WebhookPayloadError(`discord: ${event} has no d (message) object`);
    // MESSAGE_UPDATE may be partial (an embed resolving); without content there is nothing new to read.
    if (event === "MESSAGE_UPDATE" && typeof message.content !== "string") return [];
    return mapMessages([message]);
  }
  if (Array.isArray(payload.messages)) return mapMessages(payload.messages);
  if (str(payload.id) !== undefined && str(payload.channel_id) !== undefined) return mapMessages([payload]);
  throw new WebhookPayloadError(
    "discord: not a Discord message, gateway dispatch ({t, d}), message batch or interaction payload",
  );
}

export const discordAdapter: WebhookAdapter = {
  integration: "discord",
  signatureHelp: `Ed25519 signature (hex) of ${TIMESTAMP} + raw body in ${SIGNATURE}, checked with the application's (or relay's) public key in hex; the timestamp must be within 5 minutes of our clock`,
  verify,
  // Unix seconds, as Discord sends them (the header the signature covers).
  signedAt(delivery) {
    const seconds = delivery.headers.get(TIMESTAMP)?.trim();
    return seconds && /^\d{1,12}$/.test(seconds) ? new Date(Number(seconds) * 1000) : null;
  },
  deliveryId(_delivery, payload) {
    const body = rec(payload);
    if (!body) return null;
    if (isInteraction(body)) return firstStr(body.id) ? `interaction:${str(body.id)}` : null;
    const event = str(body.t);
    const message = event !== undefined ? rec(body.d) : str(body.channel_id) !== undefined ? body : undefined;
    const id = str(message?.id);
    if (!id) return null;
    // An edit is a new delivery of the same message.
    return `${event ?? "MESSAGE"}:${id}:${str(message?.edited_timestamp) ?? ""}`;
  },
  map: (payload) => checked("discord", map(payload)),
  respond(payload) {
    const body = rec(payload);
    if (!body || !isInteraction(body)) return undefined;
    switch (body.type) {
      case InteractionType.Ping:
        return { type: 1 };
      case InteractionType.ApplicationCommand:
      case InteractionType.MessageComponent:
      case InteractionType.ModalSubmit: {
        const saved = body.type === InteractionType.ApplicationCommand && rec(body.data)?.type === MESSAGE_COMMAND;
        // 4: CHANNEL_MESSAGE_WITH_SOURCE; flags 64: only the invoking user sees it.
        return {
          type: 4,
          data: { content: saved ? "Sent to Earshot." : "Earshot has nothing to do for this.", flags: 64 },
        };
      }
      case InteractionType.Autocomplete:
        return { type: 8, data: { choices: [] } };
      default:
        return undefined;
    }
  },
};
