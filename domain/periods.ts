// Periods and intervals of the dashboard (analytics spec §4, §9; ADR 015 "Intervals"). Pure: Intl only.
import { DEFAULT_INTERVAL, DEFAULT_PERIOD, type Interval, type PeriodPresetId, PERIOD_PRESETS } from "./dashboard";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** "1 month" of spec §9's range lengths: a range shorter than 31 days is "under 1 month". */
const MONTH_MS = 31 * DAY_MS;
/** "up to 6 months": the longest six calendar months (184 days). */
const SIX_MONTHS_MS = 184 * DAY_MS;

function lengthMs(fromIso: string, toIso: string): number {
  return Date.parse(toIso) - Date.parse(fromIso);
}

/** Spec §9 first variant: the units offered for a range's length (the API refuses any other). */
export function intervalChoices(fromIso: string, toIso: string): Interval[] {
  const ms = lengthMs(fromIso, toIso);
  if (ms < 3 * DAY_MS) return ["hour"];
  if (ms < 7 * DAY_MS) return ["day", "hour"];
  if (ms < MONTH_MS) return ["day", "week"];
  if (ms <= SIX_MONTHS_MS) return ["day", "week", "month"];
  return ["week", "month"];
}

/**
 * Spec §9 second variant: the unit used when the request names none (under 1 day hour, under 7 days
 * day, under 1 month day, up to 6 months week, beyond month). When the first variant does not offer it
 * (1 to 3 days: hours only), the first offered unit.
 */
export function defaultInterval(fromIso: string, toIso: string): Interval {
  const ms = lengthMs(fromIso, toIso);
  const wanted: Interval =
    ms < DAY_MS ? "hour" : ms < 7 * DAY_MS ? "day" : ms < MONTH_MS ? "day" : ms <= SIX_MONTHS_MS ? "week" : "month";
  const offered = intervalChoices(fromIso, toIso);
  return offered.includes(wanted) ? wanted : offered[0]!;
}

export function isValidTimeZone(tz: unknown): tz is string {
  if (typeof tz !== "string" || !tz.trim()) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(tz, f);
  }
  return f;
}

