// Streaming CSV import (RFC 4180: quoted fields with "" escapes, commas and line breaks inside quotes;
// CRLF or LF). The first record is the header, matched case-insensitively against CSV_COLUMNS; every
// later record becomes an ingest item (IngestItemSchema's snake_case shape, author fields nested).
import { INGEST_LIMITS, IngestAuthorSchema, IngestItemSchema } from "../../domain/schemas/mention-input";
import { IMPORT_MESSAGES, type ImportBody, type ImportRecord } from "./records";

/** Every column the import understands: the ingest item's fields in schema order, author fields as author_*. */
export const CSV_COLUMNS: readonly string[] = Object.keys(IngestItemSchema.shape).flatMap((key) =>
  key === "author" ? Object.keys(IngestAuthorSchema.shape).map((sub) => `author_${sub}`) : [key],
);

const CSV_COLUMN_SET: ReadonlySet<string> = new Set(CSV_COLUMNS);

const CSV_REQUIRED_COLUMNS: readonly string[] = ["external_id", "text", "created_at", "author_username"];

const BOOLEAN_COLUMNS: ReadonlySet<string> = new Set(["is_agent_reply"]);
const BOOLEANS: Readonly<Record<string, boolean>> = { true: true, false: false, "1": true, "0": false };

/**
 * One CSV row (column → cell) as an ingest item: author_* cells nest under `author`, empty cells are left
 * out (so schema defaults apply), booleans read "true"/"false"/"1"/"0", numbers stay strings (the schema
 * coerces them), and unknown columns are ignored.
 */
export function csvRowToItem(row: Record<string, string>): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  const author: Record<string, unknown> = {};
  for (const [rawKey, cell] of Object.entries(row)) {
    const key = rawKey.trim().toLowerCase();
    if (typeof cell !== "string" || cell.trim() === "" || !CSV_COLUMN_SET.has(key)) continue;
    let value: unknown = cell;
    if (BOOLEAN_COLUMNS.has(key)) value = BOOLEANS[cell.trim().toLowerCase()] ?? cell;
    if (key.startsWith("author_")) author[key.slice("author_".length)] = value;
    else item[key] = value;
  }
  if (Object.keys(author).length > 0) item.author = author;
  return item;
}

/** The template served at GET /example-csv: every column, three realistic rows. */
export const EXAMPLE_CSV: string =
  [
    CSV_COLUMNS.join(","),
    exampleRow({
      network: "twitter",
      external_id: "1790000000000000001",
      kind: "post",
      text: 'Just switched to @Acme for my team\'s helpdesk and the "smart inbox" is great, honestly.',
      url: "https://twitter.com/janedoe/status/1790000000000000001",
      created_at: "2024-05-14T09:21:00Z",
      language: "en",
      author_external_id: "40021",
      author_username: "janedoe",
      author_name: "Jane Doe",
      author_followers: "1830",
      author_country: "US",
      author_profile_url: "https://twitter.com/janedoe",
      is_agent_reply: "false",
      likes: "42",
      comments: "3",
      shares: "5",
      views: "2100",
    }),
    exampleRow({
      network: "twitter",
      external_id: "1790000000000000002",
      kind: "reply",
      text: "Thanks Jane! Glad the inbox helps. Tell us if anything could be better.",
      url: "https://twitter.com/acme/status/1790000000000000002",
      created_at: "2024-05-14T09:48:30Z",
      language: "en",
      author_username: "acme",
      author_name: "Acme Support",
      author_followers: "52000",
      parent_external_id: "1790000000000000001",
      is_agent_reply: "true",
      likes: "4",
    }),
    exampleRow({
      network: "trustpilot",
      external_id: "tp-66a1f0c2",
      kind: "review",
      title: "Bon produit, livraison lente",
      text: "Le produit est très bien.\nMais la livraison a pris deux semaines, dommage.",
      url: "https://www.trustpilot.com/reviews/66a1f0c2",
      created_at: "2024-05-15T16:05:00+02:00",
      language: "fr",
      author_username: "Marie L.",
      author_country: "FR",
      is_agent_reply: "0",
      rating: "3",
    }),
  ].join("\r\n") + "\r\n";

