import { Readable } from "node:stream";
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { INGEST_LIMITS, IngestItemSchema } from "../../domain/schemas/mention-input";
import { parseNdjson, type ImportRecord } from "./index";
import { chunked, collect, reusedBuffer } from "./test-helpers";

const TOO_LONG = "Line is too long (more than 256 KB)";
const parse = (input: string, chunkSize?: number) => collect(parseNdjson(chunked(input, chunkSize)));

describe("parseNdjson", () => {
  it("yields one object per line with its physical line number, skipping blank lines", async () => {
    const input = '{"a":1}\n\n   \n{"b":"two"}\n{"c":[3]}\n';
    expect(await parse(input)).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 4, value: { b: "two" } },
      { line: 5, value: { c: [3] } },
    ]);
  });

  it("handles CRLF, a byte order mark and a last line without newline", async () => {
    const input = '\uFEFF{"a":"x"}\r\n\r\n{"b":"y"}\r\n{"c":"z"}';
    expect(await parse(input)).toEqual([
      { line: 1, value: { a: "x" } },
      { line: 3, value: { b: "y" } },
      { line: 4, value: { c: "z" } },
    ]);
    expect(await parse('{"only":true}')).toEqual([{ line: 1, value: { only: true } }]);
    expect(await parse("")).toEqual([]);
  });

  it("decodes UTF-8 sequences cut across chunk boundaries", async () => {
    const text = "Café 日本語 😀 Ünïcödé";
    const input = `{"text":"${text}"}\n{"text":"${text}!"}`;
    for (const size of [1, 2, 3, 5, 7]) {
      expect(await parse(input, size)).toEqual([
        { line: 1, value: { text } },
        { line: 2, value: { text: `${text}!` } },
      ]);
    }
  });

  it("copies a partial line, so a producer may reuse its buffer", async () => {
    const input = '{"text":"first line, long enough to span chunks"}\n{"text":"second"}\n';
    expect(await collect(parseNdjson(reusedBuffer(input, 7)))).toEqual([
      { line: 1, value: { text: "first line, long enough to span chunks" } },
      { line: 2, value: { text: "second" } },
    ]);
  });

  it("reports bad JSON and values that are not objects, and goes on", async () => {
    const records = await parse('{"a":1}\n{"a":\n[1,2]\n42\nnull\n"text"\n{"b":2}\n');
    expect(records[0]).toEqual({ line: 1, value: { a: 1 } });
    expect(records[1]).toMatchObject({ line: 2, error: expect.stringMatching(/^Invalid JSON: /) });
    for (const [index, line] of [3, 4, 5, 6].entries()) {
      expect(records[index + 2]).toEqual({ line, error: "Invalid record: each line must be a JSON object" });
    }
    expect(records[6]).toEqual({ line: 7, value: { b: 2 } });
    expect(records).toHaveLength(7);
  });

  it("reports a line over 256 KB as too long and continues at the next line", async () => {
    const max = INGEST_LIMITS.lineBytesMax;
    const json = (bytes: number) => `{"text":"${"x".repeat(bytes - 11)}"}`; // exactly `bytes` long
    expect(json(100)).toHaveLength(100);
    const input = [json(max), json(max + 1), '{"after":1}', json(max + 5000)].join("\r\n");
    for (const size of [1000, 64 * 1024, 1024 * 1024]) {
      const records = await parse(input, size);
      expect(records.map((r) => ("error" in r ? r : { line: r.line }))).toEqual([
        { line: 1 },
        { line: 2, error: TOO_LONG },
        { line: 3 },
        { line: 4, error: TOO_LONG },
      ]);
    }
    // A multi-byte line counts bytes, not characters.
    const wide = `{"text":"${"é".repeat(max / 2)}"}\n{"ok":1}\n`;
    expect(await parse(wide, 4096)).toEqual([
      { line: 1, error: TOO_LONG },
      { line: 2, value: { ok: 1 } },
    ]);
  });

  it("reads Node streams", async () => {
    const stream = Readable.from([Buffer.from('{"a":1}\n{"b"'), Buffer.from(":2}\n")]);
    expect(await collect(parseNdjson(stream))).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 2, value: { b: 2 } },
    ]);
  });

  it("streams a 200 MB input with bounded memory and sees every line", { timeout: 60_000 }, async () => {
    const LINES = 1_000_000;
    const padding = "Loving the new release, the dashboard is so much faster now. ".repeat(2);
    let bytes = 0;
    async function* generate(): AsyncGenerator<Uint8Array> {
      const encoder = new TextEncoder();
      const batch = 500;
      for (let start = 1; start <= LINES; start += batch) {
        let text = "";
        for (let n = start; n < start + batch && n <= LINES; n++) {
          text += `{"external_id":"m-${n}","text":"${padding}#${n}","created_at":"2024-05-14T09:21:00Z","author":{"username":"user${n % 997}"}}\n`;
        }
        const chunk = encoder.encode(text);
        bytes += chunk.length;
        yield chunk;
      }
    }
    // A full collection before each sample, so that the figure is what the parser keeps alive rather than
    // the collector's slack (which alone can reach tens of MB at this allocation rate).
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    gc();
    const before = process.memoryUsage().rss;
    let peak = before;
    let seen = 0;
    let errors = 0;
    let lastLine = 0;
    let linesInOrder = true;
    let sample: ImportRecord | undefined;
    for await (const record of parseNdjson(generate())) {
      seen++;
      if ("error" in record) errors++;
      if (record.line !== lastLine + 1) linesInOrder = false;
      lastLine = record.line;
      if (seen === 123_456) sample = record;
      if (seen % 50_000 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().rss);
      }
    }
    expect(bytes).toBeGreaterThan(200_000_000);
    expect(seen).toBe(LINES);
    expect(errors).toBe(0);
    expect(linesInOrder).toBe(true);
    expect(sample && "value" in sample && IngestItemSchema.parse(sample.value).external_id).toBe("m-123456");
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
  });
});
