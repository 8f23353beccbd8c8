import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csvCell", () => {
  it("neutralises cells that a spreadsheet would read as formulas", () => {
    expect(csvCell("=1+2")).toBe("'=1+2");
    expect(csvCell("+1+cmd|' /C calc'!A0")).toBe("'+1+cmd|' /C calc'!A0");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("-1 ")).toBe("\"'-1 \"");
    expect(csvCell("+13.28%")).toBe("'+13.28%");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe("\"'\rx\"");
    expect(csvCell("\u0001x")).toBe("'\u0001x");
  });
  it("keeps plain numbers as they are, signed ones and numbers written as text too (ADR 036)", () => {
    expect(csvCell("-1")).toBe("-1");
    expect(csvCell("+1")).toBe("+1");
    expect(csvCell("-13.28")).toBe("-13.28");
    expect(csvCell("+0.5")).toBe("+0.5");
    expect(csvCell("-.5")).toBe("-.5");
    expect(csvCell("-2e3")).toBe("-2e3");
    expect(csvCell(-0.1328)).toBe("-0.1328");
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
