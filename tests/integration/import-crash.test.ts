// Crash safety of the streamed file import: a process importing a large file is killed (SIGKILL) after a
// few acknowledged batches; every acknowledged item must be in the database, none twice, and importing
// the same file again completes the job exactly. SQLite file database (WAL), as in production.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { sql } from "kysely";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import type { Database } from "../../db/client";
import { importFile } from "../../services/mentions/receive";
import { adminActor, crashFile, distinctItems, openMigrated, serviceDeps } from "./support/import-crash";

const ROOT = path.resolve(__dirname, "../..");
const CHILD = path.join(__dirname, "support/import-crash-child.ts");
/** Lines of the file; the child is killed long before the end. */
const TOTAL = 60_000;
/** Acknowledged batches to wait for before the kill. */
const ACKS_BEFORE_KILL = 4;

interface ChildRun {
  businessProfileId: number;
  streamId: number;
  accountId: number;
  acknowledged: number[];
  signal: NodeJS.Signals | null;
  finished: boolean;
}

/** Runs the child until it has acknowledged enough batches, then kills it without warning. */
function runAndKill(file: string): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD, file, String(TOTAL)], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const run: ChildRun = {
      businessProfileId: 0,
      streamId: 0,
      accountId: 0,
      acknowledged: [],
      signal: null,
      finished: false,
    };
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    createInterface({ input: child.stdout }).on("line", (line) => {
      const [word, ...rest] = line.split(" ");
      if (word === "READY")
        [run.businessProfileId, run.streamId, run.accountId] = rest.map(Number) as [number, number, number];
      if (word === "ACK") {
        run.acknowledged.push(Number(rest[0]));
        if (run.acknowledged.length === ACKS_BEFORE_KILL) child.kill("SIGKILL");
      }
      if (word === "DONE") run.finished = true;
    });
    child.on("error", reject);
    child.on("exit", (_code, signal) => {
      run.signal = signal;
      if (!run.streamId) reject(new Error(`the child did not start: ${stderr}`));
      else resolve(run);
    });
  });
}

async function storedCount(db: Database, streamId: number): Promise<number> {
  const row = await db
    .selectFrom("feedItems")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("streamId", "=", streamId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function duplicateKeys(db: Database): Promise<number> {
  const rows = await sql<{ n: number }>`
    select count(*) as n from (
      select business_profile_id, social_type, external_id from feed_items
      group by business_profile_id, social_type, external_id having count(*) > 1
    ) as d`.execute(db);
  return Number(rows.rows[0]!.n);
}

describe("file import killed mid-way (SQLite file)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "earshot-import-crash-"));
  const file = path.join(dir, "app.db");
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("keeps every acknowledged item, stores none twice, and completes exactly when the file is imported again", async () => {
    const run = await runAndKill(file);
    expect(run.signal).toBe("SIGKILL");
    expect(run.finished).toBe(false);
    expect(run.acknowledged.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
    const lastAcknowledged = run.acknowledged.at(-1)!;
    expect(lastAcknowledged).toBeGreaterThan(0);

    const handle = await openMigrated(file);
    try {
      const db = handle.db;
      const afterCrash = await storedCount(db, run.streamId);
      // No acknowledged item was lost; the batch in flight at the kill is all there or not at all.
      expect(afterCrash).toBeGreaterThanOrEqual(lastAcknowledged);
      expect(afterCrash).toBeLessThan(distinctItems(TOTAL));
      expect(await duplicateKeys(db)).toBe(0);
      // The import's progress record never claims more than what is stored. (It is written after the
      // acknowledgement, so it may trail it by the last batch.)
      const record = await db
        .selectFrom("imports")
        .selectAll()
        .where("streamId", "=", run.streamId)
        .executeTakeFirstOrThrow();
      expect(record.accepted).toBeGreaterThan(0);
      expect(record.accepted).toBeLessThanOrEqual(afterCrash);

      // The same file again, to the end, in this process.
      const deps = serviceDeps(handle);
      onTestFinished(() => deps.ingest?.close?.());
      const summary = await importFile(deps, adminActor(run.accountId, run.businessProfileId), run.streamId, {
        format: "ndjson",
        body: crashFile(TOTAL),
        fileName: "crash.ndjson",
        bytesTotal: null,
      });
      expect(summary).toMatchObject({ status: "done", rejected: 0, lines: TOTAL });
      expect(summary.accepted).toBe(distinctItems(TOTAL) - afterCrash);
      expect(summary.accepted + summary.duplicates).toBe(TOTAL);
      expect(await storedCount(db, run.streamId)).toBe(distinctItems(TOTAL));
      expect(await duplicateKeys(db)).toBe(0);
      const stream = await db
        .selectFrom("streams")
        .selectAll()
        .where("id", "=", run.streamId)
        .executeTakeFirstOrThrow();
      expect(stream.itemsCount).toBe(distinctItems(TOTAL));
    } finally {
      await handle.close();
    }
  }, 240_000);
});
