import { describe, it, expect } from "vitest";
import {
  compareByName,
  compareNames,
  EMPTY_PLACEHOLDER,
  formatDate,
  formatDateTime,
  formatTemplateTime,
  initials,
  isMobileUserAgent,
  isMobileWidth,
  relativeTime,
} from "./format";

const T = "2026-03-05T14:07:09Z";

describe("compareNames", () => {
  it("orders names alphabetically, ignoring case and accents (as the lists have always shown them)", () => {
    expect(["charlie", "Émile", "Beta", "alpha", "emilia"].sort(compareNames)).toEqual(["alpha", "Beta", "charlie", "Émile", "emilia"]);
    expect(compareNames("anna", "Anna")).toBe(0);
    expect(compareNames("Émile", "emile")).toBe(0);
    expect(compareNames("Zoë", "zoe")).toBe(0);
  });

  it("orders exactly as localeCompare with the same locale and options", () => {
    const names = ["b", "A", "ä", "Z", "z", "10", "9", "é", "e", "Ω", "ß", "ss"];
    const sorted = [...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
    expect([...names].sort(compareNames)).toEqual(sorted);
  });

  it("compareByName orders records by their name the same way", () => {
    const records = [{ name: "charlie" }, { name: "Beta" }, { name: "alpha" }];
    expect(records.sort(compareByName).map((record) => record.name)).toEqual(["alpha", "Beta", "charlie"]);
  });
});

describe("formatDate", () => {
  it("formats DD MMM YYYY in UTC by default", () => {
    expect(formatDate(T)).toBe("05 Mar 2026");
    expect(formatDate(new Date(T))).toBe("05 Mar 2026");
    expect(formatDate(Date.parse(T))).toBe("05 Mar 2026");
    expect(formatDate("2026-09-30T00:00:00Z")).toBe("30 Sep 2026");
  });

  it("uses the given time zone", () => {
    expect(formatDate("2026-03-05T20:00:00Z", "Asia/Kolkata")).toBe(
      "06 Mar 2026",
    );
    expect(formatDate("2026-03-05T02:00:00Z", "America/New_York")).toBe(
      "04 Mar 2026",
    );
  });

  it("falls back to UTC for an unknown time zone", () => {
    expect(formatDate(T, "Not/AZone")).toBe("05 Mar 2026");
  });

  it("returns '-' for empty and invalid values", () => {
    for (const v of [
      null,
      undefined,
      "",
      "   ",
      "not a date",
      Number.NaN,
      new Date("x"),
    ]) {
      expect(formatDate(v)).toBe(EMPTY_PLACEHOLDER);
      expect(formatDateTime(v)).toBe("-");
      expect(formatTemplateTime(v)).toBe("-");
    }
  });
});

describe("formatDateTime", () => {
  it("formats DD MMM YYYY HH:mm:ss, 24-hour", () => {
    expect(formatDateTime(T)).toBe("05 Mar 2026 14:07:09");
    expect(formatDateTime("2026-12-31T00:00:00Z")).toBe("31 Dec 2026 00:00:00");
  });

  it("shifts into Asia/Kolkata (+05:30)", () => {
    expect(formatDateTime(T, "Asia/Kolkata")).toBe("05 Mar 2026 19:37:09");
    expect(formatDateTime("2026-03-05T20:00:00Z", "Asia/Kolkata")).toBe(
      "06 Mar 2026 01:30:00",
    );
    expect(formatDateTime("2026-03-05T18:30:00Z", "Asia/Kolkata")).toBe(
      "06 Mar 2026 00:00:00",
    );
  });
});

describe("formatTemplateTime", () => {
  it("formats HH:mm, DD/MM/YY", () => {
    expect(formatTemplateTime(T)).toBe("14:07, 05/03/26");
    expect(formatTemplateTime(T, "Asia/Kolkata")).toBe("19:37, 05/03/26");
    expect(formatTemplateTime("2009-01-02T03:04:05Z")).toBe("03:04, 02/01/09");
  });
});

describe("initials", () => {
  it("takes the first letter of the first two words, upper case", () => {
    expect(initials("ada lovelace")).toBe("AL");
    expect(initials("Grace Brewster Murray Hopper")).toBe("GB");
    expect(initials("  ada   lovelace ")).toBe("AL");
    expect(initials("Cher")).toBe("C");
    expect(initials("élodie durand")).toBe("ÉD");
  });

  it("gives 'UN' when empty", () => {
    expect(initials("")).toBe("UN");
    expect(initials("   ")).toBe("UN");
    expect(initials(null)).toBe("UN");
    expect(initials(undefined)).toBe("UN");
  });
});

describe("mobile detection", () => {
  it("recognises mobile user agents", () => {
    const mobile = [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36",
      "Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15",
      "Opera/9.80 (J2ME/MIDP; Opera Mini/9.80; U; en) Presto/2.5.25",
      "Mozilla/5.0 (compatible; MSIE 9.0; Windows Phone OS 7.5; IEMobile/9.0)",
    ];
    for (const ua of mobile) expect(isMobileUserAgent(ua)).toBe(true);
  });

  it("does not flag desktop or missing user agents", () => {
    expect(
      isMobileUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36",
      ),
    ).toBe(false);
    expect(
      isMobileUserAgent(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15",
      ),
    ).toBe(false);
    expect(isMobileUserAgent("")).toBe(false);
    expect(isMobileUserAgent(null)).toBe(false);
  });

  it("treats widths below 835 px as mobile", () => {
    expect(isMobileWidth(834)).toBe(true);
    expect(isMobileWidth(835)).toBe(false);
    expect(isMobileWidth(1280)).toBe(false);
  });
});

describe("relativeTime", () => {
  const now = new Date("2026-03-05T12:00:00Z");

  it("describes past times", () => {
    expect(relativeTime(new Date("2026-03-05T11:59:50Z"), now)).toBe(
      "just now",
    );
    expect(relativeTime("2026-03-05T11:59:00Z", now)).toBe("1 minute ago");
    expect(relativeTime("2026-03-05T11:55:00Z", now)).toBe("5 minutes ago");
    expect(relativeTime("2026-03-05T10:30:00Z", now)).toBe("1 hour ago");
    expect(relativeTime("2026-03-03T12:00:00Z", now)).toBe("2 days ago");
    expect(relativeTime("2026-02-19T12:00:00Z", now)).toBe("2 weeks ago");
    expect(relativeTime("2025-03-01T12:00:00Z", now)).toBe("1 year ago");
  });

  it("describes future times and rejects invalid ones", () => {
    expect(relativeTime("2026-03-05T14:00:00Z", now)).toBe("in 2 hours");
    expect(relativeTime("nope", now)).toBe("-");
  });
});
