// The child of tests/integration/import-crash.test.ts: makes a tenant and an import stream in a SQLite
// file, then imports a large generated NDJSON file, printing "ACK <accepted>" after each committed batch,
// until the parent kills it. Usage: node --import tsx import-crash-child.ts <db file> <items>
import { importFile } from "../../../services/mentions/receive";
import { createSeededStreams } from "../../../services/streams/streams";
import { createTenantWithRoles } from "../../support/tenant";
import { adminActor, crashFile, openMigrated, serviceDeps } from "./import-crash";

const [file, totalArg] = process.argv.slice(2);
if (!file || !totalArg) throw new Error("usage: import-crash-child.ts <db file> <items>");

const handle = await openMigrated(file);
const deps = serviceDeps(handle);
const tenant = await createTenantWithRoles(handle.db);
const streams = await createSeededStreams(deps, tenant.businessProfileId, [
  { key: "backfill", network: "twitter", category: "streams", name: "Backfill", source: "import" },
]);
const streamId = streams.get("backfill")!.id;
const actor = adminActor(tenant.accounts.admin.id, tenant.businessProfileId);
process.stdout.write(`READY ${tenant.businessProfileId} ${streamId} ${actor.accountId}\n`);

await importFile(
  deps,
  actor,
  streamId,
  { format: "ndjson", body: crashFile(Number(totalArg)), fileName: "crash.ndjson", bytesTotal: null },
  (summary) => {
    // Written synchronously (a pipe on Linux), after the batch's transaction committed.
    process.stdout.write(`ACK ${summary.accepted}\n`);
  },
);
process.stdout.write("DONE\n");
await handle.close();
