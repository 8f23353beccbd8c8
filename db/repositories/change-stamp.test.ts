import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../client";
import { migrateToLatest } from "../migrate";
import { databaseChangeStamp } from "./change-stamp";

// SQLite only: PostgreSQL has no stamp (null).
describe("the database change stamp (SQLite)", () => {
  let dir: string;
  let one: DatabaseHandle;
  let other: DatabaseHandle;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "earshot-stamp-"));
    const file = path.join(dir, "app.db");
    one = openDatabase({ url: file });
    await migrateToLatest(one.db);
    other = openDatabase({ url: file });
  });
  afterAll(async () => {
    await one.close();
    await other.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const accountEvent = { businessProfileId: 1, accountId: 1, actionType: "page_view", eventType: "navigation", actionModule: "/inbox", createdAt: new Date().toISOString() };

  it("stays while only reads and bookkeeping writes happen, and moves with any other write of this process or any commit of another", async () => {
    const start = await databaseChangeStamp(one.db);
    expect(start).not.toBeNull();
    await one.db.selectFrom("feedItems").select("id").execute();
    await one.db.insertInto("accountEvents").values(accountEvent).execute();
    expect(await databaseChangeStamp(one.db)).toBe(start);

    await one.db.updateTable("streams").set({ name: "Renamed" }).where("id", "=", -1).execute();
    const afterOwnWrite = await databaseChangeStamp(one.db);
    expect(afterOwnWrite).not.toBe(start);

    await other.db.insertInto("accountEvents").values(accountEvent).execute();
    expect(await databaseChangeStamp(one.db)).not.toBe(afterOwnWrite);
  });

  it("is null inside a transaction (nothing is kept there)", async () => {
    await one.db.transaction().execute(async (trx) => {
      expect(await databaseChangeStamp(trx)).toBeNull();
    });
  });
});
