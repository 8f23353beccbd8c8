import { describe, expect, it } from "vitest";
import { foldText, tokenize, TOKENS_MAX } from "./tokenize";

// The slow, obvious definition the fast paths must agree with (for text without unspaced scripts).
function reference(text: string): string[] {
  const folded = text.normalize("NFKD").replace(/\p{Mn}/gu, "").normalize("NFC").toLowerCase();
  return folded.match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
}

describe("foldText", () => {
  it("removes accents and lower-cases", () => {
    expect(foldText("Café")).toBe("cafe");
    expect(foldText("ÄRGER")).toBe("arger");
    expect(foldText("Crème Brûlée")).toBe("creme brulee");
    expect(foldText("Ωμέγα")).toBe("ωμεγα");
  });

  it("applies compatibility forms (ligatures, full-width)", () => {
    expect(foldText("ﬁnance")).toBe("finance");
    expect(foldText("ＡＢＣ１２３")).toBe("abc123");
  });

  it("keeps letters without a decomposition (ß, ø)", () => {
    expect(foldText("Straße")).toBe("straße");
    expect(foldText("Søren")).toBe("søren");
  });

  it("is idempotent", () => {
    for (const text of ["Café", "İstanbul", "ÅNGSTRÖM", "東京タワー", "ﬁ ＡＢＣ", "Grüße"]) {
      expect(foldText(foldText(text))).toBe(foldText(text));
    }
  });
});

describe("tokenize", () => {
  it("splits on punctuation and white space, folded", () => {
    expect(tokenize("Hello, World! It's an e-mail.")).toEqual(["hello", "world", "it", "s", "an", "e", "mail"]);
    expect(tokenize("iPhone 15 Pro (2023)")).toEqual(["iphone", "15", "pro", "2023"]);
    expect(tokenize("#Acme @support https://acme.io/x?y=1")).toEqual(["acme", "support", "https", "acme", "io", "x", "y", "1"]);
  });

  it("folds accents and case, so Café and cafe are one token", () => {
    expect(tokenize("Café CAFE café")).toEqual(["cafe", "cafe", "cafe"]);
  });

  it("handles German", () => {
    expect(tokenize("Grüße aus München, schöne Straße!")).toEqual(["gruße", "aus", "munchen", "schone", "straße"]);
  });

  it("drops emoji and symbols", () => {
    expect(tokenize("I ❤️ pizza 🍕🍕 — 100% ✓")).toEqual(["i", "pizza", "100"]);
    expect(tokenize("🙂 !!! ***")).toEqual([]);
    expect(tokenize("")).toEqual([]);
  });

  it("segments Japanese into words", () => {
    const text = "東京タワーに行きました";
    const tokens = tokenize(text);
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    // Segmenting only cuts: the tokens put back together give the (folded) text.
    expect(tokens.join("")).toBe(foldText(text));
    expect(tokens[0].startsWith("東京")).toBe(true);
  });

  it("segments Chinese and Thai", () => {
    expect(tokenize("我喜欢北京").length).toBeGreaterThan(1);
    expect(tokenize("สวัสดีครับ").length).toBeGreaterThan(1);
  });

  it("keeps Latin words whole in mixed text", () => {
    const tokens = tokenize("Acme の新しいスマホ, e.on Café!");
    expect(tokens[0]).toBe("acme");
    expect(tokens.slice(-3)).toEqual(["e", "on", "cafe"]);
    expect(tokens.every((token) => /^[\p{L}\p{N}\p{M}]+$/u.test(token))).toBe(true);
  });

  it("gives a query word and the same word in a post the same tokens", () => {
    expect(tokenize("CAFÉ")).toEqual(["cafe"]);
    expect(tokenize("un café noir")[1]).toBe("cafe");
    expect(tokenize("E.ON")).toEqual(["e", "on"]);
  });

  it("agrees with the reference definition on random text", () => {
    const alphabet = ["a", "B", "z", "0", "9", " ", ".", "-", "'", "é", "Ü", "ß", "ø", "ﬁ", "Ω", "ж", "\u0301", "😀", "\u00a0", "_", "İ"];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 500; n++) {
      let text = "";
      const length = Math.floor(random() * 40);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      expect(tokenize(text), JSON.stringify(text)).toEqual(reference(text));
    }
  });

  it(`keeps at most ${TOKENS_MAX} tokens`, () => {
    expect(tokenize("word ".repeat(TOKENS_MAX + 100))).toHaveLength(TOKENS_MAX);
    expect(tokenize("mot café ".repeat(TOKENS_MAX))).toHaveLength(TOKENS_MAX);
    expect(tokenize("東京 ".repeat(TOKENS_MAX + 10))).toHaveLength(TOKENS_MAX);
  });
});