interface Wall {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The zone's wall clock at an instant, as ICU tells it (slow: a few microseconds a call). */
function wallOfIntl(ms: number, tz: string): Wall {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(tz).formatToParts(new Date(ms))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/**
 * Since 1980 every zone's offset is a whole number of minutes and changes at most once a day, on a
 * quarter of an hour (UTC). So one ICU look-up at each end of a UTC day tells the offset of the whole day
 * when they agree, and a day with a change is looked up per quarter of an hour. Bucketing a month of
 * hourly rollups asks thousands of times (ADR 017).
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const MEMO_FROM_MS = Date.UTC(1980, 0, 1);
/** tz|UTC day → the day's offset, or null when it changes that day. */
const dayOffsets = new Map<string, number | null>();
const quarterOffsets = new Map<string, number>();

function offsetIntl(tz: string, instantMs: number): number {
  const w = wallOfIntl(instantMs, tz);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / 60_000);
}

function remember<V>(memo: Map<string, V>, key: string, value: V): V {
  if (memo.size >= 100_000) memo.clear();
  memo.set(key, value);
  return value;
}

/** The zone's offset from UTC at an instant, in minutes (Asia/Kolkata +330). */
export function zoneOffsetMinutes(tz: string, instantMs: number): number {
  if (tz === "UTC") return 0;
  if (instantMs < MEMO_FROM_MS) return offsetIntl(tz, instantMs);
  const day = Math.floor(instantMs / DAY_MS);
  const dayKey = `${tz}|${day}`;
  let whole = dayOffsets.get(dayKey);
  if (whole === undefined) {
    const first = offsetIntl(tz, day * DAY_MS);
    whole = remember(dayOffsets, dayKey, first === offsetIntl(tz, (day + 1) * DAY_MS - 1000) ? first : null);
  }
  if (whole !== null) return whole;
  const quarterKey = `${tz}|${Math.floor(instantMs / QUARTER_HOUR_MS)}`;
  return quarterOffsets.get(quarterKey) ?? remember(quarterOffsets, quarterKey, offsetIntl(tz, instantMs));
}

function wallOf(ms: number, tz: string): Wall {
  if (ms < MEMO_FROM_MS) return wallOfIntl(ms, tz);
  const d = new Date(ms + zoneOffsetMinutes(tz, ms) * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** The instant at which the zone's clock shows this wall time (the later offset wins in a gap). */
function wallToInstant(w: Wall, tz: string): number {
  const naive = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  let guess = naive - zoneOffsetMinutes(tz, naive) * 60_000;
  guess = naive - zoneOffsetMinutes(tz, guess) * 60_000;
  return guess;
}

function truncateWall(w: Wall, interval: Interval): Wall {
  if (interval === "hour") return { ...w, minute: 0, second: 0 };
  if (interval === "day") return { ...w, hour: 0, minute: 0, second: 0 };
  if (interval === "month") return { ...w, day: 1, hour: 0, minute: 0, second: 0 };
  // Weeks start on Monday in the zone.
  const weekday = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay(); // 0 Sunday
  const back = (weekday + 6) % 7;
  const monday = new Date(Date.UTC(w.year, w.month - 1, w.day - back));
  return { year: monday.getUTCFullYear(), month: monday.getUTCMonth() + 1, day: monday.getUTCDate(), hour: 0, minute: 0, second: 0 };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** The start (UTC ISO instant) of the bucket of `interval` in zone `tz` that holds the instant. */
export function bucketStart(instantIso: string, interval: Interval, tz: string): string {
  const ms = Date.parse(instantIso);
  if (interval === "hour") {
    // Hours follow the zone's offset (a half-hour zone's hours start at :30 UTC).
    const offset = zoneOffsetMinutes(tz, ms) * 60_000;
    return iso(Math.floor((ms + offset) / HOUR_MS) * HOUR_MS - offset);
  }
  return iso(wallToInstant(truncateWall(wallOf(ms, tz), interval), tz));
}

/** The start of the bucket after the one starting at `bucketIso` (hour 3600 s; day, week, month on the zone's calendar). */
export function nextBucket(bucketIso: string, interval: Interval, tz: string): string {
  const ms = Date.parse(bucketIso);
  if (interval === "hour") return iso(ms + HOUR_MS);
  const w = wallOf(ms, tz);
  const step =
    interval === "day"
      ? new Date(Date.UTC(w.year, w.month - 1, w.day + 1))
      : interval === "week"
        ? new Date(Date.UTC(w.year, w.month - 1, w.day + 7))
        : new Date(Date.UTC(w.year, w.month, 1));
  const next = wallToInstant(
    { year: step.getUTCFullYear(), month: step.getUTCMonth() + 1, day: step.getUTCDate(), hour: 0, minute: 0, second: 0 },
    tz,
  );
  return iso(next);
}

/** Every bucket start of the range [from, to) in order (the first holds `from`). */
export function bucketsOf(fromIso: string, toIso: string, interval: Interval, tz: string): string[] {
  const out: string[] = [];
  const end = Date.parse(toIso);
  let b = bucketStart(fromIso, interval, tz);
  while (Date.parse(b) < end && out.length < 100_000) {
    out.push(b);
    b = nextBucket(b, interval, tz);
  }
  return out;
}

/** Buckets of one fixed length: an instant's bucket is floor((epoch seconds + shiftSeconds) / lengthSeconds). */
export interface FixedBuckets {
  lengthSeconds: number;
  shiftSeconds: number;
}

/**
 * Day and week buckets of [from, to) as plain arithmetic on the instant, when no change of the zone's
 * offset falls inside the range (every bucket, the last one whole, is exactly one day or week long), so
 * a store can group hourly rows by bucket itself and return a row per bucket instead of per hour.
 * Null otherwise (hours, months, or an offset change such as daylight saving time in the range).
 */
export function fixedBuckets(fromIso: string, toIso: string, interval: Interval, tz: string): FixedBuckets | null {
  if (interval !== "day" && interval !== "week") return null;
  const length = (interval === "day" ? 1 : 7) * DAY_MS;
  const starts = bucketsOf(fromIso, toIso, interval, tz).map((b) => Date.parse(b));
  const first = starts[0];
  const last = starts[starts.length - 1];
  if (first === undefined || last === undefined) return null;
  for (let i = 1; i < starts.length; i++) if (starts[i]! - starts[i - 1]! !== length) return null;
  if (Date.parse(nextBucket(iso(last), interval, tz)) - last !== length) return null;
  const shift = (((-first % length) + length) % length) / 1000;
  return { lengthSeconds: length / 1000, shiftSeconds: shift };
}

/** True when the zone's offset is a whole number of hours at every instant of [from, to]. */
export function isWholeHourZone(tz: string, fromIso: string, toIso: string): boolean {
  const from = Date.parse(fromIso);
  const to = Date.parse(toIso);
  if (zoneOffsetMinutes(tz, from) % 60 !== 0 || zoneOffsetMinutes(tz, to) % 60 !== 0) return false;
  // Offsets change at most a few times a year; sampling every 6 hours finds any change of offset.
  for (let t = from; t < to; t += 6 * HOUR_MS) {
    if (zoneOffsetMinutes(tz, t) % 60 !== 0) return false;
  }
  return true;
}

export interface PeriodRange {
  from: string;
  to: string;
}

/**
 * A preset's range in zone `tz` at `now`: last N full hours (ending at the start of the current hour),
 * yesterday (the zone's previous calendar day), last N days (N calendar days of the zone ending with
 * today: from the start of the day N − 1 days ago to the start of tomorrow).
 * `custom` has no range of its own and answers the default period.
 */
export function presetRange(presetId: PeriodPresetId | string, tz: string, now: Date): PeriodRange {
  const preset = PERIOD_PRESETS.find((p) => p.id === presetId && p.id !== "custom") ?? PERIOD_PRESETS.find((p) => p.id === DEFAULT_PERIOD)!;
  const nowIso = now.toISOString();
  if ("hours" in preset) {
    const to = bucketStart(nowIso, "hour", tz);
    return { from: iso(Date.parse(to) - preset.hours * HOUR_MS), to };
  }
  const today = bucketStart(nowIso, "day", tz);
  if (!("days" in preset)) return { from: previousDay(today, tz), to: today };
  let from = today;
  for (let i = 1; i < preset.days; i++) from = previousDay(from, tz);
  return { from, to: nextBucket(today, "day", tz) };
}

function previousDay(dayIso: string, tz: string): string {
  // The day before starts at the day-bucket holding an instant a little before this one.
  return bucketStart(iso(Date.parse(dayIso) - HOUR_MS), "day", tz);
}

/** The default period: last 30 days in the zone, unit day (spec §4, §9). */
export function defaultPeriod(tz: string, now: Date): PeriodRange & { interval: Interval } {
  return { ...presetRange(DEFAULT_PERIOD, tz, now), interval: DEFAULT_INTERVAL };
}

/** An instant as ISO 8601 with the zone's offset at that instant (2026-11-01T00:00:00+01:00). */
export function isoInZone(instant: string, timeZone: string): string {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) return instant;
  const offset = zoneOffsetMinutes(timeZone, ms);
  const wall = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
  if (offset === 0) return `${wall}Z`;
  const abs = Math.abs(offset);
  const sign = offset > 0 ? "+" : "-";
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
