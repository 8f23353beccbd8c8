import { describe, expect, it } from "vitest";
import {
  assignToCommunities,
  conversationClusters,
  conversationThemes,
  countTerms,
  dominantSentiment,
  hasActionMarker,
  isActionable,
  jlhScore,
  keywordCloud,
  mergeTermCounts,
  pageOf,
  percentChange,
  significantTerms,
  termCommunities,
  type TextDoc,
} from "./text-analytics";

const doc = (id: number, terms: string[], sentiment = 0, text?: string): TextDoc => ({ id, terms, sentiment, ...(text ? { text } : {}) });

describe("term counts", () => {
  it("counts each mention once per distinct term, with positive and negative mentions", () => {
    const counts = countTerms([doc(1, ["a", "b", "a"], 1), doc(2, ["a"], -1), doc(3, ["b"], 0)]);
    expect(counts.sort((x, y) => x.term.localeCompare(y.term))).toEqual([
      { term: "a", mentions: 2, positive: 1, negative: 1 },
      { term: "b", mentions: 2, positive: 1, negative: 0 },
    ]);
  });

  it("merges the rollup's days with the raw edges", () => {
    const merged = mergeTermCounts(
      [{ term: "a", mentions: 2, positive: 1, negative: 0 }],
      [{ term: "a", mentions: 1, positive: 0, negative: 1 }, { term: "b", mentions: 1, positive: 0, negative: 0 }],
    );
    expect(merged).toEqual([
      { term: "a", mentions: 3, positive: 1, negative: 1 },
      { term: "b", mentions: 1, positive: 0, negative: 0 },
    ]);
  });

  it("writes sentiment as topic and keyword analytics do: -1, 0, 1 (spec §3)", () => {
    expect(dominantSentiment(3, 1)).toBe(1);
    expect(dominantSentiment(1, 3)).toBe(-1);
    expect(dominantSentiment(2, 2)).toBe(0);
  });

  it("the keyword cloud lists the most mentioned terms first, ties by term, up to the limit", () => {
    const cloud = keywordCloud(
      [
        { term: "zeta", mentions: 2, positive: 0, negative: 2 },
        { term: "alpha", mentions: 2, positive: 2, negative: 0 },
        { term: "top", mentions: 5, positive: 1, negative: 1 },
        { term: "gone", mentions: 0, positive: 0, negative: 0 },
      ],
      2,
    );
    expect(cloud).toEqual([
      { term: "top", mentions: 5, sentiment: 0 },
      { term: "alpha", mentions: 2, sentiment: 1 },
    ]);
  });
});

describe("significant terms (JLH)", () => {
  it("scores (f - b)·(f / b) with the union of both periods as background, 0 when not more frequent", () => {
    // f = 4/10, b = (4+1)/(10+10) = 0.25 → (0.15)·(1.6) = 0.24
    expect(jlhScore(4, 10, 1, 10)).toBeCloseTo(0.24, 6);
    expect(jlhScore(2, 10, 2, 10)).toBe(0);
    expect(jlhScore(1, 10, 5, 10)).toBe(0);
    expect(jlhScore(0, 10, 0, 10)).toBe(0);
    expect(jlhScore(3, 0, 0, 0)).toBe(0);
    // Nothing in the previous period: every term is new and scores its share of the period.
    expect(jlhScore(3, 12, 0, 0)).toBe(0.25);
  });

  it("keeps terms that rose, highest score first, and drops rare or steady ones", () => {
    const current = [
      { term: "outage", mentions: 6, positive: 0, negative: 6 },
      { term: "app", mentions: 8, positive: 0, negative: 0 },
      { term: "new", mentions: 3, positive: 0, negative: 0 },
      { term: "once", mentions: 1, positive: 0, negative: 0 },
    ];
    const previous = [
      { term: "app", mentions: 8, positive: 0, negative: 0 },
      { term: "outage", mentions: 1, positive: 0, negative: 0 },
    ];
    const sig = significantTerms(current, previous, { current: 10, previous: 10 }, { numTerms: 100, numSigTerms: 10 });
    expect(sig.map((t) => t.term)).toEqual(["outage", "new"]);
    expect(sig[0]).toEqual({ term: "outage", mentions: 6, previous: 1, score: jlhScore(6, 10, 1, 10) });
    expect(sig[1]!.previous).toBe(0);
  });

  it("scores only the top tkw_num_terms candidates, keeps tkw_num_sig_terms, and can be limited to given terms", () => {
    const current = [
      { term: "a", mentions: 5, positive: 0, negative: 0 },
      { term: "b", mentions: 4, positive: 0, negative: 0 },
      { term: "c", mentions: 3, positive: 0, negative: 0 },
    ];
    const totals = { current: 10, previous: 10 };
    expect(significantTerms(current, [], totals, { numTerms: 2, numSigTerms: 10 }).map((t) => t.term)).toEqual(["a", "b"]);
    expect(significantTerms(current, [], totals, { numTerms: 10, numSigTerms: 1 }).map((t) => t.term)).toEqual(["a"]);
    expect(significantTerms(current, [], totals, { numTerms: 10, numSigTerms: 10, onlyTerms: ["C"] }).map((t) => t.term)).toEqual(["c"]);
  });

  it("pages and percent changes", () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
    expect(pageOf([1, 2, 3], 0, 2)).toEqual([1, 2]);
    expect(percentChange(15, 10)).toBe(50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(3, 0)).toBeNull();
    expect(percentChange(0, 0)).toBe(0);
  });
});

