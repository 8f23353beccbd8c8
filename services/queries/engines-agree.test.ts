// The two engines of ADR 012 must give the same answers: the percolator's stored membership (at ingestion,
// and after labels change), the in-memory matcher, and the SQL full-text engine (FTS5 or tsvector, fuzzy
// words through the tenant's vocabulary, structured groups as SQL conditions), on both databases.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../db/client";
import { listFeedItems, type FeedItemFilter } from "../../db/repositories/feed-items";
import { listContextMemberIds } from "../../db/repositories/search-index";
import type { FeedItemRow } from "../../db/schema";
import type { NetworkId } from "../../domain/networks";
import {
  compileDefinition,
  compileTopic,
  indexDoc,
  lintQuery,
  matchesDefinition,
  matchesNode,
  parseQuery,
  tokenize,
  type CompiledDefinition,
  type MentionFacts,
  type QueryGroup,
} from "../../domain/query";
import { createIngestPorts } from "../../ingest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import {
  createSearchTenant,
  ingestItems,
  insertSearchItem,
  insertTopic,
  testDeps,
  type SearchTenant,
} from "../../tests/support/search";
import type { ServiceDeps } from "../context";
import { percolateItems } from "./backfill";
import { groupConditionsOf, groupConditionsOfGroups, searchExprOfQuery } from "./search-filter";
import { searchableText } from "./searchable";

// Words whose folds collide (case, accents, full width), differ by one or two edits, share prefixes, or
// hold several tokens (e.on, wi-fi, déjà-vu), and Japanese written without spaces.
const WORDS = [
  "café",
  "Cafe",
  "CAFÉ",
  "cafes",
  "naïve",
  "naive",
  "résumé",
  "resume",
  "refund",
  "refunds",
  "refnd",
  "rfund",
  "fund",
  "login",
  "logins",
  "logout",
  "log",
  "app",
  "apps",
  "apple",
  "Ａｐｐ",
  "e.on",
  "wi-fi",
  "déjà-vu",
  "déjà",
  "vu",
  "über",
  "uber",
  "straße",
  "東京",
  "タワー",
  "ラーメン",
  "美味しい",
  "行きました",
  "v2",
  "4.0",
  "#outage",
  "outage",
];
const EXTRA_QUERY_WORDS = ["zebra", "cafe", "refunded", "appl", "東京タワー"];
const SEPARATORS = [" ", " ", " ", ", ", "! ", " - ", "\n", "", " 🙂 ", "..."];
const NETWORKS: NetworkId[] = ["twitter", "reddit"];
const LANGUAGES = ["en", "fr", "ja"];
const COUNTRIES = ["US", "FR", ""];
const AUTHORS = ["ann", "bob", "chika"];
const LABELS = [1, 2, 3];

type Leaf =
  | { kind: "term"; word: string; mod: "" | "~1" | "~2" }
  | { kind: "prefix"; word: string; length: number }
  | { kind: "phrase"; words: string[]; proximity: "" | "~1" | "~2" };
type Tree = Leaf | { kind: "and" | "or"; children: Tree[] };

