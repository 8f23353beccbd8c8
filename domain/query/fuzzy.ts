// Fuzzy words (`word~1`, `word~2`): Levenshtein distance counted in code points, so an emoji or a CJK
// extension character is one edit, as a user counts it. Run at ingestion for every token of a mention
// against every fuzzy word of the tenant's definitions, hence the early exits and the banded table.

/** The code points of a string (a surrogate pair is one element). */
function codePoints(text: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!;
    out.push(code);
    if (code > 0xffff) i++;
  }
  return out;
}

/**
 * True when a and b are at most `max` insertions, deletions or substitutions apart (code points).
 * Only the diagonal band |i − j| ≤ max of the table can hold a value ≤ max, so only it is computed, and
 * the scan stops as soon as a whole row exceeds max.
 */
export function withinEditDistance(a: string, b: string, max: number): boolean {
  if (a === b) return max >= 0;
  if (!(max >= 1)) return false;
  const x = codePoints(a);
  const y = codePoints(b);
  const n = x.length;
  const m = y.length;
  if (Math.abs(n - m) > max) return false;
  if (n === 0 || m === 0) return Math.max(n, m) <= max;

  const over = max + 1; // stands for "more than max": values are capped there
  let previous = new Int32Array(m + 1);
  let current = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) previous[j] = j <= max ? j : over;

  for (let i = 1; i <= n; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(m, i + max);
    // The cell left of the band: column 0 holds i; further right it lies outside the band.
    current[from - 1] = from === 1 ? Math.min(i, over) : over;
    let rowMin = current[from - 1];
    const xi = x[i - 1];
    for (let j = from; j <= to; j++) {
      const substitution = previous[j - 1] + (xi === y[j - 1] ? 0 : 1);
      const deletion = previous[j] + 1;
      const insertion = current[j - 1] + 1;
      const value = Math.min(substitution, deletion, insertion, over);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    // The next row reads one column beyond this row's band: it must read "too far", not a stale value.
    if (to < m) current[to + 1] = over;
    if (rowMin > max) return false;
    const swap = previous;
    previous = current;
    current = swap;
  }
  return previous[m] <= max;
}
