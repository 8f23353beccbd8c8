import { describe, expect, it } from "vitest";
import {
  bucketStart,
  bucketsOf,
  fixedBuckets,
  defaultInterval,
  defaultPeriod,
  intervalChoices,
  isValidTimeZone,
  isWholeHourZone,
  nextBucket,
  presetRange,
  zoneOffsetMinutes,
} from "./periods";

const from = "2026-01-01T00:00:00.000Z";
const plus = (days: number) => new Date(Date.parse(from) + days * 86_400_000).toISOString();

describe("intervals (spec §9)", () => {
  it("offers units by the range's length (first variant)", () => {
    expect(intervalChoices(from, plus(1))).toEqual(["hour"]);
    expect(intervalChoices(from, plus(2.9))).toEqual(["hour"]);
    expect(intervalChoices(from, plus(3))).toEqual(["day", "hour"]);
    expect(intervalChoices(from, plus(7))).toEqual(["day", "week"]);
    expect(intervalChoices(from, plus(30))).toEqual(["day", "week"]);
    expect(intervalChoices(from, plus(90))).toEqual(["day", "week", "month"]);
    expect(intervalChoices(from, plus(184))).toEqual(["day", "week", "month"]);
    expect(intervalChoices(from, plus(365))).toEqual(["week", "month"]);
  });
  it("picks a default unit (second variant) that is offered", () => {
    expect(defaultInterval(from, plus(0.5))).toBe("hour");
    expect(defaultInterval(from, plus(1))).toBe("hour"); // day is not offered under 3 days
    expect(defaultInterval(from, plus(3))).toBe("day");
    expect(defaultInterval(from, plus(30))).toBe("day");
    expect(defaultInterval(from, plus(90))).toBe("week");
    expect(defaultInterval(from, plus(365))).toBe("month");
    for (const days of [0.1, 1, 2, 3, 6, 7, 20, 31, 60, 184, 400]) {
      expect(intervalChoices(from, plus(days))).toContain(defaultInterval(from, plus(days)));
    }
  });
});

describe("zones", () => {
  it("validates zone names", () => {
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Europe/Paris")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidTimeZone(3)).toBe(false);
  });
  it("knows offsets and whole-hour zones", () => {
    expect(zoneOffsetMinutes("Asia/Kolkata", Date.parse(from))).toBe(330);
    expect(zoneOffsetMinutes("Europe/Paris", Date.parse(from))).toBe(60);
    expect(zoneOffsetMinutes("Europe/Paris", Date.parse("2026-07-01T00:00:00Z"))).toBe(120);
    expect(isWholeHourZone("Europe/Paris", from, plus(200))).toBe(true);
    expect(isWholeHourZone("Asia/Kolkata", from, plus(1))).toBe(false);
    expect(isWholeHourZone("UTC", from, plus(1))).toBe(true);
    // Lord Howe moves by half an hour in summer (April): a range across it is not whole-hour.
    expect(isWholeHourZone("Australia/Lord_Howe", "2026-03-01T00:00:00Z", "2026-05-01T00:00:00Z")).toBe(false);
  });
});

