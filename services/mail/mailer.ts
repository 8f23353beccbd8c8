import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A Message-ID of the caller's (with <>): sending the same message again keeps it. Default: a new one. */
  messageId?: string;
  /** Images the HTML part shows by `cid:` (inline, not offered as downloads). */
  attachments?: Array<{ filename: string; content: Buffer; cid: string; contentType: string; contentDisposition?: "inline" }>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  log: (message: string, fields?: Record<string, unknown>) => void;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in the outbox folder. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      // Cut to keep the file name within the file system's 255 bytes.
      const safeRecipient = message.to.replace(/[^a-z0-9@._-]/gi, "_").slice(0, 120);
      // A random part keeps two messages of the same millisecond apart.
      const stamp = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}`;
      const file = path.join(options.outboxDir, `${stamp}-${safeRecipient}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      options.log("mail written to outbox", { file, to: message.to, subject: message.subject });
    },
  };
}
