// Every number an answer states comes from a tool result (issue 27, ADR 042): the numbers of a text that
// do not appear in the record of the tool results it was made from (arguments and results, compared as
// numbers, so '05' matches the 5 of '2026-03-05').
import type { ToolResult } from "./tools";

const NUMBER = /\d+(?:\.\d+)?/g;

function numbersIn(text: string): number[] {
  return (text.match(NUMBER) ?? []).map(Number);
}

export function numbersOutsideResults(text: string, results: readonly ToolResult[]): number[] {
  const known = new Set(numbersIn(JSON.stringify(results)));
  return numbersIn(text).filter((n) => !known.has(n));
}
