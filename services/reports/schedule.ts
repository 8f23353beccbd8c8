import { zoneOffsetMinutes } from "../../domain/periods";

// When an e-mail report is due (ADR 039): on each of its days (mail_frequency, 0 Sunday … 6 Saturday) at
// deliver_hour:00 on the business profile's clock. A wall time the clock skips (a daylight-saving gap)
// is taken at the later offset, as the dashboard's buckets take it.

const DAY_MS = 86_400_000;

/** The instant at which the zone's clock shows this wall time. */
function wallToInstant(year: number, month: number, day: number, hour: number, timeZone: string): number {
  const naive = Date.UTC(year, month, day, hour);
  const guess = naive - zoneOffsetMinutes(timeZone, naive) * 60_000;
  return naive - zoneOffsetMinutes(timeZone, guess) * 60_000;
}

/**
 * The first due time strictly after `after` (UTC ISO), or null when the report has no days. Looks at most
 * eight local days ahead: every weekday comes once in seven, and the eighth covers an `after` late on a
 * due day.
 */
export function nextRunAfter(
  schedule: { mailFrequency: readonly number[]; deliverHour: number },
  timeZone: string,
  after: Date,
): string | null {
  if (!schedule.mailFrequency.length) return null;
  const afterMs = after.getTime();
  const local = new Date(afterMs + zoneOffsetMinutes(timeZone, afterMs) * 60_000);
  for (let i = 0; i <= 8; i++) {
    const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) + i * DAY_MS);
    if (!schedule.mailFrequency.includes(day.getUTCDay())) continue;
    const at = wallToInstant(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), schedule.deliverHour, timeZone);
    if (at > afterMs) return new Date(at).toISOString();
  }
  return null;
}

/** The period a run covers: the `dataFrom` days that end at its due time. */
export function reportPeriod(dueAt: string, dataFrom: number): { from: string; to: string } {
  const to = Date.parse(dueAt);
  return { from: new Date(to - dataFrom * DAY_MS).toISOString(), to: new Date(to).toISOString() };
}
