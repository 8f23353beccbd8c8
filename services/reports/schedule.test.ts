import { describe, expect, it } from "vitest";
import { nextRunAfter, reportPeriod } from "./schedule";

// The due times of a report (ADR 039): its days at deliver_hour on the business profile's clock.
describe("nextRunAfter", () => {
  const mondaysAndThursdays = { mailFrequency: [1, 4], deliverHour: 8 };

  it("takes the next listed weekday at deliver_hour in the zone", () => {
    // Sunday 2026-11-29 12:00 UTC → Monday 30th 08:00 in Berlin (UTC+1) = 07:00 UTC.
    expect(nextRunAfter(mondaysAndThursdays, "Europe/Berlin", new Date("2026-11-29T12:00:00Z"))).toBe("2026-11-30T07:00:00.000Z");
    // Exactly at a due time: the next one (Thursday).
    expect(nextRunAfter(mondaysAndThursdays, "Europe/Berlin", new Date("2026-11-30T07:00:00Z"))).toBe("2026-12-03T07:00:00.000Z");
  });

  it("counts the day in the zone, not in UTC", () => {
    // Sunday 23:30 UTC is already Monday 08:30 in Tokyo: past Monday's 08:00, so Thursday.
    expect(nextRunAfter(mondaysAndThursdays, "Asia/Tokyo", new Date("2026-11-29T23:30:00Z"))).toBe("2026-12-02T23:00:00.000Z");
    // New York, Sunday 22:00 local (Monday 03:00 UTC) → Monday 08:00 local = 13:00 UTC.
    expect(nextRunAfter(mondaysAndThursdays, "America/New_York", new Date("2026-11-30T03:00:00Z"))).toBe("2026-11-30T13:00:00.000Z");
  });

  it("follows daylight saving: 08:00 stays 08:00 on the clock", () => {
    // Berlin moves to UTC+2 on Sunday 2027-03-28: Monday 29th 08:00 is 06:00 UTC.
    expect(nextRunAfter({ mailFrequency: [1], deliverHour: 8 }, "Europe/Berlin", new Date("2027-03-27T12:00:00Z"))).toBe("2027-03-29T06:00:00.000Z");
  });

  it("a single weekday comes back a week later; no days, no run", () => {
    expect(nextRunAfter({ mailFrequency: [0], deliverHour: 0 }, "UTC", new Date("2026-11-29T00:00:00Z"))).toBe("2026-12-06T00:00:00.000Z");
    expect(nextRunAfter({ mailFrequency: [], deliverHour: 0 }, "UTC", new Date("2026-11-29T00:00:00Z"))).toBeNull();
  });
});

describe("reportPeriod", () => {
  it("covers data_from days ending at the due time", () => {
    expect(reportPeriod("2026-11-30T07:00:00.000Z", 7)).toEqual({ from: "2026-11-23T07:00:00.000Z", to: "2026-11-30T07:00:00.000Z" });
  });
});