// Two topics of conversation: delivery (late parcels) and the app (login crashes).
const corpus: TextDoc[] = [
  doc(1, ["delivery", "late", "parcel"], -1, "My parcel is late again"),
  doc(2, ["delivery", "late"], -1, "Late delivery, why?"),
  doc(3, ["delivery", "parcel", "courier"], 0),
  doc(4, ["parcel", "courier", "late"], -1),
  doc(5, ["app", "login", "crash"], -1, "The app crashes at login"),
  doc(6, ["app", "login"], 0),
  doc(7, ["app", "crash", "update"], -1),
  doc(8, ["app", "update", "login"], 1),
  doc(9, ["weather"], 1),
];

describe("term communities", () => {
  it("splits the co-occurrence graph into its two conversations, most frequent first", () => {
    const communities = termCommunities(corpus);
    expect(communities).toHaveLength(2);
    const sets = communities.map((c) => new Set(c.terms));
    expect(sets[0]).toEqual(new Set(["app", "login", "crash", "update"]));
    expect(sets[1]).toEqual(new Set(["delivery", "late", "parcel", "courier"]));
    expect(communities[0]!.terms[0]).toBe("app");
  });

  it("is deterministic whatever the order of the mentions", () => {
    const reversed = termCommunities([...corpus].reverse());
    expect(reversed).toEqual(termCommunities(corpus));
  });

  it("assigns each mention to the community sharing most of its terms, -1 for none", () => {
    const communities = termCommunities(corpus);
    expect(assignToCommunities(corpus, communities)).toEqual([1, 1, 1, 1, 0, 0, 0, 0, -1]);
  });

  it("has no communities without repeated co-occurrences", () => {
    expect(termCommunities([doc(1, ["a", "b"]), doc(2, ["c", "d"])])).toEqual([]);
    expect(termCommunities([])).toEqual([]);
  });
});

describe("conversation themes", () => {
  it("names each theme by its two most frequent terms and counts the mentions carrying any of its terms", () => {
    const themes = conversationThemes(corpus);
    expect(themes).toEqual([
      { name: "app & login", terms: ["app", "login", "crash", "update"], mentions: 4, sentiment: -1 },
      { name: "delivery & late", terms: ["delivery", "late", "parcel", "courier"], mentions: 4, sentiment: -1 },
    ]);
  });
});

describe("conversation clusters", () => {
  it("clusters mentions by community, labels them by their top terms and flags the actionable ones", () => {
    const clusters = conversationClusters(corpus);
    expect(clusters.map((c) => ({ ...c }))).toEqual([
      { index: 0, key: "app", label: "app, login, crash", terms: ["app", "login", "crash", "update"], size: 4, actionable: true, memberIds: [5, 6, 7, 8] },
      {
        index: 1,
        key: "delivery",
        label: "delivery, late, parcel",
        terms: ["delivery", "late", "parcel", "courier"],
        size: 4,
        actionable: true,
        memberIds: [1, 2, 3, 4],
      },
    ]);
  });

  it("actionable: 40 % negative, or 30 % asking or complaining", () => {
    const calm = [doc(1, ["a"], 1), doc(2, ["a"], 0), doc(3, ["a"], 0)];
    expect(isActionable(calm)).toBe(false);
    expect(isActionable([...calm, doc(4, ["a"], -1), doc(5, ["a"], -1)])).toBe(true);
    expect(isActionable([...calm, doc(4, ["a"], 0, "Where is it?"), doc(5, ["a"], 0)])).toBe(false);
    expect(isActionable([...calm, doc(4, ["a"], 0, "Where is it?"), doc(5, ["a"], 0, "Any refund")])).toBe(true);
    expect(isActionable([])).toBe(false);
    expect(hasActionMarker(doc(1, ["refund"]))).toBe(true);
    expect(hasActionMarker(doc(1, ["x"], 0, "It doesn't work"))).toBe(true);
    expect(hasActionMarker(doc(1, ["x"], 0, "Lovely day"))).toBe(false);
  });
});
