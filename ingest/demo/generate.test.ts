import { describe, expect, it } from "vitest";
import { NETWORK_IDS, REVIEW_NETWORK_IDS } from "../../domain/networks";
import { IngestItemSchema } from "../../domain/schemas/mention-input";
import {
  DEMO_BRAND_HANDLE,
  DEMO_LANGUAGES,
  DEMO_STREAMS,
  demoEventWindows,
  generateDemoCorpus,
  type DemoMention,
} from "./index";

const END = new Date("2026-03-01T12:00:00Z");
const HOUR = 3_600_000;

const corpus = (count: number, seed = 42, days?: number, end = END): DemoMention[] => [
  ...generateDemoCorpus({ count, seed, end, days }),
];

const time = (m: DemoMention) => Date.parse(m.item.created_at);

describe("DEMO_STREAMS", () => {
  it("has unique keys and at least one stream per network", () => {
    const keys = DEMO_STREAMS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const network of NETWORK_IDS)
      expect(
        DEMO_STREAMS.some((s) => s.network === network),
        network,
      ).toBe(true);
    expect(DEMO_STREAMS.length).toBeGreaterThanOrEqual(24);
  });
});

describe("generateDemoCorpus", () => {
  const big = corpus(20_000);

  it("is deterministic for a seed, count and end", () => {
    const a = JSON.stringify(corpus(3_000, 9));
    const b = JSON.stringify(corpus(3_000, 9));
    expect(a).toBe(b);
    expect(JSON.stringify(corpus(3_000, 10))).not.toBe(a);
  });

  it("yields exactly `count` items", () => {
    expect(big).toHaveLength(20_000);
    expect(corpus(0)).toHaveLength(0);
    expect(corpus(7)).toHaveLength(7);
    expect(corpus(500, 1, 2)).toHaveLength(500);
  });

  it("covers the 24 networks, at least 10 languages (English the majority) and every stream it names", () => {
    const networks = new Set(big.map((m) => m.item.network));
    expect([...networks].sort()).toEqual([...NETWORK_IDS].sort());
    const languages = new Map<string, number>();
    for (const m of big) languages.set(m.languageTruth, (languages.get(m.languageTruth) ?? 0) + 1);
    expect(languages.size).toBeGreaterThanOrEqual(10);
    expect([...languages.keys()].every((l) => (DEMO_LANGUAGES as readonly string[]).includes(l))).toBe(true);
    const english = languages.get("en")! / big.length;
    expect(english).toBeGreaterThan(0.45);
    expect(english).toBeLessThan(0.65);
    // Languages the source reports: about one item in five, and consistent with the text's language.
    const hinted = big.filter((m) => m.item.language !== undefined);
    expect(hinted.length / big.length).toBeGreaterThan(0.1);
    expect(hinted.length / big.length).toBeLessThan(0.3);
    expect(hinted.every((m) => m.item.language === m.languageTruth)).toBe(true);
    const streams = new Map(DEMO_STREAMS.map((s) => [s.key, s]));
    expect(big.filter((m) => streams.get(m.streamKey)?.network !== m.item.network)).toEqual([]);
  });

  it("mixes tones and keeps regional networks in their language", () => {
    const tones = { "-1": 0, "0": 0, "1": 0 };
    for (const m of big) tones[String(m.sentimentTruth) as keyof typeof tones]++;
    for (const share of Object.values(tones)) {
      expect(share / big.length).toBeGreaterThan(0.22);
      expect(share / big.length).toBeLessThan(0.45);
    }
    const share = (network: string, lang: string) => {
      const on = big.filter((m) => m.item.network === network);
      return on.filter((m) => m.languageTruth === lang).length / on.length;
    };
    expect(share("fmKorea", "ko")).toBeGreaterThan(0.8);
    expect(share("weibo", "zh")).toBeGreaterThan(0.8);
    expect(share("xhs", "zh")).toBeGreaterThan(0.8);
  });

  it("gives ratings to reviews and the right kinds to support desks", () => {
    const desks = new Set(["zendesk", "intercom", "helpshift"]);
    const wrong = big.filter(({ item: { network, kind, rating, title } }) => {
      if (kind === "review") {
        if (!REVIEW_NETWORK_IDS.includes(network!) || !(Number(rating) >= 1 && Number(rating) <= 5)) return true;
      } else if (rating !== undefined) return true;
      if (desks.has(network!) && kind !== "ticket" && kind !== "reply") return true;
      return kind === "article" && !title;
    });
    expect(wrong).toEqual([]);
    expect(big.some((m) => m.item.kind === "review")).toBe(true);
    expect(big.some((m) => m.item.kind === "ticket")).toBe(true);
  });

  it("keeps external ids unique per network", () => {
    const keys = new Set(big.map((m) => `${m.item.network}/${m.item.external_id}`));
    expect(keys.size).toBe(big.length);
  });

  it("dates everything within the span and never after `end`", () => {
    const start = END.getTime() - 90 * 24 * HOUR;
    expect(big.filter((m) => time(m) > END.getTime() || time(m) < start)).toEqual([]);
    const shortEnd = new Date("2026-01-10T07:30:00Z");
    const short = corpus(2_000, 3, 1.5, shortEnd);
    expect(short.filter((m) => time(m) > shortEnd.getTime() || time(m) < shortEnd.getTime() - 36 * HOUR)).toEqual([]);
  });

  it("puts agent replies after their parent, in the order and in time", () => {
    const byId = new Map<string, DemoMention>();
    let agentReplies = 0;
    let followUps = 0;
    let customers = 0;
    const problems: string[] = [];
    for (const m of big) {
      const { network, external_id, parent_external_id, is_agent_reply, kind, author } = m.item;
      if (parent_external_id) {
        const parent = byId.get(`${network}/${parent_external_id}`);
        if (!parent) {
          problems.push(`${external_id}: parent ${parent_external_id} not generated before it`);
          continue;
        }
        const delay = time(m) - time(parent);
        if (kind !== "reply") problems.push(`${external_id}: kind ${kind}`);
        if (delay <= 0) problems.push(`${external_id}: not after its parent`);
        if (is_agent_reply) {
          agentReplies++;
          if (author.username !== DEMO_BRAND_HANDLE) problems.push(`${external_id}: agent ${author.username}`);
          if (parent.item.is_agent_reply) problems.push(`${external_id}: agent answers agent`);
          if (delay < 5 * 60_000 || delay > 30 * HOUR) problems.push(`${external_id}: reply delay ${delay} ms`);
        } else {
          followUps++;
          if (!parent.item.is_agent_reply) problems.push(`${external_id}: follow-up without agent reply`);
        }
      } else {
        if (is_agent_reply) problems.push(`${external_id}: agent reply without parent`);
        if (kind !== "article") customers++;
      }
      byId.set(`${network}/${external_id}`, m);
    }
    expect(problems).toEqual([]);
    expect(agentReplies / customers).toBeGreaterThan(0.08);
    expect(agentReplies / customers).toBeLessThan(0.25);
    expect(followUps).toBeGreaterThan(0);
  });

  it("shows the outage as a burst of mostly negative mentions", () => {
    const hourly = new Map<number, number>();
    for (const m of big) {
      const h = Math.floor(time(m) / HOUR);
      hourly.set(h, (hourly.get(h) ?? 0) + 1);
    }
    const counts = [...hourly.values()].sort((a, b) => a - b);
    const median = counts[counts.length >> 1];
    const { outage } = demoEventWindows(END);
    let burst = 0;
    for (let h = outage.start.getTime(); h < outage.end.getTime(); h += HOUR) burst += hourly.get(h / HOUR) ?? 0;
    const burstHourly = burst / ((outage.end.getTime() - outage.start.getTime()) / HOUR);
    expect(burstHourly).toBeGreaterThan(5 * median);
    const inWindow = big.filter(
      (m) => m.theme === "outage" && time(m) < outage.end.getTime() && !m.item.parent_external_id,
    );
    expect(inWindow.filter((m) => m.sentimentTruth === -1).length / inWindow.length).toBeGreaterThan(0.7);
    expect(new Set(inWindow.map((m) => m.languageTruth)).size).toBeGreaterThanOrEqual(5);
    // And the launch: a smaller, mostly positive spike.
    const launch = big.filter((m) => m.theme === "launch" && !m.item.parent_external_id);
    expect(launch.length).toBeGreaterThan(0);
    expect(launch.filter((m) => m.sentimentTruth === 1).length / launch.length).toBeGreaterThan(0.5);
  });

  it("produces items that pass the ingest schema", () => {
    const sample = [...big.filter((_, i) => i % 5 === 0), ...corpus(1_000, 5, 3)];
    expect(sample.length).toBeGreaterThan(4_000);
    const failures = sample
      .map((m) => IngestItemSchema.safeParse(m.item))
      .filter((parsed) => !parsed.success)
      .map((parsed) => parsed.error.issues);
    expect(failures).toEqual([]);
  });

  it("rejects invalid options", () => {
    expect(() => corpus(-1)).toThrow(RangeError);
    expect(() => [...generateDemoCorpus({ count: 1, end: new Date("nope") })]).toThrow(RangeError);
    expect(() => [...generateDemoCorpus({ count: 1, end: END, days: 0 })]).toThrow(RangeError);
  });
});
