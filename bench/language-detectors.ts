// Language detection, side by side (ADR 022): `npx tsx bench/language-detectors.ts`.
// The product's detector (ingest/nlp/language.ts) against the npm package eld (each of its four database
// sizes), on the labelled sets of ingest/nlp/fixtures: language-test.json (the language test set) and the
// sentiment dev and test sets (each post is labelled with its language). Prints accuracy (overall, short
// posts under 40 characters, longer posts, per language), time per post after warm-up (mean and p95) and
// the heap and RSS added by loading each detector (measured in a fresh process per detector).
// Not a test: no figure here is asserted anywhere.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import languageTest from "../ingest/nlp/fixtures/language-test.json" with { type: "json" };
import sentimentDev from "../ingest/nlp/fixtures/sentiment-dev.json" with { type: "json" };
import sentimentTest from "../ingest/nlp/fixtures/sentiment-test.json" with { type: "json" };
import { percentileOfSorted } from "./lib/stats";

type Detect = (text: string) => string;
type Row = { language: string; text: string };

const SHORT = 40;
const EMOJI = /\p{Extended_Pictographic}/u;
const LETTER = /\p{L}/u;
/** Links, @mentions and #hashtags: the product's tokenizer sets them aside before it looks at words. */
const NOT_WORDS = /https?:\/\/\S+|www\.\S+|[@#][\p{L}\p{N}_]+/gu;

/**
 * eld answers "" when it cannot tell; the product answers "qme" for emoji only and "und" otherwise. The
 * "+ rules" variants answer as the product does when the text has no letter at all, and ask eld only
 * when it has: this is how eld would sit behind the product's detectLanguage.
 */
function eldDetector(eld: { detect: (text: string) => { language: string } }, productRules: boolean): Detect {
  if (!productRules) return (text) => eld.detect(text).language || "und";
  return (text) => {
    const words = text.replace(NOT_WORDS, " ");
    if (!LETTER.test(words)) return EMOJI.test(text) ? "qme" : "und";
    return eld.detect(words).language || "und";
  };
}

const DETECTORS: Record<string, () => Promise<Detect>> = {
  ours: async () => {
    const { detectLanguage } = await import("../ingest/nlp/language");
    return (text) => detectLanguage(text).language;
  },
  "eld-xs": async () => eldDetector((await import("eld/extrasmall")).eld, false),
  "eld-s": async () => eldDetector((await import("eld/small")).eld, false),
  "eld-m": async () => eldDetector((await import("eld/medium")).eld, false),
  "eld-l": async () => eldDetector((await import("eld/large")).eld, false),
  // The product's detector, with eld asked for a second opinion on Latin-script posts: eld's answer is
  // taken only when it is reliable and names a language the product's Latin model does not have.
  "ours + eld-s beyond": async () => {
    const { detectLanguage } = await import("../ingest/nlp/language");
    const { LATIN_LANGUAGES } = await import("../ingest/nlp/language-data");
    const { eld } = await import("eld/small");
    const latin = new Set(LATIN_LANGUAGES.map((l) => l.code));
    return (text) => {
      const ours = detectLanguage(text).language;
      if (!latin.has(ours)) return ours;
      const other = eld.detect(text);
      return other.language && !latin.has(other.language) && other.isReliable() ? other.language : ours;
    };
  },
  "eld-m + rules": async () => eldDetector((await import("eld/medium")).eld, true),
  "eld-l + rules": async () => eldDetector((await import("eld/large")).eld, true),
};

const SETS: Record<string, Row[]> = {
  "language-test": languageTest as Row[],
  "sentiment dev+test": [...(sentimentDev as Row[]), ...(sentimentTest as Row[])],
};

/**
 * Not a test set and not counted above: one post in each of a few Latin-script languages that the
 * product's model does not have (written for this bench), to show what each detector answers for them.
 */
const BEYOND: Row[] = [
  { language: "cs", text: "Objednávka pořád nedorazila, kde je můj balík?" },
  { language: "ro", text: "Comanda mea încă nu a ajuns, unde este coletul?" },
  { language: "da", text: "Min ordre er stadig ikke kommet, hvor er pakken?" },
  { language: "fi", text: "Tilaukseni ei ole vieläkään saapunut, missä paketti on?" },
  { language: "hu", text: "A rendelésem még mindig nem érkezett meg, hol a csomag?" },
  { language: "ca", text: "La meva comanda encara no ha arribat, on és el paquet?" },
  { language: "no", text: "Bestillingen min har fortsatt ikke kommet, hvor er pakken?" },
  { language: "hr", text: "Moja narudžba još nije stigla, gdje je paket?" },
];

// The languages the product names in its fixtures, in this order; "qme" is emoji only, "und" no language.
const LANGUAGES = ["en", "es", "de", "fr", "pt", "it", "nl", "tr", "pl", "sv", "ja", "zh", "ko", "ar", "ru", "qme", "und"];

/**
 * Child mode: loads one detector in a fresh process, prints the heap and RSS it added (MB) and its time
 * per post (µs), so that no detector's memory or garbage collection weighs on another's figures.
 */
async function measureAlone(name: string): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run with --expose-gc");
  gc();
  const before = process.memoryUsage();
  const detect = await DETECTORS[name]!();
  detect("warm the detector up once");
  gc();
  const after = process.memoryUsage();
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const time = timing(detect, Object.values(SETS).flat().map((r) => r.text));
  const measures: Measures = { heap: mb(after.heapUsed - before.heapUsed), rss: mb(after.rss - before.rss), ...time };
  process.stdout.write(JSON.stringify(measures) + "\n");
}

