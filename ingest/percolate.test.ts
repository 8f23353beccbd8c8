import { describe, expect, it } from "vitest";
import type { QueryGroup } from "../domain/query";
import type { NetworkedItem, PercolatorDefinition, TenantEnrichmentContext } from "../services/mentions/ports";
import { createParallelEnricher } from "./parallel-enricher";
import { compilePercolator } from "../services/queries/percolator";
import { percolateBatch, percolatorFor, PERCOLATE_STEP } from "./percolate";
import { createEnrichmentPipeline, DEFAULT_STEPS } from "./pipeline";
import type { WorkingMention } from "./pipeline-step";

let version = 0;
const search = (id: number, groups: QueryGroup[]): PercolatorDefinition => ({ contextType: 1, contextId: id, groups });
const keywords = (id: number, ...queries: string[]) =>
  search(id, [{ type: "must", values: queries.map((value) => ({ filterType: "keywords" as const, value })) }]);
const topic = (id: number, query: string | null, words: string[] = []): PercolatorDefinition => ({
  contextType: 2,
  contextId: id,
  topic: { query, keywords: words },
});

function item(text: string, extra: Partial<NetworkedItem> = {}): NetworkedItem {
  return {
    network: "twitter",
    external_id: `x-${Math.random()}`,
    kind: "post",
    text,
    created_at: "2026-01-01T00:00:00.000Z",
    author: { username: "ann", followers: 0 },
    is_agent_reply: false,
    likes: 0,
    comments: 0,
    shares: 0,
    views: 0,
    language: "en",
    ...extra,
  } as NetworkedItem;
}

function context(items: PercolatorDefinition[], extra: Partial<TenantEnrichmentContext> = {}): TenantEnrichmentContext {
  return {
    businessProfileId: 1,
    exclusions: [],
    mutedKeywords: [],
    definitions: { version: `test-${++version}`, items },
    ...extra,
  };
}

function run(texts: Array<string | NetworkedItem>, ctx: TenantEnrichmentContext) {
  const batch = texts.map((t) => {
    const it = typeof t === "string" ? item(t) : t;
    return {
      item: it,
      language: it.language ?? "en",
      sentiment: 0,
      searchTokens: [],
      matches: [],
    } as unknown as WorkingMention;
  });
  percolateBatch(batch, ctx);
  return batch;
}

