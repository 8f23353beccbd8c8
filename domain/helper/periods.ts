import { bucketStart, nextBucket } from "../periods";
import type { HelperPeriod } from "./plan";

// A helper period in the tenant's zone at a given moment (issue 27, ADR 042): the same calendar as the
// dashboard's (domain/periods.ts), so a link to the dashboard with the range shows the same figures.

export interface HelperRange {
  from: string;
  to: string;
}

const HOUR_MS = 3_600_000;

function shiftBack(start: string, unit: "day" | "week" | "month", tz: string): string {
  return bucketStart(new Date(Date.parse(start) - HOUR_MS).toISOString(), unit, tz);
}

/** The period's range, and the one it is compared with (the previous day, week or month, or the same length before). */
export function helperRanges(period: HelperPeriod, tz: string, now: Date): { range: HelperRange; previous: HelperRange } {
  const nowIso = now.toISOString();
  switch (period.kind) {
    case "day":
    case "week":
    case "month": {
      const current = bucketStart(nowIso, period.kind, tz);
      if (period.offset === 0) {
        const previousStart = shiftBack(current, period.kind, tz);
        // So far: this one up to the current hour, the previous one over the same length of time.
        const to = bucketStart(nowIso, "hour", tz);
        const length = Math.max(Date.parse(to) - Date.parse(current), HOUR_MS);
        const end = new Date(Date.parse(current) + length).toISOString();
        return { range: { from: current, to: end }, previous: { from: previousStart, to: new Date(Date.parse(previousStart) + length).toISOString() } };
      }
      const start = shiftBack(current, period.kind, tz);
      const before = shiftBack(start, period.kind, tz);
      return { range: { from: start, to: nextBucket(start, period.kind, tz) }, previous: { from: before, to: start } };
    }
    case "days": {
      // N calendar days ending with today, as the dashboard's "Last N days".
      const today = bucketStart(nowIso, "day", tz);
      let from = today;
      for (let i = 1; i < period.count; i++) from = shiftBack(from, "day", tz);
      const range = { from, to: nextBucket(today, "day", tz) };
      const length = Date.parse(range.to) - Date.parse(range.from);
      return { range, previous: { from: new Date(Date.parse(from) - length).toISOString(), to: from } };
    }
    case "hours": {
      const to = bucketStart(nowIso, "hour", tz);
      const from = new Date(Date.parse(to) - period.count * HOUR_MS).toISOString();
      return { range: { from, to }, previous: { from: new Date(Date.parse(from) - period.count * HOUR_MS).toISOString(), to: from } };
    }
  }
}

/** The calendar day (YYYY-MM-DD) of an instant in the zone. */
export function helperDay(instantIso: string, tz: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(instantIso));
}
