import { describe, expect, it } from "vitest";
import type { NetworkId } from "../../../domain/networks";
import { groupStreamsByNetwork, ingestCurlExample, intervalLabel, pageParam, safeHttpUrl } from "./format";
import { driversText, formatWeight, sentimentName } from "../sentiment/format";

const stream = (name: string, socialType: NetworkId, pinned = false) => ({ name, socialType, pinned });

describe("groupStreamsByNetwork", () => {
  it("groups in the catalogue's network order, pinned first, then by name", () => {
    const groups = groupStreamsByNetwork([
      stream("zeta", "zendesk"),
      stream("b", "twitter"),
      stream("a", "twitter"),
      stream("c", "twitter", true),
    ]);
    expect(groups.map((g) => g.network)).toEqual(["twitter", "zendesk"]);
    expect(groups[0]!.name).toBe("X (Twitter)");
    expect(groups[0]!.shown.map((s) => s.name)).toEqual(["c", "a", "b"]);
    expect(groups[0]!.folded).toEqual([]);
  });

  it("folds a group after 15 streams (the 'show more' divider)", () => {
    const many = Array.from({ length: 18 }, (_, i) => stream(`s${String(i).padStart(2, "0")}`, "article"));
    const [group] = groupStreamsByNetwork(many);
    expect(group!.shown).toHaveLength(15);
    expect(group!.folded.map((s) => s.name)).toEqual(["s15", "s16", "s17"]);
  });

  it("has no group for a network without streams, and none at all when empty", () => {
    expect(groupStreamsByNetwork([])).toEqual([]);
  });
});

describe("sentiment wording", () => {
  it("names -1, 0 and 1 (and reads anything above 0 as positive)", () => {
    expect([-1, 0, 1, 2].map(sentimentName)).toEqual(["negative", "neutral", "positive", "positive"]);
  });

  it("writes the reasons with a true minus sign, strongest first as given", () => {
    expect(
      driversText([
        { term: "refund", weight: -1.5 },
        { term: "not working", weight: -2 },
      ]),
    ).toBe("refund (\u22121.5), not working (\u22122)");
    expect(formatWeight(2.604)).toBe("+2.6");
    expect(formatWeight(0)).toBe("0");
    expect(driversText([])).toBe("");
  });
});

describe("safeHttpUrl", () => {
  it("keeps http(s) links and drops every other scheme", () => {
    expect(safeHttpUrl("https://example.com/post/1")).toBe("https://example.com/post/1");
    expect(safeHttpUrl("javascript:alert(1)")).toBeNull();
    expect(safeHttpUrl("data:text/html,x")).toBeNull();
    expect(safeHttpUrl("not a url")).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });
});

describe("small formats", () => {
  it("curl example for the ingest API", () => {
    expect(ingestCurlExample("https://listen.example/", 7, "esk_abc")).toBe(
      "curl -X POST https://listen.example/api/v1/ingest/streams/7 \\\n  -H 'X-Ingest-Key: esk_abc' \\\n  -H 'Content-Type: application/x-ndjson' \\\n  --data-binary @mentions.ndjson",
    );
  });

  it("interval labels and page numbers", () => {
    expect(intervalLabel(900)).toBe("Every 15 minutes");
    expect(intervalLabel(1234)).toBe("Every 1234 seconds");
    expect([null, "", "0", "-2", "2.5", "abc", "3"].map(pageParam)).toEqual([1, 1, 1, 1, 1, 1, 3]);
  });
});
