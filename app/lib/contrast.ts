// WCAG 2 contrast of two sRGB colours, and the text colour that reads on a coloured badge (a network's
// colour behind its initial): white where white reaches AA (4.5:1), else the ink, else black (ADR 034).

/** The product's ink (app/tailwind.css --color-ink). */
export const INK = "#1b2433";
const WHITE = "#ffffff";

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}

/** The contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const BLACK = "#000000";

/** The first of white, the ink and black that reads at 4.5:1 or more on `background` (black always does on a colour white fails on). */
export function textColourOn(background: string): string {
  return [WHITE, INK].find((colour) => contrastRatio(colour, background) >= 4.5) ?? BLACK;
}
