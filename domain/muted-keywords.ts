// Muted keywords match whole words or phrases, case-insensitively (CJK text has no spaces between words,
// so there a match anywhere counts). Shared by the pipeline (new mentions) and the service (stored ones).

const WORD_CHAR = /[\p{L}\p{N}_]/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function isWordChar(ch: string): boolean {
  return ch !== "" && WORD_CHAR.test(ch) && !CJK.test(ch);
}

export function matchesMutedKeyword(text: string, keywords: readonly string[]): boolean {
  if (!keywords.length) return false;
  const lower = text.toLowerCase();
  for (const keyword of keywords) {
    const needle = keyword.toLowerCase();
    if (!needle) continue;
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + 1)) {
      const before = at === 0 ? "" : lower[at - 1]!;
      const after = lower[at + needle.length] ?? "";
      if (!isWordChar(before) && !isWordChar(after)) return true;
    }
  }
  return false;
}
