import { describe, expect, it } from "vitest";
import testSplit from "./fixtures/sentiment-test.json" with { type: "json" };
import { SENTIMENT_PARAMETERS, scoreSentiment } from "./sentiment";

const label = (text: string, language = "en") => scoreSentiment(text, language).sentiment;

describe("scoreSentiment", () => {
  it("reads plain praise and complaints", () => {
    expect(label("Support was really helpful, thanks!")).toBe(1);
    expect(label("Worst customer service ever")).toBe(-1);
    expect(label("New version 4.2 is rolling out today on Android and iOS")).toBe(0);
  });

  it("flips negated words: 'not bad' is positive, 'no funciona' negative", () => {
    expect(label("bad")).toBe(-1);
    expect(label("honestly not bad")).toBe(1);
    expect(label("not good at all")).toBe(-1);
    expect(label("funciona", "es")).toBe(1);
    expect(label("No funciona", "es")).toBe(-1);
    expect(label("No está nada mal", "es")).toBe(1);
  });

  it("reads negation that follows the verb in German, Dutch and colloquial French", () => {
    expect(label("Die App funktioniert nicht", "de")).toBe(-1);
    expect(label("Gar nicht schlecht", "de")).toBe(1);
    expect(label("De app werkt niet", "nl")).toBe(-1);
    expect(label("ça marche pas", "fr")).toBe(-1);
  });

  it("weighs what follows a contrast word more: 'great app but the update broke login' is negative", () => {
    const result = scoreSentiment("great app but the update broke login", "en");
    expect(result.sentiment).toBe(-1);
    expect(result.drivers.map((d) => d.term)).toEqual(["broke", "great"]);
    expect(label("Buena app pero la actualización borró mis notas y se cierra sola", "es")).toBe(-1);
    expect(label("Gute App, aber das Update ist eine Katastrophe", "de")).toBe(-1);
    expect(label("Wasn't expecting much but the battery life is amazing")).toBe(1);
  });

  it("counts emoji and emoticons", () => {
    expect(label("😍😍")).toBe(1);
    expect(label("package arrived 😡")).toBe(-1);
    expect(label("thanks :)")).toBe(1);
    expect(label("meh :(")).toBe(-1);
  });

  it("knows slang and customer-care words", () => {
    expect(label("this update slaps")).toBe(1);
    expect(label("the new layout sucks")).toBe(-1);
    expect(label("Charged twice and still no refund")).toBe(-1);
    expect(label("third outage this week")).toBe(-1);
    expect(label("game lags so bad")).toBe(-1);
    expect(label("this is a scam")).toBe(-1);
    expect(label("Fixed within the hour, you folks rock")).toBe(1);
  });

  it("amplifies intensifiers, repeated letters and exclamation marks", () => {
    const plain = scoreSentiment("good", "en").score;
    expect(scoreSentiment("very good", "en").score).toBeGreaterThan(plain);
    expect(scoreSentiment("goooood", "en").score).toBeGreaterThan(plain);
    expect(scoreSentiment("good!!!", "en").score).toBeGreaterThan(plain);
    expect(scoreSentiment("slightly good", "en").score).toBeLessThan(plain);
  });

  it("reads Japanese by substring, with negation from the suffix", () => {
    expect(label("使いやすい", "ja")).toBe(1);
    expect(label("使いやすくない", "ja")).toBe(-1);
    expect(label("無料アプリにしては悪くない", "ja")).toBe(1);
    expect(label("新しいデザイン全然好きじゃない", "ja")).toBe(-1);
    expect(label("いいアプリだけど最新のアップデートでメモが消えた", "ja")).toBe(-1);
    expect(label("プランをファミリーに変更した", "ja")).toBe(0);
  });

  it("scores languages without a lexicon of their own with emoji and English words", () => {
    expect(label("新版本太好用了 👍", "zh")).toBe(1);
    expect(label("the app is broken", "und")).toBe(-1);
  });

  it("explains itself: the drivers are what moved the score, and they add up to it", () => {
    const result = scoreSentiment("The app is not working and I want a refund", "en");
    expect(result.sentiment).toBe(-1);
    expect(result.drivers).toEqual([
      { term: "not working", weight: -2.2 },
      { term: "refund", weight: -0.8 },
    ]);
    for (const text of [
      "Great app but the latest update broke login",
      "not bad at all, thanks!!",
      "so glad ❤️ but slow :(",
    ]) {
      const { score, drivers } = scoreSentiment(text, "en");
      const raw = drivers.reduce((sum, d) => sum + d.weight, 0);
      expect(score).toBeCloseTo(raw / Math.sqrt(raw * raw + SENTIMENT_PARAMETERS.alpha), 3);
    }
    expect(scoreSentiment("Is there a student discount?", "en")).toEqual({ sentiment: 0, score: 0, drivers: [] });
  });

  it("returns a neutral result for empty text", () => {
    expect(scoreSentiment("", "en")).toEqual({ sentiment: 0, score: 0, drivers: [] });
  });

  describe("accuracy on the held-out test split (fixtures/sentiment-test.json)", () => {
    const rows = testSplit as Array<{ language: string; text: string; label: -1 | 0 | 1 }>;
    const languages = ["en", "es", "de", "fr", "pt", "it", "nl", "ja"];

    it("has at least 50 balanced posts per language", () => {
      for (const language of languages) {
        const own = rows.filter((row) => row.language === language);
        expect(own.length).toBeGreaterThanOrEqual(50);
        for (const value of [-1, 0, 1])
          expect(own.filter((row) => row.label === value).length).toBeGreaterThanOrEqual(16);
      }
    });

    it("is at least 75% accurate overall and 70% in each language", () => {
      let hits = 0;
      const report: Record<string, number> = {};
      for (const language of languages) {
        const own = rows.filter((row) => row.language === language);
        const ownHits = own.filter((row) => scoreSentiment(row.text, row.language).sentiment === row.label).length;
        report[language] = ownHits / own.length;
        hits += ownHits;
      }
      const total = rows.filter((row) => languages.includes(row.language)).length;
      for (const language of languages)
        expect(report[language], `${language}: ${JSON.stringify(report)}`).toBeGreaterThanOrEqual(0.7);
      expect(hits / total, JSON.stringify(report)).toBeGreaterThanOrEqual(0.75);
    });
  });
});
