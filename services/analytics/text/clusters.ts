// conversation_clusters (ADR 015 payload, ADR 016 method and ids): clusters of each context's newest
// mentions in the range (at most TEXT_SAMPLE_SIZE), and one cluster with its mentions.
import { sampleTextDocs } from "../../../db/repositories/analytics-terms";
import { findItemsByIds } from "../../../db/repositories/inbox";
import { notFound } from "../../../domain/errors";
import { conversationClusters, hasActionMarker, TEXT_SAMPLE_SIZE, type Cluster } from "../../../domain/text-analytics";
import type { ServiceDeps } from "../../context";
import { statusView } from "../../statuses/status-view";
import { inRange, metaOf, type TextContext, type TextRequest, type TimeRange } from "./context";
import type { FromWire } from "../../../domain/key-case";
import type { ClusterWidgetResponseSchema, ClustersWidgetResponseSchema } from "../../../domain/schemas/dashboard-widgets";

interface ClusterSummary {
  id: string;
  label: string;
  terms: string[];
  size: number;
  actionable: boolean;
}

/**
 * A cluster's id: the request that made it (context, properties, range) and the cluster's lead term,
 * as base64url JSON. The same inputs give the same id; the id alone finds the cluster again (in any
 * process, after a restart), under the reader's tenant, so a forged id reaches nothing more than a request.
 */
function clusterId(context: TextContext["input"], range: TimeRange, key: string): string {
  const value = [1, context.contextType, context.contextId, context.properties ?? null, range.from, range.to, key];
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
}

export interface DecodedClusterId {
  body: { range: TimeRange; contexts: Array<{ context_type: number; context_id: number; properties?: unknown }> };
  key: string;
}

/** The request and lead term an id stands for; null when it is not one of ours. */
export function decodeClusterId(id: string): DecodedClusterId | null {
  try {
    if (!/^[A-Za-z0-9_-]{1,4000}$/.test(id)) return null;
    const value = JSON.parse(Buffer.from(id, "base64url").toString("utf8")) as unknown;
    if (!Array.isArray(value) || value.length !== 7 || value[0] !== 1) return null;
    const [, contextType, contextId, properties, from, to, key] = value as unknown[];
    if (typeof contextType !== "number" || typeof contextId !== "number") return null;
    if (typeof from !== "string" || typeof to !== "string" || typeof key !== "string") return null;
    const context: DecodedClusterId["body"]["contexts"][number] = { context_type: contextType, context_id: contextId };
    if (properties !== null && properties !== undefined) context.properties = properties;
    return { body: { range: { from, to }, contexts: [context] }, key };
  } catch {
    return null;
  }
}

async function clustersOf(deps: ServiceDeps, request: TextRequest, context: TextContext): Promise<Cluster[]> {
  const docs = await sampleTextDocs(deps.db, request.businessProfileId, inRange(context.filter, request.range), TEXT_SAMPLE_SIZE);
  return conversationClusters(docs.map((d) => ({ id: d.id, terms: d.keywords, sentiment: d.sentiment, text: d.text })));
}

function summary(context: TextContext, range: TimeRange, c: Cluster): ClusterSummary {
  return { id: clusterId(context.input, range, c.key), label: c.label, terms: c.terms, size: c.size, actionable: c.actionable };
}

export async function getConversationClusters(
  deps: ServiceDeps,
  request: TextRequest,
): Promise<FromWire<typeof ClustersWidgetResponseSchema>> {
  const data = await Promise.all(
    request.contexts.map(async (context) => ({
      context: context.ref,
      items: (await clustersOf(deps, request, context)).map((c) => summary(context, request.range, c)),
    })),
  );
  return { data, meta: metaOf(request, "raw") };
}

/**
 * One cluster and its mentions, newest first. With `actionable` set, only its mentions that are (true)
 * or are not (false) negative, asking or complaining. 404 when the request no longer has that cluster.
 */
export async function getConversationCluster(
  deps: ServiceDeps,
  request: TextRequest,
  key: string,
  actionable: boolean | undefined,
): Promise<FromWire<typeof ClusterWidgetResponseSchema>> {
  const context = request.contexts[0];
  if (!context) throw notFound();
  const cluster = (await clustersOf(deps, request, context)).find((c) => c.key === key);
  if (!cluster) throw notFound();
  const rows = await findItemsByIds(deps.db, request.businessProfileId, cluster.memberIds);
  const order = new Map(cluster.memberIds.map((id, i) => [id, i]));
  const members = rows
    .filter((row) => {
      if (actionable === undefined) return true;
      const flagged =
        row.sentiment < 0 || hasActionMarker({ terms: parseTerms(row.keywords), text: row.title ? `${row.title}\n${row.description}` : row.description });
      return flagged === actionable;
    })
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return {
    data: [{ context: context.ref, ...summary(context, request.range, cluster), items: members.map(statusView) }],
    meta: metaOf(request, "raw"),
  };
}

function parseTerms(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}
