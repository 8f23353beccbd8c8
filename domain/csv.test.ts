import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csvCell", () => {
  it("neutralises cells that a spreadsheet would read as formulas", () => {
    expect(csvCell("=1+2")).toBe("'=1+2");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe("\"'\rx\"");
    expect(csvCell("\u0001x")).toBe("'\u0001x");
  });
  it("keeps numbers, even negative ones, and quotes separators", () => {
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell(null)).toBe("");
  });
  it("writes a header and CRLF rows", () => {
    expect(toCsv(["a", "b"], [[1, "=x"]])).toBe("a,b\r\n1,'=x\r\n");
  });
});