type Measures = { heap: number; rss: number; cpu: number; median: number; p95: number };

function measuresOf(name: string): Measures {
  const child = spawnSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--alone", name],
    { encoding: "utf8" },
  );
  if (child.status !== 0) throw new Error(`measuring ${name}: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split("\n").pop()!) as Measures;
}

/**
 * Mean CPU time per post (of this process: less disturbed than wall time by other load on a shared
 * machine), and the median and p95 of each call's wall time, after a warm-up.
 */
function timing(detect: Detect, texts: string[]): { cpu: number; median: number; p95: number } {
  let sink = 0;
  for (let round = 0; round < 5; round++) for (const text of texts) sink += detect(text).length; // warm-up
  const rounds = 20;
  const cpu = process.cpuUsage();
  for (let round = 0; round < rounds; round++) for (const text of texts) sink += detect(text).length;
  const used = process.cpuUsage(cpu);
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const text of texts) {
      const start = process.hrtime.bigint();
      sink += detect(text).length;
      samples.push(Number(process.hrtime.bigint() - start) / 1000);
    }
  }
  if (sink < 0) console.log(sink);
  samples.sort((a, b) => a - b);
  return {
    cpu: (used.user + used.system) / (rounds * texts.length),
    median: percentileOfSorted(samples, 50)!,
    p95: percentileOfSorted(samples, 95)!,
  };
}

const percent = (hits: number, total: number) => (total ? `${((100 * hits) / total).toFixed(1)}%` : "–");

function pad(cells: string[], widths: number[]): string {
  return `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" | ")} |`;
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  console.log(pad(header, widths));
  console.log(`|${widths.map((w, i) => (i === 0 ? ":" : "") + "-".repeat(w + 1) + (i === 0 ? "" : ":")).join("|")}|`);
  for (const row of rows) console.log(pad(row, widths));
}

async function main(): Promise<void> {
  const names = Object.keys(DETECTORS);
  const detectors = new Map<string, Detect>();
  for (const name of names) detectors.set(name, await DETECTORS[name]!());
  const all = Object.values(SETS).flat();

  console.log(`Inputs: ${Object.entries(SETS).map(([set, rows]) => `${set} ${rows.length} posts`).join(", ")}; ` +
    `${all.filter((r) => r.text.length < SHORT).length} of them under ${SHORT} characters.\n`);

  // Accuracy per set, short and longer posts apart.
  const header = ["detector"];
  for (const set of Object.keys(SETS)) header.push(set, `${set} <${SHORT}`, `${set} ≥${SHORT}`);
  header.push("all", "µs CPU mean", "µs median", "µs p95", "heap MB", "RSS MB");
  const rows: string[][] = [];
  for (const name of names) {
    const detect = detectors.get(name)!;
    const row = [name];
    for (const set of Object.values(SETS)) {
      const hit = (r: Row) => detect(r.text) === r.language;
      const short = set.filter((r) => r.text.length < SHORT);
      const long = set.filter((r) => r.text.length >= SHORT);
      row.push(
        `${set.filter(hit).length}/${set.length} ${percent(set.filter(hit).length, set.length)}`,
        `${short.filter(hit).length}/${short.length} ${percent(short.filter(hit).length, short.length)}`,
        `${long.filter(hit).length}/${long.length} ${percent(long.filter(hit).length, long.length)}`,
      );
    }
    const hits = all.filter((r) => detect(r.text) === r.language).length;
    row.push(`${hits}/${all.length} ${percent(hits, all.length)}`);
    const m = measuresOf(name);
    row.push(m.cpu.toFixed(1), m.median.toFixed(1), m.p95.toFixed(1), m.heap.toFixed(1), m.rss.toFixed(1));
    rows.push(row);
  }
  printTable(header, rows);

  // Per language, both sets together.
  console.log("\nAccuracy per language (both sets), posts under 40 characters in brackets:\n");
  const languageRows: string[][] = [];
  for (const language of LANGUAGES) {
    const own = all.filter((r) => r.language === language);
    const short = own.filter((r) => r.text.length < SHORT);
    const row = [`${language} (${own.length})`];
    for (const name of names) {
      const detect = detectors.get(name)!;
      row.push(
        `${percent(own.filter((r) => detect(r.text) === language).length, own.length)} ` +
          `(${percent(short.filter((r) => detect(r.text) === language).length, short.length)})`,
      );
    }
    languageRows.push(row);
  }
  printTable(["language", ...names], languageRows);

  console.log("\nLanguages the product's Latin model does not have (illustration, not a test set):\n");
  printTable(
    ["post", ...names],
    BEYOND.map((r) => [r.language, ...names.map((name) => detectors.get(name)!(r.text))]),
  );

  console.log("\nMisses:\n");
  for (const name of ["ours", "ours + eld-s beyond", "eld-l + rules"]) {
    const detect = detectors.get(name)!;
    for (const r of all) {
      const got = detect(r.text);
      if (got !== r.language) console.log(`  ${name}: ${r.language} → ${got}: ${r.text}`);
    }
  }
}

const aloneArg = process.argv.indexOf("--alone");
if (aloneArg >= 0) await measureAlone(process.argv[aloneArg + 1]!);
else await main();
