import { describe, it, expect } from "vitest";
import {
  AVATAR_FALLBACK_COLORS,
  COMPARE_COLORS,
  COMPARE_COLOR_HEX,
  LAYER_COLORS,
  avatarFallbackColor,
  compareColor,
} from "./palette";

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe("palette", () => {
  it("has the 12 layer colours in the spec's order", () => {
    expect(LAYER_COLORS).toHaveLength(12);
    expect(LAYER_COLORS[0]).toBe("#FAAD14");
    expect(LAYER_COLORS[3]).toBe("#1890FF");
    expect(LAYER_COLORS[11]).toBe("#2D3D54");
  });

  it("has three compare colours with hex values", () => {
    expect(COMPARE_COLORS).toEqual(["blue", "purple", "amber"]);
    for (const c of COMPARE_COLORS)
      expect(COMPARE_COLOR_HEX[c]).toMatch(/^#[0-9A-F]{6}$/);
    expect(compareColor(0)).toBe("blue");
    expect(compareColor(4)).toBe("purple");
  });

  it("picks a stable avatar colour from the seed", () => {
    expect(avatarFallbackColor("ada@example.com")).toBe(
      avatarFallbackColor("ada@example.com"),
    );
    expect(AVATAR_FALLBACK_COLORS).toContain(avatarFallbackColor(""));
    const used = new Set(
      Array.from({ length: 64 }, (_, i) => avatarFallbackColor(`user-${i}`)),
    );
    expect(used.size).toBeGreaterThan(4);
  });

  it("keeps white initials readable (contrast ≥ 4.5)", () => {
    for (const hex of AVATAR_FALLBACK_COLORS) {
      expect(1.05 / (luminance(hex) + 0.05)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
