import { findImport, listImports as listImportRows, markRunningImportsInterrupted } from "../../db/repositories/imports";
import type { ImportRow } from "../../db/schema";
import { notFound } from "../../domain/errors";
import type { FromWire } from "../../domain/key-case";
import type { ImportRecordResponseSchema } from "../../domain/schemas/streams";
import { DEFAULT_LEASE_MS, isoNow, type Actor, type ServiceDeps } from "../context";
import { getStreamRow } from "./stream-access";
import type { IngestItemError } from "./ingest-mentions";

/** An upload's record as the API answers it (ADR 027). */
type ImportRecord = FromWire<typeof ImportRecordResponseSchema>;

function view(row: ImportRow): ImportRecord {
  return {
    id: row.id,
    streamId: row.streamId,
    format: row.format,
    fileName: row.fileName,
    status: row.status,
    bytesRead: Number(row.bytesRead),
    bytesTotal: row.bytesTotal === null ? null : Number(row.bytesTotal),
    lines: row.lines,
    accepted: row.accepted,
    duplicates: row.duplicates,
    rejected: row.rejected,
    errors: JSON.parse(row.errors) as IngestItemError[],
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

export async function listImports(deps: ServiceDeps, actor: Actor, streamId: number): Promise<ImportRecord[]> {
  await getStreamRow(deps, actor, streamId);
  return (await listImportRows(deps.db, actor.businessProfileId, streamId, 20)).map(view);
}

export async function getImport(deps: ServiceDeps, actor: Actor, id: number): Promise<ImportRecord> {
  const row = await findImport(deps.db, actor.businessProfileId, id);
  if (!row) throw notFound();
  await getStreamRow(deps, actor, row.streamId);
  return view(row);
}

/** How often the process running an import renews its heartbeat: a third of the lease, as jobs do. */
export function importHeartbeatMs(deps: Pick<ServiceDeps, "leaseMs">): number {
  return Math.max(10, Math.floor((deps.leaseMs ?? DEFAULT_LEASE_MS) / 3));
}

/**
 * At start and every scheduler round (ADR 043): an import still "running" whose heartbeat is older than
 * a lease was cut off (its process died or stopped; what it acknowledged is stored); it is marked
 * interrupted so the channels screen stops showing it as in progress. Re-running the file is safe. An
 * import that another live process (this machine's or another's) runs keeps its heartbeat fresh and is
 * left alone.
 */
export async function markInterruptedImports(deps: ServiceDeps): Promise<number> {
  return markRunningImportsInterrupted(deps.db, isoNow(deps), isoNow(deps, -(deps.leaseMs ?? DEFAULT_LEASE_MS)));
}
