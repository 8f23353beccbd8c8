// The accessibility check of the browser journeys (ADR 034): axe-core on the page as it is on screen,
// every rule axe runs by default (WCAG 2.0–2.2 A and AA, and axe's best practices), none disabled.
// A journey fails on a violation axe rates serious or critical; moderate and minor ones are not
// failures (most are best-practice advice, e.g. a region outside a landmark).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type { AxeResults, Result } from "axe-core";

export interface AxeOptions {
  /** Only this part of the page (a CSS selector): what was just opened, say. */
  include?: string;
  /** Record the failure and let the journey go on (a loop over screens reports them all at once). */
  soft?: boolean;
}

const FAILING_IMPACTS = new Set(["serious", "critical"]);

/** At most this many offending elements are listed per rule (the count says how many there are). */
const NODES_SHOWN = 5;

/**
 * The page's serious and critical axe violations as readable lines: the rule, its impact and help,
 * then each offending element's selector, its markup and axe's explanation (e.g. the contrast ratio).
 */
export async function seriousAxeViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  const results = await analyze(page, options);
  return results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? "")).map(describe);
}

/**
 * axe runs in the page and waits on timers, which never fire in a page whose scripts are disabled (the
 * no-js project: the check would hang). There axe checks a copy: the page's document as it is now (a
 * dialog or popover open), without its script tags, served at the same address to a page with
 * scripting on, so that the same stylesheets load. The copy runs no script of the product's, and the
 * product has no <noscript> markup nor `scripting` media queries, so it is what a visitor without
 * JavaScript is shown.
 */
async function analyze(page: Page, options: AxeOptions): Promise<AxeResults> {
  // Only the violations' details are gathered: the passes' would cost most of the check's time.
  const builder = (target: Page) => {
    const axe = new AxeBuilder({ page: target }).options({ resultTypes: ["violations"] });
    return options.include ? axe.include(options.include) : axe;
  };
  if (test.info().project.use.javaScriptEnabled !== false) return builder(page).analyze();
  const html = (await page.content()).replace(SCRIPT_TAGS, "");
  const copy = await copyPageOf(page);
  const address = page.url();
  const serve = (url: URL) => url.href === address;
  await copy.route(serve, (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }));
  try {
    await copy.goto(address);
    return await builder(copy).analyze();
  } finally {
    await copy.unroute(serve);
  }
}

const SCRIPT_TAGS = /<script\b[^>]*>[\s\S]*?<\/script>|<link\b[^>]*rel="modulepreload"[^>]*>/gi;

/** One page with scripting on per checked page, in a context of its own that closes with the page's. */
const copies = new WeakMap<Page, Promise<Page>>();

function copyPageOf(page: Page): Promise<Page> {
  let copy = copies.get(page);
  if (!copy) {
    copy = (async () => {
      const context = await page.context().browser()!.newContext({
        javaScriptEnabled: true,
        viewport: page.viewportSize(),
      });
      page.context().once("close", () => void context.close());
      return context.newPage();
    })();
    copies.set(page, copy);
  }
  return copy;
}

function describe(violation: Result): string {
  const nodes = violation.nodes.slice(0, NODES_SHOWN).map((node) => {
    const summary = (node.failureSummary ?? "").replace(/\s*\n\s*/g, " ").trim();
    return `    - ${node.target.join(" ")}\n      ${node.html.replace(/\s+/g, " ").slice(0, 200)}\n      ${summary}`;
  });
  const more = violation.nodes.length > NODES_SHOWN ? [`    … and ${violation.nodes.length - NODES_SHOWN} more`] : [];
  return [
    `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length} element(s))`,
    ...nodes,
    ...more,
  ].join("\n");
}

/**
 * Fails the journey when axe finds a serious or critical violation on the page as it is now (a dialog
 * open, say), listing each.
 */
export async function expectNoSeriousAxeViolations(page: Page, label: string, options: AxeOptions = {}): Promise<void> {
  const violations = await seriousAxeViolations(page, options);
  const check = options.soft ? expect.soft : expect;
  const list = `serious or critical axe violations on ${label} (${page.url()}):\n${violations.join("\n")}\n`;
  check(violations.length, list).toBe(0);
}
