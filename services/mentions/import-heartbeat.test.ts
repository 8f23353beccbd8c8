// A running import's heartbeat (ADR 043, migration 0035): an import that a live process runs, on this
// machine or another, is never marked interrupted by another process's start or scheduler round; one
// whose process died (its heartbeat a lease old) is, at the next start or round.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertImport } from "../../db/repositories/imports";
import { startScheduler } from "../../jobs/scheduler";
import { createApiFixture, type ApiFixture, type SignedIn } from "../../tests/support/api-fixture";
import { testEngines } from "../../tests/support/database";
import type { ServiceDeps } from "../context";
import { markInterruptedImports } from "./imports";

const LEASE_MS = 400;
const encoder = new TextEncoder();
const line = (n: number) => `${JSON.stringify({ external_id: `hb-${n}`, text: `Ticket ${n}: where is my parcel`, created_at: "2026-11-01T10:00:00Z", author: { username: `c${n}` } })}\n`;

describe.each(testEngines({ engineSpecific: true }))("import heartbeats on %s", (engine) => {
  let fx: ApiFixture;
  let admin: SignedIn;
  let businessProfileId: number;
  let streamId: number;
  /** Another process on the same database. */
  let other: ServiceDeps;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    fx.deps.leaseMs = LEASE_MS;
    other = { ...fx.deps };
    const tenant = await fx.createTenant();
    businessProfileId = tenant.businessProfileId;
    admin = await fx.signIn(tenant.accounts.admin.email);
    const res = await fx.request("POST", "/api/v1/streams", {
      auth: admin,
      body: { name: "Heartbeats", social_type: "zendesk", category: "inboxes", source: "import" },
    });
    expect(res.status).toBe(201);
    streamId = res.json.id;
  });
  afterAll(() => fx?.cleanup());

  const statusOf = async (id: number) =>
    (await fx.db.selectFrom("imports").select(["status", "heartbeatAt"]).where("id", "=", id).executeTakeFirstOrThrow());

  it("keeps an import whose upload is still coming in running, however often another process looks, and finishes it", async () => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const answer = fx.api.fetch(
      new Request(`http://api.test/api/v1/streams/${streamId}/imports?format=ndjson&file_name=slow.ndjson`, {
        method: "POST",
        headers: { authorization: `Bearer ${admin.accessToken}`, "x-csrf-token": admin.csrfToken, "content-type": "application/x-ndjson" },
        body,
        duplex: "half",
      } as RequestInit & { duplex: "half" }),
    );
    controller.enqueue(encoder.encode(line(1) + line(2)));
    let id = 0;
    for (let i = 0; i < 100 && !id; i++) {
      await new Promise((r) => setTimeout(r, 20));
      id = (await fx.db.selectFrom("imports").select("id").where("streamId", "=", streamId).executeTakeFirst())?.id ?? 0;
    }
    expect(id).toBeGreaterThan(0);
    const first = await statusOf(id);
    // Three leases with no line coming in: another process starting, or its rounds, leave it alone.
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, LEASE_MS / 2));
      expect(await markInterruptedImports(other)).toBe(0);
    }
    const later = await statusOf(id);
    expect(later.status).toBe("running");
    expect(later.heartbeatAt! > first.heartbeatAt!).toBe(true);
    controller.enqueue(encoder.encode(line(3)));
    controller.close();
    const res = await answer;
    expect(res.status).toBe(201);
    const summary = await res.json();
    expect(summary, JSON.stringify(summary)).toMatchObject({ id, status: "done", accepted: 3 });
    // Its heartbeat stopped with it; being done, it stays done.
    await new Promise((r) => setTimeout(r, LEASE_MS * 1.5));
    expect(await markInterruptedImports(other)).toBe(0);
    expect((await statusOf(id)).status).toBe("done");
  });

  it("marks interrupted the imports whose heartbeat is a lease old (their process died), at a start and by the scheduler's round, and no other", async () => {
    const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
    const row = (now: string) => ({ businessProfileId, streamId, accountId: null, format: "ndjson", fileName: null, bytesTotal: null, now });
    const dead = await insertImport(fx.db, row(at(LEASE_MS * 3)));
    const alive = await insertImport(fx.db, row(at(0)));
    // From before migration 0035: no heartbeat, counted from its start.
    const old = await insertImport(fx.db, row(at(LEASE_MS * 5)));
    await fx.db.updateTable("imports").set({ heartbeatAt: null }).where("id", "=", old.id).execute();
    expect(await markInterruptedImports(other)).toBe(2);
    expect((await statusOf(dead.id)).status).toBe("interrupted");
    expect((await statusOf(old.id)).status).toBe("interrupted");
    expect((await statusOf(alive.id)).status).toBe("running");

    // Its process dies now: the next scheduler round after a lease marks it.
    await new Promise((r) => setTimeout(r, LEASE_MS * 1.5));
    const scheduler = startScheduler(other, { intervalMs: 60_000 });
    try {
      const outcomes = await scheduler.tick();
      expect(outcomes["interrupted-imports"]).toBe("ran");
    } finally {
      await scheduler.stop();
    }
    const marked = await fx.db.selectFrom("imports").select(["status", "finishedAt"]).where("id", "=", alive.id).executeTakeFirstOrThrow();
    expect(marked).toMatchObject({ status: "interrupted", finishedAt: expect.any(String) });
  });
});
