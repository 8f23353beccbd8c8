import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { importedNames, isOneOf, parameterNames, parseModule, propertyName, shortText, sourceModules, walk } from "../support/typescript-modules";

// ADR 027 on the API's side: an answer's shape is a response schema in domain/schemas/, and a handler hands
// its service's result to `toWire(XResponseSchema, result)`, the one camelCase → snake_case conversion, typed
// so the result must be the schema's camelCase twin. This walks every module of api/routes/ and finds
//  - a handler converting an answer by hand (`toSnakeCase(…)`, `snakeCaseKeys(…)`): typed loosely, nothing
//    ties the answer to its schema at compile time;
//  - a route documenting a JSON answer with a schema that is not imported (declared inline, `json(z.object(…))`,
//    or in the route module): the answer's shape then lives outside domain/schemas/, where neither the
//    services nor the web client can derive their types from it.
// Each list has an allowlist that may only shrink: a new entry fails, and so does an entry no longer found.

const API_ROUTES = path.resolve(__dirname, "../../api/routes");

/** Hand conversions still allowed ("<module>: <call>"). None is left: keep it so. */
const ALLOWED_HAND_CONVERSIONS: string[] = [];

/** JSON answers still documented with a schema of the route module ("<module>: <schema>"). None is left: keep it so. */
const ALLOWED_LOCAL_RESPONSE_SCHEMAS: string[] = [];

const HAND_CONVERSIONS = new Set(["toSnakeCase", "snakeCaseKeys"]);

/** `toSnakeCase(x)` and `snakeCaseKeys(x)` in one module: the calls' texts. */
function handConversions(fileName: string, source: string): string[] {
  const file = parseModule(fileName, source);
  const found: string[] = [];
  walk(file, (node) => {
    if (!ts.isCallExpression(node)) return;
    const callee = node.expression;
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
    if (name && HAND_CONVERSIONS.has(name)) found.push(`${name}(…)`);
  });
  return found;
}

/**
 * The JSON answers' schemas of one route module that are not imported: the first argument of `json(…)`,
 * and `schema` under an `application/json` content of `responses`. A helper of the module that forwards
 * one of its parameters (`read(path, summary, body)` → `json(body, …)`) is checked at each of its calls.
 */
function localResponseSchemas(fileName: string, source: string): string[] {
  const file = parseModule(fileName, source);
  const imported = importedNames(file);
  const found: string[] = [];
  const label = (expression: ts.Expression) => shortText(file, expression);
  const isImported = (expression: ts.Expression): boolean => isOneOf(imported, expression);

  // Helpers (module-level functions) and which of their parameters reach json() as the schema.
  const forwarding = new Map<string, number[]>();
  const checkSchema = (expression: ts.Expression, enclosingParameters: string[]) => {
    if (isImported(expression)) return;
    if (ts.isIdentifier(expression) && enclosingParameters.includes(expression.text)) return;
    found.push(label(expression));
  };

  const visit = (node: ts.Node, parameters: string[]) => {
    const own = parameterNames(node);
    const inScope = own.length ? [...parameters, ...own] : parameters;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "json" && node.arguments[0]) {
      checkSchema(node.arguments[0], inScope);
    }
    if (
      ts.isPropertyAssignment(node) &&
      propertyName(node.name) === "schema" &&
      ts.isObjectLiteralExpression(node.parent) &&
      ts.isPropertyAssignment(node.parent.parent) &&
      propertyName(node.parent.parent.name) === "application/json" &&
      insideResponses(node)
    ) {
      checkSchema(node.initializer, inScope);
    }
    ts.forEachChild(node, (child) => visit(child, inScope));
  };

  // First pass: which module-level helpers forward a parameter to json().
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (!ts.isIdentifier(declaration.name) || !init || !(ts.isArrowFunction(init) || ts.isFunctionExpression(init))) continue;
      const params = parameterNames(init);
      const forwarded = new Set<number>();
      walk(init, (node) => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "json") {
          const first = node.arguments[0];
          if (first && ts.isIdentifier(first) && params.includes(first.text)) forwarded.add(params.indexOf(first.text));
        }
      });
      if (forwarded.size) forwarding.set(declaration.name.text, [...forwarded]);
    }
  }
  visit(file, []);
  // Second: the schemas given to those helpers.
  walk(file, (node) => {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return;
    for (const index of forwarding.get(node.expression.text) ?? []) {
      const argument = node.arguments[index];
      if (argument) checkSchema(argument, []);
    }
  });
  return found;
}

