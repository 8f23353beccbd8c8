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

/** The client's own types, which describe no answer. */
const CLIENT_TYPES = new Set(["ApiClient", "ApiClientOptions", "ApiTransport"]);

/**
 * `interface ApiX { … }` and `type ApiX = { … }` (an object type spelled out anywhere in it) in one module:
 * an answer's type written by hand. A derived one names schemas and other derived types only.
 */
function handWrittenApiTypes(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isInterfaceDeclaration(statement) && !ts.isTypeAliasDeclaration(statement)) continue;
    const name = statement.name.text;
    if (!/^Api[A-Z]/.test(name) || CLIENT_TYPES.has(name)) continue;
    if (ts.isInterfaceDeclaration(statement) || hasInlineObjectType(statement.type)) found.push(name);
  }
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

  it("finds an Api* type written by hand, and lets a derived one pass", () => {
    expect(handWrittenApiTypes("x.ts", "export interface ApiTeam { id: number }")).toEqual(["ApiTeam"]);
    expect(handWrittenApiTypes("x.ts", "type ApiTeam = { id: number };")).toEqual(["ApiTeam"]);
    expect(handWrittenApiTypes("x.ts", "export type ApiRow = ApiTeam & { name?: string };")).toEqual(["ApiRow"]);
    expect(handWrittenApiTypes("x.ts", "export type ApiTeam = FromWire<typeof TeamResponseSchema>;")).toEqual([]);
    expect(handWrittenApiTypes("x.ts", 'export type ApiRow = Omit<ApiTeam, "id"> & Partial<Pick<ApiUser, "name">>;')).toEqual([]);
    expect(handWrittenApiTypes("x.ts", "export interface ApiClientOptions { baseUrl: string }")).toEqual([]);
  });

  it("app/ declares no Api* type by hand", () => {
    const found = modules(APP).flatMap((file) =>
      handWrittenApiTypes(file, readFileSync(file, "utf8")).map((name) => `${path.relative(APP, file).split(path.sep).join("/")}: ${name}`),
    );
    expect(found).toEqual([]);
  });

  it("app/ types each API call with a type derived from a response schema", () => {
    const calls: string[] = [];
    let modulesRead = 0;
    for (const file of modules(APP)) {
      modulesRead++;
      const relative = path.relative(APP, file).split(path.sep).join("/");
      calls.push(...handWrittenAnswerTypes(file, readFileSync(file, "utf8")).map((call) => `${relative}: ${call}`));
    }
    expect(modulesRead).toBeGreaterThan(100);
    // A hand-written answer type: derive it with FromWire<typeof XResponseSchema> instead (ADR 027).
    expect(calls).toEqual([]);
  });
});
