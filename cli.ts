// Administration commands for an install without demo data:
//   node build/cli.js create-admin --email a@b.c --password '...' --first-name Ada --last-name Admin --business-profile "Acme"
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "./db/client";
import { migrateToLatest } from "./db/migrate";
import { readConfig } from "./server/config";
import { createWorkspace } from "./services/workspace/create-workspace";
import { rebuildAnalytics } from "./services/analytics/rebuild";
import { ROLES } from "./domain/roles";
import { PasswordSchema } from "./domain/schemas/password";
import * as z from "zod";

async function createAdmin(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string", default: "System" },
      "last-name": { type: "string", default: "Admin" },
      "business-profile": { type: "string", default: "Default" },
    },
  });
  const email = z.email().safeParse(values.email);
  if (!email.success) throw new Error("--email must be a valid e-mail address");
  const password = PasswordSchema.safeParse(values.password);
  if (!password.success) throw new Error(`--password: ${password.error.issues.map((i) => i.message).join(" ")}`);
  const config = readConfig();
  const database = openDatabase({ url: config.databaseUrl ?? path.join(config.dataDir, "app.db") });
  try {
    await migrateToLatest(database.db);
    const { businessProfile, accounts } = await createWorkspace(database.db, {
      name: values["business-profile"]!,
      members: [
        {
          role: ROLES.systemAdmin,
          email: email.data,
          password: password.data,
          firstName: values["first-name"]!,
          lastName: values["last-name"]!,
        },
      ],
    });
    process.stdout.write(
      `Created system admin ${accounts[0]!.email} (id ${accounts[0]!.id}) in business profile "${businessProfile.name}" (id ${businessProfile.id}).\n`,
    );
  } finally {
    await database.close();
  }
}

/** analytics:rebuild [--business-profile-id N]: recomputes the dashboard's rollups from the stored mentions (ADR 015). */
async function analyticsRebuild(args: string[]) {
  const { values } = parseArgs({ args, options: { "business-profile-id": { type: "string" } } });
  const raw = values["business-profile-id"];
  const id = raw === undefined ? undefined : Number(raw);
  if (id !== undefined && (!Number.isInteger(id) || id <= 0)) throw new Error("--business-profile-id must be a positive integer");
  const config = readConfig();
  const database = openDatabase({ url: config.databaseUrl ?? path.join(config.dataDir, "app.db") });
  try {
    await migrateToLatest(database.db);
    const started = Date.now();
    const ids = await rebuildAnalytics(database.db, id);
    process.stdout.write(`Rebuilt the analytics rollups of ${ids.length} business profile(s) in ${Date.now() - started} ms.\n`);
  } finally {
    await database.close();
  }
}

const [command, ...rest] = process.argv.slice(2);
const commands: Record<string, (args: string[]) => Promise<void>> = { "create-admin": createAdmin, "analytics:rebuild": analyticsRebuild };
const run = command ? commands[command] : undefined;
if (!run) {
  process.stderr.write(
    "Usage: node build/cli.js create-admin --email EMAIL --password PASSWORD [--first-name F] [--last-name L] [--business-profile NAME]\n" +
      "       node build/cli.js analytics:rebuild [--business-profile-id ID]\n",
  );
  process.exit(2);
}
run(rest).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
