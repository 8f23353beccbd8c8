// The secondary text colours of the theme (app/tailwind.css, ADR 034) read at WCAG AA (4.5:1) on every
// light background the product puts text on; Tailwind's own slate-400 (#90a1b9) read at 2.6:1 on white.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contrastRatio as contrast } from "./lib/contrast";

const css = fs.readFileSync(path.join(import.meta.dirname, "tailwind.css"), "utf8");
const theme = /@theme\s*{([^}]*)}/.exec(css)?.[1] ?? "";

function token(name: string): string | undefined {
  return new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})\\s*;`, "i").exec(theme)?.[1];
}

/** Tailwind's own light backgrounds (not redefined by the theme), as sRGB. */
const TAILWIND = { white: "#ffffff", "slate-50": "#f8fafc", "slate-100": "#f1f5f9", "slate-200": "#e2e8f0" };

describe("the theme's secondary text colours", () => {
  const backgrounds = (names: string[]) =>
    names.map((name) => [name, TAILWIND[name as keyof typeof TAILWIND] ?? token(name)] as const);

  it.each([
    ["slate-400", ["white", "slate-50", "slate-100", "brand-50"]],
    ["slate-500", ["white", "slate-50", "slate-100", "slate-200", "brand-50", "brand-100"]],
  ])("%s reads at 4.5:1 or more on %j", (name, on) => {
    const colour = token(name);
    expect(colour, `--color-${name} in app/tailwind.css's @theme`).toBeDefined();
    for (const [background, value] of backgrounds(on)) {
      expect(value, background).toBeDefined();
      expect(contrast(colour!, value!), `${name} ${colour} on ${background} ${value}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("Tailwind's own slate-400 would not (the reason the theme redefines it)", () => {
    expect(contrast("#90a1b9", TAILWIND.white)).toBeLessThan(3);
  });
});
