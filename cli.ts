// Administration commands for an install (see server/commands.ts and the usage text):
//   node build/cli.js create-admin --email a@b.c --password '...' --business-profile "Acme"         (that workspace's admin)
//   node build/cli.js create-system-admin --email ops@b.c --password '...' --business-profile "Ops" (install-wide, for the operator)
import { COMMANDS, USAGE } from "./server/commands";

const [command, ...rest] = process.argv.slice(2);
const run = command ? COMMANDS[command] : undefined;
if (!run) {
  process.stderr.write(USAGE);
  process.exit(2);
}
run(rest, { write: (text) => process.stdout.write(text) }).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
