// Two instances on two ports sharing one PostgreSQL database, as two machines would (issue 28, ADR 043):
// a due feed is polled once; a notification created through one instance reaches a live stream opened
// on the other within a second; the feed-polling job of an instance killed with kill -9 in the middle of
// a poll is taken over by the other once its lease runs out, and the poll finishes once. Needs
// `npm run build` and PostgreSQL (scripts/with-postgres.sh). bench/two-instances.ts prints the figures.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createFeedStream,
  DRILL_LEASE_SECONDS,
  DRILL_POLL_SECONDS,
  firstLiveNotification,
  ITEMS_PER_FEED,
  leaseHolderPid,
  storedOf,
  startTwoInstances,
  waitUntil,
  type Session,
  type TwoInstances,
} from "../../bench/lib/two-instances";
import { testEngines } from "../support/database";

const ROOT = path.resolve(__dirname, "../..");

describe.each(testEngines({ engineSpecific: true }).filter((e) => e === "postgres"))("two instances on one %s", () => {
  let t: TwoInstances;
  let adminOnA: Session;
  let feedStream = 0;

  beforeAll(async () => {
    t = await startTwoInstances(ROOT, process.env.TEST_DATABASE_URL!);
    adminOnA = await t.signIn(t.a, t.admin.email);
  }, 60_000);
  afterAll(() => t?.stop(), 30_000);

  it("polls a due feed once, whichever instance's round comes first", async () => {
    feedStream = await createFeedStream(t, adminOnA, "/once.xml");
    expect(await waitUntil(async () => (await storedOf(t.database, feedStream)).stored === ITEMS_PER_FEED, 10_000)).toBe(true);
    // Several more rounds of both instances: the feed is not due again for an hour.
    await new Promise((r) => setTimeout(r, 3 * DRILL_POLL_SECONDS * 1000));
    expect(t.feeds.requests.get("/once.xml")).toBe(1);
    expect(await storedOf(t.database, feedStream)).toEqual({ stored: ITEMS_PER_FEED, duplicates: 0 });
  }, 20_000);

  it("a notification created through one instance reaches the bell's live stream on the other within a second", async () => {
    const agentOnB = await t.signIn(t.b, t.agent.email);
    const item = await t.database.db.selectFrom("feedItems").select("id").where("streamId", "=", feedStream).limit(1).executeTakeFirstOrThrow();
    const live = await firstLiveNotification(t.b, agentOnB, 5_000);
    const sent = performance.now();
    const assigned = await t.call(t.a, adminOnA, "POST", `/api/v1/feed-items/${item.id}/assign`, { assignee_type: "account", assignee_id: t.agent.id });
    expect(assigned.status).toBe(200);
    const { at, notification } = await live.arrival;
    expect(notification.text).toMatch(/assigned/i);
    expect(at - sent).toBeLessThan(1_000);
  }, 20_000);

  it("takes over the polling job of an instance killed with kill -9 mid-poll; the poll finishes once and the other keeps serving", async () => {
    t.feeds.hold.add("/slow.xml");
    const slow = await createFeedStream(t, adminOnA, "/slow.xml");
    // One instance is now stuck in the poll, holding the job's lease and renewing it.
    expect(await waitUntil(() => t.feeds.requests.get("/slow.xml") === 1, 10_000)).toBe(true);
    const holder = await leaseHolderPid(t.database, "poll-streams");
    const [victim, survivor] = holder === t.a.pid ? [t.a, t.b] : [t.b, t.a];
    expect(victim.pid).toBe(holder);
    const runsBefore = (await t.database.db.selectFrom("jobLeases").select("runs").where("name", "=", "poll-streams").executeTakeFirstOrThrow()).runs;
    victim.child.kill("SIGKILL");
    const killed = performance.now();
    expect(await waitUntil(async () => (await storedOf(t.database, slow)).stored === ITEMS_PER_FEED, 15_000)).toBe(true);
    const takeoverMs = performance.now() - killed;
    // Taken over once the dead holder's lease ran out, not before.
    expect(takeoverMs).toBeGreaterThan(0);
    // (generous: the round that finds the job free then stores the poll, on a loaded CI machine)
    expect(takeoverMs).toBeLessThan((DRILL_LEASE_SECONDS + 12 * DRILL_POLL_SECONDS) * 1000);
    await new Promise((r) => setTimeout(r, 2 * DRILL_POLL_SECONDS * 1000));
    expect(t.feeds.requests.get("/slow.xml")).toBe(2);
    expect(await storedOf(t.database, slow)).toEqual({ stored: ITEMS_PER_FEED, duplicates: 0 });
    const after = await t.database.db.selectFrom("jobLeases").select(["runs", "owner"]).where("name", "=", "poll-streams").executeTakeFirstOrThrow();
    expect(after.runs).toBeGreaterThan(runsBefore);
    expect((await fetch(`${survivor.origin}/healthz`)).status).toBe(200);
  }, 40_000);
});
