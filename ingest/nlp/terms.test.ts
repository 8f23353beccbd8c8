import { describe, expect, it } from "vitest";
import { extractTerms } from "./terms";

describe("extractTerms", () => {
  it("drops stopwords, mentions, links, numbers and emoji, and keeps hashtags", () => {
    expect(
      extractTerms("The app is down again!!! #outage @ShopNow https://x.co/1 since 10:30, refund please 😡", "en"),
    ).toEqual(["app", "#outage", "refund"]);
  });

  it("uses the stopwords of the post's language and keeps accents", () => {
    expect(extractTerms("Die App stürzt seit dem Update ständig ab #Störung", "de")).toEqual([
      "app",
      "stürzt",
      "update",
      "ständig",
      "#störung",
    ]);
    expect(extractTerms("L'appli plante depuis la mise à jour, remboursement refusé #panne", "fr")).toEqual([
      "appli",
      "plante",
      "mise",
      "jour",
      "remboursement",
      "refusé",
      "#panne",
    ]);
    expect(extractTerms("No funciona la aplicación desde ayer, qué desastre", "es")).toEqual([
      "funciona",
      "aplicación",
      "desastre",
    ]);
  });

  it("segments Japanese and keeps content words, not particles", () => {
    expect(
      extractTerms("新しいアップデートでアプリがサクサク動くようになったけど、チャットを開くと落ちる", "ja"),
    ).toEqual(["新しい", "アップデート", "アプリ", "サクサク", "動く", "チャット", "開く", "落ちる"]);
  });

  it("segments Chinese and drops single characters", () => {
    expect(extractTerms("我的退款在哪里？应用一直闪退", "zh")).toEqual(["我的", "退款", "应用", "一直"]);
  });

  it("de-duplicates case-insensitively, in order of first appearance, up to the limit (20 by default)", () => {
    expect(extractTerms("Outage outage OUTAGE refund Refund", "en")).toEqual(["outage", "refund"]);
    const many = Array.from({ length: 30 }, (_, i) => `keyword${String.fromCharCode(97 + (i % 26))}${i}`).join(" ");
    expect(extractTerms(many, "en")).toHaveLength(20);
    expect(extractTerms("battery camera screen price delivery", "en", 2)).toEqual(["battery", "camera"]);
  });

  it("falls back to English stopwords for an undetermined language", () => {
    expect(extractTerms("the outage and the refund", "und")).toEqual(["outage", "refund"]);
  });
});
