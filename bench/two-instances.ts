// `npm run bench -- two-instances` (issue 28, ADR 043): two instances on two ports sharing one PostgreSQL
// database (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
// a fresh database is made on that server and dropped afterwards). Figures: how long a notification made
// through one instance takes to reach the live stream (the bell) on the other, over 10 tries; how many
// times a due feed is fetched; how long after a kill -9 of the poll's holder the other instance finishes
// the poll, and how often it was fetched and stored; how long the survivor takes to stop on SIGTERM with
// a live stream open. tests/integration/scale-out.test.ts asserts the same in CI.
import { DRILL_LEASE_SECONDS, createFeedStream, firstLiveNotification, ITEMS_PER_FEED, leaseHolderPid, storedOf, startTwoInstances, waitUntil } from "./lib/two-instances";
import { percentileOfSorted, round, sleep } from "./lib/stats";
import type { BenchContext, BenchOutcome } from "./lib/types";

const TRIES = 10;

export async function run(ctx: BenchContext): Promise<BenchOutcome> {
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const t = await startTwoInstances(ctx.root, serverUrl);
  try {
    const admin = await t.signIn(t.a, t.admin.email);
    const agentOnB = await t.signIn(t.b, t.agent.email);

    const once = await createFeedStream(t, admin, "/once.xml");
    await waitUntil(async () => (await storedOf(t.database, once)).stored === ITEMS_PER_FEED, 10_000);
    await sleep(3_000);
    const feedFetches = t.feeds.requests.get("/once.xml") ?? 0;
    ctx.log(`  due feed fetched ${feedFetches} time(s) by two instances`);

    const items = await t.database.db.selectFrom("feedItems").select("id").where("streamId", "=", once).execute();
    const latencies: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      const live = await firstLiveNotification(t.b, agentOnB, 5_000);
      const sent = performance.now();
      const item = items[i % items.length]!.id;
      await t.call(t.a, admin, "POST", `/api/v1/feed-items/${item}/assign`, { assignee_type: "account", assignee_id: t.agent.id });
      const { at } = await live.arrival;
      latencies.push(at - sent);
      await t.call(t.a, admin, "POST", `/api/v1/feed-items/${item}/unassign`, {});
    }
    latencies.sort((a, b) => a - b);
    ctx.log(`  notification A → bell on B: p50 ${round(percentileOfSorted(latencies, 50))} ms, max ${round(latencies.at(-1)!)} ms`);

    t.feeds.hold.add("/slow.xml");
    const slow = await createFeedStream(t, admin, "/slow.xml");
    await waitUntil(() => t.feeds.requests.get("/slow.xml") === 1, 10_000);
    const holder = await leaseHolderPid(t.database, "poll-streams");
    const [victim, survivor] = holder === t.a.pid ? [t.a, t.b] : [t.b, t.a];
    victim.child.kill("SIGKILL");
    const killed = performance.now();
    await waitUntil(async () => (await storedOf(t.database, slow)).stored === ITEMS_PER_FEED, 20_000);
    const takeoverMs = performance.now() - killed;
    await sleep(2_000);
    const slowStored = await storedOf(t.database, slow);
    const slowFetches = t.feeds.requests.get("/slow.xml") ?? 0;
    ctx.log(`  kill -9 of the poll's holder: finished by the other after ${Math.round(takeoverMs)} ms; fetched ${slowFetches}, stored ${slowStored.stored} (${slowStored.duplicates} twice)`);

    const agentOnSurvivor = await t.signIn(survivor, t.agent.email);
    const open = await firstLiveNotification(survivor, agentOnSurvivor, 60_000);
    // SIGTERM ends the stream (EventSource would reconnect elsewhere).
    void open.arrival.catch(() => undefined);
    const stopStart = performance.now();
    await survivor.stop();
    const sigtermMs = performance.now() - stopStart;
    ctx.log(`  SIGTERM with a live stream open: stopped in ${Math.round(sigtermMs)} ms`);

    return {
      name: "two-instances",
      checks: [
        { label: "notification on one instance → bell on the other, max of 10", value: round(latencies.at(-1)!), unit: "ms", target: 1_000, kind: "max" },
        { label: "fetches of a due feed by two instances", value: feedFetches, unit: "", target: 1, kind: "max" },
        { label: `kill -9 of the poll's holder → poll finished by the other (lease ${DRILL_LEASE_SECONDS} s)`, value: Math.round(takeoverMs), unit: "ms", target: 10_000, kind: "max" },
        { label: "mentions of the killed poll stored twice", value: slowStored.duplicates, unit: "", target: 0, kind: "max" },
        { label: "SIGTERM → stopped, live stream open", value: Math.round(sigtermMs), unit: "ms", target: 25_000, kind: "max" },
      ],
      figures: [
        { label: "notification latency p50", value: round(percentileOfSorted(latencies, 50)), unit: "ms" },
        { label: "killed poll: fetches (killed + finished)", value: slowFetches },
        { label: "killed poll: mentions stored", value: slowStored.stored },
      ],
      warnings: ["measured on a machine shared with other work"],
      results: { latencies, feedFetches, takeoverMs, slowFetches, slowStored, sigtermMs },
    };
  } finally {
    await t.stop();
  }
}
