// The query bench's workload (ADR 012): demo-corpus mentions, and saved searches and topics written the
// way a team writes them, over the corpus's own vocabulary: brand and product words ORed with their
// variants, AND-ed with a theme, a few phrases (some with ~1), wildcards on word stems, a little fuzziness,
// network or language groups and must-not exclusions. Deterministic for a seed.
import { generateDemoCorpus } from "../ingest/demo";
import { mulberry32 } from "../ingest/demo/prng";
import { tokenize, type QueryGroup } from "../domain/query";
import type { NetworkedItem, PercolatorDefinition } from "../services/mentions/ports";
import { IngestItemSchema } from "../domain/schemas/mention-input";
import type { NetworkId } from "../domain/networks";
import { DEMO_STREAMS } from "../ingest/demo";

export function demoItems(count: number, seed = 7): NetworkedItem[] {
  const networkOf = new Map(DEMO_STREAMS.map((s) => [s.key, s.network]));
  const out: NetworkedItem[] = [];
  for (const m of generateDemoCorpus({ count, seed, end: new Date("2026-11-01T00:00:00Z") })) {
    const item = IngestItemSchema.parse(m.item);
    out.push({ ...item, network: networkOf.get(m.streamKey) as NetworkId });
  }
  return out;
}

export interface Vocabulary {
  /** Tokens by descending document frequency, without the very common ones (> 5% of mentions). */
  ranked: string[];
  /** Adjacent token pairs seen in mentions (phrase material). */
  pairs: Array<[string, string]>;
}

export function vocabularyOf(items: readonly NetworkedItem[]): Vocabulary {
  const df = new Map<string, number>();
  const pairs: Array<[string, string]> = [];
  for (const [i, item] of items.entries()) {
    const tokens = tokenize(item.text);
    for (const t of new Set(tokens)) df.set(t, (df.get(t) ?? 0) + 1);
    if (i % 7 === 0 && tokens.length > 3) {
      const at = i % (tokens.length - 1);
      pairs.push([tokens[at]!, tokens[at + 1]!]);
    }
  }
  const ceiling = items.length * 0.05;
  const ranked = [...df.entries()]
    .filter(([t, n]) => n <= ceiling && n >= 2 && t.length >= 3 && !/^\d+$/.test(t))
    .sort((a, b) => b[1] - a[1])
    .map(([t]) => t);
  return { ranked, pairs };
}

const NETWORKS = ["twitter", "facebook", "reddit", "instagram", "youtube", "googlePlay", "ios", "zendesk"];
const LANGUAGES = ["en", "es", "de", "fr", "pt", "ja"];

/** `count` definitions: about 10% topics (keyword lists), the rest saved searches. */
export function generateDefinitions(vocabulary: Vocabulary, count: number, seed = 3): PercolatorDefinition[] {
  const rng = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)]!;
  // Zipf-like: most picks among the frequent words, a long tail of rarer ones.
  const word = () => vocabulary.ranked[Math.floor(vocabulary.ranked.length * rng() ** 3)]!;
  const alternative = (): string => {
    const r = rng();
    if (r < 0.12) {
      const [a, b] = pick(vocabulary.pairs);
      return `"${a} ${b}"${rng() < 0.3 ? "~1" : ""}`;
    }
    if (r < 0.22) {
      const w = word();
      return w.length >= 5 ? `${[...w].slice(0, Math.max(4, [...w].length - 2)).join("")}*` : w;
    }
    if (r < 0.25) {
      const w = word();
      return w.length >= 6 ? `${w}~1` : w;
    }
    return word();
  };
  const anyOf = (n: number) => Array.from({ length: n }, alternative).join(" OR ");
  const bracketed = (n: number) => (n > 1 ? `(${anyOf(n)})` : alternative());
  const keywords = (): string =>
    rng() < 0.5
      ? anyOf(1 + Math.floor(rng() * 4))
      : `${bracketed(1 + Math.floor(rng() * 4))} AND ${bracketed(1 + Math.floor(rng() * 3))}`;
  const out: PercolatorDefinition[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 10 === 9) {
      out.push({
        contextType: 2,
        contextId: i + 1,
        topic: {
          query: null,
          keywords: Array.from({ length: 1 + Math.floor(rng() * 5) }, () =>
            rng() < 0.2 ? pick(vocabulary.pairs).join(" ") : word(),
          ),
        },
      });
      continue;
    }
    const groups: QueryGroup[] = [{ type: "must", values: [{ filterType: "keywords", value: keywords() }] }];
    if (rng() < 0.2)
      groups.push({
        type: "must",
        values: [
          { filterType: "networks", value: pick(NETWORKS) },
          { filterType: "networks", value: pick(NETWORKS) },
        ],
      });
    if (rng() < 0.15) groups.push({ type: "must", values: [{ filterType: "languages", value: pick(LANGUAGES) }] });
    if (rng() < 0.2)
      groups.push({ type: "must-not", values: [{ filterType: "keywords", value: anyOf(1 + Math.floor(rng() * 2)) }] });
    if (rng() < 0.05)
      groups.push({
        type: "must",
        values: [{ filterType: "topics", value: 10 * (1 + Math.floor(rng() * (count / 10))) }],
      });
    out.push({ contextType: 1, contextId: i + 1, groups });
  }
  return out;
}

/** Ad hoc searches as typed in the search screen. */
export const AD_HOC_QUERIES = [
  "refund",
  "refund OR reembolso OR erstattung OR remboursement",
  "login AND (down OR outage OR 503)",
  '"battle pass"',
  "season* AND skyline",
  "crash* OR lag",
  '"servers down"~1',
  "controller AND (shipping OR delivery)",
  "refnd~1",
];
