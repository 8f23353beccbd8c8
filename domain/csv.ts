// A pure CSV writer for the web app (app/ cannot import services/): RFC 4180 quoting and OWASP
// CSV-injection neutralising (a cell starting with = + - @, a tab, a carriage return or any control
// character gets a leading apostrophe, so a spreadsheet reads it as text). A plain signed number
// ("-3", "+1.5", "-2e3") is data, not a formula, and stays as it is (ADR 036). The same rules as the
// API's services/analytics/csv.ts, which re-exports this module: there is one writer.

// eslint-disable-next-line no-control-regex
const DANGEROUS_START = /^[=+\-@\t\r\u0000-\u001f\u007f]/;
/** A plain decimal number, optionally signed, nothing after it: what a spreadsheet reads as a number. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Whether a text cell would be read as a formula (and so needs neutralising). */
function formulaLike(text: string): boolean {
  return DANGEROUS_START.test(text) && !PLAIN_NUMBER.test(text);
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** One cell: numbers stay as they are (a negative number is data, not a formula); formula-like text is neutralised; cells are quoted where needed. */
export function csvCell(value: unknown): string {
  let text = cellText(value);
  if (typeof value !== "number" && formulaLike(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line with its CRLF end: what a streamed CSV writes row by row (the same cells as toCsv). */
export function csvLine(row: readonly unknown[]): string {
  return row.map((cell) => csvCell(cell)).join(",") + "\r\n";
}

/** A CSV document: a header row, then the rows, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => csvLine(row)).join("");
}
