// The e-mails the app server sent during the journeys, as the SMTP sink (tests/e2e/support/smtp-sink.ts)
// stored them: one .eml file each in the mail folder.
//
// - `waitForMail({ to, subjectIncludes, after })` polls the folder until a matching message arrives
//   (bounded: 15 s by default) and returns it parsed: headers, subject, text and HTML bodies.
// - `linkFrom(mail, pattern)` returns the one link of a kind the message carries (an absolute URL).
//
// A minimal MIME reader, enough for what nodemailer writes: multipart (nested), 7bit/8bit,
// quoted-printable and base64 bodies, RFC 2047 encoded words in headers, UTF-8 text.
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where the sink writes; playwright.config.ts gives the sink the same folder. */
export const MAIL_DIR = path.resolve(
  process.env.E2E_MAIL_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "../../tmp/e2e-mail"),
);

export interface Mail {
  file: string;
  /** When the sink received it (ms since the epoch). */
  receivedAt: number;
  /** The envelope's recipients (lower case). */
  envelopeTo: string[];
  /** Header names in lower case; a repeated header keeps its first value. */
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailQuery {
  /** The recipient (envelope or To header, case-insensitive). */
  to: string;
  subjectIncludes?: string;
  /** Only messages the sink received at or after this moment (a Date or ms since the epoch). */
  after?: Date | number;
  /** How long to wait for it; 15 s unless told. */
  timeoutMs?: number;
}

/** Waits for the newest message matching the query, or fails after the timeout listing what did arrive. */
export async function waitForMail(query: MailQuery): Promise<Mail> {
  const deadline = Date.now() + (query.timeoutMs ?? 15_000);
  const after = query.after === undefined ? 0 : Number(query.after);
  const to = query.to.trim().toLowerCase();
  for (;;) {
    const mails = await readMailbox();
    const match = mails
      .filter(
        (mail) =>
          mail.receivedAt >= after &&
          (mail.envelopeTo.includes(to) || mail.to.toLowerCase().includes(to)) &&
          (query.subjectIncludes === undefined || mail.subject.includes(query.subjectIncludes)),
      )
      .at(-1);
    if (match) return match;
    if (Date.now() >= deadline) {
      const seen = mails.map((mail) => `  ${new Date(mail.receivedAt).toISOString()} to ${mail.to}: ${mail.subject}`);
      throw new Error(
        `No e-mail to ${query.to}${query.subjectIncludes ? ` with '${query.subjectIncludes}' in the subject` : ""}` +
          `${after ? ` since ${new Date(after).toISOString()}` : ""} arrived in ${MAIL_DIR}.\n` +
          (seen.length
            ? `What arrived:\n${seen.join("\n")}`
            : "Nothing arrived at all (is SMTP_URL set for the app server?)."),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The link matching `pattern` (absolute, from the text body, else the HTML one); fails unless the
 * message holds exactly one such link (the same URL in both bodies counts once).
 */
export function linkFrom(mail: Mail, pattern: RegExp): string {
  const global = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
  const urlPattern = new RegExp(`https?://[^\\s"'<>]*?${global.source}`, global.flags);
  const found = new Set<string>();
  for (const body of [mail.text, decodeHtmlEntities(mail.html)]) {
    for (const match of body.matchAll(urlPattern)) found.add(match[0]);
  }
  if (found.size !== 1) {
    throw new Error(
      `Expected one link matching ${pattern} in '${mail.subject}' to ${mail.to}, found ${found.size}` +
        `${found.size ? `: ${[...found].join(", ")}` : ""}.\nText body:\n${mail.text}`,
    );
  }
  return [...found][0];
}

/** Every message in the folder, oldest first. */
export async function readMailbox(): Promise<Mail[]> {
  let names: string[];
  try {
    names = (await fs.readdir(MAIL_DIR)).filter((name) => name.endsWith(".eml") && !name.startsWith("."));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const mails = await Promise.all(
    names.map(async (name) => parseMail(path.join(MAIL_DIR, name), await fs.readFile(path.join(MAIL_DIR, name)))),
  );
  return mails.sort((a, b) => a.receivedAt - b.receivedAt || a.file.localeCompare(b.file));
}

export function parseMail(file: string, raw: Buffer): Mail {
  const entity = parseEntity(raw.toString("latin1"));
  const headers = entity.headers;
  const bodies = { text: "", html: "" };
  collectBodies(entity, bodies);
  const receivedAt = Number(headers["x-sink-received-at"]);
  return {
    file,
    receivedAt: Number.isFinite(receivedAt) ? receivedAt : 0,
    envelopeTo: (headers["x-sink-envelope-to"] ?? "")
      .split(",")
      .map((address) => address.trim().toLowerCase())
      .filter(Boolean),
    headers,
    from: decodeWords(headers.from ?? ""),
    to: decodeWords(headers.to ?? ""),
    subject: decodeWords(headers.subject ?? ""),
    text: bodies.text,
    html: bodies.html,
  };
}

interface Entity {
  headers: Record<string, string>;
  /** The body as raw bytes in a latin1 string (one char per byte), not yet decoded. */
  body: string;
}

function parseEntity(raw: string): Entity {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : "";
  const headers: Record<string, string> = {};
  // Unfold continuation lines, then take "Name: value".
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function collectBodies(entity: Entity, into: { text: string; html: string }): void {
  const contentType = entity.headers["content-type"] ?? "text/plain";
  const mediaType = contentType.split(";")[0].trim().toLowerCase();
  if (mediaType.startsWith("multipart/")) {
    const boundary = parameter(contentType, "boundary");
    if (!boundary) return;
    const delimiter = `--${boundary}`;
    const parts = entity.body.split(new RegExp(`\\r?\\n?${escapeRegExp(delimiter)}`));
    // parts[0] is the preamble; the part starting with "--" is the closing delimiter and the epilogue.
    for (const part of parts.slice(1)) {
      if (part.startsWith("--")) break;
      collectBodies(parseEntity(part.replace(/^[ \t]*\r?\n/, "")), into);
    }
    return;
  }
  if (mediaType !== "text/plain" && mediaType !== "text/html") return;
  if (/^attachment/i.test(entity.headers["content-disposition"] ?? "")) return;
  const bytes = decodeTransfer(entity.body, entity.headers["content-transfer-encoding"] ?? "7bit");
  const text = decodeCharset(bytes, parameter(contentType, "charset") ?? "us-ascii");
  if (mediaType === "text/plain" && !into.text) into.text = text;
  if (mediaType === "text/html" && !into.html) into.html = text;
}

function decodeTransfer(body: string, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body, "latin1");
  }
}

/** RFC 2045 §6.7: soft line breaks ("=" at a line's end) join lines; "=XX" is one byte. */
export function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/[ \t]+(?=\r?\n)/g, "").replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? joined.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.toLowerCase() === "us-ascii" ? "utf-8" : charset).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

/** RFC 2047 encoded words (=?utf-8?Q?...?= and =?utf-8?B?...?=); spaces between two of them go. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, kind: string, text: string) => {
      const bytes =
        kind.toUpperCase() === "B" ? Buffer.from(text, "base64") : decodeQuotedPrintable(text.replace(/_/g, " "));
      return decodeCharset(bytes, charset);
    });
}

function parameter(headerValue: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(headerValue);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeHtmlEntities(html: string): string {
  return html.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, entity: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[entity]!,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
