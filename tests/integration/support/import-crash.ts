// Shared by tests/integration/import-crash.test.ts and the child process it kills mid-import: the same
// database wiring and the same generated NDJSON file, so the parent can resume the child's import.
import { openDatabase, type DatabaseHandle } from "../../../db/client";
import { migrateToLatest } from "../../../db/migrate";
import { defaultPermissionsForRole } from "../../../domain/permissions";
import { ROLES } from "../../../domain/roles";
import { createIngestPorts } from "../../../ingest";
import type { Actor, ServiceDeps } from "../../../services/context";

/** Every DUPLICATE_EVERY-th line repeats an earlier item (same external id), as real exports do. */
export const DUPLICATE_EVERY = 97;
const DUPLICATE_BACK = 50;

export function distinctItems(total: number): number {
  return total - Math.floor(total / DUPLICATE_EVERY);
}

function line(id: number): string {
  return `${JSON.stringify({
    external_id: `crash-${id}`,
    kind: "post",
    text: `Order ${id}: the delivery was late again and support did not answer, please fix this`,
    created_at: new Date(Date.UTC(2024, 0, 1) + id * 1000).toISOString(),
    author: { username: `buyer${id % 3000}`, followers: id % 500 },
    likes: id % 5,
  })}\n`;
}

/** The file, produced lazily in chunks of 100 lines. */
export async function* crashFile(total: number): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  let chunk = "";
  for (let n = 1; n <= total; n++) {
    chunk += line(n % DUPLICATE_EVERY === 0 ? n - DUPLICATE_BACK : n);
    if (n % 100 === 0 || n === total) {
      yield encoder.encode(chunk);
      chunk = "";
    }
  }
}

export async function openMigrated(file: string): Promise<DatabaseHandle> {
  const handle = openDatabase({ url: file });
  await migrateToLatest(handle.db);
  return handle;
}

/** The caller closes `ingest` (the enrichment worker) when done. */
export function serviceDeps(handle: DatabaseHandle): ServiceDeps {
  return {
    db: handle.db,
    now: () => new Date(),
    mailer: { send: async () => undefined },
    settings: { publicUrl: "http://localhost:3000", productName: "Earshot" },
    // As the server runs it: enrichment on a worker thread, overlapping with storage.
    ingest: createIngestPorts({ enrichInWorker: true }),
  };
}

export function adminActor(accountId: number, businessProfileId: number): Actor {
  return {
    accountId,
    businessProfileId,
    role: ROLES.admin,
    permissions: defaultPermissionsForRole(ROLES.admin),
    sessionId: "import-crash",
    impersonatorAccountId: null,
  };
}
