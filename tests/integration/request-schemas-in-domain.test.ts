import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { importedNames, isOneOf, parameterNames, parseModule, propertyName, shortText, sourceModules, walk } from "../support/typescript-modules";

// ADR 027 for what a client sends: a request's query string and JSON body are schemas in domain/schemas/
// (`XQuerySchema`, `XBodySchema`, or a form's shared schema), beside the resource's answers, so the web
// client can type what it builds from them (`Partial<FromWire<typeof XQuerySchema>>`) instead of a loose
// record nothing checks. This walks every module of api/routes/ and finds
//  - a route whose `request.query`, or whose JSON body's `schema`, is not a name imported from domain/:
//    declared inline (`query: z.object({ … })`, `body(z.object({ … }))`, `XSchema.partial()`) or in the
//    route module. A module's helper that forwards one of its parameters (`body(schema)` →
//    `{ content: { "application/json": { schema } } }`) is checked at each of its calls;
//  - a zod schema declared at the top of a route module that is not a path parameters' schema (used only
//    as `params`): a query schema the handler parses itself (`XQuerySchema.safeParse(…)`) belongs in
//    domain/ too. Path parameters may stay: the web builds paths as strings.
// Multipart bodies (a file is no type the document can write) and answers (one-contract-in-api.test.ts)
// are not this test's. The allowlist may only shrink: a new entry fails, and so does an entry no longer found.

const API_ROUTES = path.resolve(__dirname, "../../api/routes");

/** Request schemas still declared in a route module ("<module>: query|body|declared <schema>"). None is left: keep it so. */
const ALLOWED_LOCAL_REQUEST_SCHEMAS: string[] = [];

/** `name: value` or the shorthand `name`, as [name, value]. */
function property(node: ts.Node): [string, ts.Expression] | undefined {
  if (ts.isPropertyAssignment(node)) {
    const name = propertyName(node.name);
    return name === undefined ? undefined : [name, node.initializer];
  }
  if (ts.isShorthandPropertyAssignment(node)) return [node.name.text, node.name];
  return undefined;
}

/** Whether the node lies under a property named `name`. */
function insideProperty(node: ts.Node, name: string): boolean {
  for (let parent = node.parent; parent && !ts.isSourceFile(parent); parent = parent.parent) {
    const found = property(parent);
    if (found && found[0] === name) return true;
  }
  return false;
}

/** A zod chain: `z.object(…)`, `z.string().max(3)`, `z.looseObject(…).extend(…)`. */
function isZodChain(expression: ts.Expression): boolean {
  let current: ts.Expression = expression;
  for (;;) {
    if (ts.isCallExpression(current)) current = current.expression;
    else if (ts.isPropertyAccessExpression(current)) current = current.expression;
    else return ts.isIdentifier(current) && current.text === "z";
  }
}

/**
 * The request schemas of one route module that are not imported from domain/ (see the header), labelled
 * `query <text>`, `body <text>` or `declared <name>`.
 */
function localRequestSchemas(fileName: string, source: string): string[] {
  const file = parseModule(fileName, source);
  const imported = importedNames(file, /(^|\/)domain\//);
  const found: string[] = [];
  const label = (expression: ts.Expression) => shortText(file, expression);
  const isImported = (expression: ts.Expression): boolean => isOneOf(imported, expression);

  // Module-level helpers and which of their parameters become a query or a JSON body's schema.
  const forwarding = new Map<string, Map<number, "query" | "body">>();
  const check = (kind: "query" | "body", expression: ts.Expression, enclosing: ts.Node | undefined) => {
    if (isImported(expression)) return;
    if (enclosing && ts.isIdentifier(expression)) {
      const params = parameterNames(enclosing);
      const index = params.indexOf(expression.text);
      const helper = enclosing.parent;
      if (index >= 0 && helper && ts.isVariableDeclaration(helper) && ts.isIdentifier(helper.name)) {
        const forwarded = forwarding.get(helper.name.text) ?? new Map<number, "query" | "body">();
        forwarding.set(helper.name.text, forwarded.set(index, kind));
        return;
      }
    }
    found.push(`${kind} ${label(expression)}`);
  };

  const visit = (node: ts.Node, enclosing: ts.Node | undefined) => {
    const own = parameterNames(node).length || ts.isArrowFunction(node) || ts.isFunctionExpression(node) ? node : enclosing;
    const entry = property(node);
    if (entry && !insideProperty(node, "responses")) {
      const [name, value] = entry;
      const object = node.parent;
      // `query:` beside a route's params and body: under `request`, or in a helper that builds a request.
      const inRequest = ts.isObjectLiteralExpression(object) && (insideProperty(object, "request") || returnedByArrow(object));
      if (name === "query" && inRequest && !isZodObjectField(object)) check("query", value, own);
      // A JSON body's schema: `{ content: { "application/json": { schema } } }` outside the answers.
      if (
        name === "schema" &&
        ts.isObjectLiteralExpression(object) &&
        object.parent &&
        property(object.parent)?.[0] === "application/json" &&
        insideProperty(object, "content")
      ) {
        check("body", value, own);
      }
    }
    ts.forEachChild(node, (child) => visit(child, own));
  };
  visit(file, undefined);

  // The schemas given to the helpers that forward them.
  walk(file, (node) => {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return;
    for (const [index, kind] of forwarding.get(node.expression.text) ?? []) {
      const argument = node.arguments[index];
      if (argument) check(kind, argument, undefined);
    }
  });

  // Zod schemas declared at the top of the module: only a path parameters' schema may stay.
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer || !isZodChain(declaration.initializer)) continue;
      const name = declaration.name.text;
      const uses: ts.Identifier[] = [];
      walk(file, (node) => {
        if (ts.isIdentifier(node) && node.text === name && node !== declaration.name) uses.push(node);
      });
      const onlyParams = uses.length > 0 && uses.every((use) => property(use.parent)?.[0] === "params" && property(use.parent)?.[1] === use);
      if (!onlyParams) found.push(`declared ${name}`);
    }
  }
  return found;
}