function exampleRow(cells: Record<string, string>): string {
  return CSV_COLUMNS.map((column) => csvCell(cells[column] ?? "")).join(",");
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

// ── Tokenizer ────────────────────────────────────────────────────────────────────────────────────

export type CsvRecord = { line: number; fields: string[] } | { line: number; error: string };

const enum State {
  RecordStart,
  FieldStart,
  Unquoted,
  Quoted,
  /** A quote inside a quoted field: an escaped quote ("") or the field's end. */
  QuoteInQuoted,
}

const LF = 10;
const CR = 13;
const QUOTE = 34;
const COMMA = 44;

/**
 * Splits decoded text into records, chunk by chunk. Holds one record at most, and never more than
 * `maxBytes` (UTF-8) of it: a longer record is reported once at its first line, and reading goes on
 * after its end (quotes still respected, so a long quoted cell does not turn into bogus rows).
 */
class CsvTokenizer {
  private state = State.RecordStart;
  private line = 1;
  private recordLine = 1;
  private fields: string[] = [];
  private field = "";
  private runStart = -1;
  private bytes = 0;
  private tooLong = false;
  private sawQuote = false;
  private rowError: string | undefined;

  constructor(private readonly maxBytes: number) {}

  *push(text: string): Generator<CsvRecord> {
    this.runStart = -1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.state === State.RecordStart) {
        this.recordLine = this.line;
        this.state = State.FieldStart;
      }
      if (c !== LF || this.state === State.Quoted) {
        // UTF-8 length: a surrogate pair is 2 + 2.
        this.bytes += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3;
        if (this.bytes > this.maxBytes && !this.tooLong) {
          this.tooLong = true;
          this.fields = [];
          this.field = "";
          this.runStart = -1;
        }
      }
      switch (this.state) {
        case State.FieldStart:
          if (c === QUOTE) {
            this.state = State.Quoted;
            this.sawQuote = true;
          } else if (c === COMMA) {
            this.endField();
          } else if (c === LF) {
            yield* this.endRecord();
          } else {
            this.state = State.Unquoted;
            this.runStart = i;
          }
          break;
        case State.Unquoted:
          if (c === COMMA) {
            this.flush(text, i);
            this.endField();
            this.state = State.FieldStart;
          } else if (c === LF) {
            this.flush(text, i);
            yield* this.endRecord();
          } else if (this.runStart < 0) {
            this.runStart = i;
          }
          break;
        case State.Quoted:
          if (c === QUOTE) {
            this.flush(text, i);
            this.state = State.QuoteInQuoted;
          } else {
            if (c === LF) this.line++;
            if (this.runStart < 0) this.runStart = i;
          }
          break;
        case State.QuoteInQuoted:
          if (c === QUOTE) {
            this.append('"');
            this.state = State.Quoted;
          } else if (c === COMMA) {
            this.endField();
            this.state = State.FieldStart;
          } else if (c === LF) {
            yield* this.endRecord();
          } else if (c !== CR) {
            this.rowError ??= IMPORT_MESSAGES.csvCharacterAfterQuote;
            this.state = State.Unquoted;
            this.runStart = i;
          }
          break;
      }
    }
    this.flush(text, text.length);
  }

  *end(): Generator<CsvRecord> {
    if (this.state === State.Quoted) {
      const error = this.tooLong ? IMPORT_MESSAGES.lineTooLong : IMPORT_MESSAGES.csvUnclosedQuote;
      yield { line: this.recordLine, error };
      this.reset();
    } else if (this.state !== State.RecordStart) {
      yield* this.endRecord(false);
    }
  }

  private flush(text: string, i: number) {
    if (this.runStart >= 0) {
      this.append(text.slice(this.runStart, i));
      this.runStart = -1;
    }
  }

  private append(s: string) {
    if (!this.tooLong) this.field += s;
  }

  private endField() {
    if (!this.tooLong) this.fields.push(this.field);
    this.field = "";
  }

  private *endRecord(newline = true): Generator<CsvRecord> {
    // The CR of a CRLF ends up at the end of an unquoted last field.
    if (this.state === State.Unquoted && this.field.endsWith("\r")) this.field = this.field.slice(0, -1);
    this.endField();
    const line = this.recordLine;
    const blank = !this.sawQuote && this.fields.length === 1 && this.fields[0].trim() === "";
    if (this.tooLong) yield { line, error: IMPORT_MESSAGES.lineTooLong };
    else if (this.rowError) yield { line, error: this.rowError };
    else if (!blank) yield { line, fields: this.fields };
    this.reset();
    if (newline) this.line++;
  }

  private reset() {
    this.state = State.RecordStart;
    this.fields = [];
    this.field = "";
    this.runStart = -1;
    this.bytes = 0;
    this.tooLong = false;
    this.sawQuote = false;
    this.rowError = undefined;
  }
}

