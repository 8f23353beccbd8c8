// What the file-import parsers hand to the ingest pipeline, and the messages they report per line.
import { INGEST_LIMITS } from "../../domain/schemas/mention-input";

/** One record of an import file, or why that line could not be read. `line` is the 1-based physical line. */
export type ImportRecord = { line: number; value: Record<string, unknown> } | { line: number; error: string };

export type ImportBody = AsyncIterable<Uint8Array>;

// User-facing texts (candidates for domain/messages.ts).
export const IMPORT_MESSAGES = {
  lineTooLong: `Line is too long (more than ${INGEST_LIMITS.lineBytesMax / 1024} KB)`,
  invalidJson: (detail: string) => `Invalid JSON: ${detail}`,
  notAnObject: "Invalid record: each line must be a JSON object",
  csvEmpty: "The CSV file is empty: a header row is required",
  csvMissingColumns: (columns: readonly string[]) =>
    `Missing required ${columns.length === 1 ? "column" : "columns"}: ${columns.join(", ")}`,
  csvColumnCount: (expected: number, found: number) => `Wrong number of columns: expected ${expected}, found ${found}`,
  csvUnclosedQuote: "Invalid CSV: a quoted field is not closed",
  csvCharacterAfterQuote: "Invalid CSV: unexpected character after a closing quote",
} as const;
