import { describe, expect, it } from "vitest";
import {
  buildSidebar,
  byPinThenName,
  canDropInto,
  draftSearchParams,
  highlightSegments,
  joinDefinition,
  pageCount,
  searchReturnPath,
  sortOption,
  splitDefinition,
  teamsSummary,
  toFormGroups,
  toSearchMention,
} from "./format";

const folder = (id: number, name: string, category: "brand" | "my" | "team", pinned = false) => ({
  id,
  name,
  category,
  pinned,
  editable: true,
});
const item = (id: number, name: string, category: "brand" | "my" | "team", folderId: number | null, pinned = false) => ({
  id,
  name,
  category,
  folderId,
  pinned,
  editable: true,
});

describe("the sidebar", () => {
  it("orders pinned first, then by name whatever the case", () => {
    const names = [
      { name: "beta", pinned: false },
      { name: "Alpha", pinned: false },
      { name: "charlie", pinned: true },
      { name: "alpha", pinned: false },
    ]
      .sort(byPinThenName)
      .map((x) => x.name);
    // Names equal but for case keep one stable order (the locale's: lower case first).
    expect(names).toEqual(["charlie", "alpha", "Alpha", "beta"]);
  });

  it("puts searches in their folders, per section; a search whose folder is not visible sits at the top level", () => {
    const sections = buildSidebar(
      [folder(1, "Zoo", "my"), folder(2, "apes", "my", true), folder(3, "Brand", "brand")],
      [item(10, "b", "my", 1), item(11, "A", "my", 1), item(12, "top", "my", null), item(13, "lost", "my", 99), item(14, "x", "team", null)],
    );
    expect(sections.map((s) => [s.category, s.title])).toEqual([
      ["brand", "BRAND SEARCHES"],
      ["my", "MY SEARCHES"],
      ["team", "TEAM SEARCHES"],
    ]);
    const my = sections[1]!;
    expect(my.folders.map((f) => f.name)).toEqual(["apes", "Zoo"]);
    expect(my.folders[1]!.items.map((i) => i.name)).toEqual(["A", "b"]);
    expect(my.items.map((i) => i.name)).toEqual(["lost", "top"]);
    expect(sections[2]!.items.map((i) => i.name)).toEqual(["x"]);
  });

  it("filters by name: a matching folder keeps all its searches, another one only the matching ones", () => {
    const folders = [folder(1, "Refunds", "my"), folder(2, "Other", "my"), folder(3, "Empty", "my")];
    const items = [item(10, "late", "my", 1), item(11, "late refund", "my", 2), item(12, "noise", "my", 2), item(13, "REFUND top", "my", null)];
    const my = buildSidebar(folders, items, " refund ")[1]!;
    expect(my.folders.map((f) => [f.name, f.items.map((i) => i.name)])).toEqual([
      ["Other", ["late refund"]],
      ["Refunds", ["late"]],
    ]);
    expect(my.items.map((i) => i.name)).toEqual(["REFUND top"]);
  });

  it("drops only within the section and into another folder", () => {
    const dragged = { category: "my" as const, folderId: 1 };
    expect(canDropInto(dragged, { category: "my", folderId: 2 })).toBe(true);
    expect(canDropInto(dragged, { category: "my", folderId: null })).toBe(true);
    expect(canDropInto(dragged, { category: "my", folderId: 1 })).toBe(false);
    expect(canDropInto(dragged, { category: "brand", folderId: 3 })).toBe(false);
  });
});

describe("the editor's definition", () => {
  const stored = [
    { type: "must" as const, values: [{ filterType: "networks" as const, value: "reddit" }] },
    { type: "must" as const, values: [{ filterType: "keywords" as const, value: "refund OR late" }] },
    { type: "must-not" as const, values: [{ filterType: "sentiment" as const, value: -1 }] },
  ];

  it("splits the main query (the first must group of one keywords value) from the other groups", () => {
    const { query, extra } = splitDefinition(toFormGroups(stored));
    expect(query).toBe("refund OR late");
    expect(extra).toEqual([
      { type: "must", values: [{ filterType: "networks", value: "reddit" }] },
      { type: "must-not", values: [{ filterType: "sentiment", value: "-1" }] },
    ]);
    expect(joinDefinition(query, extra)[0]).toEqual({ type: "must", values: [{ filterType: "keywords", value: "refund OR late" }] });
  });

  it("has no main query when no group is one", () => {
    expect(splitDefinition(toFormGroups([stored[0]!]))).toEqual({ query: "", extra: toFormGroups([stored[0]!]) });
  });

  it("keeps a draft in the URL: the query, the groups when there are some, a sort other than the default", () => {
    expect(draftSearchParams("a OR b", [], "engagements").toString()).toBe("q=a+OR+b");
    const params = draftSearchParams("a", [stored[0]!], "shares");
    expect(JSON.parse(params.get("groups")!)).toEqual([stored[0]]);
    expect(params.get("sort")).toBe("shares");
  });
});