/** The records of a CSV byte stream (UTF-8, optional BOM), with the physical line each one starts on. */
export async function* csvRecords(
  body: ImportBody,
  maxBytes: number = INGEST_LIMITS.lineBytesMax,
): AsyncGenerator<CsvRecord> {
  const decoder = new TextDecoder("utf-8"); // stream mode: sequences split across chunks; drops a BOM
  const tokenizer = new CsvTokenizer(maxBytes);
  for await (const chunk of body) {
    yield* tokenizer.push(decoder.decode(chunk, { stream: true }));
  }
  yield* tokenizer.push(decoder.decode());
  yield* tokenizer.end();
}

/**
 * CSV import. The header (line 1) names the columns: matched case-insensitively, unknown ones ignored,
 * a missing required one (external_id, text, created_at, author_username) is one error and the end.
 * A row with the wrong number of cells is an error for that row; blank lines are skipped.
 */
export async function* parseCsv(body: ImportBody): AsyncGenerator<ImportRecord> {
  const decoder = new TextDecoder("utf-8");
  const tokenizer = new CsvTokenizer(INGEST_LIMITS.lineBytesMax);
  const rows = new CsvRows();
  for await (const chunk of body) {
    for (const record of tokenizer.push(decoder.decode(chunk, { stream: true }))) {
      const out = rows.next(record);
      if (out) yield out;
      if (rows.stopped) return;
    }
  }
  for (const record of [...tokenizer.push(decoder.decode()), ...tokenizer.end()]) {
    const out = rows.next(record);
    if (out) yield out;
    if (rows.stopped) return;
  }
  if (!rows.started) yield { line: 1, error: IMPORT_MESSAGES.csvEmpty };
}

/** Header first, then rows as ingest items. */
class CsvRows {
  private columns: Array<string | undefined> | undefined;
  stopped = false;

  get started(): boolean {
    return this.columns !== undefined || this.stopped;
  }

  next(record: CsvRecord): ImportRecord | undefined {
    if (!this.columns) return this.header(record);
    if ("error" in record) return record;
    if (record.fields.length !== this.columns.length) {
      return { line: record.line, error: IMPORT_MESSAGES.csvColumnCount(this.columns.length, record.fields.length) };
    }
    const row: Record<string, string> = {};
    for (let index = 0; index < record.fields.length; index++) {
      const column = this.columns[index];
      if (column) row[column] = record.fields[index];
    }
    return { line: record.line, value: csvRowToItem(row) };
  }

  private header(record: CsvRecord): ImportRecord | undefined {
    if ("error" in record) {
      this.stopped = true;
      return record;
    }
    const seen = new Set<string>();
    this.columns = record.fields.map((name) => {
      const key = name.trim().toLowerCase();
      if (!CSV_COLUMN_SET.has(key) || seen.has(key)) return undefined;
      seen.add(key);
      return key;
    });
    const missing = CSV_REQUIRED_COLUMNS.filter((column) => !seen.has(column));
    if (missing.length > 0) {
      this.stopped = true;
      return { line: record.line, error: IMPORT_MESSAGES.csvMissingColumns(missing) };
    }
    return undefined;
  }
}