describe("the percolate step", () => {
  it("runs after terms in the default pipeline and outputs tokens and matches", () => {
    const names = DEFAULT_STEPS.map((s) => s.name);
    expect(names.indexOf("percolate")).toBe(names.indexOf("terms") + 1);
    expect(PERCOLATE_STEP.name).toBe("percolate");
    const pipeline = createEnrichmentPipeline();
    const [m] = pipeline.enrich(
      [item("Servers DOWN again, Café closed", { title: "Outage" })],
      context([keywords(7, '"servers down"')]),
    ) as ReturnType<typeof run>;
    expect(m!.searchTokens).toEqual(["outage", "servers", "down", "again", "cafe", "closed"]);
    expect(m!.matches).toEqual([[1, 7]]);
  });

  it("tokenizes title and text once, even without definitions", () => {
    const [m] = run([item("東京タワーに行きました", { title: "旅行" })], {
      businessProfileId: 1,
      exclusions: [],
      mutedKeywords: [],
    });
    expect(m!.searchTokens[0]).toBe("旅行");
    expect(m!.searchTokens.join("")).toBe("旅行東京タワーに行きました");
    expect(m!.matches).toEqual([]);
  });

  it("matches terms, prefixes, phrases with proximity, fuzzy words and must-not groups", () => {
    const ctx = context([
      keywords(1, "refund"),
      keywords(2, "log*"),
      keywords(3, '"servers down"~1'),
      keywords(4, "refnd~1"),
      search(5, [
        { type: "must", values: [{ filterType: "keywords", value: "app" }] },
        { type: "must-not", values: [{ filterType: "keywords", value: "love" }] },
      ]),
      search(6, [
        { type: "must", values: [{ filterType: "keywords", value: "app" }] },
        {
          type: "must",
          values: [
            { filterType: "networks", value: "reddit" },
            { filterType: "languages", value: "fr" },
          ],
        },
      ]),
    ]);
    const [a, b, c, d, e] = run(
      [
        "I want a REFUND",
        "login broken, the servers are down",
        "the app crashed",
        "I love the app",
        item("the app", { network: "reddit" }),
      ],
      ctx,
    );
    expect(a!.matches.sort()).toEqual([
      [1, 1],
      [1, 4],
    ]);
    expect(b!.matches.sort()).toEqual([
      [1, 2],
      [1, 3],
    ]);
    expect(c!.matches).toEqual([[1, 5]]);
    expect(d!.matches).toEqual([]);
    expect(e!.matches.sort()).toEqual([
      [1, 5],
      [1, 6],
    ]);
  });

  it("matches topics first, so saved searches see the mention's topics", () => {
    const ctx = context([
      search(10, [
        { type: "must", values: [{ filterType: "keywords", value: "app" }] },
        { type: "must", values: [{ filterType: "topics", value: 20 }] },
      ]),
      topic(20, null, ["crash", "battle pass"]),
      topic(21, "refund OR money"),
    ]);
    const [a, b, c] = run(["the app crashed", "the app: crash", "the battle pass app"], ctx);
    expect(a!.matches).toEqual([]);
    expect(b!.matches).toEqual([
      [2, 20],
      [1, 10],
    ]);
    expect(c!.matches).toEqual([
      [2, 20],
      [1, 10],
    ]);
  });

  it("knows authors by identity id when the context brings them", () => {
    const ctx = context(
      [
        search(1, [
          { type: "must", values: [{ filterType: "keywords", value: "hi" }] },
          { type: "must", values: [{ filterType: "authors", value: 42 }] },
        ]),
      ],
      { identityIds: { "twitter:ann": 42 } },
    );
    const [a, b] = run(["hi", item("hi", { author: { username: "bob", followers: 0 } })], ctx);
    expect(a!.matches).toEqual([[1, 1]]);
    expect(b!.matches).toEqual([]);
  });

  it("evaluates only candidates from the anchor index, and unanchored definitions always", () => {
    const percolator = compilePercolator([
      keywords(1, "alpha"),
      keywords(2, "beta OR gam*"),
      keywords(3, "delta~1"),
      keywords(4, "x AND y"),
    ]);
    expect(percolator.searches.size).toBe(4);
    const doc = {
      tokens: ["gamma", "y"],
      positions: new Map([
        ["gamma", [0]],
        ["y", [1]],
      ]),
    };
    const candidates = percolator.searches
      .candidates(doc)
      .map((at) => percolator.searches.entries[at]!.contextId)
      .sort();
    // 2 by its prefix, 3 always (fuzzy), not 4: "x AND y" needs x, its one anchor.
    expect(candidates).toEqual([2, 3]);
    // A definition that cannot compile (or matches nothing) is left out.
    expect(
      compilePercolator([
        keywords(1, "a b"),
        search(2, [{ type: "must", values: [{ filterType: "languages", value: "en" }] }]),
      ]).searches.size,
    ).toBe(0);
  });

  it("compiles once per version and asks for items it never received", () => {
    const items = [keywords(1, "refund")];
    const first = percolatorFor({ version: "cache-test", items });
    expect(percolatorFor({ version: "cache-test" })).toBe(first);
    expect(() => percolatorFor({ version: "never-sent" })).toThrow(/not received/);
  });

  it("sends a version's definitions to the worker once, with the same results", async () => {
    const enricher = createParallelEnricher();
    try {
      const ctx = context([keywords(1, "refund"), topic(2, "crash*")]);
      const first = await enricher.enrich([item("refund please"), item("it crashed")], ctx);
      const second = await enricher.enrich([item("crashing again, refund")], ctx);
      expect(first.map((m) => m.matches)).toEqual([[[1, 1]], [[2, 2]]]);
      expect(second[0]!.matches).toEqual([
        [2, 2],
        [1, 1],
      ]);
      expect(second[0]!.searchTokens).toEqual(["crashing", "again", "refund"]);
    } finally {
      await enricher.close();
    }
  }, 30_000);
});
