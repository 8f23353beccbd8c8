import { describe, expect, it } from "vitest";
import { INGEST_LIMITS, IngestAuthorSchema, IngestItemSchema } from "../../domain/schemas/mention-input";
import { CSV_COLUMNS, csvRecords, csvRowToItem, EXAMPLE_CSV, parseCsv } from "./index";
import { chunked, collect, reusedBuffer } from "./test-helpers";

const TOO_LONG = "Line is too long (more than 256 KB)";
const HEADER = "external_id,text,created_at,author_username";
const parse = (input: string, chunkSize?: number) => collect(parseCsv(chunked(input, chunkSize)));
const records = (input: string, chunkSize?: number) => collect(csvRecords(chunked(input, chunkSize)));

describe("CSV_COLUMNS and EXAMPLE_CSV", () => {
  it("has a column for every field of the ingest contract, author fields flattened", () => {
    for (const key of Object.keys(IngestItemSchema.shape)) {
      if (key !== "author") expect(CSV_COLUMNS).toContain(key);
    }
    for (const key of Object.keys(IngestAuthorSchema.shape)) expect(CSV_COLUMNS).toContain(`author_${key}`);
    expect(CSV_COLUMNS).not.toContain("author");
    expect(new Set(CSV_COLUMNS).size).toBe(CSV_COLUMNS.length);
  });

  it("is a header with every column and three rows that the ingest contract accepts", async () => {
    expect(EXAMPLE_CSV.split("\r\n")[0]).toBe(CSV_COLUMNS.join(","));
    const parsed = await parse(EXAMPLE_CSV);
    expect(parsed).toHaveLength(3);
    for (const record of parsed) {
      if (!("value" in record)) throw new Error(`line ${record.line}: ${record.error}`);
      const result = IngestItemSchema.safeParse(record.value);
      expect(result.error, `line ${record.line}`).toBeUndefined();
    }
    const [post, reply, review] = parsed.map((r) => IngestItemSchema.parse("value" in r ? r.value : null));
    expect(post).toMatchObject({ network: "twitter", kind: "post", likes: 42, is_agent_reply: false });
    expect(post.text).toContain('"smart inbox"');
    expect(post.author).toMatchObject({ username: "janedoe", followers: 1830, country: "US" });
    expect(reply).toMatchObject({ kind: "reply", is_agent_reply: true, parent_external_id: post.external_id });
    expect(review).toMatchObject({ network: "trustpilot", kind: "review", rating: 3, language: "fr" });
    expect(review.text).toContain("\n");
    expect(parsed.map((r) => r.line)).toEqual([2, 3, 4]);
  });
});

describe("csvRowToItem", () => {
  it("nests author_* cells, omits empty cells, reads booleans, keeps numbers as strings, ignores unknown columns", () => {
    expect(
      csvRowToItem({
        external_id: "42",
        text: "Hello",
        created_at: "2024-05-14T09:21:00Z",
        author_username: "jane",
        author_followers: "12",
        author_name: "",
        title: "   ",
        likes: "7",
        is_agent_reply: "TRUE",
        Rating: "4",
        mood: "happy",
      }),
    ).toEqual({
      external_id: "42",
      text: "Hello",
      created_at: "2024-05-14T09:21:00Z",
      likes: "7",
      is_agent_reply: true,
      rating: "4",
      author: { username: "jane", followers: "12" },
    });
    expect(csvRowToItem({ is_agent_reply: "0" })).toEqual({ is_agent_reply: false });
    expect(csvRowToItem({ is_agent_reply: "1" })).toEqual({ is_agent_reply: true });
    expect(csvRowToItem({ is_agent_reply: "false" })).toEqual({ is_agent_reply: false });
    // Left for the schema to refuse.
    expect(csvRowToItem({ is_agent_reply: "maybe" })).toEqual({ is_agent_reply: "maybe" });
    expect(csvRowToItem({})).toEqual({});
  });
});

describe("csvRecords (RFC 4180)", () => {
  it("reads quotes, escaped quotes, commas and line breaks inside quotes, with the line each record starts on", async () => {
    const input = [
      "a,b,c",
      '1,"two, with comma","say ""hi"""',
      '2,"multi',
      "line",
      'cell",x',
      '"",,""',
      "3,last,no newline",
    ].join("\n");
    expect(await records(input)).toEqual([
      { line: 1, fields: ["a", "b", "c"] },
      { line: 2, fields: ["1", "two, with comma", 'say "hi"'] },
      { line: 3, fields: ["2", "multi\nline\ncell", "x"] },
      { line: 6, fields: ["", "", ""] },
      { line: 7, fields: ["3", "last", "no newline"] },
    ]);
  });

  it("handles CRLF, a byte order mark, blank lines and a trailing comma", async () => {
    const input = '\uFEFFa,b\r\n\r\n"x\r\ny",2\r\n  \r\n3,\r\n';
    expect(await records(input)).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 3, fields: ["x\r\ny", "2"] },
      { line: 6, fields: ["3", ""] },
    ]);
  });

  it("gives the same records whatever the chunk size, UTF-8 sequences cut included", async () => {
    const input = 'name,text\n"Zoë","日本語, 😀\n""quoted"""\nplain,Ünïcödé\n';
    const expected = [
      { line: 1, fields: ["name", "text"] },
      { line: 2, fields: ["Zoë", '日本語, 😀\n"quoted"'] },
      { line: 4, fields: ["plain", "Ünïcödé"] },
    ];
    for (const size of [1, 2, 3, 5, 1024]) expect(await records(input, size)).toEqual(expected);
    expect(await collect(csvRecords(reusedBuffer(input, 3)))).toEqual(expected);
  });

  it("reports an unclosed quote and a character after a closing quote", async () => {
    expect(await records('a,b\n"x"y,2\n3,4\n"open,5\nmore')).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, error: "Invalid CSV: unexpected character after a closing quote" },
      { line: 3, fields: ["3", "4"] },
      { line: 4, error: "Invalid CSV: a quoted field is not closed" },
    ]);
  });
});

