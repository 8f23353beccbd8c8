import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// ADR 027: the web client's answer types derive from the response schemas (`FromWire<typeof XResponseSchema>`),
// never written by hand. This walks every module of app/ and finds the calls of the API client
// (`api.get<T>(…)`, `context.api.post<T>(…)`, …) whose type argument spells out an object type inline
// (`{ data: X[] }`, `Array<{ id: number }>`): such a type is a hand-written answer that nothing checks.

const APP = path.resolve(__dirname, "../../app");
const CLIENT_METHODS = new Set(["get", "post", "put", "patch", "delete", "getViaPost", "upload", "download", "stream"]);

/**
 * Calls not yet moved to a derived type (answers whose routes have no list schema in domain/schemas yet),
 * per file. The count may only go down: a new inline type fails, and so does an entry left higher than
 * what the file holds, so the list shrinks as they are moved.
 */
const NOT_YET_DERIVED: Record<string, number> = {
  "lib/dashboard-widgets.server.ts": 1,
  "routes/_auth.forget-password.tsx": 1,
  "routes/_auth.reset-password.$token.tsx": 1,
  "routes/_auth.sign-up.tsx": 1,
  "routes/_shell.inbox.presence.tsx": 1,
  "routes/_shell.inbox.server.ts": 7,
  "routes/_shell.search.server.ts": 1,
  "routes/_shell.search.tsx": 2,
  "routes/_shell.settings.channels.$id.tsx": 3,
  "routes/_shell.settings.channels._index.tsx": 1,
  "routes/_shell.settings.teams.tsx": 1,
  "routes/_shell.settings.users.tsx": 1,
};

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return modules(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function hasInlineObjectType(node: ts.Node): boolean {
  return ts.isTypeLiteralNode(node) || (ts.forEachChild(node, (child) => hasInlineObjectType(child) || undefined) ?? false);
}

/** `api.get<{ … }>(…)` and the like in one module's source: the calls' texts. */
function handWrittenAnswerTypes(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      node.typeArguments?.length &&
      ts.isPropertyAccessExpression(node.expression) &&
      CLIENT_METHODS.has(node.expression.name.text) &&
      /(^|\.)api$/.test(node.expression.expression.getText(file)) &&
      node.typeArguments.some(hasInlineObjectType)
    ) {
      found.push(`${node.expression.getText(file)}<${node.typeArguments.map((t) => t.getText(file)).join(", ")}>`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("no hand-written response types in app/ (ADR 027)", () => {
  it("finds an inline answer type, and lets a derived one pass", () => {
    expect(handWrittenAnswerTypes("x.ts", 'await context.api.get<{ data: Array<{ id: number }> }>("/v1/teams");')).toHaveLength(1);
    expect(handWrittenAnswerTypes("x.ts", 'await api.post<Array<{ id: number }>>("/v1/x");')).toHaveLength(1);
    expect(handWrittenAnswerTypes("x.tsx", "await ctx.context.api.patch<{\n  pinned: boolean;\n}>(path);")).toHaveLength(1);
    expect(handWrittenAnswerTypes("x.ts", 'await context.api.get<ApiTeamList>("/v1/teams");')).toEqual([]);
    expect(handWrittenAnswerTypes("x.ts", 'await context.api.get<FromWire<typeof TeamListResponseSchema>>("/v1/teams");')).toEqual([]);
  });

  it("app/ types each API call with a type derived from a response schema", () => {
    const counts: Record<string, number> = {};
    const calls: string[] = [];
    for (const file of modules(APP)) {
      const found = handWrittenAnswerTypes(file, readFileSync(file, "utf8"));
      const relative = path.relative(APP, file).split(path.sep).join("/");
      if (found.length) counts[relative] = found.length;
      if (found.length > (NOT_YET_DERIVED[relative] ?? 0)) calls.push(...found.map((call) => `${relative}: ${call}`));
    }
    // A new hand-written answer type: derive it with FromWire<typeof XResponseSchema> instead (ADR 027).
    expect(calls).toEqual([]);
    // One moved to a derived type: lower its count above (or remove the entry).
    expect(counts).toEqual(NOT_YET_DERIVED);
  });
});