/** `(…) => ({ query, body })`: a helper building a route's request. */
function returnedByArrow(object: ts.ObjectLiteralExpression): boolean {
  let parent = object.parent;
  while (parent && ts.isParenthesizedExpression(parent)) parent = parent.parent;
  return parent !== undefined && ts.isArrowFunction(parent);
}

/** `z.object({ query: z.string() })`: a field named query, not a route's query string. */
function isZodObjectField(object: ts.ObjectLiteralExpression): boolean {
  return ts.isCallExpression(object.parent);
}

function scan(): string[] {
  return sourceModules(API_ROUTES)
    .flatMap((file) => {
      const relative = path.relative(API_ROUTES, file).split(path.sep).join("/");
      // A schema used by several routes of the module is one entry.
      return [...new Set(localRequestSchemas(file, readFileSync(file, "utf8")))].map((entry) => `${relative}: ${entry}`);
    })
    .sort();
}

describe("request schemas in domain/ (ADR 027)", () => {
  const imports = 'import * as z from "zod";\nimport { TeamQuerySchema, TeamBodySchema } from "../../../domain/schemas/accounts";\nimport { IdParamSchema, Local } from "../../lib/schemas";\n';

  it("finds a query or a body declared inline, and lets an imported one pass", () => {
    expect(localRequestSchemas("x.ts", `${imports}createRoute({ request: { query: z.object({ q: z.string() }) } });`)).toEqual([
      "query z.object({ q: z.string() })",
    ]);
    expect(
      localRequestSchemas("x.ts", `${imports}createRoute({ request: { body: { content: { "application/json": { schema: TeamBodySchema.partial() } } } } });`),
    ).toEqual(["body TeamBodySchema.partial()"]);
    expect(
      localRequestSchemas("x.ts", `${imports}createRoute({ request: { params: IdParamSchema, query: TeamQuerySchema, body: { content: { "application/json": { schema: TeamBodySchema } } } } });`),
    ).toEqual([]);
    // A field named query inside a schema is no query string; a multipart body and an answer are not this test's.
    expect(
      localRequestSchemas(
        "x.ts",
        `${imports}createRoute({ request: { query: TeamQuerySchema, body: { content: { "multipart/form-data": { schema: z.object({}) } } } }, responses: { 200: { content: { "application/json": { schema: z.object({ query: z.string() }) } } } } });`,
      ),
    ).toEqual([]);
  });

  it("finds a schema imported from elsewhere than domain/, or declared in the module", () => {
    expect(localRequestSchemas("x.ts", `${imports}createRoute({ request: { query: Local } });`)).toEqual(["query Local"]);
    expect(
      localRequestSchemas("x.ts", `${imports}const Q = z.object({ a: z.string() });\ncreateRoute({ request: { query: Q } });`),
    ).toEqual(["query Q", "declared Q"]);
    // A schema the handler parses itself, exported from the route module.
    expect(localRequestSchemas("x.ts", `${imports}export const HandlerQuerySchema = z.object({ a: z.string() });`)).toEqual(["declared HandlerQuerySchema"]);
    // A path parameters' schema may stay.
    expect(
      localRequestSchemas("x.ts", `${imports}const P = z.object({ code: z.string() });\ncreateRoute({ request: { params: P } });`),
    ).toEqual([]);
  });

  it("checks the schemas given to a helper of the module at each call", () => {
    const helper = `${imports}const body = <T extends z.ZodType>(schema: T, required = true) => ({ content: { "application/json": { schema } }, required });\n`;
    expect(
      localRequestSchemas("x.ts", `${helper}createRoute({ request: { body: body(TeamBodySchema) } });\ncreateRoute({ request: { body: body(z.object({ ids: z.array(z.number()) }), false) } });`),
    ).toEqual(["body z.object({ ids: z.array(z.number()) })"]);
    const jsonBody = `${imports}const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });\n`;
    expect(localRequestSchemas("x.ts", `${jsonBody}createRoute({ request: jsonBody(TeamBodySchema) });`)).toEqual([]);
    expect(localRequestSchemas("x.ts", `${jsonBody}createRoute({ request: jsonBody(Local) });`)).toEqual(["body Local"]);
  });

  it("api/routes/ takes every query string and JSON body from domain/schemas/", () => {
    expect(sourceModules(API_ROUTES).length).toBeGreaterThan(50);
    // A schema declared in the route module: move it to domain/schemas/<resource>.ts as XQuerySchema or
    // XBodySchema, and type what the web client sends with it (ADR 027). An entry gone from the code leaves
    // the allowlist too.
    expect(scan()).toEqual([...ALLOWED_LOCAL_REQUEST_SCHEMAS].sort());
  });
});
