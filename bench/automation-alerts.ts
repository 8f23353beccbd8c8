// `npm run bench -- automation-alerts` (issue 24, ADR 029): one evaluation round of 1,000 alerts over
// 1,000,000 stored mentions, in process on a SQLite file. The store is written directly (mentions, their
// stored matches in 1,000 saved searches, one alert per search) rather than through ingestion, whose own
// bench is `ingest`: what is measured is the round itself (claims, the window counts read from the stored
// matches, the outcomes written, a firing with its notification where a count crossed). Target ≤ 1 s.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase } from "../db/client";
import { migrateToLatest } from "../db/migrate";
import { insertAlert } from "../db/repositories/alerts";
import { evaluateAlerts } from "../services/alerts/evaluate";
import type { ServiceDeps } from "../services/context";
import { createWorkspace } from "../services/workspace/create-workspace";
import type { BenchContext, BenchOutcome } from "./lib/types";

const MENTIONS = Number(process.env.BENCH_ALERT_MENTIONS ?? 1_000_000);
const ALERTS = 1_000;
/** Each mention matches this many of the searches (2,000,000 stored matches at a million mentions). */
const MATCHES_PER_MENTION = 2;
/** The mentions spread over the 30 days before NOW. */
const NOW = new Date("2026-11-01T00:00:00.000Z");
const SPREAD_S = 30 * 86_400;

export async function run(ctx: BenchContext): Promise<BenchOutcome> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "earshot-bench-alerts-"));
  const handle = openDatabase({ url: path.join(dir, "app.db") });
  const db = handle.db;
  try {
    await migrateToLatest(db);
    const { businessProfile } = await createWorkspace(db, { name: "Alerts bench", members: [] });
    const bp = businessProfile.id;
    const t0 = performance.now();
    await sql`insert into search_items (business_profile_id, name, category, entity_type, entity_ids, query, created_at, updated_at)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ALERTS})
      select ${bp}, 'search ' || i, 'brand', 2, '[]', '[]', ${NOW.toISOString()}, ${NOW.toISOString()} from n`.execute(db);
    const searchIds = (await db.selectFrom("searchItems").select("id").where("businessProfileId", "=", bp).orderBy("id").execute()).map((r) => r.id);
    const firstSearch = searchIds[0]!;
    // Mention i is i * SPREAD_S / MENTIONS seconds before NOW (newest first).
    const created = (column: string) =>
      sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', '${NOW.toISOString()}', '-' || (${column} * ${SPREAD_S}.0 / ${MENTIONS}) || ' seconds')`);
    await sql`insert into feed_items (id, business_profile_id, social_type, external_id, kind, description, language, sentiment, author_username, created_at, ingested_at)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${MENTIONS})
      select i, ${bp}, 'twitter', 'x' || i, 'post', 'mention number ' || i, 'en', 0, 'someone', ${created("i")}, ${NOW.toISOString()} from n`.execute(db);
    for (let k = 0; k < MATCHES_PER_MENTION; k++) {
      await sql`insert into query_matches (business_profile_id, context_type, context_id, feed_item_id, created_at, item_created_at)
        select ${bp}, 1, ${firstSearch} + ((id + ${k * 500}) % ${ALERTS}), id, ingested_at, created_at from feed_items where business_profile_id = ${bp}`.execute(db);
    }
    // One alert per search, mostly counting the last hour (about 3 matches each), a tenth in spike mode,
    // thresholds set so that about one in ten fires.
    for (const [i, searchId] of searchIds.entries()) {
      await insertAlert(db, {
        businessProfileId: bp,
        ownerAccountId: null as unknown as number,
        target: { searchId },
        name: `alert ${i}`,
        isMuted: false,
        isActive: true,
        recipientEmails: ["ops@example.test"],
        emailDescription: null,
        thresholdCountMode: i % 10 === 0 ? "spike" : "count",
        thresholdCountValue: i % 10 === 0 ? 50 : 3 + (i % 9 === 0 ? 0 : 3),
        alertTimeSpan: 60,
        now: NOW.toISOString(),
      });
    }
    await sql`analyze`.execute(db);
    const setupS = (performance.now() - t0) / 1000;
    ctx.log(`  store: ${MENTIONS.toLocaleString("en")} mentions, ${(MENTIONS * MATCHES_PER_MENTION).toLocaleString("en")} stored matches, ${ALERTS} alerts (${setupS.toFixed(1)} s)`);

    const deps: ServiceDeps = {
      db,
      now: () => NOW,
      mailer: { send: async () => undefined },
      settings: { publicUrl: "http://localhost", productName: "Earshot" },
    };
    const rounds: Array<{ ms: number; evaluated: number; fired: number }> = [];
    for (let r = 0; r < 4; r++) {
      await ctx.quiet(`alerts round ${r + 1}`);
      const at = new Date(NOW.getTime() + r * 1000);
      const start = performance.now();
      const report = await evaluateAlerts({ ...deps, now: () => at });
      rounds.push({ ms: performance.now() - start, ...report });
      ctx.log(`  round ${r + 1}: ${rounds[r]!.ms.toFixed(0)} ms, ${report.evaluated} evaluated, ${report.fired} fired`);
    }
    const first = rounds[0]!;
    const steady = rounds.slice(1).map((r) => r.ms).sort((a, b) => a - b)[1]!;
    return {
      name: "automation-alerts",
      checks: [
        { label: `one round, ${ALERTS} alerts over ${MENTIONS.toLocaleString("en")} mentions (first, with its firings)`, value: Math.round(first.ms), unit: "ms", target: 1000, kind: "max" },
        { label: "one round, no crossing (median of the next 3)", value: Math.round(steady), unit: "ms", target: 1000, kind: "max" },
      ],
      figures: [
        { label: "alerts fired in the first round", value: first.fired },
        { label: "store set-up", value: Number(setupS.toFixed(1)), unit: "s" },
      ],
      warnings: [],
      results: { mentions: MENTIONS, matches: MENTIONS * MATCHES_PER_MENTION, alerts: ALERTS, rounds },
    };
  } finally {
    await handle.close();
    if (!process.env.BENCH_KEEP_DATA) fs.rmSync(dir, { recursive: true, force: true });
  }
}
