// Reading our own TypeScript as syntax, for the tests that check a convention across a folder (the
// ratchets of ADR 027: tests/integration/one-contract-in-api.test.ts, request-schemas-in-domain.test.ts).
import { readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The modules below `dir`, tests left out. */
export function sourceModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceModules(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

export function parseModule(fileName: string, source: string): ts.SourceFile {
  return ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** Visits the node and every node below it. */
export function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/** A property's name where it is written as a name or a literal. */
export function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : undefined;
}

/** A function's parameter names (for the helpers that forward a schema argument). */
export function parameterNames(node: ts.Node): string[] {
  if (!ts.isArrowFunction(node) && !ts.isFunctionExpression(node) && !ts.isFunctionDeclaration(node)) return [];
  return node.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : []));
}

/** An expression's text on one line, cut to 60 characters (an allowlist entry). */
export function shortText(file: ts.SourceFile, expression: ts.Expression): string {
  const text = expression.getText(file).replace(/\s+/g, " ");
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** Whether the expression is one of `names` or a property of one (`XSchema.shape.field`). */
export function isOneOf(names: ReadonlySet<string>, expression: ts.Expression): boolean {
  if (ts.isIdentifier(expression)) return names.has(expression.text);
  if (ts.isPropertyAccessExpression(expression)) return isOneOf(names, expression.expression);
  return false;
}

/** The names a module imports, from every module or only from those whose path `from` matches. */
export function importedNames(file: ts.SourceFile, from?: RegExp): Set<string> {
  const names = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
    if (from && !from.test((statement.moduleSpecifier as ts.StringLiteral).text)) continue;
    const clause = statement.importClause;
    if (clause.name) names.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) names.add(element.name.text);
  }
  return names;
}
