import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import {
  backfillPercent,
  faultPosition,
  faultText,
  keywordsOf,
  stringList,
  withKeyword,
  withPendingKeyword,
} from "./format";

describe("topics screen helpers", () => {
  it("places a fault by line and column, counting from 1", () => {
    expect(faultPosition("refund AND", 7)).toEqual({ line: 1, column: 8 });
    expect(faultPosition("refund OR\n(late", 10)).toEqual({ line: 2, column: 1 });
    expect(faultPosition("a\nb\ncd", 5)).toEqual({ line: 3, column: 2 });
    expect(faultPosition("x", 0)).toEqual({ line: 1, column: 1 });
    expect(faultText("refund AND", { message: "m", offset: 7, length: 3 })).toBe(
      MESSAGES.topicsScreen.faultAt("m", 1, 8),
    );
  });

  it("adds a keyword once, trimmed, whatever its case", () => {
    expect(withKeyword(["refund"], "  money   back ")).toEqual(["refund", "money back"]);
    expect(withKeyword(["Refund"], "refund")).toEqual(["Refund"]);
    expect(withKeyword(["refund"], "   ")).toEqual(["refund"]);
  });

  it("reads the posted keyword list in order and adds the word still in the entry field", () => {
    const form = new FormData();
    form.append("name", "Refunds");
    form.append("keywords[1]", "late");
    form.append("keywords[0]", "refund");
    form.append("keyword_entry", " delay ");
    expect(keywordsOf(form)).toEqual(["refund", "late"]);
    const sent = withPendingKeyword(form);
    expect(keywordsOf(sent)).toEqual(["refund", "late", "delay"]);
    expect(sent.get("keyword_entry")).toBeNull();
    expect(sent.get("name")).toBe("Refunds");

    const already = new FormData();
    already.append("keywords[0]", "refund");
    already.append("keyword_entry", "REFUND");
    expect(keywordsOf(withPendingKeyword(already))).toEqual(["refund"]);
    const empty = new FormData();
    empty.append("keyword_entry", "  ");
    expect(withPendingKeyword(empty)).toBe(empty);
  });

  it("shows a backfill's progress as a percentage", () => {
    expect(backfillPercent({ done: 0, total: 0, finished: false })).toBe(0);
    expect(backfillPercent({ done: 500, total: 2000, finished: false })).toBe(25);
    expect(backfillPercent({ done: 0, total: 0, finished: true })).toBe(100);
    expect(stringList("a")).toEqual(["a"]);
    expect(stringList(["a", 1, "b"])).toEqual(["a", "b"]);
    expect(stringList(undefined)).toEqual([]);
  });
});
