import type { TopicRow } from "../../db/schema";
import { forbidden } from "../../domain/errors";
import { hasPermission } from "../../domain/permissions";
import type { SearchCategory } from "../../domain/schemas/searches";
import type { TopicType, TopicResponseSchema } from "../../domain/schemas/topics";
import type { Visibility } from "../../domain/visibility";
import type { Actor } from "../context";
import { parseIds } from "../searches/access";
import { backfillOf } from "../searches/views";
import type { FromWire } from "../../domain/key-case";

export const TOPIC_PIN = "topic";

export type TopicView = FromWire<typeof TopicResponseSchema>;

/** Topics and topic groups are written with `topics.index.write` (agents and above by default; ADR 013). */
function mayWriteTopics(actor: Actor): boolean {
  return hasPermission(actor.permissions, "topics.index.write");
}

export function requireWriteTopics(actor: Actor): void {
  if (!mayWriteTopics(actor)) throw forbidden();
}

export function parseKeywords(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

export function topicView(actor: Actor, row: TopicRow, pinned: boolean): TopicView {
  return {
    id: row.id,
    name: row.name,
    type: row.type as TopicType,
    topicGroupId: row.topicGroupId,
    keywords: parseKeywords(row.keywords),
    query: row.query,
    entityType: row.entityType as Visibility,
    entityIds: parseIds(row.entityIds),
    pinned,
    logoSrc: row.logoSrc,
    category: row.category as SearchCategory | null,
    areAlertsEnabled: row.alertsEnabled === 1,
    ownerAccountId: row.ownerAccountId,
    editable: mayWriteTopics(actor),
    backfill: backfillOf(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
