// `npm run bench -- moderation-export` (issue 25, ADR 037): the moderation report's CSV export of
// 100,000 events streams in constant memory. In process on a SQLite file: the events are written
// directly, then the export (GET /v1/moderation/events/export-to-csv's service: the keyset batches and
// the one CSV writer) is read to the end, one chunk at a time as the HTTP answer pulls it, while the
// process's RSS is sampled. The same export of 10,000 events shows that the peak does not grow with the
// count beyond the garbage collector's slack. Target: peak RSS growth ≤ 64 MB at 100,000 events (the
// file is about 25 MB, so a buffered export would pass it only barely, and twice over at 200,000).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase, type Database } from "../db/client";
import { migrateToLatest } from "../db/migrate";
import { defaultPermissionsForRole } from "../domain/permissions";
import { ROLES } from "../domain/roles";
import type { Actor, ServiceDeps } from "../services/context";
import { exportModerationEvents } from "../services/moderation/export-moderation-events";
import { createWorkspace } from "../services/workspace/create-workspace";
import type { BenchContext, BenchOutcome } from "./lib/types";

const EVENTS = Number(process.env.BENCH_MODERATION_EVENTS ?? 100_000);
const SMALL = Math.round(EVENTS / 10);
const NOW = new Date("2026-11-01T00:00:00.000Z");
const MB = 1024 * 1024;

async function seed(db: Database, name: string, count: number): Promise<number> {
  const { businessProfile } = await createWorkspace(db, { name, members: [] });
  const bp = businessProfile.id;
  // Texts of a realistic length (a post's address, its text, a note), a formula-like note every 7th.
  await sql`insert into moderation_events (business_profile_id, social_type, agent_account_id, agent_name, user_name, action, reason, note, post, original_text, delivery, created_at)
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
    select ${bp}, case i % 3 when 0 then 'twitter' when 1 then 'reddit' else 'zendesk' end, 1 + i % 5, 'Agent ' || (i % 5),
      'Author number ' || (i % 997), case i % 4 when 0 then 'flagged as spam' when 1 then 'post deleted' when 2 then 'user blocked' else 'post edited' end,
      case i % 3 when 0 then 'spamming' when 1 then 'abusive' else 'trolling' end,
      case when i % 7 = 0 then '=HYPERLINK("x")' else 'Reviewed by the team, case ' || i end,
      'https://example.test/posts/' || i,
      'The original text of the post number ' || i || ', long enough to look like a real mention with a few more words in it.',
      'manual', strftime('%Y-%m-%dT%H:%M:%fZ', ${NOW.toISOString()}, '-' || i || ' seconds')
    from n`.execute(db);
  return bp;
}

/** Reads the whole export, sampling RSS every 5 ms; answers the peak growth over the RSS before it. */
async function measure(deps: ServiceDeps, actor: Actor, order: string): Promise<{ ms: number; bytes: number; lines: number; peakGrowthMb: number }> {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const start = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const csv = await exportModerationEvents(deps, actor, { order });
    for await (const chunk of csv.chunks) {
      bytes += Buffer.byteLength(chunk);
      for (let i = chunk.indexOf("\n"); i !== -1; i = chunk.indexOf("\n", i + 1)) lines++;
      peak = Math.max(peak, process.memoryUsage.rss());
      // Let the sampler run between chunks, as a socket's drain would.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    clearInterval(timer);
  }
  return { ms: performance.now() - start, bytes, lines, peakGrowthMb: (peak - before) / MB };
}

export async function run(ctx: BenchContext): Promise<BenchOutcome> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "earshot-bench-moderation-"));
  const handle = openDatabase({ url: path.join(dir, "app.db") });
  const db = handle.db;
  try {
    await migrateToLatest(db);
    const t0 = performance.now();
    const small = await seed(db, "Moderation bench small", SMALL);
    const big = await seed(db, "Moderation bench", EVENTS);
    await sql`analyze`.execute(db);
    ctx.log(`  store: ${EVENTS.toLocaleString("en")} + ${SMALL.toLocaleString("en")} events (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    const deps: ServiceDeps = {
      db,
      now: () => NOW,
      mailer: { send: async () => undefined },
      settings: { publicUrl: "http://localhost", productName: "Earshot" },
    };
    const actor = (businessProfileId: number): Actor => ({
      accountId: 1,
      businessProfileId,
      role: ROLES.admin,
      permissions: defaultPermissionsForRole(ROLES.admin),
      sessionId: "bench",
      impersonatorAccountId: null,
    });
    // A warm-up pass, so that code and page cache are not what is measured.
    await measure(deps, actor(small), "dateAndTime desc");
    await ctx.quiet("moderation export (10,000)");
    const smallRun = await measure(deps, actor(small), "dateAndTime desc");
    ctx.log(`  ${SMALL.toLocaleString("en")} events: ${smallRun.ms.toFixed(0)} ms, ${(smallRun.bytes / MB).toFixed(1)} MB written, peak RSS +${smallRun.peakGrowthMb.toFixed(1)} MB`);
    await ctx.quiet("moderation export (100,000)");
    const bigRun = await measure(deps, actor(big), "dateAndTime desc");
    ctx.log(`  ${EVENTS.toLocaleString("en")} events: ${bigRun.ms.toFixed(0)} ms, ${(bigRun.bytes / MB).toFixed(1)} MB written, peak RSS +${bigRun.peakGrowthMb.toFixed(1)} MB`);
    const byUser = await measure(deps, actor(big), "user asc");
    ctx.log(`  ${EVENTS.toLocaleString("en")} events by user: ${byUser.ms.toFixed(0)} ms, peak RSS +${byUser.peakGrowthMb.toFixed(1)} MB`);
    return {
      name: "moderation-export",
      checks: [
        { label: `peak RSS growth, CSV export of ${EVENTS.toLocaleString("en")} moderation events`, value: Number(bigRun.peakGrowthMb.toFixed(1)), unit: "MB", target: 64, kind: "max" },
      ],
      figures: [
        { label: `peak RSS growth, ${SMALL.toLocaleString("en")} events`, value: Number(smallRun.peakGrowthMb.toFixed(1)), unit: "MB" },
        { label: `peak RSS growth, ${EVENTS.toLocaleString("en")} events by user`, value: Number(byUser.peakGrowthMb.toFixed(1)), unit: "MB" },
        { label: `export time, ${EVENTS.toLocaleString("en")} events (newest first)`, value: Math.round(bigRun.ms), unit: "ms" },
        { label: `export time, ${EVENTS.toLocaleString("en")} events (by user)`, value: Math.round(byUser.ms), unit: "ms" },
        { label: "file size", value: Number((bigRun.bytes / MB).toFixed(1)), unit: "MB" },
        { label: "lines written (with the header)", value: bigRun.lines },
      ],
      warnings: bigRun.lines === EVENTS + 1 ? [] : [`expected ${EVENTS + 1} lines, wrote ${bigRun.lines}`],
      results: { events: EVENTS, small: SMALL, smallRun, bigRun, byUser },
    };
  } finally {
    await handle.close();
    if (!process.env.BENCH_KEEP_DATA) fs.rmSync(dir, { recursive: true, force: true });
  }
}
