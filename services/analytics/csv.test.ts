import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("toCsv", () => {
  it("writes a header and rows with quoting", () => {
    expect(toCsv(["key", "mentions"], [["en", 3], ['say "hi", ok', 1]])).toBe('key,mentions\r\nen,3\r\n"say ""hi"", ok",1\r\n');
  });
  it("neutralises formula cells (OWASP CSV injection)", () => {
    expect(csvCell("=SUM(A1:A2)")).toBe("'=SUM(A1:A2)");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@cmd")).toBe("'@cmd");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe("\"'\rx\"");
    expect(csvCell("\u0001x")).toBe("'\u0001x");
    expect(csvCell("plain")).toBe("plain");
  });
  it("keeps numbers as numbers, empty for null", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });
});
