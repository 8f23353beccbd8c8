import fs from "node:fs";
import { createRequire } from "node:module";
import { matchPath, matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

// @remix-run/router is patched (patches/, ADR 018) to keep a route table's ranked branches and each
// pattern's compiled expression instead of making them again on every request. These check that the
// install applied the patch and that matching still answers as the unpatched router does.
const require = createRequire(import.meta.url);

describe("the patched route matching", () => {
  it("is the patched build of @remix-run/router that the server loads", () => {
    const source = fs.readFileSync(require.resolve("@remix-run/router"), "utf8");
    expect(source).toContain("rankedBranchesCache");
    expect(source).toContain("compilePathUncached");
  });

  const routes: AgnosticRouteObject[] = [
    {
      id: "root",
      path: "/",
      children: [
        { id: "index", index: true },
        { id: "inbox", path: "inbox", children: [{ id: "inbox-index", index: true }, { id: "draft", path: "draft" }] },
        { id: "settings", path: "account/settings/:section" },
        { id: "shared", path: "dashboard/shared/*" },
        { id: "exact", path: "Case", caseSensitive: true },
      ],
    },
  ];
  const ids = (pathname: string) => matchRoutes(routes, pathname)?.map((m) => m.route.id) ?? null;

  it("matches the same table again and again, each address to its own routes", () => {
    for (let round = 0; round < 3; round++) {
      expect(ids("/")).toEqual(["root", "index"]);
      expect(ids("/inbox")).toEqual(["root", "inbox", "inbox-index"]);
      expect(ids("/inbox/draft")).toEqual(["root", "inbox", "draft"]);
      expect(matchRoutes(routes, "/account/settings/sso")?.at(-1)?.params).toEqual({ section: "sso" });
      expect(matchRoutes(routes, "/dashboard/shared/a/b")?.at(-1)?.params).toEqual({ "*": "a/b" });
      expect(ids("/nowhere")).toBeNull();
    }
  });

  it("keeps case-sensitive and partial patterns apart from the others", () => {
    expect(ids("/Case")).toEqual(["root", "exact"]);
    expect(ids("/case")).toBeNull();
    expect(matchPath({ path: "/inbox", end: false }, "/inbox/draft")?.pathnameBase).toBe("/inbox");
    expect(matchPath({ path: "/inbox", end: true }, "/inbox/draft")).toBeNull();
    expect(matchPath({ path: "/Inbox", caseSensitive: false }, "/inbox")).not.toBeNull();
    expect(matchPath({ path: "/Inbox", caseSensitive: true }, "/inbox")).toBeNull();
  });

  it("ranks a table again when it is a new one", () => {
    const other: AgnosticRouteObject[] = [{ id: "other", path: "/inbox" }];
    expect(matchRoutes(other, "/inbox")?.map((m) => m.route.id)).toEqual(["other"]);
    expect(ids("/inbox")).toEqual(["root", "inbox", "inbox-index"]);
  });
});