function insideResponses(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isPropertyAssignment(parent) && propertyName(parent.name) === "responses") return true;
  }
  return false;
}

function scan(find: (fileName: string, source: string) => string[]): string[] {
  return sourceModules(API_ROUTES)
    .flatMap((file) => {
      const relative = path.relative(API_ROUTES, file).split(path.sep).join("/");
      return find(file, readFileSync(file, "utf8")).map((entry) => `${relative}: ${entry}`);
    })
    .sort();
}

describe("one contract per resource in the API (ADR 027)", () => {
  it("finds a hand conversion, and lets toWire pass", () => {
    expect(handConversions("x.ts", "return c.json({ data: toSnakeCase(rows) }, 200);")).toEqual(["toSnakeCase(…)"]);
    expect(handConversions("x.ts", "return c.json(keys.snakeCaseKeys(row), 200);")).toEqual(["snakeCaseKeys(…)"]);
    expect(handConversions("x.ts", "return c.json(toWire(TeamListResponseSchema, { data: teams }), 200);")).toEqual([]);
  });

  it("finds a response schema declared in the route module, and lets an imported one pass", () => {
    const imports = 'import * as z from "zod";\nimport { TeamResponseSchema } from "../../../domain/schemas/accounts";\n';
    expect(localResponseSchemas("x.ts", `${imports}createRoute({ responses: { 200: json(z.object({ id: z.number() }), "Team") } });`)).toEqual([
      "z.object({ id: z.number() })",
    ]);
    expect(localResponseSchemas("x.ts", `${imports}const Local = z.object({ id: z.number() });\ncreateRoute({ responses: { 200: json(Local, "Team") } });`)).toEqual(["Local"]);
    expect(
      localResponseSchemas(
        "x.ts",
        `${imports}createRoute({ responses: { 200: { content: { "application/json": { schema: z.array(TeamResponseSchema) }, "text/csv": { schema: z.string() } } } } });`,
      ),
    ).toEqual(["z.array(TeamResponseSchema)"]);
    expect(
      localResponseSchemas(
        "x.ts",
        `${imports}const read = (p: string, body: z.ZodType) => createRoute({ path: p, responses: { 200: json(body, "Read") } });\nexport const a = read("/a", TeamResponseSchema);\nexport const b = read("/b", z.object({}));`,
      ),
    ).toEqual(["z.object({})"]);
    expect(localResponseSchemas("x.ts", `${imports}createRoute({ request: { query: z.object({ q: z.string() }) }, responses: { 200: json(TeamResponseSchema, "Team") } });`)).toEqual([]);
  });

  it("api/routes/ converts no answer by hand", () => {
    expect(sourceModules(API_ROUTES).length).toBeGreaterThan(50);
    // A hand conversion: answer `toWire(XResponseSchema, result)` instead, the service returning
    // FromWire<typeof XResponseSchema> (ADR 027). An entry gone from the code leaves the allowlist too.
    expect(scan(handConversions)).toEqual([...ALLOWED_HAND_CONVERSIONS].sort());
  });

  it("api/routes/ documents every JSON answer with a schema of domain/schemas/", () => {
    // A schema declared in the route module: move it to domain/schemas/<resource>.ts as XResponseSchema
    // (ADR 027). An entry gone from the code leaves the allowlist too.
    expect(scan(localResponseSchemas)).toEqual([...ALLOWED_LOCAL_RESPONSE_SCHEMAS].sort());
  });
});
