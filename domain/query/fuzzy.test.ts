import { describe, expect, it } from "vitest";
import { withinEditDistance } from "./fuzzy";

// Full Levenshtein table over code points: the definition the banded version must agree with.
function distance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  let row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const next = [i];
    for (let j = 1; j <= y.length; j++) {
      next[j] = Math.min(row[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1), row[j] + 1, next[j - 1] + 1);
    }
    row = next;
  }
  return row[y.length];
}

describe("withinEditDistance", () => {
  it("counts insertions, deletions and substitutions", () => {
    expect(withinEditDistance("apple", "apple", 0)).toBe(true);
    expect(withinEditDistance("apple", "aple", 0)).toBe(false);
    expect(withinEditDistance("apple", "aple", 1)).toBe(true);
    expect(withinEditDistance("apple", "apples", 1)).toBe(true);
    expect(withinEditDistance("apple", "ample", 1)).toBe(true);
    expect(withinEditDistance("kitten", "sitting", 2)).toBe(false);
    expect(withinEditDistance("kitten", "sitting", 3)).toBe(true);
  });

  it("counts a transposition as two edits", () => {
    expect(withinEditDistance("apple", "paple", 1)).toBe(false);
    expect(withinEditDistance("apple", "paple", 2)).toBe(true);
  });

  it("handles empty strings and length differences", () => {
    expect(withinEditDistance("", "", 0)).toBe(true);
    expect(withinEditDistance("", "ab", 2)).toBe(true);
    expect(withinEditDistance("ab", "", 1)).toBe(false);
    expect(withinEditDistance("a", "abcd", 2)).toBe(false);
  });

  it("counts code points, not UTF-16 units", () => {
    expect(withinEditDistance("a😀", "a", 1)).toBe(true);
    expect(withinEditDistance("𠮷野家", "吉野家", 1)).toBe(true);
  });

  it("agrees with the full table on random pairs", () => {
    const alphabet = ["a", "b", "c", "😀"];
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const word = () => Array.from({ length: Math.floor(random() * 8) }, () => alphabet[Math.floor(random() * 4)]).join("");
    for (let n = 0; n < 3000; n++) {
      const a = word();
      const b = word();
      const max = Math.floor(random() * 4);
      expect(withinEditDistance(a, b, max), `${a} ${b} ${max}`).toBe(distance(a, b) <= max);
    }
  });
});
