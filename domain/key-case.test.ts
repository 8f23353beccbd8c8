import { describe, expect, it } from "vitest";
import { camelCaseKeys, snakeCaseKeys, verbatim } from "./key-case";

describe("key conversion", () => {
  it("converts keys at every depth, values as they are", () => {
    expect(snakeCaseKeys({ timeZone: "UTC", contexts: [{ contextType: 1, properties: { streamIds: [2] } }] })).toEqual({
      time_zone: "UTC",
      contexts: [{ context_type: 1, properties: { stream_ids: [2] } }],
    });
    // Keys that are values (a 1–5 histogram) have nothing to convert.
    expect(camelCaseKeys({ ratings: { "1": 2, "5": 3 }, average_rating: 4 })).toEqual({ ratings: { "1": 2, "5": 3 }, averageRating: 4 });
  });

  it("leaves a verbatim part as it is, and the mark out of the JSON", () => {
    const groups = [{ type: "must", values: [{ filterType: "keywords", value: "refund" }] }];
    const body = { contextType: 6, properties: { query: "x", filters: verbatim(groups), streamIds: [1] } };
    const wire = snakeCaseKeys(body);
    expect(wire).toEqual({ context_type: 6, properties: { query: "x", filters: groups, stream_ids: [1] } });
    expect(JSON.parse(JSON.stringify(wire))).toEqual({ context_type: 6, properties: { query: "x", filters: groups, stream_ids: [1] } });
    // The marked copy, not the value given, carries the mark.
    expect(snakeCaseKeys({ filters: groups })).toEqual({ filters: [{ type: "must", values: [{ filter_type: "keywords", value: "refund" }] }] });
    expect(snakeCaseKeys(verbatim({ aB: 1 }))).toEqual({ aB: 1 });
  });
});
