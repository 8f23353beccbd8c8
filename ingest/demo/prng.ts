// A small seeded PRNG (mulberry32) and the draws the demo generator needs. Deterministic by
// construction: no Math.random, no clock.

export type Rng = () => number;

/** mulberry32: 32-bit state, period 2^32, uniform in [0, 1). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes a seed with a salt so that independent streams (authors, corpus) do not correlate. */
export function deriveSeed(seed: number, salt: number): number {
  let h = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(salt | 0, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

export function int(rng: Rng, n: number): number {
  return Math.floor(rng() * n);
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

/** Cumulative weights (last entry = total) for `pickCum`. */
export function cumulative(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    sum += Math.max(0, weights[i]);
    out[i] = sum;
  }
  return out;
}

/** Index drawn in proportion to the weights behind `cum` (see `cumulative`). */
export function pickCum(rng: Rng, cum: Float64Array): number {
  const x = rng() * cum[cum.length - 1];
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cum[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Pareto: scale / U^(1/alpha), heavy-tailed, ≥ scale. */
export function pareto(rng: Rng, scale: number, alpha: number): number {
  return scale / Math.pow(1 - rng(), 1 / alpha);
}
