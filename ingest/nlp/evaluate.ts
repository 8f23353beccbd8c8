// Prints the figures recorded in ADR 010 (not a test): `npx tsx ingest/nlp/evaluate.ts`.
// Sentiment accuracy per language on the dev split (used for tuning) and the held-out test split, the
// confusion counts, the dev accuracy around the chosen threshold, and language-detection accuracy.
import languageTest from "./fixtures/language-test.json" with { type: "json" };
import sentimentDev from "./fixtures/sentiment-dev.json" with { type: "json" };
import sentimentTest from "./fixtures/sentiment-test.json" with { type: "json" };
import { detectLanguage } from "./language";
import { SENTIMENT_PARAMETERS, scoreSentiment } from "./sentiment";

type Labelled = { language: string; text: string; label: number };
const LANGUAGES = ["en", "es", "de", "fr", "pt", "it", "nl", "ja"];

function sentimentReport(name: string, rows: Labelled[]): void {
  const line: string[] = [];
  let hits = 0;
  const confusion: Record<string, number> = {};
  for (const language of LANGUAGES) {
    const own = rows.filter((row) => row.language === language);
    let ownHits = 0;
    for (const row of own) {
      const got = scoreSentiment(row.text, row.language).sentiment;
      confusion[`${row.label}→${got}`] = (confusion[`${row.label}→${got}`] ?? 0) + 1;
      if (got === row.label) ownHits++;
    }
    hits += ownHits;
    line.push(`${language} ${ownHits}/${own.length} (${((100 * ownHits) / own.length).toFixed(1)}%)`);
  }
  console.log(`sentiment ${name}: ${hits}/${rows.length} = ${((100 * hits) / rows.length).toFixed(1)}%`);
  console.log(`  ${line.join("  ")}`);
  console.log(`  label→predicted: ${JSON.stringify(confusion)}`);
}

sentimentReport("dev", sentimentDev as Labelled[]);
sentimentReport("test", sentimentTest as Labelled[]);

const parameters = SENTIMENT_PARAMETERS as { threshold: number };
const chosen = parameters.threshold;
const grid: string[] = [];
for (const threshold of [0.05, 0.08, 0.1, 0.12, 0.15, 0.2, 0.25, 0.3]) {
  parameters.threshold = threshold;
  const hits = (sentimentDev as Labelled[]).filter(
    (row) => scoreSentiment(row.text, row.language).sentiment === row.label,
  ).length;
  grid.push(`${threshold}: ${((100 * hits) / sentimentDev.length).toFixed(1)}%`);
}
parameters.threshold = chosen;
console.log(`dev accuracy by threshold (chosen ${chosen}): ${grid.join("  ")}`);

const rows = languageTest as Array<{ language: string; text: string }>;
const misses = rows.filter((row) => detectLanguage(row.text).language !== row.language);
console.log(
  `language test: ${rows.length - misses.length}/${rows.length} = ${((100 * (rows.length - misses.length)) / rows.length).toFixed(2)}%`,
);
for (const miss of misses)
  console.log(`  miss: ${miss.language} → ${detectLanguage(miss.text).language}: ${miss.text}`);
