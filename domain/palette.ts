/** Annotation layer colours by index (spec §9, analytics spec §3). */
export const LAYER_COLORS = [
  "#FAAD14",
  "#FA8C16",
  "#FADB14",
  "#1890FF",
  "#2F54EB",
  "#13C2C2",
  "#52C41A",
  "#EB2F96",
  "#FF4D4F",
  "#FF85C0",
  "#722ED1",
  "#2D3D54",
] as const;

/** Colours of the compared contexts, in order (analytics spec §4: at most 3). */
export const COMPARE_COLORS = ["blue", "purple", "amber"] as const;

export type CompareColor = (typeof COMPARE_COLORS)[number];

/** Hex values of the compare colours (Tailwind blue-500, violet-500, amber-500). */
export const COMPARE_COLOR_HEX: Record<CompareColor, string> = {
  blue: "#3B82F6",
  purple: "#8B5CF6",
  amber: "#F59E0B",
};

/** The compare colour of the i-th compared context (wraps around). */
export function compareColor(index: number): CompareColor {
  const n = COMPARE_COLORS.length;
  return COMPARE_COLORS[((Math.trunc(index) % n) + n) % n]!;
}

/**
 * Avatar background colours used when the avatar image fails (spec §2). Tailwind 700 shades: each
 * has a contrast ratio of at least 4.5:1 against white initials.
 */
export const AVATAR_FALLBACK_COLORS = [
  "#1D4ED8", // blue-700
  "#7E22CE", // purple-700
  "#B91C1C", // red-700
  "#047857", // emerald-700
  "#C2410C", // orange-700
  "#0F766E", // teal-700
  "#BE185D", // pink-700
  "#4338CA", // indigo-700
] as const;

/** 32-bit FNV-1a over UTF-16 code units: stable across runs, engines and server/browser. */
function stableHash(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The fallback colour for a seed (e.g. an account id or e-mail); the same seed always gets the same colour. */
export function avatarFallbackColor(seed: string): string {
  return AVATAR_FALLBACK_COLORS[
    stableHash(seed) % AVATAR_FALLBACK_COLORS.length
  ]!;
}
