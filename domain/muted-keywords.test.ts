import { describe, expect, it } from "vitest";
import { matchesMutedKeyword } from "./muted-keywords";
import { newMutedKeywords, splitMutedKeywords } from "./schemas/streams";

describe("muted keywords", () => {
  it("match whole words and phrases, ignoring case", () => {
    expect(matchesMutedKeyword("Win a FREE iPhone now", ["free iphone"])).toBe(true);
    expect(matchesMutedKeyword("freedom of speech", ["free"])).toBe(false);
    expect(matchesMutedKeyword("giveaway!!", ["giveaway"])).toBe(true);
    expect(matchesMutedKeyword("nothing here", [])).toBe(false);
  });

  it("match inside Chinese and Japanese text, which has no spaces", () => {
    expect(matchesMutedKeyword("今天抽奖活动开始了", ["抽奖"])).toBe(true);
  });

  it("split entries on ' / ' and skip words already muted (spec §5)", () => {
    expect(splitMutedKeywords(["spam / giveaway", " promo "])).toEqual(["spam", "giveaway", "promo"]);
    expect(newMutedKeywords(["spam / Giveaway / giveaway"], ["SPAM"])).toEqual(["Giveaway"]);
    expect(newMutedKeywords(["spam"], ["spam"])).toEqual([]);
  });
});
