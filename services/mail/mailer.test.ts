import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerEnvelope } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createMailer } from "./mailer";

interface Delivered {
  envelope: SMTPServerEnvelope;
  raw: string;
}

let smtp: SMTPServer;
let port: number;
const delivered: Delivered[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        delivered.push({ envelope: session.envelope, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  port = (smtp.server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "earshot-outbox-"));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A header value as it reads once folded lines are joined. */
function header(raw: string, name: string): string | undefined {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, " ");
  return unfolded.match(new RegExp(`^${name}: (.*)$`, "mi"))?.[1]?.trim();
}

describe("createMailer with SMTP_URL", () => {
  it("delivers the message over SMTP with subject, recipient, sender and body", async () => {
    const log = vi.fn();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: tempDir(),
      from: "Earshot <no-reply@earshot.test>",
      log,
    });
    await mailer.send({
      to: "ada@example.test",
      subject: "Your invitation to Earshot",
      text: "Hello Ada,\nfollow this link to join: https://earshot.test/sign-up?token=abc\n",
      html: "<p>Hello Ada</p>",
    });
    expect(delivered).toHaveLength(1);
    const [mail] = delivered;
    expect(mail!.envelope.mailFrom && mail!.envelope.mailFrom.address).toBe("no-reply@earshot.test");
    expect(mail!.envelope.rcptTo.map((r) => r.address)).toEqual(["ada@example.test"]);
    expect(header(mail!.raw, "Subject")).toBe("Your invitation to Earshot");
    expect(header(mail!.raw, "To")).toBe("ada@example.test");
    expect(header(mail!.raw, "From")).toBe("Earshot <no-reply@earshot.test>");
    expect(mail!.raw).toContain("Hello Ada,");
    expect(mail!.raw).toContain("https://earshot.test/sign-up?token=abc");
    expect(mail!.raw).toContain("<p>Hello Ada</p>");
    // Nothing is written to the outbox when SMTP is configured.
    expect(log).not.toHaveBeenCalled();
  });

  it("a refused delivery rejects the send (the caller decides what to tell the user)", async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", () => resolve()));
    try {
      const refusingPort = (refusing.server.address() as AddressInfo).port;
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${refusingPort}`,
        outboxDir: tempDir(),
        from: "Earshot <no-reply@earshot.test>",
        log: () => undefined,
      });
      await expect(mailer.send({ to: "nobody@example.test", subject: "x", text: "y" })).rejects.toThrow();
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});

describe("createMailer without SMTP_URL (outbox)", () => {
  it("keeps the file name within the file system's limit for a long address", async () => {
    const outboxDir = path.join(tempDir(), "outbox-long");
    const mailer = createMailer({ outboxDir, from: "Earshot <no-reply@localhost>", log: vi.fn() });
    const to = `${"a".repeat(64)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(62)}.test`;
    await mailer.send({ to, subject: "Invitation", text: "Join us" });
    const [file] = fs.readdirSync(outboxDir);
    expect(Buffer.byteLength(file!)).toBeLessThanOrEqual(255);
    expect(header(fs.readFileSync(path.join(outboxDir, file!), "utf8"), "To")).toBe(to);
  });

  it("writes an .eml file into the outbox folder and logs its path", async () => {
    const outboxDir = path.join(tempDir(), "outbox-not-yet-created");
    const log = vi.fn();
    const mailer = createMailer({ outboxDir, from: "Earshot <no-reply@localhost>", log });
    await mailer.send({ to: "grace@example.test", subject: "Reset your password", text: "Use this link: https://x/y" });

    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/grace@example\.test\.eml$/);
    const file = path.join(outboxDir, files[0]!);
    const raw = fs.readFileSync(file, "utf8");
    expect(header(raw, "Subject")).toBe("Reset your password");
    expect(header(raw, "To")).toBe("grace@example.test");
    expect(header(raw, "From")).toBe("Earshot <no-reply@localhost>");
    expect(raw).toContain("Use this link: https://x/y");

    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith("mail written to outbox", {
      file,
      to: "grace@example.test",
      subject: "Reset your password",
    });
    expect(delivered.filter((d) => d.envelope.rcptTo.some((r) => r.address === "grace@example.test"))).toHaveLength(0);
  });

  it("keeps a hostile recipient from choosing where the file goes", async () => {
    const outboxDir = tempDir();
    const mailer = createMailer({ outboxDir, from: "Earshot <no-reply@localhost>", log: () => undefined });
    await mailer.send({ to: "../../etc/evil@example.test", subject: "s", text: "t" });
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).not.toContain("/");
    expect(fs.readdirSync(path.dirname(outboxDir)).some((f) => f.startsWith("etc"))).toBe(false);
  });

  // Known bug (services/mail/mailer.ts is outside this suite's owner's fix scope): the file name is
  // only the millisecond time stamp plus the recipient, so two messages to one person within the
  // same millisecond overwrite each other. Remove `.fails` once the name gets a unique part.
  it("keeps two messages to the same recipient sent in the same millisecond", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-02T03:04:05.678Z"));
    const outboxDir = tempDir();
    const mailer = createMailer({ outboxDir, from: "Earshot <no-reply@localhost>", log: () => undefined });
    await Promise.all([
      mailer.send({ to: "ada@example.test", subject: "first", text: "1" }),
      mailer.send({ to: "ada@example.test", subject: "second", text: "2" }),
    ]);
    expect(fs.readdirSync(outboxDir)).toHaveLength(2);
  });
});
