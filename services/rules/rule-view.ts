import type { RuleRow } from "../../db/schema";
import { forbidden } from "../../domain/errors";
import type { AssigneeType } from "../../domain/inbox";
import type { FromWire } from "../../domain/key-case";
import { ROLES } from "../../domain/roles";
import { RULE_APPLY_STATUSES, type RuleResponseSchema } from "../../domain/schemas/rules";
import type { Actor } from "../context";

/** A rule as the API shows it (ADR 027: RuleResponseSchema). */
export type RuleView = FromWire<typeof RuleResponseSchema>;

/** Rules are for admins and system admins (spec analytics §6, §7: admin-only endpoints); others 403. */
export function requireRulesAdmin(actor: Actor): void {
  if (actor.role !== ROLES.systemAdmin && actor.role !== ROLES.admin) throw forbidden();
}

function ids(raw: string): number[] {
  try {
    const value = JSON.parse(raw) as unknown;
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === "number") : [];
  } catch {
    return [];
  }
}

function parseEntities(raw: string): Array<{ entityId: number; entityType: number }> {
  try {
    const value = JSON.parse(raw) as unknown;
    if (!Array.isArray(value)) return [];
    return value.flatMap((e: unknown) => {
      const entry = e as { entity_id?: unknown; entity_type?: unknown };
      return typeof entry?.entity_id === "number" && typeof entry.entity_type === "number"
        ? [{ entityId: entry.entity_id, entityType: entry.entity_type }]
        : [];
    });
  } catch {
    return [];
  }
}

/** The lists a rule row keeps as JSON text, read. */
export function ruleLists(row: RuleRow) {
  return {
    entities: parseEntities(row.entities),
    identities: ids(row.identities),
    labelIds: ids(row.labelIds),
    selectedGroups: ids(row.selectedGroups),
  };
}

function applyStatus(value: string | null): (typeof RULE_APPLY_STATUSES)[number] | null {
  return RULE_APPLY_STATUSES.find((s) => s === value) ?? null;
}

export function ruleView(row: RuleRow): RuleView {
  const lists = ruleLists(row);
  const status = applyStatus(row.applyStatus);
  return {
    id: row.id,
    name: row.name,
    businessProfileId: row.businessProfileId,
    entities: lists.entities,
    query: row.query,
    excludeQuery: row.excludeQuery,
    ruleType: row.ruleType,
    statusType: row.statusType,
    identities: lists.identities,
    labelIds: lists.labelIds,
    selectedGroups: lists.selectedGroups,
    assigneeType: (row.assigneeType as AssigneeType | null) ?? null,
    assigneeId: row.assigneeId,
    state: row.state,
    actedCount: Number(row.actedCount),
    brokenReason: row.brokenReason,
    apply: status
      ? {
          status,
          done: Number(row.applyDone),
          total: Number(row.applyTotal),
          acted: Number(row.applyActed),
          finishedAt: row.applyFinishedAt,
        }
      : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
