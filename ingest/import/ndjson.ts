// Streaming NDJSON: one JSON object per line, read chunk by chunk with bounded memory.
import { INGEST_LIMITS } from "../../domain/schemas/mention-input";
import { IMPORT_MESSAGES, type ImportBody, type ImportRecord } from "./records";

const LF = 0x0a;
const CR = 0x0d;

type RawLine = { line: number; text: string } | { line: number; tooLong: true };

/**
 * Splits bytes into physical lines (LF or CRLF; a last line without newline counts), holding at most one
 * partial line, and never more than `maxBytes` of it: a longer line is reported as too long and skipped.
 * Splitting on the LF byte cannot cut a UTF-8 sequence (their bytes are all ≥ 0x80), so each whole line
 * is decoded on its own; a leading byte order mark is dropped. Synchronous per chunk: one async step per
 * chunk, not per line.
 */
class LineSplitter {
  private readonly decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  private pieces: Uint8Array[] = [];
  private size = 0;
  private tooLong = false;
  private line = 1;

  constructor(private readonly maxBytes: number = INGEST_LIMITS.lineBytesMax) {}

  *push(chunk: Uint8Array): Generator<RawLine> {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(LF, start);
      if (newline === -1) {
        // The rest of the chunk begins a line that continues in the next chunk: copy it (the producer may
        // reuse its buffer), unless the line is already too long.
        const rest = chunk.length - start;
        if (rest > 0 && !this.tooLong) {
          this.size += rest;
          // (+ 1: the CR of a CRLF may be among these bytes, and does not count)
          if (this.size > this.maxBytes + 1) {
            this.tooLong = true;
            this.pieces = [];
          } else {
            this.pieces.push(chunk.slice(start));
          }
        }
        return;
      }
      const tail = chunk.subarray(start, newline);
      const last = tail.length > 0 ? tail[tail.length - 1] : this.pieces.at(-1)?.at(-1);
      const tooLong = this.tooLong || this.size + tail.length - (last === CR ? 1 : 0) > this.maxBytes;
      yield tooLong ? { line: this.line, tooLong: true } : this.emit(tail);
      this.pieces = [];
      this.size = 0;
      this.tooLong = false;
      this.line++;
      start = newline + 1;
    }
  }

  /** The last line, when the input does not end with a newline. */
  *end(): Generator<RawLine> {
    if (this.tooLong || this.size > this.maxBytes) yield { line: this.line, tooLong: true };
    else if (this.size > 0) yield this.emit(new Uint8Array(0));
    this.pieces = [];
    this.size = 0;
    this.tooLong = false;
  }

  private emit(tail: Uint8Array): RawLine {
    let bytes = tail;
    if (this.pieces.length > 0) {
      bytes = new Uint8Array(this.size + tail.length);
      let offset = 0;
      for (const piece of this.pieces) {
        bytes.set(piece, offset);
        offset += piece.length;
      }
      bytes.set(tail, offset);
    }
    let end = bytes.length;
    if (end > 0 && bytes[end - 1] === CR) end--;
    let start = 0;
    if (this.line === 1 && end >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
    return { line: this.line, text: this.decoder.decode(bytes.subarray(start, end)) };
  }
}

function toRecord(raw: RawLine): ImportRecord | undefined {
  if ("tooLong" in raw) return { line: raw.line, error: IMPORT_MESSAGES.lineTooLong };
  const text = raw.text.trim();
  if (text === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      line: raw.line,
      error: IMPORT_MESSAGES.invalidJson(error instanceof Error ? error.message : String(error)),
    };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { line: raw.line, error: IMPORT_MESSAGES.notAnObject };
  }
  return { line: raw.line, value: value as Record<string, unknown> };
}

/** NDJSON import: each non-blank line must be a JSON object. Blank lines are skipped. */
export async function* parseNdjson(body: ImportBody): AsyncGenerator<ImportRecord> {
  const splitter = new LineSplitter();
  for await (const chunk of body) {
    for (const raw of splitter.push(chunk)) {
      const record = toRecord(raw);
      if (record) yield record;
    }
  }
  for (const raw of splitter.end()) {
    const record = toRecord(raw);
    if (record) yield record;
  }
}
