import { describe, expect, it } from "vitest";
import { splitNotificationText } from "./notifications";

describe("splitNotificationText", () => {
  it("keeps short text whole", () => {
    expect(splitNotificationText("Item assigned to you.")).toEqual({ summary: "Item assigned to you.", rest: "" });
  });

  it("splits long text at a sentence boundary near 100 characters", () => {
    const first = "A review on Trustpilot mentioning shipping delays was assigned to your team by Ada."; // 84
    const second = "It has a negative sentiment and 3 replies so far.";
    const { summary, rest } = splitNotificationText(`${first} ${second}`);
    expect(summary).toBe(first);
    expect(rest).toBe(second);
  });

  it("splits one long sentence at a word boundary", () => {
    const text = "word ".repeat(60).trim();
    const { summary, rest } = splitNotificationText(text);
    expect(summary.length).toBeLessThanOrEqual(100);
    expect(summary.endsWith("word")).toBe(true);
    expect(`${summary} ${rest}`).toBe(text);
  });
});