describe("parseCsv", () => {
  const row = (id: string, text = "Hello") => `${id},${text},2024-05-14T09:21:00Z,jane`;

  it("maps rows to ingest items with their line numbers", async () => {
    const input = `${HEADER}\n${row("1")}\n\n${row("2", '"Two\nlines"')}\n${row("3")}`;
    const parsed = await parse(input);
    expect(parsed).toEqual([
      {
        line: 2,
        value: { external_id: "1", text: "Hello", created_at: "2024-05-14T09:21:00Z", author: { username: "jane" } },
      },
      {
        line: 4,
        value: {
          external_id: "2",
          text: "Two\nlines",
          created_at: "2024-05-14T09:21:00Z",
          author: { username: "jane" },
        },
      },
      {
        line: 6,
        value: { external_id: "3", text: "Hello", created_at: "2024-05-14T09:21:00Z", author: { username: "jane" } },
      },
    ]);
    for (const record of parsed)
      expect(IngestItemSchema.safeParse("value" in record && record.value).success).toBe(true);
  });

  it("matches the header case-insensitively, in any order, and ignores unknown columns", async () => {
    const input =
      " Author_Username ,MOOD,Text,External_ID,created_at,Likes\r\njane,happy,Hi,7,2024-05-14T09:21:00Z,3\r\n";
    expect(await parse(input)).toEqual([
      {
        line: 2,
        value: {
          author: { username: "jane" },
          text: "Hi",
          external_id: "7",
          created_at: "2024-05-14T09:21:00Z",
          likes: "3",
        },
      },
    ]);
  });

  it("stops with one error at line 1 when a required column is missing", async () => {
    expect(await parse(`external_id,created_at,title\n1,2024-05-14T09:21:00Z,x\n`)).toEqual([
      { line: 1, error: "Missing required columns: text, author_username" },
    ]);
    expect(await parse(`external_id,text,created_at\n1,a,2024-05-14T09:21:00Z\n`)).toEqual([
      { line: 1, error: "Missing required column: author_username" },
    ]);
    expect(await parse("")).toEqual([{ line: 1, error: "The CSV file is empty: a header row is required" }]);
  });

  it("reports a row with the wrong number of columns and continues", async () => {
    const parsed = await parse(`${HEADER}\n1,only two\n${row("2")},extra\n${row("3")}\n`);
    expect(parsed).toEqual([
      { line: 2, error: "Wrong number of columns: expected 4, found 2" },
      { line: 3, error: "Wrong number of columns: expected 4, found 5" },
      { line: 4, value: expect.objectContaining({ external_id: "3" }) },
    ]);
  });

  it("reports a record over 256 KB as too long and continues after it", async () => {
    const max = INGEST_LIMITS.lineBytesMax;
    const long = "x".repeat(max);
    const input = [
      HEADER,
      row("1", long.slice(0, max - 40)), // within the limit
      row("2", long), // unquoted, over the limit
      row("3"),
      row("4", `"${long.slice(0, max / 2)}\n${long.slice(0, max / 2)}\n"""quoted"""`), // quoted, 3 lines
      row("5"),
    ].join("\n");
    for (const size of [1000, 64 * 1024]) {
      const parsed = await parse(input, size);
      expect(parsed.map((r) => ("error" in r ? r : { line: r.line, id: r.value.external_id }))).toEqual([
        { line: 2, id: "1" },
        { line: 3, error: TOO_LONG },
        { line: 4, id: "3" },
        { line: 5, error: TOO_LONG },
        { line: 8, id: "5" },
      ]);
    }
  });

  it("streams many rows", async () => {
    const ROWS = 200_000;
    async function* generate(): AsyncGenerator<Uint8Array> {
      const encoder = new TextEncoder();
      yield encoder.encode(`${HEADER}\n`);
      for (let start = 1; start <= ROWS; start += 1000) {
        let text = "";
        for (let n = start; n < start + 1000; n++) text += `${row(String(n), `"Row ${n}, ""quoted"""`)}\r\n`;
        yield encoder.encode(text);
      }
    }
    let count = 0;
    let last = 0;
    for await (const record of parseCsv(generate())) {
      if ("error" in record) throw new Error(record.error);
      count++;
      last = record.line;
    }
    expect(count).toBe(ROWS);
    expect(last).toBe(ROWS + 1);
  });
});
