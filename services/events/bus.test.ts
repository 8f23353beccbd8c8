import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { migrateToLatest } from "../../db/migrate";
import { createIngestPorts } from "../../ingest";
import { testEngines } from "../../tests/support/database";
import { createSearchTenant, ingestItems, testDeps } from "../../tests/support/search";
import { createTenantWithRoles } from "../../tests/support/tenant";
import type { Actor, ServiceDeps } from "../context";
import { openLiveNotifications } from "../notifications/live-notifications";
import { notify } from "../notifications/notify";
import { insertNotification } from "../../db/repositories/notifications";
import type { NotificationView } from "../notifications/notification-view";
import { onStored, type LiveBatch } from "../queries/live";
import { createEventBus, type EventBus } from "./bus";
import { relayLiveEvents } from "./relay";

// Two "processes" (two database handles, two buses) on one database (ADR 043): what one publishes the
// other hears, through NOTIFY on PostgreSQL and live_events on SQLite, and the relay turns it into a
// notification on the other's live stream and new mentions for the other's flow mode.
describe.each(testEngines({ engineSpecific: true }))("live events between processes on %s", (engine) => {
  let one: DatabaseHandle;
  let two: DatabaseHandle;
  let busOne: EventBus;
  let busTwo: EventBus;
  const cleanups: Array<() => Promise<void> | void> = [];

  beforeAll(async () => {
    if (engine === "sqlite") {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "earshot-bus-"));
      const file = path.join(dir, "app.db");
      one = openDatabase({ url: file });
      await migrateToLatest(one.db);
      two = openDatabase({ url: file });
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    } else {
      const url = process.env.TEST_DATABASE_URL!;
      const schema = `bus_${crypto.randomBytes(5).toString("hex")}`;
      const admin = async (statement: string) => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(statement).finally(() => client.end());
      };
      await admin(`create schema ${schema}`);
      one = openDatabase({ url, postgresSchema: schema, poolSize: 3 });
      await migrateToLatest(one.db);
      two = openDatabase({ url, postgresSchema: schema, poolSize: 3 });
      cleanups.push(() => admin(`drop schema if exists ${schema} cascade`));
    }
    const mode = engine === "postgres" ? "postgres" : "table";
    busOne = await createEventBus({ db: one.db, mode, listen: one.listen, pollMs: 20 });
    busTwo = await createEventBus({ db: two.db, mode, listen: two.listen, pollMs: 20 });
  }, 60_000);

  afterAll(async () => {
    await busOne?.close();
    await busTwo?.close();
    await one?.close();
    await two?.close();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  function next(bus: EventBus, channel: "notification" | "mentions" | "vocabulary"): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`nothing on ${channel} within 1 s`)), 1_000);
      const stop = bus.subscribe(channel, (payload) => {
        clearTimeout(timer);
        stop();
        resolve(payload);
      });
    });
  }

  it("what one process publishes reaches the other within a second, and not itself", async () => {
    const heardByOne: unknown[] = [];
    const stopOne = busOne.subscribe("vocabulary", (p) => heardByOne.push(p));
    const arriving = next(busTwo, "vocabulary");
    busOne.publish("vocabulary", { businessProfileId: 7 });
    expect(await arriving).toEqual({ businessProfileId: 7 });
    await new Promise((r) => setTimeout(r, 100));
    expect(heardByOne).toEqual([]);
    stopOne();
  });

  it("an event larger than a NOTIFY payload arrives whole", async () => {
    const big = { businessProfileId: 1, feedItemIds: Array.from({ length: 5_000 }, (_, i) => i), matches: [] };
    const arriving = next(busTwo, "mentions");
    busOne.publish("mentions", big);
    expect(await arriving).toEqual(big);
  });

  it("a notification created through one process reaches a live stream opened on the other within a second", async () => {
    const depsOne: ServiceDeps = { ...testDeps(one.db, undefined), events: busOne };
    const depsTwo: ServiceDeps = { ...testDeps(two.db, undefined), events: busTwo };
    const tenant = await createTenantWithRoles(one.db);
    const actor = { accountId: tenant.accounts.agent.id, businessProfileId: tenant.businessProfileId } as Actor;
    // notify() tells the other processes...
    const told = next(busTwo, "notification");
    const [id] = await notify(depsOne, { businessProfileId: tenant.businessProfileId, accountIds: [actor.accountId], text: "Assigned to you", category: "assignment" });
    expect(await told).toEqual({ accountId: actor.accountId, businessProfileId: tenant.businessProfileId, id });

    // ...and the relay wakes the other's live streams with it. (In one test process the in-memory emitter
    // is shared, so the row is written as another process would and only its event is published.)
    const unrelay = relayLiveEvents(depsTwo, busTwo);
    const received: NotificationView[] = [];
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    // No periodic re-read within the test: only the bus can bring it.
    const stop = await openLiveNotifications(depsTwo, actor, (n) => {
      received.push(n);
      arrived();
    }, { rereadMs: 600_000 });
    try {
      const row = await insertNotification(one.db, {
        businessProfileId: tenant.businessProfileId,
        accountId: actor.accountId,
        text: "Mentioned by a colleague",
        category: "assignment",
        socialType: null,
        entityName: null,
        link: null,
        readAt: null,
        dismissed: 0,
        createdAt: new Date().toISOString(),
      });
      const started = performance.now();
      busOne.publish("notification", { accountId: actor.accountId, businessProfileId: tenant.businessProfileId, id: row.id });
      await Promise.race([arrival, new Promise((_, reject) => setTimeout(() => reject(new Error("not within 1 s")), 1_000))]);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(received.map((n) => n.text)).toEqual(["Mentioned by a colleague"]);
    } finally {
      stop();
      unrelay();
    }
  });

  it("mentions stored by one process reach the other's flow-mode listeners", async () => {
    const ports = createIngestPorts();
    const depsOne: ServiceDeps = { ...testDeps(one.db, ports), events: busOne };
    const depsTwo: ServiceDeps = { ...testDeps(two.db, ports), events: busTwo };
    const unrelay = relayLiveEvents(depsTwo, busTwo);
    const tenant = await createSearchTenant(depsOne);
    const batches: LiveBatch[] = [];
    const stop = onStored(depsTwo, tenant.businessProfileId, (batch) => batches.push(batch));
    try {
      await ingestItems(depsOne, tenant, [
        { network: "twitter", external_id: "flow-1", text: "flow mode across processes", created_at: new Date().toISOString(), author: { username: "ann" } },
      ]);
      for (let i = 0; i < 50 && !batches.length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(batches).toHaveLength(1);
      expect(batches[0]!.feedItemIds).toHaveLength(1);
    } finally {
      stop();
      unrelay();
      await ports.close?.();
    }
  });
});
