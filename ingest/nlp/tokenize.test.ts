import { describe, expect, it } from "vitest";
import { scan, tokenize } from "./tokenize";

describe("tokenize", () => {
  it("lowercases words and keeps hashtags, emoji and emoticons, but not links, mentions or punctuation", () => {
    expect(tokenize("Great app but the update BROKE login :( #Outage @ShopNow https://x.co/a?b=1 😡")).toEqual([
      "great",
      "app",
      "but",
      "the",
      "update",
      "broke",
      "login",
      ":(",
      "#outage",
      "😡",
    ]);
  });

  it("keeps accents and splits French and Italian elisions off their word", () => {
    expect(tokenize("L'appli ne marche plus, j'attends un'ora dell'app")).toEqual([
      "l'",
      "appli",
      "ne",
      "marche",
      "plus",
      "j'",
      "attends",
      "un'",
      "ora",
      "dell'",
      "app",
    ]);
  });

  it("keeps English contractions and hyphenated words whole", () => {
    expect(tokenize("Don't copy-paste it’s aujourd'hui")).toEqual(["don't", "copy-paste", "it's", "aujourd'hui"]);
  });

  it("keeps emoji sequences whole: skin tones, flags and ZWJ sequences", () => {
    expect(tokenize("👍🏽 🇫🇷 🤦‍♀️")).toEqual(["👍🏽", "🇫🇷", "🤦‍♀️"]);
  });

  it("segments Japanese and Chinese with Intl.Segmenter", () => {
    expect(tokenize("アプリが落ちて使えない。最悪です", "ja")).toEqual([
      "アプリ",
      "が",
      "落ち",
      "て",
      "使",
      "え",
      "ない",
      "最悪",
      "です",
    ]);
    expect(tokenize("我的退款在哪里？", "zh")).toEqual(["我的", "退款", "在", "哪里"]);
  });

  it("lowercases Turkish with its dotted and dotless i", () => {
    expect(tokenize("İSTANBUL ILIK", "tr")).toEqual(["istanbul", "ılık"]);
  });

  it("types e-mail addresses as links, numbers as numbers and laughter apart from words", () => {
    const kinds = scan("write to help@shop.example 10/10 60fps jajaja kkkk").map((t) => `${t.kind}:${t.text}`);
    expect(kinds).toEqual([
      "word:write",
      "word:to",
      "url:help@shop.example",
      "number:10/10",
      "number:60fps",
      "laugh:jajaja",
      "laugh:kkkk",
    ]);
  });

  it("folds full-width characters in Japanese posts", () => {
    expect(tokenize("最高！ｗｗｗ", "ja")).toEqual(["最高", "www"]);
  });
});
