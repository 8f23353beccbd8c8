import { findBusinessProfile } from "../../db/repositories/business-profiles";
import { eachModerationEvent } from "../../db/repositories/moderation-events";
import { DEFAULT_TIME_ZONE } from "../../domain/dashboard";
import { bucketStart, isoInZone } from "../../domain/periods";
import { csvLine } from "../analytics/csv";
import type { Actor, ServiceDeps } from "../context";
import { readModerationQuery } from "./moderation-query";

// GET v1/moderation/events/export-to-csv (spec analytics §7, ADR 037): every event the report's
// filters match, in its order, as CSV through the one writer (ADR 036), a batch at a time.

/** The file's columns: the report's, in its order, then the network and how the action was delivered. */
export const MODERATION_CSV_HEADER = [
  "agent",
  "user",
  "action",
  "reason",
  "date_and_time",
  "post",
  "original_text",
  "note",
  "network",
  "delivery",
] as const;

/** Rows read per query: a batch is all the export holds at once. */
const BATCH_SIZE = 500;

export interface ModerationCsv {
  fileName: string;
  /** The header line, then one chunk of lines per batch; nothing is read before the first pull. */
  chunks: AsyncIterable<string>;
}

/**
 * Checks the caller and the query first (a refusal is an ordinary error answer, never a broken file),
 * then hands back the file as chunks to be streamed.
 */
export async function exportModerationEvents(
  deps: ServiceDeps,
  actor: Actor,
  query: { order?: string; filters?: string },
): Promise<ModerationCsv> {
  const { filter, sort } = await readModerationQuery(deps, actor, query);
  const profile = await findBusinessProfile(deps.db, actor.businessProfileId);
  const timeZone = profile?.timeZone || DEFAULT_TIME_ZONE;
  const day = isoInZone(bucketStart(deps.now().toISOString(), "day", timeZone), timeZone).slice(0, 10);
  async function* chunks(): AsyncGenerator<string> {
    yield csvLine(MODERATION_CSV_HEADER);
    for await (const rows of eachModerationEvent(deps.db, actor.businessProfileId, filter, { ...sort, batchSize: BATCH_SIZE })) {
      let text = "";
      for (const row of rows) {
        text += csvLine([
          row.agentName,
          row.userName,
          row.action,
          row.reason,
          isoInZone(row.createdAt, timeZone),
          row.post,
          row.originalText,
          row.note,
          row.socialType,
          row.delivery,
        ]);
      }
      yield text;
    }
  }
  return { fileName: `moderation-events_${day}.csv`, chunks: chunks() };
}
