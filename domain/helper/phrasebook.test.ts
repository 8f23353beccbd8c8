import { describe, expect, it } from "vitest";
import { HELPER_PHRASEBOOK, phrasesFor, type HelperPhrases } from "./phrasebook";

// The helper's phrasebook (issue 27, ADR 042): four languages with the same phrases, numbers written as
// they are given (so the provenance test finds each one in the tool results), no number of its own.

const numbersIn = (text: string) => (text.match(/\d+(?:\.\d+)?/g) ?? []).map(Number);

describe("the helper's phrasebook", () => {
  const languages = Object.keys(HELPER_PHRASEBOOK) as Array<keyof typeof HELPER_PHRASEBOOK>;

  it("holds English, Spanish, German and French, each with every phrase, and English when the language is unknown", () => {
    expect(languages.sort()).toEqual(["de", "en", "es", "fr"]);
    const keys = Object.keys(HELPER_PHRASEBOOK.en).sort();
    for (const language of languages) expect(Object.keys(HELPER_PHRASEBOOK[language]).sort(), language).toEqual(keys);
    expect(phrasesFor(null)).toBe(HELPER_PHRASEBOOK.en);
  });

  it("writes the numbers it is given unchanged and adds none of its own", () => {
    for (const language of languages) {
      const P: HelperPhrases = HELPER_PHRASEBOOK[language];
      const cases: Array<[string, number[]]> = [
        [P.change(17, 12.5), [17, 12.5]],
        [P.change(-3, -42.9), [3, 42.9]],
        [P.change(0, null), []],
        [P.volumeCompared("S", "31 x", "p", 19, "q"), [31, 19]],
        [P.sentiment("S", 3, 4, 5, "p"), [3, 4, 5]],
        [P.negativeShare(27.3), [27.3]],
        [P.sentimentCompared(6, 7, 8, "p"), [6, 7, 8]],
        [P.trend("S", P.interval("day"), "a", 9, 10, "b", 11, 12), [9, 10, 11, 12]],
        [P.trendTotals(13, 14, 15), [13, 14, 15]],
        [P.rankEntry("X", 16, 33.3), [16, 33.3]],
        [P.firstReply("S", 18, 20.5, 21, "p"), [18, 20.5, 21]],
        [P.firstReply("S", 18, null, 21, "p"), [18, 21]],
        [P.firstReplyBefore(22), [22]],
        [P.topPosts("S", "p", 23), [23]],
        [P.trendingEntry("t", 24, 25), [24, 25]],
        [P.themeEntry("t", 26), [26]],
        [P.whyIntro("c", "p", 28, "q"), [28]],
        [P.day("2026-03-02"), [2, 2026]],
      ];
      for (const [text, numbers] of cases) expect(numbersIn(text), `${language}: ${text}`).toEqual(numbers);
      for (const text of [P.emptyQuestion, P.unsupportedLanguage, P.outOfScope, P.cannotAnswer, P.noPostPermission, P.modelNotReached, P.whyDrivers, P.whyPosts, P.whyNoDrivers]) {
        expect(numbersIn(text), `${language}: ${text}`).toEqual([]);
      }
    }
  });

  it("writes days with the language's month names around the same digits", () => {
    expect(["en", "es", "de", "fr"].map((l) => phrasesFor(l as "en").day("2026-03-02"))).toEqual(["02 Mar 2026", "02 mar 2026", "02. März 2026", "02 mars 2026"]);
    expect(phrasesFor("de").between(phrasesFor("de").day("2026-02-23"), phrasesFor("de").day("2026-03-01"))).toBe("vom 23. Feb. 2026 bis 01. März 2026");
  });
});
