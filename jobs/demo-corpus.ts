import type { ServiceDeps } from "../services/context";
import { createIngestQueue, type IngestEntry, type IngestReport } from "../services/mentions/ingest-mentions";
import { INGEST_BATCH_SIZE } from "../services/mentions/receive";
import { createSeededProfiles } from "../services/profiles/profiles";
import { createSeededStreams } from "../services/streams/streams";
import { DEMO_STREAMS, generateDemoCorpus } from "../ingest/demo";

export const DEMO_MENTION_COUNT = 50_000;

/** The demo brand's own connected accounts and their pages, groups and channels. */
const DEMO_PROFILES = [
  { socialType: "twitter", username: "northwind", name: "Northwind", items: [] },
  { socialType: "twitter", username: "NorthwindHelp", name: "Northwind Support", items: [] },
  {
    socialType: "facebook",
    username: "northwind",
    name: "Northwind",
    items: [
      { name: "Northwind", type: "page" },
      { name: "Northwind Players Club", type: "group" },
      { name: "Spring launch campaign", type: "ad" },
    ],
  },
  {
    socialType: "instagram",
    username: "northwind.play",
    name: "Northwind Play",
    items: [{ name: "northwind.play", type: "page" }],
  },
  {
    socialType: "youtube",
    username: "NorthwindPlay",
    name: "Northwind Play",
    items: [{ name: "Northwind Play", type: "channel" }],
  },
  {
    socialType: "linkedin",
    username: "northwind-inc",
    name: "Northwind Inc.",
    items: [{ name: "Northwind Inc.", type: "page" }],
  },
  {
    socialType: "tiktok",
    username: "northwindplay",
    name: "Northwind Play",
    items: [{ name: "northwindplay", type: "channel" }],
  },
] as const;

/**
 * Fills a tenant with the demo corpus: one stream per demo source, then the generated mentions through
 * the real pipeline (validation, enrichment, storage), batch by batch.
 */
export async function loadDemoCorpus(
  deps: ServiceDeps,
  businessProfileId: number,
  options: { count?: number; seed?: number; end?: Date; onProgress?: (done: number, total: number) => void } = {},
): Promise<IngestReport> {
  const count = options.count ?? DEMO_MENTION_COUNT;
  const streams = await createSeededStreams(deps, businessProfileId, DEMO_STREAMS);
  await createSeededProfiles(deps, businessProfileId, DEMO_PROFILES);
  const buffers = new Map<string, IngestEntry[]>();
  let done = 0;
  const queue = createIngestQueue(deps, (report) => {
    done += report.accepted + report.duplicates + report.rejected;
    options.onProgress?.(done, count);
  });
  const flush = async (key: string) => {
    const entries = buffers.get(key);
    const stream = streams.get(key);
    if (!entries?.length || !stream) return;
    buffers.set(key, []);
    await queue.push({ businessProfileId, streamId: stream.id, network: stream.network }, entries);
  };
  let position = 0;
  for (const mention of generateDemoCorpus({ count, seed: options.seed ?? 11, end: options.end ?? deps.now() })) {
    let buffer = buffers.get(mention.streamKey);
    if (!buffer) buffers.set(mention.streamKey, (buffer = []));
    buffer.push({ position: position++, value: mention.item });
    if (buffer.length >= INGEST_BATCH_SIZE) await flush(mention.streamKey);
  }
  for (const key of buffers.keys()) await flush(key);
  return queue.drain();
}
