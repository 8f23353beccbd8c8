import type { AddressInfo } from "node:net";
import net from "node:net";
import os from "node:os";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createIngestPorts } from "../../ingest";
import { insertAlert, type AlertTarget } from "../../db/repositories/alerts";
import { claimDueAlerts, recordEvaluation } from "../../db/repositories/alerts-evaluation";
import type { ServiceDeps } from "../context";
import { createMailer, type MailMessage } from "../mail/mailer";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import {
  createSearchTenant,
  ingestItems,
  insertSearchItem,
  testDeps,
  type SearchTenant,
} from "../../tests/support/search";
import { deliverAlertMails, retryDelayMs } from "./deliver";
import { evaluateAlerts } from "./evaluate";
import { backfillsSettled } from "../queries/backfill";

// The alerts' evaluation and e-mail delivery against the stored matches (issue 24, ADR 029): count and
// spike modes, muted alerts, exactly one firing per crossing with two evaluators at once (and after an
// evaluator lost its lease), and an SMTP server that is down, then up.

const T0 = new Date("2026-06-01T12:00:00.000Z");
const keywords = (query: string) => [
  { type: "must" as const, values: [{ filterType: "keywords" as const, value: query }] },
];

describe.each(testEngines({ engineSpecific: true }))("alert evaluation on %s", (engine) => {
  let database: TestDatabase;
  let deps: ServiceDeps;
  let tenant: SearchTenant;
  let counter = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    deps = { ...testDeps(database.db, createIngestPorts()), now: () => T0 };
    tenant = await createSearchTenant(deps);
  }, 60_000);
  afterAll(async () => {
    if (deps) await backfillsSettled(deps);
    await database?.cleanup();
  });

  const at = (ms: number) => ({ ...deps, now: () => new Date(T0.getTime() + ms) });
  async function search(word: string): Promise<number> {
    const id = await insertSearchItem(deps.db, tenant.businessProfileId, keywords(word), word);
    await backfillsSettled(deps);
    return id;
  }
  async function mentions(word: string, times: Date[]) {
    await ingestItems(
      deps,
      tenant,
      times.map((t) => ({
        network: "twitter" as const,
        external_id: `m${++counter}`,
        text: `${word} number ${counter}`,
        created_at: t.toISOString(),
        author: { username: "x" },
      })),
    );
  }
  async function alert(
    target: AlertTarget,
    fields: { mode?: string; value: number; span?: number; muted?: boolean; name?: string },
  ) {
    return insertAlert(deps.db, {
      businessProfileId: tenant.businessProfileId,
      ownerAccountId: null as unknown as number,
      target,
      name: fields.name ?? "watch",
      isMuted: fields.muted ?? false,
      isActive: true,
      recipientEmails: ["ops@example.test"],
      emailDescription: null,
      thresholdCountMode: fields.mode ?? "count",
      thresholdCountValue: fields.value,
      alertTimeSpan: fields.span ?? 60,
      now: T0.toISOString(),
    });
  }
  const firings = (alertId: number) =>
    deps.db.selectFrom("alertFirings").selectAll().where("alertId", "=", alertId).orderBy("id").execute();
  const minutesAgo = (n: number, from = T0) => new Date(from.getTime() - n * 60_000);

  it("spike mode compares the last span with the average of the 7 before", async () => {
    const searchId = await search("spiky");
    // Two mentions in each of the 7 previous hours: a baseline of 2.
    await mentions(
      "spiky",
      Array.from({ length: 7 }, (_, h) => [minutesAgo(90 + h * 60), minutesAgo(100 + h * 60)]).flat(),
    );
    const a = await alert({ searchId }, { mode: "spike", value: 100 });
    await mentions("spiky", [minutesAgo(5), minutesAgo(6), minutesAgo(7)]);
    await evaluateAlerts(at(0));
    expect(await firings(a.id)).toHaveLength(0);
    await mentions("spiky", [minutesAgo(8)]);
    await evaluateAlerts(at(1000));
    const [fired] = await firings(a.id);
    expect(fired).toMatchObject({
      matchCount: 4,
      thresholdCountMode: "spike",
      thresholdCountValue: 100,
      emailStatus: "pending",
    });
    expect(Number(fired!.baseline)).toBe(2);
    expect(JSON.parse(fired!.topItemIds)).toHaveLength(4);
  });

  it("a muted alert records its firing and sends nothing", async () => {
    const searchId = await search("hushed");
    const a = await alert({ searchId }, { value: 1, muted: true });
    await mentions("hushed", [minutesAgo(1)]);
    const sent: MailMessage[] = [];
    await evaluateAlerts(at(2000));
    await deliverAlertMails({ ...at(3000), mailer: { send: async (m) => void sent.push(m) } });
    expect(await firings(a.id)).toMatchObject([{ isMuted: 1, emailStatus: "muted", emailAttempts: 0 }]);
    expect(sent.filter((m) => m.text.includes("hushed"))).toHaveLength(0);
  });

  it("two evaluators at once fire each crossing exactly once, and send each e-mail once", async () => {
    const searchId = await search("rush");
    await mentions("rush", [minutesAgo(1), minutesAgo(2)]);
    const alerts = [];
    for (let i = 0; i < 24; i++) alerts.push(await alert({ searchId }, { value: 2, name: "rush" }));
    const round = at(4000);
    const reports = await Promise.all([
      evaluateAlerts(round, { owner: "A", batch: 5 }),
      evaluateAlerts(round, { owner: "B", batch: 5 }),
    ]);
    expect(reports[0]!.fired + reports[1]!.fired).toBe(24);
    for (const a of alerts) expect(await firings(a.id)).toHaveLength(1);
    // Every alert evaluated by one of them (on PostgreSQL at once, on a pool; SQLite's one connection
    // interleaves them), the earlier tests' alerts included.
    expect(reports[0]!.evaluated + reports[1]!.evaluated).toBeGreaterThanOrEqual(24);

    const sent: MailMessage[] = [];
    const mailer = { send: async (m: MailMessage) => void sent.push(m) };
    const mailRound = { ...at(5000), mailer };
    const delivered = await Promise.all([
      deliverAlertMails(mailRound, { batch: 4 }),
      deliverAlertMails(mailRound, { batch: 4 }),
      deliverAlertMails(mailRound),
    ]);
    expect(delivered.reduce((n, r) => n + r.sent, 0)).toBe(sent.length);
    expect(sent.filter((m) => m.subject.includes("'rush'"))).toHaveLength(24);
    for (const a of alerts) expect(await firings(a.id)).toMatchObject([{ emailStatus: "sent", emailAttempts: 1 }]);
  });

  it("an evaluator that lost its lease writes nothing: the alert fires once, by the one that took it over", async () => {
    const searchId = await search("lease");
    await mentions("lease", [minutesAgo(1)]);
    const a = await alert({ searchId }, { value: 1 });
    const now = at(6000).now();
    // Evaluator A claims everything due and stalls (a crash, a long pause)...
    const claimed = await claimDueAlerts(deps.db, {
      owner: "stalled",
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + 60_000).toISOString(),
      limit: 1000,
      evaluatedBefore: now.toISOString(),
    });
    expect(claimed.map((c) => c.id)).toContain(a.id);
    // ...B's round meanwhile skips what A holds...
    await evaluateAlerts(at(7000), { owner: "B" });
    expect(await firings(a.id)).toHaveLength(0);
    // ...and takes it once the lease ran out.
    await evaluateAlerts(at(70_000), { owner: "B" });
    expect(await firings(a.id)).toHaveLength(1);
    // A wakes up: its write is refused.
    expect(
      await recordEvaluation(deps.db, { id: a.id, owner: "stalled", now: now.toISOString(), armed: false, count: 1 }),
    ).toBe(false);
    await evaluateAlerts(at(80_000), { owner: "C" });
    expect(await firings(a.id)).toHaveLength(1);
  });

  it("a sender that dies after the SMTP server accepted: the takeover sends again under the same Message-ID and records it", async () => {
    const searchId = await search("takeover");
    await mentions("takeover", [minutesAgo(1)]);
    const a = await alert({ searchId }, { value: 1 });
    await evaluateAlerts(at(90_000));
    const sent: MailMessage[] = [];
    const ours = (m: MailMessage) => m.text.includes("takeover number");
    // The first process hands our message over, then never gets to mark it sent (it died).
    const dying = {
      send: async (m: MailMessage) => {
        if (!ours(m)) return;
        sent.push(m);
        await new Promise<void>(() => undefined);
      },
    };
    void deliverAlertMails({ ...at(100_000), mailer: dying });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const [sending] = await firings(a.id);
    expect(sending).toMatchObject({ emailStatus: "sending", emailAttempts: 1, emailInterruptedAt: null });
    expect(sending!.emailMessageId).toMatch(new RegExp(`^<alert-firing-${sending!.id}\\.${a.id}@[^>]+>$`));
    expect(sent[0]!.messageId).toBe(sending!.emailMessageId);

    const alive = {
      send: async (m: MailMessage) => {
        if (ours(m)) sent.push(m);
      },
    };
    // Within the lease nobody else sends it.
    await deliverAlertMails({ ...at(100_000 + 5 * 60_000), mailer: alive });
    expect(sent).toHaveLength(1);
    // After it: taken over, sent again under the same Message-ID, the interruption recorded.
    const takeover = at(100_000 + 11 * 60_000);
    expect(await deliverAlertMails({ ...takeover, mailer: alive })).toEqual({ sent: 1, failed: 0 });
    expect(sent.map((m) => m.messageId)).toEqual([sending!.emailMessageId, sending!.emailMessageId]);
    expect(await firings(a.id)).toMatchObject([
      {
        emailStatus: "sent",
        emailAttempts: 2,
        emailMessageId: sending!.emailMessageId,
        emailInterruptedAt: takeover.now().toISOString(),
      },
    ]);
    // Once sent, never again.
    await deliverAlertMails({ ...at(100_000 + 30 * 60_000), mailer: alive });
    expect(sent).toHaveLength(2);
  });

  it("SMTP down: the firing stays pending and is retried later, then sent once", async () => {
    const searchId = await search("smtp");
    await mentions("smtp", [minutesAgo(1)]);
    const a = await alert({ searchId }, { value: 1 });
    await evaluateAlerts(at(90_000));
    // Nothing listens on this port: the send fails.
    const closedPort = await freePort();
    const down = createMailer({
      smtpUrl: `smtp://127.0.0.1:${closedPort}`,
      outboxDir: os.tmpdir(),
      from: "Earshot <a@example.test>",
      log: () => undefined,
    });
    const failedAt = at(100_000);
    const first = await deliverAlertMails({ ...failedAt, mailer: down });
    expect(first.failed).toBeGreaterThanOrEqual(1);
    const [pending] = await firings(a.id);
    expect(pending).toMatchObject({ emailStatus: "pending", emailAttempts: 1, emailSentAt: null });
    expect(pending!.emailError).toBeTruthy();
    expect(pending!.emailNextAttemptAt).toBe(new Date(failedAt.now().getTime() + retryDelayMs(1)).toISOString());

    // Up again on a loopback SMTP server: not before the retry time, then once.
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
        stream.on("end", () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    try {
      const port = (smtp.server.address() as AddressInfo).port;
      const up = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        outboxDir: os.tmpdir(),
        from: "Earshot <a@example.test>",
        log: () => undefined,
      });
      await deliverAlertMails({ ...at(100_000 + 30_000), mailer: up });
      expect(received).toHaveLength(0);
      await deliverAlertMails({ ...at(100_000 + 61_000), mailer: up });
      await deliverAlertMails({ ...at(100_000 + 120_000), mailer: up });
      expect(received.filter((raw) => raw.includes("smtp number"))).toHaveLength(1);
      const [sentFiring] = await firings(a.id);
      expect(sentFiring).toMatchObject({
        emailStatus: "sent",
        emailAttempts: 2,
        emailError: null,
        emailInterruptedAt: null,
      });
      // Both attempts carried the firing's own Message-ID; the one that reached the server shows it.
      expect(received.find((raw) => raw.includes("smtp number"))).toContain(
        `Message-ID: ${sentFiring!.emailMessageId}`,
      );
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
