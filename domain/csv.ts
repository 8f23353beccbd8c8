// A pure CSV writer for the web app (app/ cannot import services/): RFC 4180 quoting and OWASP
// CSV-injection neutralising (a cell starting with = + - @, a tab, a carriage return or any control
// character gets a leading apostrophe, so a spreadsheet reads it as text). The same rules as the API's
// services/analytics/csv.ts, which re-exports this module: there is one writer.

// eslint-disable-next-line no-control-regex
const DANGEROUS_START = /^[=+\-@\t\r\u0000-\u001f\u007f]/;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** One cell: numbers stay as they are (a negative number is data, not a formula); text is neutralised and quoted. */
export function csvCell(value: unknown): string {
  let text = cellText(value);
  if (typeof value !== "number" && DANGEROUS_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: a header row, then the rows, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map((cell) => csvCell(cell)).join(",")).join("\r\n") + "\r\n";
}
