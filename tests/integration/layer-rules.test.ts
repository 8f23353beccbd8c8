import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// docs/architecture.md's layer table is enforced by eslint.config.js; `npm test` runs eslint, so a violating
// import fails the build. These cases prove each rule bites.
const eslint = new ESLint();

async function restrictedImports(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("layer import rules", () => {
  it.each([
    ["app/routes/x.tsx", 'import "../../db/client";\n'],
    ["app/routes/x.tsx", 'import "../../services/context";\n'],
    ["app/lib/x.server.ts", 'import "../../api/app";\n'],
    ["domain/x.ts", 'import fs from "node:fs";\nexport const x = fs;\n'],
    ["domain/x.ts", 'import "../db/client";\n'],
    ["db/repositories/x.ts", 'import "../../services/context";\n'],
    ["services/x/y.ts", 'import "../../api/app";\n'],
    ["services/x/y.ts", 'import "@remix-run/node";\n'],
    ["api/routes/x/x.handlers.ts", 'import "../../../db/client";\n'],
    ["ingest/x.ts", 'import "../db/client";\n'],
    ["jobs/x.ts", 'import "../api/app";\n'],
    ["services/x/y.ts", 'import "../../server/app";\n'],
  ])("%s may not %s", async (file, source) => {
    expect(await restrictedImports(file, source)).not.toEqual([]);
  });

  it.each([
    ["app/routes/x.tsx", 'import "../../domain/messages";\n'],
    ["api/routes/x/x.handlers.ts", 'import "../../../services/context";\n'],
    ["services/x/y.ts", 'import "../../db/client";\n'],
    ["app/entry.server.tsx", 'import "react-dom/server";\n'],
    ["jobs/x.ts", 'import "../ingest/pipeline";\n'],
  ])("%s may %s", async (file, source) => {
    expect(await restrictedImports(file, source)).toEqual([]);
  });
});
