import { describe, expect, it } from "vitest";
import {
  canonicalInboxAddress,
  feedItemsQuery,
  inboxHref,
  inboxHrefWith,
  inboxPane,
  inboxReturnPath,
  neighbourItem,
  parseInboxView,
  parseSource,
  sourceParam,
  sourcesPaneHref,
  withoutBlankNewLabels,
} from "./params";
import { parseWithZod } from "@conform-to/zod/v4";
import { SetLabelsFormSchema } from "../../../domain/schemas/inbox";

const view = (search: string) => parseInboxView(new URLSearchParams(search));

describe("the inbox view in the address", () => {
  it("reads every part and writes it back the same way (defaults left out)", () => {
    const search =
      "source=stream-12&network=twitter&network=reddit&sentiment=negative&state=1&state=2&assignee=team%3A4&label=7&language=es&replied=0&sort=engagement&order=asc&page=3&item=42";
    const parsed = view(search);
    expect(parsed).toEqual({
      source: { type: "stream", id: 12 },
      filters: {
        networks: ["twitter", "reddit"],
        sentiments: ["negative"],
        states: [1, 2],
        assignee: "team:4",
        labelIds: [7],
        languages: ["es"],
        replied: "0",
      },
      sort: "engagement",
      order: "asc",
      page: 3,
      item: 42,
    });
    expect(inboxHref(parsed)).toBe(`/inbox?${search}`);
    expect(inboxHref(view(""))).toBe("/inbox");
  });

  it("drops what it does not know instead of failing", () => {
    const parsed = view("source=stream-x&network=myspace&sentiment=angry&state=9&assignee=boss&label=-1&language=E5&replied=2&sort=likes&page=0&item=abc");
    expect(parsed).toEqual(view(""));
  });

  it("knows every source and its parameter", () => {
    for (const value of ["assigned", "stream-1", "search-22", "label-333"]) expect(sourceParam(parseSource(value))).toBe(value);
    expect(parseSource(null)).toEqual({ type: "all" });
    expect(parseSource("stream-0")).toEqual({ type: "all" });
    expect(sourceParam({ type: "all" })).toBeNull();
  });

  it("a new source, filter or sort starts at page 1; the open item stays unless changed", () => {
    const current = view("source=label-3&page=4&item=9");
    expect(inboxHrefWith(current, { source: { type: "assigned" } })).toBe("/inbox?source=assigned&item=9");
    expect(inboxHrefWith(current, { filters: { states: [3] } })).toBe("/inbox?source=label-3&state=3&item=9");
    expect(inboxHrefWith(current, { item: 10 })).toBe("/inbox?source=label-3&page=4&item=10");
    expect(inboxHrefWith(current, { item: null, page: 5 })).toBe("/inbox?source=label-3&page=5");
  });
});

describe("the API's parameters of a view (ADR 014)", () => {
  it("source, filters as lists, sort, order and the page's offset", () => {
    expect(feedItemsQuery(view("source=search-5&network=twitter&network=ios&sentiment=positive&sentiment=negative&state=3&assignee=me&label=2&label=8&language=en&replied=1&sort=engagement&page=2"))).toEqual({
      sourceType: "search",
      sourceId: 5,
      socialType: ["twitter", "ios"],
      sentiments: [1, -1],
      states: [3],
      assignee: "me",
      labelIds: [2, 8],
      languages: ["en"],
      isReplied: "1",
      sortBy: "engagement",
      order: "desc",
      offset: 15,
      limit: 15,
    });
    expect(feedItemsQuery(view(""))).toEqual({ sourceType: "all", sortBy: "created_at", order: "desc", offset: 0, limit: 15 });
  });
});

describe("j and k", () => {
  it("move to the next and previous item of the page, from nothing to the first (j) or the last (k)", () => {
    const ids = [5, 8, 13];
    expect(neighbourItem(ids, null, 1)).toBe(5);
    expect(neighbourItem(ids, null, -1)).toBe(13);
    expect(neighbourItem(ids, 5, 1)).toBe(8);
    expect(neighbourItem(ids, 8, -1)).toBe(5);
    expect(neighbourItem(ids, 13, 1)).toBeNull();
    expect(neighbourItem(ids, 5, -1)).toBeNull();
    expect(neighbourItem(ids, 99, 1)).toBe(5);
    expect(neighbourItem([], null, 1)).toBeNull();
  });
});

