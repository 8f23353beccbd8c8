import { describe, expect, it } from "vitest";
import { NOTIFICATION_SPLIT_THRESHOLD } from "./constants";
import { isAppPath, isUnread, splitNotificationText } from "./notifications";

describe("splitNotificationText", () => {
  it("keeps short text whole", () => {
    expect(splitNotificationText("Item assigned to you.")).toEqual({ summary: "Item assigned to you.", rest: "" });
    const exactly = "x".repeat(NOTIFICATION_SPLIT_THRESHOLD);
    expect(splitNotificationText(exactly)).toEqual({ summary: exactly, rest: "" });
  });

  it("trims the text first", () => {
    expect(splitNotificationText("  Item assigned to you.\n")).toEqual({ summary: "Item assigned to you.", rest: "" });
  });

  it("splits long text at a sentence boundary near 100 characters", () => {
    const first = "A review on Trustpilot mentioning shipping delays was assigned to your team by Ada."; // 84
    const second = "It has a negative sentiment and 3 replies so far.";
    const { summary, rest } = splitNotificationText(`${first} ${second}`);
    expect(summary).toBe(first);
    expect(rest).toBe(second);
  });

  it("keeps as many whole sentences as fit", () => {
    const sentences = ["Ada assigned you an item.", "It is from Trustpilot.", "It is negative.", "Three people replied.", "Please look at it today."];
    const { summary, rest } = splitNotificationText(sentences.join(" "));
    expect(summary).toBe(sentences.slice(0, 4).join(" "));
    expect(rest).toBe(sentences[4]);
  });

  it("ends sentences at ! and ? too, with closing quotes", () => {
    const first = `Someone asked "Is this the right place to ask about refunds?"`;
    const second = "Reply soon!";
    const third = "It has been waiting for a while now and more people are asking the same question.";
    const { summary, rest } = splitNotificationText(`${first} ${second} ${third}`);
    expect(summary).toBe(`${first} ${second}`);
    expect(rest).toBe(third);
  });

  it("does not end a sentence inside numbers, addresses or links", () => {
    const first =
      "Version 3.5 of example.com/help?topic=refunds was mentioned in /inbox?item=42 by a customer from Oslo today.";
    const second = "More follow.";
    expect(first.length).toBeGreaterThan(NOTIFICATION_SPLIT_THRESHOLD);
    expect(splitNotificationText(`${first} ${second}`)).toEqual({ summary: first, rest: second });
  });

  it("keeps one sentence a little over the threshold whole", () => {
    const sentence = `${"word ".repeat(23)}words.`; // 121 characters
    expect(splitNotificationText(sentence)).toEqual({ summary: sentence, rest: "" });
  });

  it("splits one long sentence at a word boundary", () => {
    const text = "word ".repeat(60).trim();
    const { summary, rest } = splitNotificationText(text);
    expect(summary.length).toBeLessThanOrEqual(NOTIFICATION_SPLIT_THRESHOLD);
    expect(summary.endsWith("word")).toBe(true);
    expect(`${summary} ${rest}`).toBe(text);
  });

  it("cuts text without spaces at the threshold", () => {
    const text = "a".repeat(300);
    expect(splitNotificationText(text)).toEqual({ summary: "a".repeat(100), rest: "a".repeat(200) });
  });

  it("loses nothing and keeps markup as plain characters", () => {
    const text = `<script>alert(1)</script> was posted. ${"More text follows here. ".repeat(8)}`;
    const { summary, rest } = splitNotificationText(text);
    expect(summary.startsWith("<script>alert(1)</script> was posted.")).toBe(true);
    expect(`${summary} ${rest}`).toBe(text.trim());
  });
});

describe("isAppPath", () => {
  it("accepts paths of this app", () => {
    for (const link of ["/inbox?item=42", "/settings/channels", "/"]) expect(isAppPath(link), link).toBe(true);
  });

  it("refuses anything that could leave the app or run script", () => {
    for (const link of [null, undefined, "", "inbox", "//evil.test/x", "/\\evil.test", "javascript:alert(1)", "https://evil.test/", "/a b", "/a\nb"])
      expect(isAppPath(link), String(link)).toBe(false);
  });
});

describe("isUnread", () => {
  it("is neither read nor dismissed (a stored row's 0/1 flag or the API's boolean)", () => {
    expect(isUnread({ readAt: null, dismissed: false })).toBe(true);
    expect(isUnread({ readAt: null, dismissed: 0 })).toBe(true);
    expect(isUnread({ readAt: "2026-11-28T00:00:00.000Z", dismissed: false })).toBe(false);
    expect(isUnread({ readAt: null, dismissed: 1 })).toBe(false);
  });
});
