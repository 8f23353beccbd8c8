// A real SMTP server for the browser journeys: the app server sends its e-mails here (SMTP_URL), and
// each message lands as an .eml file in the mail folder, where tests/e2e/mail.ts reads it.
//
//   node --import tsx tests/e2e/support/smtp-sink.ts
//
// E2E_SMTP_PORT (default 3425) and E2E_MAIL_DIR (default tmp/e2e-mail) choose where; the folder is
// emptied at start. Listens on 127.0.0.1 only, accepts any sender and recipient, no TLS, no auth.
// Playwright waits for the port itself (webServer `port` connects a plain TCP socket).
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const PORT = Number(process.env.E2E_SMTP_PORT ?? 3425);
const MAIL_DIR = path.resolve(process.env.E2E_MAIL_DIR ?? "tmp/e2e-mail");
/** Largest message kept; the product's e-mails are a few kB. */
const MAX_BYTES = 5 * 1024 * 1024;

fs.rmSync(MAIL_DIR, { recursive: true, force: true });
fs.mkdirSync(MAIL_DIR, { recursive: true });

let received = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  banner: "Earshot e2e mail sink",
  size: MAX_BYTES,
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("error", callback);
    stream.on("end", () => {
      if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
        callback(Object.assign(new Error("Message too large"), { responseCode: 552 }));
        return;
      }
      const receivedAt = Date.now();
      const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      // The envelope, as headers of our own in front of the message (the reader takes the first of a name).
      const envelope = [
        `X-Sink-Received-At: ${receivedAt}`,
        `X-Sink-Envelope-From: ${session.envelope.mailFrom ? session.envelope.mailFrom.address : ""}`,
        `X-Sink-Envelope-To: ${recipients.join(", ")}`,
        "",
      ].join("\r\n");
      const safeRecipient = (recipients[0] ?? "unknown").replace(/[^a-z0-9@._-]/gi, "_").slice(0, 80);
      const name = `${receivedAt}-${String(++received).padStart(4, "0")}-${safeRecipient}.eml`;
      // Written under a temporary name, then renamed: a reader never sees half a message.
      const tempFile = path.join(MAIL_DIR, `.${name}.part`);
      try {
        fs.writeFileSync(tempFile, Buffer.concat([Buffer.from(envelope), ...chunks]));
        fs.renameSync(tempFile, path.join(MAIL_DIR, name));
      } catch (error) {
        callback(error as Error);
        return;
      }
      console.log(`smtp-sink: ${name}`);
      callback();
    });
  },
});

server.on("error", (error) => console.error(`smtp-sink: ${error.message}`));

server.listen(PORT, "127.0.0.1", () => {
  console.log(`smtp-sink: listening on 127.0.0.1:${PORT}, writing to ${MAIL_DIR}`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    // A client still connected must not keep the sink (and Playwright's teardown) waiting.
    setTimeout(() => process.exit(0), 1000).unref();
  });
}
