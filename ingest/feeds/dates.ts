// Feed dates: RFC 822/2822 (RSS pubDate, with the obsolete zone names and two-digit years real feeds use)
// and ISO 8601 / RFC 3339 (Atom, dc:date). A zoneless time is taken as UTC, never as the server's local time.

// prettier-ignore
const MONTHS: Record<string, number> = {
  jan: 0, feb: 1, mar: 2, apr: 3, may: 4, jun: 5, jul: 6, aug: 7, sep: 8, oct: 9, nov: 10, dec: 11,
};

// Offsets in minutes. RFC 822 names plus the abbreviations seen in the wild; an unknown name counts as UTC.
// prettier-ignore
const ZONES: Record<string, number> = {
  UT: 0, UTC: 0, GMT: 0, Z: 0, WET: 0,
  EST: -300, EDT: -240, CST: -360, CDT: -300, MST: -420, MDT: -360, PST: -480, PDT: -420,
  AKST: -540, AKDT: -480, HST: -600, AST: -240, ADT: -180, NST: -210, NDT: -150,
  BST: 60, IST: 330, CET: 60, CEST: 120, MET: 60, MEST: 120, WEST: 60, EET: 120, EEST: 180, MSK: 180,
  SGT: 480, HKT: 480, AWST: 480, JST: 540, KST: 540, ACST: 570, AEST: 600, AEDT: 660, NZST: 720, NZDT: 780,
};

const RFC822 =
  /^(?:[A-Za-z]{2,9}\.?,?\s*)?(\d{1,2})[\s-]+([A-Za-z]{3,9})\.?[\s-]+(\d{2,4})(?:(?:\s+|T)(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(?:([A-Za-z]{1,5})|([+-])(\d{2}):?(\d{2}))?\s*(?:\([^)]*\))?$/;
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt\s](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;

function build(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms: number,
  offsetMinutes: number,
): Date | null {
  if (month < 0 || month > 11 || day < 1 || day > 31 || hour > 24 || minute > 59 || second > 60) return null;
  const time = Date.UTC(year, month, day, hour, minute, second, ms) - offsetMinutes * 60_000;
  const date = new Date(time);
  return valid(date) ? date : null;
}

function valid(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= 1900 && year <= 9999;
}

function parseRfc822(value: string): Date | null {
  const m = RFC822.exec(value);
  if (!m) return null;
  const month = MONTHS[m[2].slice(0, 3).toLowerCase()];
  if (month === undefined) return null;
  let year = Number(m[3]);
  if (m[3].length === 2) year += year < 50 ? 2000 : 1900;
  else if (m[3].length === 3) year += 1900;
  let offset = 0;
  if (m[7]) offset = ZONES[m[7].toUpperCase()] ?? 0;
  else if (m[8]) offset = (m[8] === "-" ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10]));
  return build(year, month, Number(m[1]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0), 0, offset);
}

function parseIso(value: string): Date | null {
  const m = ISO.exec(value);
  if (!m) return null;
  let offset = 0;
  if (m[9]) offset = (m[9] === "-" ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11] ?? 0));
  const ms = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  return build(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4] ?? 0),
    Number(m[5] ?? 0),
    Number(m[6] ?? 0),
    ms,
    offset,
  );
}

/** A feed date as a Date, or null when it cannot be read. */
export function parseFeedDate(value: string | null | undefined): Date | null {
  const text = value?.trim();
  if (!text || text.length > 100) return null;
  const parsed = parseIso(text) ?? parseRfc822(text);
  if (parsed) return parsed;
  // Last resort for odd but unambiguous shapes ("Tue Jun 10 2003 04:00:00 GMT+0000").
  if (!/(?:Z|GMT|UTC|[+-]\d{2}:?\d{2})\b/i.test(text)) return null;
  const fallback = new Date(text);
  return valid(fallback) ? fallback : null;
}
