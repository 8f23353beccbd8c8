// Helpers for the query-language suites (ADR 012): a tenant with one stream per network, mentions through
// the real ingest path, and saved searches / topics written straight into their tables.
import crypto from "node:crypto";
import type { Database } from "../../db/client";
import type { NetworkId } from "../../domain/networks";
import type { QueryGroup } from "../../domain/query";
import type { IngestItemInput } from "../../domain/schemas/mention-input";
import type { ServiceDeps } from "../../services/context";
import { ingestBatch, type IngestReport } from "../../services/mentions/ingest-mentions";
import { definitionsChanged } from "../../services/queries/definitions";
import { createSeededStreams } from "../../services/streams/streams";
import { createWorkspace } from "../../services/workspace/create-workspace";

export interface SearchTenant {
  businessProfileId: number;
  streams: Map<NetworkId, number>;
}

export async function createSearchTenant(
  deps: ServiceDeps,
  networks: readonly NetworkId[] = ["twitter", "reddit"],
): Promise<SearchTenant> {
  const { businessProfile } = await createWorkspace(deps.db, {
    name: `Search ${crypto.randomBytes(5).toString("hex")}`,
    members: [],
  });
  const seeded = await createSeededStreams(
    deps,
    businessProfile.id,
    networks.map((network) => ({
      key: network,
      network,
      category: "streams",
      name: `${network} stream`,
      source: "api",
    })),
  );
  const streams = new Map<NetworkId, number>();
  for (const [key, { id }] of seeded) streams.set(key as NetworkId, id);
  return { businessProfileId: businessProfile.id, streams };
}

/** Items (grouped by network) through validation, enrichment (percolation included) and storage. */
export async function ingestItems(
  deps: ServiceDeps,
  tenant: SearchTenant,
  items: ReadonlyArray<IngestItemInput & { network: NetworkId }>,
): Promise<IngestReport> {
  const total: IngestReport = { accepted: 0, duplicates: 0, rejected: 0, errors: [] };
  const byNetwork = new Map<NetworkId, IngestItemInput[]>();
  for (const item of items) {
    const list = byNetwork.get(item.network) ?? [];
    list.push(item);
    byNetwork.set(item.network, list);
  }
  for (const [network, list] of byNetwork) {
    const streamId = tenant.streams.get(network);
    if (!streamId) throw new Error(`no ${network} stream`);
    const report = await ingestBatch(
      deps,
      { businessProfileId: tenant.businessProfileId, streamId, network },
      list.map((value, position) => ({ position, value })),
    );
    total.accepted += report.accepted;
    total.duplicates += report.duplicates;
    total.rejected += report.rejected;
    total.errors.push(...report.errors);
  }
  return total;
}

const NOW = "2026-01-01T00:00:00.000Z";

export async function insertSearchItem(db: Database, businessProfileId: number, groups: QueryGroup[], name = "search") {
  const row = await db
    .insertInto("searchItems")
    .values({
      businessProfileId,
      name,
      category: "brand",
      folderId: null,
      ownerAccountId: null,
      entityType: 2,
      entityIds: JSON.stringify([businessProfileId]),
      query: JSON.stringify(groups),
      logoSrc: null,
      createdAt: NOW,
      updatedAt: NOW,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  definitionsChanged(businessProfileId);
  return row.id;
}

export async function insertTopic(
  db: Database,
  businessProfileId: number,
  topic: { query?: string | null; keywords?: string[] },
  name = `topic ${crypto.randomBytes(4).toString("hex")}`,
) {
  const row = await db
    .insertInto("topics")
    .values({
      businessProfileId,
      name,
      nameKey: name.toLowerCase(),
      type: "custom",
      topicGroupId: null,
      keywords: JSON.stringify(topic.keywords ?? []),
      query: topic.query ?? null,
      category: null,
      logoSrc: null,
      ownerAccountId: null,
      createdAt: NOW,
      updatedAt: NOW,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  definitionsChanged(businessProfileId);
  return row.id;
}

/** Must group of one keywords query: the simplest saved search. */
export function keywordsGroups(...queries: string[]): QueryGroup[] {
  return [{ type: "must", values: queries.map((value) => ({ filterType: "keywords" as const, value })) }];
}

export function testDeps(db: Database, ingest: ServiceDeps["ingest"]): ServiceDeps & { errors: unknown[] } {
  const errors: unknown[] = [];
  return {
    db,
    now: () => new Date(),
    mailer: { send: async () => undefined },
    settings: { publicUrl: "http://localhost", productName: "Earshot" },
    ingest,
    reportError: (error) => errors.push(error),
    errors,
  };
}