/** Everything of one scenario is drawn from a small vocabulary, so queries often meet their mentions. */
function scenarioOf(vocabulary: string[]) {
  const word = fc.oneof(
    { weight: 9, arbitrary: fc.constantFrom(...vocabulary) },
    { weight: 1, arbitrary: fc.constantFrom(...WORDS, ...EXTRA_QUERY_WORDS) },
  );
  const mentionWord = fc.oneof(
    { weight: 9, arbitrary: fc.constantFrom(...vocabulary) },
    { weight: 1, arbitrary: fc.constantFrom(...WORDS) },
  );
  const leaf: fc.Arbitrary<Leaf> = fc.oneof(
    fc.record({
      kind: fc.constant("term" as const),
      word,
      mod: fc.constantFrom("" as const, "~1" as const, "~2" as const),
    }),
    fc.record({ kind: fc.constant("prefix" as const), word, length: fc.integer({ min: 1, max: 5 }) }),
    fc.record({
      kind: fc.constant("phrase" as const),
      words: fc.array(word, { minLength: 2, maxLength: 3 }),
      proximity: fc.constantFrom("" as const, "~1" as const, "~2" as const),
    }),
  );
  const { tree } = fc.letrec<{ tree: Tree; node: Tree }>((tie) => ({
    tree: fc.oneof({ depthSize: "small", maxDepth: 3 }, leaf, tie("node")),
    node: fc.record({
      kind: fc.constantFrom("and" as const, "or" as const),
      children: fc.array(tie("tree"), { minLength: 2, maxLength: 3 }),
    }),
  }));

  function prefixOf(text: string, length: number): string {
    return [...text].slice(0, length).join("");
  }

  /** Query text for a tree: OR inside AND is bracketed; nothing else needs brackets (AND binds tighter). */
  function serialize(t: Tree, parent: "and" | "or" | null = null): string {
    switch (t.kind) {
      case "term":
        return `${t.word}${t.mod}`;
      case "prefix":
        return `${prefixOf(t.word, t.length)}*`;
      case "phrase":
        return `"${t.words.join(" ")}"${t.proximity}`;
      default: {
        const text = t.children.map((c) => serialize(c, t.kind)).join(t.kind === "and" ? " AND " : " OR ");
        return parent === "and" && t.kind === "or" ? `(${text})` : text;
      }
    }
  }

  const queryText = tree.map((t) => serialize(t));

  const mention = fc.record({
    words: fc.array(fc.record({ word: mentionWord, upper: fc.boolean(), sep: fc.constantFrom(...SEPARATORS) }), {
      maxLength: 12,
    }),
    title: fc.option(fc.array(mentionWord, { minLength: 1, maxLength: 3 }), { nil: undefined }),
    network: fc.constantFrom(...NETWORKS),
    language: fc.constantFrom(...LANGUAGES),
    country: fc.constantFrom(...COUNTRIES),
    author: fc.integer({ min: 0, max: AUTHORS.length - 1 }),
    labels: fc.subarray(LABELS),
  });

  const structuredValue = fc.oneof(
    fc.record({ filterType: fc.constant("networks" as const), value: fc.constantFrom<string | number>(...NETWORKS) }),
    fc.record({ filterType: fc.constant("languages" as const), value: fc.constantFrom<string | number>(...LANGUAGES) }),
    fc.record({ filterType: fc.constant("countries" as const), value: fc.constantFrom<string | number>("us", "FR") }),
    fc.record({
      filterType: fc.constant("sentiment" as const),
      value: fc.constantFrom<string | number>(-1, 0, 1, "1"),
    }),
    fc.record({ filterType: fc.constant("labels" as const), value: fc.constantFrom<string | number>(...LABELS) }),
    // Resolved below: an index into the authors' identities / the scenario's topics.
    fc.record({ filterType: fc.constant("authors" as const), value: fc.integer({ min: 0, max: AUTHORS.length - 1 }) }),
    fc.record({ filterType: fc.constant("topics" as const), value: fc.integer({ min: 0, max: 2 }) }),
  );
  const keywordsValue = queryText.map((value) => ({
    filterType: "keywords" as const,
    value: value as string | number,
  }));
  const groupsSpec = fc.record({
    keywords: fc.array(keywordsValue, { minLength: 1, maxLength: 2 }),
    extraMust: fc.array(fc.array(fc.oneof(structuredValue, keywordsValue), { minLength: 1, maxLength: 3 }), {
      maxLength: 2,
    }),
    mustNot: fc.array(fc.array(fc.oneof(structuredValue, keywordsValue), { minLength: 1, maxLength: 2 }), {
      maxLength: 1,
    }),
  });
  const topicSpec = fc.oneof(
    queryText.map((query) => ({ query, keywords: [] as string[] })),
    fc
      .array(
        fc.array(mentionWord, { minLength: 1, maxLength: 2 }).map((w) => w.join(" ")),
        { minLength: 1, maxLength: 3 },
      )
      .map((keywords) => ({ query: null as string | null, keywords })),
  );
  return fc.record({
    mentions: fc.array(mention, { minLength: 1, maxLength: 16 }),
    queries: fc.array(queryText, { minLength: 1, maxLength: 6 }),
    topics: fc.array(topicSpec, { maxLength: 3 }),
    searches: fc.array(groupsSpec, { minLength: 1, maxLength: 3 }),
  });
}

const scenario = fc.shuffledSubarray(WORDS, { minLength: 3, maxLength: 9 }).chain(scenarioOf);
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;
type MentionSpec = Scenario["mentions"][number];

function textOf(m: MentionSpec): string {
  return m.words.map(({ word: w, upper, sep }) => `${upper ? w.toUpperCase() : w}${sep}`).join("");
}

