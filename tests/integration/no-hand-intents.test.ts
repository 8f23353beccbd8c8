import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// ADR 028: a route action with several forms parses the post once, with one zod discriminated union on
// `intent` (domain/schemas/), and hands the value to that intent's handler (`readIntentForm`,
// `handleIntent`, app/lib/forms.server.ts). This walks the actions of app/routes (a route module's
// exported `action`, and every route-adjacent `*.server.ts`) and finds the hand-made kind: the form read
// a second time for its intent (`readFormData(request.clone())`), `formData.get("intent")`, and
// `if (intent === …)` / `switch (intent)` / `intent.startsWith(…)` on a variable of that name.

const ROUTES = path.resolve(__dirname, "../../app/routes");

/**
 * Actions not moved to a discriminated union, per file: the count of hand-made intent branches may only
 * go down (a new one fails, and so does an entry left higher than what the file holds). Every screen's
 * action is moved; what is left is the one exception that stays.
 */
const NOT_YET_MOVED: Record<string, number> = {
  // The import's multipart post is read as a stream: its intent field is checked before the file arrives.
  "_shell.settings.channels.$id.server.ts": 1,
};

function routeModules(): string[] {
  return readdirSync(ROUTES)
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(ROUTES, name));
}

const isIntentName = (node: ts.Node) => ts.isIdentifier(node) && node.text === "intent";

/** The hand-made intent branches of one module's action code, as their source texts. */
export function handMadeIntents(fileName: string, source: string): string[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const [first] = node.arguments;
      const method = node.expression.name.text;
      // formData.get("intent"), posted.get("intent")
      if (method === "get" && first && ts.isStringLiteral(first) && first.text === "intent") found.push(node.getText(file));
      // intent.startsWith("pick:")
      if (method === "startsWith" && isIntentName(node.expression.expression)) found.push(node.getText(file));
    }
    // readFormData(request.clone()): the post read once more, to branch before the real parse.
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "readFormData") {
      const [first] = node.arguments;
      if (first && ts.isCallExpression(first) && ts.isPropertyAccessExpression(first.expression) && first.expression.name.text === "clone") {
        found.push(node.getText(file));
      }
    }
    // intent === "save", "pin" !== intent
    if (
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(node.operatorToken.kind) &&
      (isIntentName(node.left) || isIntentName(node.right))
    ) {
      found.push(node.getText(file));
    }
    // switch (intent)
    if (ts.isSwitchStatement(node) && (isIntentName(node.expression) || (ts.isAsExpression(node.expression) && isIntentName(node.expression.expression)))) {
      found.push(`switch (${node.expression.getText(file)})`);
    }
    ts.forEachChild(node, visit);
  };
  if (fileName.endsWith(".server.ts")) {
    visit(file);
  } else {
    // A route module: its exported action only (components compare `navigation.formData` for pending state).
    for (const statement of file.statements) {
      const exported = ts.getModifiers(statement as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (exported && ts.isFunctionDeclaration(statement) && statement.name?.text === "action") visit(statement);
      if (exported && ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.name.text === "action") visit(declaration);
        }
      }
    }
  }
  return found;
}

describe("no hand-made intent branches in route actions (ADR 028)", () => {
  it("finds a hand-made branch, and lets a discriminated union's handlers pass", () => {
    const handMade = `export async function action({ request, context }) {
      const intent = (await readFormData(request.clone())).get("intent");
      if (intent === "create") return create();
      switch (intent) { case "delete": return remove(); }
      if (intent.startsWith("pick:")) return pick();
    }`;
    expect(handMadeIntents("x.tsx", handMade)).toHaveLength(5);
    expect(handMadeIntents("x.server.ts", 'export function f(formData) { return formData.get("intent") === "save"; }')).toHaveLength(1);
    const union = `export async function action({ request, context }) {
      const { intent, submission } = await readIntentForm(request, context, TeamActionSchema);
      if (submission.status !== "success") return formRefused(intent, submission);
      return handleIntent(TEAM_ACTIONS, submission.value, formHandlerContext(context, submission, intent));
    }
    function Form() { return navigation.formData?.get("intent") === "create"; }`;
    expect(handMadeIntents("x.tsx", union)).toEqual([]);
    // A handler shared by two intents may still read which one it is given.
    expect(handMadeIntents("x.server.ts", 'const send = (action) => action.intent === "reply-anyway";')).toEqual([]);
  });

  it("every route action with several forms goes through one discriminated union", () => {
    const counts: Record<string, number> = {};
    const branches: string[] = [];
    for (const file of routeModules()) {
      const found = handMadeIntents(file, readFileSync(file, "utf8"));
      const name = path.basename(file);
      if (found.length) counts[name] = found.length;
      if (found.length > (NOT_YET_MOVED[name] ?? 0)) branches.push(...found.map((text) => `${name}: ${text}`));
    }
    // A new hand-made branch: add the form to the route's discriminated union and a handler instead.
    expect(branches).toEqual([]);
    // One moved to a union: lower its count above (or remove the entry).
    expect(counts).toEqual(NOT_YET_MOVED);
  });
});
