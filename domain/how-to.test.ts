import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOW_TO_SECTIONS, HOW_TO_SHORTCUTS, networkSourceRows, QUERY_EXAMPLES, QUERY_MISTAKES, sourceGuides } from "./how-to";
import { NETWORKS } from "./networks";
import { lintQuery } from "./query/lint";
import { parseQuery } from "./query/parse";
import { ROLES } from "./roles";
import { STREAM_SOURCES } from "./streams";

describe("the How To guide", () => {
  it("shows only queries the linter accepts as examples", () => {
    for (const example of QUERY_EXAMPLES) {
      expect(lintQuery(example.query), example.query).toEqual([]);
      expect(parseQuery(example.query).ast, example.query).not.toBeNull();
    }
  });

  it("shows each mistake with the message the linter gives for it, and a fix the linter accepts when it is a query", () => {
    for (const mistake of QUERY_MISTAKES) {
      expect(lintQuery(mistake.query).map((f) => f.message), mistake.query).toContain(mistake.message);
    }
    for (const fix of ['"late delivery"', "late AND delivery", "fund*", '"e-mail"', "refund~1", "refund~2", "(refund OR chargeback) AND app", "refund OR chargeback"]) {
      expect(lintQuery(fix), fix).toEqual([]);
    }
  });

  it("lists the inbox's shortcuts, each of which the inbox's key handler implements", () => {
    const handler = fs.readFileSync(path.resolve("app/components/inbox/shortcuts.tsx"), "utf8");
    const handled = [...handler.matchAll(/case "(.)":/g)].map((m) => m[1]);
    expect(HOW_TO_SHORTCUTS.map((s) => s.key).sort()).toEqual([...new Set(handled)].sort());
  });

  it("covers every way mentions arrive and every network a role may connect (one network is the system admin's)", () => {
    expect(sourceGuides().map((g) => g.source)).toEqual([...STREAM_SOURCES]);
    expect(networkSourceRows(ROLES.systemAdmin)).toHaveLength(NETWORKS.length);
    expect(networkSourceRows(ROLES.admin).map((r) => r.id)).not.toContain("wixan");
    expect(networkSourceRows(ROLES.admin).find((r) => r.id === "zendesk")?.sources).toEqual(["Webhook", "Ingest API", "File import (CSV / NDJSON)"]);
  });

  it("has unique anchors", () => {
    expect(new Set(HOW_TO_SECTIONS.map((s) => s.id)).size).toBe(HOW_TO_SECTIONS.length);
  });
});