describe("buckets", () => {
  it("starts hours, days, Monday weeks and months in the zone", () => {
    const t = "2026-03-11T22:45:10.000Z"; // a Wednesday; 23:45 in Paris
    expect(bucketStart(t, "hour", "UTC")).toBe("2026-03-11T22:00:00.000Z");
    expect(bucketStart(t, "hour", "Asia/Kolkata")).toBe("2026-03-11T22:30:00.000Z");
    expect(bucketStart(t, "day", "UTC")).toBe("2026-03-11T00:00:00.000Z");
    expect(bucketStart(t, "day", "Europe/Paris")).toBe("2026-03-10T23:00:00.000Z");
    expect(bucketStart(t, "day", "Asia/Kolkata")).toBe("2026-03-11T18:30:00.000Z"); // 12 March local
    expect(bucketStart(t, "week", "UTC")).toBe("2026-03-09T00:00:00.000Z");
    expect(bucketStart("2026-03-08T12:00:00Z", "week", "UTC")).toBe("2026-03-02T00:00:00.000Z"); // Sunday
    expect(bucketStart(t, "month", "UTC")).toBe("2026-03-01T00:00:00.000Z");
    expect(bucketStart(t, "month", "Europe/Paris")).toBe("2026-02-28T23:00:00.000Z");
  });
  it("steps to the next bucket across a DST change", () => {
    expect(nextBucket("2026-03-11T22:00:00.000Z", "hour", "UTC")).toBe("2026-03-11T23:00:00.000Z");
    // Paris moves to summer time on 29 March 2026: that day has 23 hours.
    expect(nextBucket("2026-03-28T23:00:00.000Z", "day", "Europe/Paris")).toBe("2026-03-29T22:00:00.000Z");
    expect(nextBucket("2026-03-23T00:00:00.000Z", "week", "UTC")).toBe("2026-03-30T00:00:00.000Z");
    expect(nextBucket("2026-01-31T23:00:00.000Z", "month", "Europe/Paris")).toBe("2026-02-28T23:00:00.000Z");
    expect(nextBucket("2026-12-01T00:00:00.000Z", "month", "UTC")).toBe("2027-01-01T00:00:00.000Z");
  });
  it("lists the buckets of a range", () => {
    expect(bucketsOf("2026-03-01T00:00:00Z", "2026-03-04T00:00:00Z", "day", "UTC")).toEqual([
      "2026-03-01T00:00:00.000Z",
      "2026-03-02T00:00:00.000Z",
      "2026-03-03T00:00:00.000Z",
    ]);
  });
  it("gives fixed-length day and week buckets as arithmetic only when no offset change falls in the range", () => {
    const bucketOf = (iso: string, f: { lengthSeconds: number; shiftSeconds: number }) =>
      Math.floor((Date.parse(iso) / 1000 + f.shiftSeconds) / f.lengthSeconds);
    expect(fixedBuckets("2026-03-01T00:00:00Z", "2026-03-04T00:00:00Z", "day", "UTC")).toEqual({ lengthSeconds: 86_400, shiftSeconds: 0 });
    // Paris in winter (UTC+1): local days start at 23:00 UTC.
    const paris = fixedBuckets("2026-01-05T23:00:00Z", "2026-02-04T23:00:00Z", "day", "Europe/Paris")!;
    expect(paris).toEqual({ lengthSeconds: 86_400, shiftSeconds: 3_600 });
    expect(bucketOf("2026-01-06T22:00:00Z", paris)).toBe(bucketOf("2026-01-05T23:00:00Z", paris));
    expect(bucketOf("2026-01-06T23:00:00Z", paris)).toBe(bucketOf("2026-01-05T23:00:00Z", paris) + 1);
    // Kolkata (UTC+5:30), Monday weeks.
    const weeks = fixedBuckets("2026-01-04T18:30:00Z", "2026-03-01T18:30:00Z", "week", "Asia/Kolkata")!;
    expect(weeks.lengthSeconds).toBe(7 * 86_400);
    for (const start of bucketsOf("2026-01-04T18:30:00Z", "2026-03-01T18:30:00Z", "week", "Asia/Kolkata")) {
      expect(bucketOf(start, weeks)).toBe(bucketOf(new Date(Date.parse(start) + 7 * 86_400_000 - 3_600_000).toISOString(), weeks));
      expect(bucketOf(bucketStart(new Date(Date.parse(start) - 1).toISOString(), "week", "Asia/Kolkata"), weeks)).toBe(bucketOf(start, weeks) - 1);
    }
    // Paris moves to summer time on 29 March 2026, inside the range or in its last bucket: no fixed length.
    expect(fixedBuckets("2026-03-20T23:00:00Z", "2026-04-05T22:00:00Z", "day", "Europe/Paris")).toBeNull();
    expect(fixedBuckets("2026-03-26T23:00:00Z", "2026-03-29T05:00:00Z", "day", "Europe/Paris")).toBeNull();
    expect(fixedBuckets("2026-03-22T23:00:00Z", "2026-03-24T23:00:00Z", "week", "Europe/Paris")).toBeNull();
    expect(fixedBuckets("2026-03-01T00:00:00Z", "2026-03-04T00:00:00Z", "hour", "UTC")).toBeNull();
    expect(fixedBuckets("2026-01-01T00:00:00Z", "2026-03-01T00:00:00Z", "month", "UTC")).toBeNull();
  });
});

describe("presets", () => {
  const now = new Date("2026-03-11T22:45:10.000Z");
  it("last N full hours end at the current hour", () => {
    expect(presetRange("3h", "UTC", now)).toEqual({ from: "2026-03-11T19:00:00.000Z", to: "2026-03-11T22:00:00.000Z" });
  });
  it("yesterday is the zone's previous day", () => {
    expect(presetRange("yesterday", "UTC", now)).toEqual({ from: "2026-03-10T00:00:00.000Z", to: "2026-03-11T00:00:00.000Z" });
    expect(presetRange("yesterday", "Europe/Paris", now)).toEqual({ from: "2026-03-09T23:00:00.000Z", to: "2026-03-10T23:00:00.000Z" });
  });
  it("last N days end with today", () => {
    expect(presetRange("7d", "UTC", now)).toEqual({ from: "2026-03-05T00:00:00.000Z", to: "2026-03-12T00:00:00.000Z" });
    expect(defaultPeriod("UTC", now)).toEqual({ from: "2026-02-10T00:00:00.000Z", to: "2026-03-12T00:00:00.000Z", interval: "day" });
  });
});