describe("sorting and paging", () => {
  it("offers the five sort options, total engagements by default", () => {
    expect(sortOption(null)).toMatchObject({ key: "engagements", orderBy: "counts.total_engagements" });
    expect(sortOption("shares").orderBy).toBe("counts.shares");
    expect(sortOption("followers").orderBy).toBe("author.followers");
    expect(sortOption("reach").orderBy).toBe("reach_score");
    expect(sortOption("nonsense").key).toBe("engagements");
  });

  it("counts pages of 15", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(15)).toBe(1);
    expect(pageCount(16)).toBe(2);
  });
});

describe("faults marked in the query", () => {
  it("cuts the text into plain and faulty runs", () => {
    expect(highlightSegments("*refund OR late delivery AND", [
      { offset: 0, length: 1 },
      { offset: 11, length: 13 },
      { offset: 25, length: 3 },
    ])).toEqual([
      { kind: "fault", text: "*" },
      { kind: "text", text: "refund OR " },
      { kind: "fault", text: "late delivery" },
      { kind: "text", text: " " },
      { kind: "fault", text: "AND" },
    ]);
  });

  it("marks a fault of length 0 between two characters, and keeps offsets beyond the text inside it", () => {
    expect(highlightSegments("a OR b", [{ offset: 2, length: 0 }])).toEqual([
      { kind: "text", text: "a " },
      { kind: "marker" },
      { kind: "text", text: "OR b" },
    ]);
    expect(highlightSegments("a OR", [{ offset: 4, length: 0 }, { offset: 99, length: 5 }])).toEqual([
      { kind: "text", text: "a OR" },
      { kind: "marker" },
    ]);
  });

  it("counts in UTF-16 units, as the textarea does", () => {
    expect(highlightSegments("😀 x", [{ offset: 3, length: 1 }])).toEqual([
      { kind: "text", text: "😀 " },
      { kind: "fault", text: "x" },
    ]);
  });
});

describe("small helpers", () => {
  it("summarises the chosen teams: placeholder, the name, or 'N chosen'", () => {
    expect(teamsSummary([])).toBe("Select teams");
    expect(teamsSummary(["Support"])).toBe("Support");
    expect(teamsSummary(["Support", "Sales", "Ops"])).toBe("3 chosen");
  });

  it("returns only to /search paths", () => {
    expect(searchReturnPath("/search/12?filter=a")).toBe("/search/12?filter=a");
    expect(searchReturnPath("/search")).toBe("/search");
    expect(searchReturnPath("//evil.example/search")).toBe("/search");
    expect(searchReturnPath("/searches")).toBe("/search");
    expect(searchReturnPath("/search\\x")).toBe("/search");
    expect(searchReturnPath(null, "/search/3")).toBe("/search/3");
  });
});

describe("mentions for the results list", () => {
  it("are text and safe links, with the metrics the sort options use", () => {
    const mention = toSearchMention(
      {
        id: 7,
        socialType: "reddit",
        title: null,
        description: "Refund <b>now</b>",
        postUrl: "javascript:alert(1)",
        language: "en",
        sentiment: -1,
        authorUsername: "pat",
        authorName: "Pat",
        authorFollowers: 1200,
        counts: { likes: 1, comments: 2, shares: 3, views: 4, totalEngagements: 6 },
        reach: 10.6,
        createdAt: "2024-05-01T10:00:00.000Z",
      },
      "UTC",
    );
    expect(mention).toMatchObject({
      network: "reddit",
      author: "Pat",
      language: "English",
      sentiment: "negative",
      text: "Refund <b>now</b>",
      url: null,
      metrics: { shares: 3, comments: 2, followers: 1200, engagements: 6, reach: 11 },
    });
  });
});
