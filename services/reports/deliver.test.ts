import type { AddressInfo } from "node:net";
import os from "node:os";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertEmailReport } from "../../db/repositories/email-reports";
import { createIngestPorts } from "../../ingest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import { ingestItems, insertSearchItem, keywordsGroups, testDeps, type SearchTenant } from "../../tests/support/search";
import { createTenantWithRoles } from "../../tests/support/tenant";
import { createSeededStreams } from "../streams/streams";
import type { ServiceDeps } from "../context";
import { createMailer, type MailMessage } from "../mail/mailer";
import { backfillsSettled } from "../queries/backfill";
import { deliverReportRuns, reportRetryDelayMs, scheduleDueReports } from "./deliver";

// Sending the e-mail reports (issue 25, ADR 039): each due time runs exactly once with two schedulers at
// once and after a restart, a thin period is skipped, and a mail server that refuses one recipient gets
// the report retried to that one only, never again to those who already got it (a real SMTP server).

const DUE = "2026-06-01T08:00:00.000Z"; // a Monday
const T0 = new Date("2026-06-01T08:00:30.000Z");

describe.each(testEngines({ engineSpecific: true }))("e-mail report delivery on %s", (engine) => {
  let database: TestDatabase;
  let deps: ServiceDeps;
  let businessProfileId: number;
  let receiver: { id: number; email: string };
  let searchId: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    deps = { ...testDeps(database.db, createIngestPorts()), now: () => T0 };
    const tenant = await createTenantWithRoles(deps.db);
    businessProfileId = tenant.businessProfileId;
    receiver = tenant.accounts.admin;
    const seeded = await createSeededStreams(deps, businessProfileId, [{ key: "twitter", network: "twitter", category: "streams", name: "Tweets", source: "api" }]);
    const streams: SearchTenant = { businessProfileId, streams: new Map([["twitter", seeded.get("twitter")!.id]]) };
    searchId = await insertSearchItem(deps.db, businessProfileId, keywordsGroups("refund"), "Refunds");
    await ingestItems(
      deps,
      streams,
      Array.from({ length: 6 }, (_, i) => ({ network: "twitter" as const, external_id: `m${i}`, text: `refund story ${i}`, created_at: new Date(Date.parse(DUE) - (i + 1) * 3_600_000).toISOString(), author: { username: "x" } })),
    );
    await backfillsSettled(deps);
  }, 60_000);
  afterAll(async () => {
    if (deps) await backfillsSettled(deps);
    await database?.cleanup();
  });

  const at = (ms: number, mailer?: ServiceDeps["mailer"]) => ({ ...deps, now: () => new Date(T0.getTime() + ms), ...(mailer ? { mailer } : {}) });
  async function report(fields: { name: string; extra?: string[]; min?: number }) {
    return insertEmailReport(
      deps.db,
      businessProfileId,
      {
        emailName: fields.name,
        brandName: "Brand",
        emailType: "executive",
        reciverAccountId: receiver.id,
        searchId,
        articlesFilterId: null,
        mailFrequency: "[1]",
        deliverHour: 8,
        dataFrom: 1,
        articlesUrl: null,
        extraEmails: JSON.stringify(fields.extra ?? []),
        competitors: "[]",
        articlesLimit: 2,
        postsLimit: 2,
        omitResponse: 0,
        minLimitation: fields.min ?? 0,
        nextRunAt: DUE,
      },
      T0.toISOString(),
    );
  }
  const runs = (id: number) => deps.db.selectFrom("emailReportRuns").selectAll().where("emailReportId", "=", id).orderBy("id").execute();

  it("two schedulers at once and a restart record each due time once, and each recipient gets it once", async () => {
    const reports = [];
    for (let i = 0; i < 6; i++) reports.push(await report({ name: `twin ${i}`, extra: ["board@example.test"] }));
    await Promise.all([scheduleDueReports(at(0), { owner: "A", batch: 2 }), scheduleDueReports(at(0), { owner: "B", batch: 2 })]);
    // A restart: the due time is recorded, the report moved on to the next Monday.
    await scheduleDueReports(at(1000), { owner: "C" });
    for (const r of reports) {
      expect(await runs(r.id)).toMatchObject([{ kind: "scheduled", dueAt: DUE, status: "pending" }]);
      const row = await deps.db.selectFrom("emailReports").select(["nextRunAt", "leaseOwner"]).where("id", "=", r.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ nextRunAt: "2026-06-08T08:00:00.000Z", leaseOwner: null });
    }
    const sent: MailMessage[] = [];
    const mailer = { send: async (m: MailMessage) => void sent.push(m) };
    await Promise.all([deliverReportRuns(at(2000, mailer), { batch: 2 }), deliverReportRuns(at(2000, mailer), { batch: 3 }), deliverReportRuns(at(2000, mailer))]);
    await deliverReportRuns(at(3000, mailer));
    for (const r of reports) {
      const mine = sent.filter((m) => m.subject === `Brand: ${r.emailName}`);
      expect(mine.map((m) => m.to).sort()).toEqual(["board@example.test", receiver.email.toLowerCase()].sort());
      expect(await runs(r.id)).toMatchObject([{ status: "sent", mentionCount: 6 }]);
    }
  });

  it("fewer mentions than min_limitation: skipped and recorded, nothing sent", async () => {
    const r = await report({ name: "thin", min: 7 });
    await scheduleDueReports(at(4000));
    const sent: MailMessage[] = [];
    await deliverReportRuns(at(5000, { send: async (m) => void sent.push(m) }));
    expect(sent.filter((m) => m.subject === "Brand: thin")).toHaveLength(0);
    expect(await runs(r.id)).toMatchObject([{ status: "skipped", mentionCount: 6 }]);
  });

  it("a recipient the SMTP server refuses is retried later, alone; the others are not sent it again", async () => {
    const r = await report({ name: "smtp", extra: ["late@example.test", "early@example.test"] });
    await scheduleDueReports(at(6000));
    const received: Array<{ to: string[]; subject: string }> = [];
    let refuseLate = true;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refuseLate && address.address === "late@example.test") return callback(new Error("mailbox busy"));
        callback();
      },
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((a) => a.address), subject: /Subject: (.*)/.exec(raw)?.[1] ?? "" });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    try {
      const port = (smtp.server.address() as AddressInfo).port;
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: os.tmpdir(), from: "Earshot <a@example.test>", log: () => undefined });
      const failedAt = at(7000, mailer);
      const first = await deliverReportRuns(failedAt);
      expect(first.failed).toBe(1);
      const [pending] = await runs(r.id);
      expect(pending).toMatchObject({ status: "pending", attempts: 1 });
      expect(pending!.error).toContain("mailbox busy");
      expect(pending!.nextAttemptAt).toBe(new Date(failedAt.now().getTime() + reportRetryDelayMs(1)).toISOString());
      const mine = () => received.filter((m) => m.subject === "Brand: smtp").flatMap((m) => m.to).sort();
      const reachedFirst = mine();
      expect(reachedFirst).not.toContain("late@example.test");

      refuseLate = false;
      await deliverReportRuns(at(7000 + 30_000, mailer)); // before its retry time: nothing
      expect(mine()).toEqual(reachedFirst);
      await deliverReportRuns(at(7000 + 61_000, mailer));
      await deliverReportRuns(at(7000 + 200_000, mailer));
      expect(mine()).toEqual(["early@example.test", "late@example.test", receiver.email.toLowerCase()].sort());
      expect(await runs(r.id)).toMatchObject([{ status: "sent", attempts: 2, error: null }]);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