const RUNS = Number(process.env.ENGINES_AGREE_RUNS ?? 60);

describe.each(testEngines({ engineSpecific: true }))("the percolator and the %s full-text engine agree", (engine: Engine) => {
  let database: TestDatabase;
  let deps: ServiceDeps & { errors: unknown[] };
  const counts = { queries: 0, queryHits: 0, searches: 0, searchHits: 0, topics: 0, topicHits: 0 };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    deps = testDeps(database.db, createIngestPorts());
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  async function sqlIds(tenant: SearchTenant, filter: FeedItemFilter): Promise<number[]> {
    const rows = await listFeedItems(
      deps.db,
      tenant.businessProfileId,
      { includeMuted: true, ...filter },
      {
        orderBy: "created_at",
        direction: "asc",
        offset: 0,
        limit: 100_000,
      },
    );
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  async function run(s: Scenario): Promise<void> {
    const tenant = await createSearchTenant(deps, NETWORKS);
    // Authors exist before the definitions that name them (a definition can only name a known author).
    await ingestItems(
      deps,
      tenant,
      AUTHORS.map((username, i) => ({
        network: NETWORKS[i % NETWORKS.length]!,
        external_id: `warmup-${i}`,
        text: "",
        created_at: "2026-01-01T00:00:00Z",
        author: { username },
      })),
    );
    const warmup = await listFeedItems(
      deps.db,
      tenant.businessProfileId,
      { includeMuted: true },
      { orderBy: "created_at", direction: "asc", offset: 0, limit: 100 },
    );
    const identityOf = (index: number, network: NetworkId) =>
      warmup.find((r) => r.authorUsername === AUTHORS[index] && r.socialType === network)?.identityId ?? 999_999;

    const topicIds: number[] = [];
    const topicDefs: Array<{ id: number; compiled: CompiledDefinition }> = [];
    for (const topic of s.topics) {
      const { compiled, errors } = compileTopic(topic);
      if (errors.length) continue;
      const id = await insertTopic(deps.db, tenant.businessProfileId, topic);
      topicIds.push(id);
      if (compiled) topicDefs.push({ id, compiled });
    }
    const searchDefs: Array<{ id: number; groups: QueryGroup[]; compiled: CompiledDefinition | null }> = [];
    for (const spec of s.searches) {
      const resolve = (v: { filterType: QueryGroup["values"][number]["filterType"]; value: string | number }) =>
        v.filterType === "authors"
          ? {
              filterType: v.filterType,
              value: identityOf(Number(v.value), NETWORKS[Number(v.value) % NETWORKS.length]!),
            }
          : v.filterType === "topics"
            ? { filterType: v.filterType, value: topicIds[Number(v.value)] ?? 999_999 }
            : v;
      const groups: QueryGroup[] = [
        { type: "must", values: spec.keywords },
        ...spec.extraMust.map((values) => ({ type: "must" as const, values: values.map(resolve) })),
        ...spec.mustNot.map((values) => ({ type: "must-not" as const, values: values.map(resolve) })),
      ];
      const { compiled, errors } = compileDefinition(groups);
      if (errors.length) continue;
      searchDefs.push({ id: await insertSearchItem(deps.db, tenant.businessProfileId, groups), groups, compiled });
    }

    const report = await ingestItems(
      deps,
      tenant,
      s.mentions.map((m, i) => ({
        network: m.network,
        external_id: `m-${i}`,
        ...(m.title ? { title: m.title.join(" ") } : {}),
        text: textOf(m),
        language: m.language,
        created_at: new Date(Date.UTC(2026, 0, 2, 0, i)).toISOString(),
        author: { username: AUTHORS[m.author]!, ...(m.country ? { country: m.country } : {}) },
      })),
    );
    expect(report.rejected).toBe(0);
    const all = await listFeedItems(
      deps.db,
      tenant.businessProfileId,
      { includeMuted: true },
      { orderBy: "created_at", direction: "asc", offset: 0, limit: 1000 },
    );
    const tenantIds = new Set(all.map((r) => r.id));
    const rows = all.filter((r) => r.externalId.startsWith("m-")).sort((a, b) => a.id - b.id);
    const generated = new Set(rows.map((r) => r.id));
    const only = (ids: number[]) => ids.filter((id) => generated.has(id));
    const labelsOf = new Map<number, number[]>();

    const facts = (row: FeedItemRow): MentionFacts => ({
      tokens: indexDoc(tokenize(searchableText(row.title, row.description))),
      socialType: row.socialType,
      language: row.language,
      country: row.authorCountry,
      sentiment: row.sentiment,
      identityId: row.identityId,
      labelIds: labelsOf.get(row.id) ?? [],
      topicIds: [],
    });

    const check = async (stage: string) => {
      const memoryTopics = new Map<number, number[]>();
      for (const topic of topicDefs) {
        const expected = rows.filter((r) => matchesDefinition(topic.compiled, facts(r))).map((r) => r.id);
        for (const id of expected) memoryTopics.set(id, [...(memoryTopics.get(id) ?? []), topic.id]);
        const stored = only(await listContextMemberIds(deps.db, tenant.businessProfileId, 2, topic.id));
        const sql = only(
          await sqlIds(tenant, { groups: await groupConditionsOf(deps, tenant.businessProfileId, topic.compiled) }),
        );
        expect({ stage, topic: topic.id, stored }).toEqual({ stage, topic: topic.id, stored: expected });
        expect({ stage, topic: topic.id, sql }).toEqual({ stage, topic: topic.id, sql: expected });
        counts.topics++;
        counts.topicHits += expected.length;
      }
      for (const search of searchDefs) {
        const expected = search.compiled
          ? rows
              .filter((r) =>
                matchesDefinition(search.compiled!, { ...facts(r), topicIds: memoryTopics.get(r.id) ?? [] }),
              )
              .map((r) => r.id)
          : [];
        const stored = only(await listContextMemberIds(deps.db, tenant.businessProfileId, 1, search.id));
        const conditions = await groupConditionsOfGroups(deps, tenant.businessProfileId, search.groups);
        const sqlAll = conditions ? await sqlIds(tenant, { groups: conditions }) : [];
        expect(sqlAll.every((id) => tenantIds.has(id))).toBe(true);
        const context = { stage, groups: JSON.stringify(search.groups) };
        expect({ ...context, stored }).toEqual({ ...context, stored: expected });
        expect({ ...context, sql: only(sqlAll) }).toEqual({ ...context, sql: expected });
        counts.searches++;
        counts.searchHits += expected.length;
      }
    };

    // Ad hoc queries: the SQL engine against the in-memory matcher.
    for (const text of s.queries) {
      if (lintQuery(text).length) continue;
      const { ast } = parseQuery(text);
      if (!ast) continue;
      const expected = rows.filter((r) => matchesNode(ast, facts(r).tokens)).map((r) => r.id);
      const search = await searchExprOfQuery(deps, tenant.businessProfileId, text);
      const sql = await sqlIds(tenant, { search: search! });
      expect(sql.every((id) => tenantIds.has(id))).toBe(true);
      expect({ text, sql: only(sql) }).toEqual({ text, sql: expected });
      counts.queries++;
      counts.queryHits += expected.length;
    }

    await check("ingestion");

    // Labels arrive later (the inbox): the mentions are percolated again and stored membership follows.
    const labelled = s.mentions
      .map((m, i) => ({ row: rows.find((r) => r.externalId === `m-${i}`)!, labels: m.labels }))
      .filter((x) => x.row && x.labels.length);
    if (labelled.length) {
      await deps.db
        .insertInto("feedItemLabels")
        .values(
          labelled.flatMap(({ row, labels }) =>
            labels.map((labelId) => ({ businessProfileId: tenant.businessProfileId, feedItemId: row.id, labelId })),
          ),
        )
        .execute();
      for (const { row, labels } of labelled) labelsOf.set(row.id, labels);
      await percolateItems(deps, tenant.businessProfileId, [...generated]);
      await check("labels");
    }
  }

  it("on generated mentions, queries, topics and saved searches", async () => {
    await fc.assert(fc.asyncProperty(scenario, run), {
      numRuns: RUNS,
      seed: Number(process.env.ENGINES_AGREE_SEED ?? 20261122),
    });
    if (process.env.ENGINES_AGREE_DEBUG) console.log(engine, counts);
    // The generators must exercise the engines, not only produce empty answers.
    expect(counts.queries).toBeGreaterThan(RUNS);
    expect(counts.queryHits).toBeGreaterThan(RUNS);
    expect(counts.searches).toBeGreaterThan(RUNS / 2);
    expect(counts.searchHits).toBeGreaterThan(0);
    expect(deps.errors).toEqual([]);
  }, 240_000);
});