describe("return paths", () => {
  it("only inbox addresses of this site", () => {
    expect(inboxReturnPath("/inbox?item=3")).toBe("/inbox?item=3");
    expect(inboxReturnPath("/inbox")).toBe("/inbox");
    // A query value is not a host: this stays a path of the site.
    expect(inboxReturnPath("/inbox?x=//evil")).toBe("/inbox?x=//evil");
    for (const bad of ["https://evil.example/inbox", "//evil.example", "/inboxes", "/inbox\\..", "/.//inbox", "/inbox/..//evil.example", 42, null]) {
      expect(inboxReturnPath(bad)).toBe("/inbox");
    }
  });
});

describe("one address per view", () => {
  const canonical = (search: string) => canonicalInboxAddress(new URL(`http://x/inbox${search}`));
  it("drops empty values and defaults, orders the view's parameters, keeps the others", () => {
    expect(canonical("?source=stream-3&sentiment=negative&assignee=&language=&replied=&sort=created_at&order=desc")).toBe(
      "/inbox?source=stream-3&sentiment=negative",
    );
    expect(canonical("?label=2&assignee=me&item=5&dialog=templates&mode=select")).toBe("/inbox?assignee=me&label=2&item=5&dialog=templates&mode=select");
    expect(canonical("?sort=created_at")).toBe("/inbox");
    expect(canonical("?order=desc&item=5&_routes=routes%2F_shell.inbox._index")).toBe("/inbox?item=5");
  });
  it("leaves an address that already is the shortest alone", () => {
    for (const search of ["", "?source=assigned", "?sentiment=negative&sort=engagement&item=4", "?item=5&dialog=shortcuts", "?item=5&_routes=routes%2F_shell.inbox._index"]) {
      expect(canonical(search), search).toBeNull();
    }
  });
});

describe("the label picker's form", () => {
  const form = (entries: Array<[string, string]>) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  };
  it("ticks alone (a blank new label) are a valid choice, and so is nothing at all", () => {
    const parse = (entries: Array<[string, string]>) => parseWithZod(withoutBlankNewLabels(form(entries)), { schema: SetLabelsFormSchema });
    expect(parse([["label_ids", "3"], ["label_ids", "5"], ["new_labels", "  "]])).toMatchObject({ status: "success", value: { label_ids: [3, 5], new_labels: [] } });
    expect(parse([["new_labels", ""]])).toMatchObject({ status: "success", value: { label_ids: [], new_labels: [] } });
    expect(parse([["label_ids", "3"], ["new_labels", "Vip, vip,Bug"]])).toMatchObject({ status: "success", value: { label_ids: [3], new_labels: ["Vip", "Bug"] } });
  });
});

describe("the pane a narrow screen shows (ADR 033)", () => {
  const pane = (search: string) => inboxPane(new URLSearchParams(search));

  it("is the item when the address opens one, the sources with pane=sources, the list otherwise", () => {
    expect(pane("source=stream-3&item=42")).toBe("item");
    expect(pane("item=42&pane=sources")).toBe("item");
    expect(pane("source=stream-3&pane=sources")).toBe("sources");
    expect(pane("source=stream-3")).toBe("list");
    expect(pane("item=abc&pane=other")).toBe("list");
  });

  it("links to the sources from the view's list: the open item is left, filters and page kept", () => {
    const view = parseInboxView(new URLSearchParams("source=label-2&state=1&page=3&item=9"));
    expect(sourcesPaneHref(view)).toBe("/inbox?source=label-2&state=1&page=3&pane=sources");
    expect(sourcesPaneHref(parseInboxView(new URLSearchParams("")))).toBe("/inbox?pane=sources");
  });
});
