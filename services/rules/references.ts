import type { Database } from "../../db/client";
import { activeAccountIds, existingIds, listNamesFor, listTopicIdsOfGroups, setRuleBroken } from "../../db/repositories/rules";
import type { RuleRow } from "../../db/schema";
import { ACCOUNT_STATE } from "../../domain/constants";
import { notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { RULE_ENTITY_TYPES, RULE_TYPES } from "../../domain/schemas/rules";
import { compileRule, type RuleDefinition } from "./match";
import { ruleLists } from "./rule-view";

const L = MESSAGES.rulesScreen;

/** What a rule does, with the names its history rows show. */
export interface RuleAction {
  id: number;
  name: string;
  ruleType: number;
  labels: ReadonlyArray<{ id: number; name: string }>;
  assignee: { type: "account" | "team"; id: number; name: string } | null;
  state: number | null;
}

/** A rule ready to run, or the reason it is skipped. */
export type ResolvedRule =
  | { id: number; definition: RuleDefinition; action: RuleAction; brokenReason: null }
  | { id: number; definition: null; action: null; brokenReason: string };

interface References {
  entities: Array<{ entityId: number; entityType: number }>;
  identities: number[];
  labelIds: number[];
  assigneeType: string | null;
  assigneeId: number | null;
}

async function lookUp(db: Database, businessProfileId: number, refs: readonly References[]) {
  const of = (type: number) => [...new Set(refs.flatMap((r) => r.entities.filter((e) => e.entityType === type).map((e) => e.entityId)))];
  const assignees = (type: string) => [...new Set(refs.filter((r) => r.assigneeType === type && r.assigneeId !== null).map((r) => r.assigneeId!))];
  const groupIds = of(RULE_ENTITY_TYPES.group);
  const [streams, searches, topics, groups, identities, labels, accounts, teams, groupTopics] = await Promise.all([
    existingIds(db, "streams", businessProfileId, of(RULE_ENTITY_TYPES.stream)),
    existingIds(db, "searchItems", businessProfileId, of(RULE_ENTITY_TYPES.search)),
    existingIds(db, "topics", businessProfileId, of(RULE_ENTITY_TYPES.topic)),
    existingIds(db, "topicGroups", businessProfileId, groupIds),
    existingIds(db, "identities", businessProfileId, [...new Set(refs.flatMap((r) => r.identities))]),
    existingIds(db, "labels", businessProfileId, [...new Set(refs.flatMap((r) => r.labelIds))]),
    activeAccountIds(db, businessProfileId, assignees("account"), ACCOUNT_STATE.active),
    existingIds(db, "teams", businessProfileId, assignees("team")),
    listTopicIdsOfGroups(db, businessProfileId, groupIds),
  ]);
  const known: Record<number, Set<number>> = {
    [RULE_ENTITY_TYPES.stream]: streams,
    [RULE_ENTITY_TYPES.search]: searches,
    [RULE_ENTITY_TYPES.topic]: topics,
    [RULE_ENTITY_TYPES.group]: groups,
  };
  return { known, identities, labels, accounts, teams, groupTopics };
}

type Found = Awaited<ReturnType<typeof lookUp>>;

/** The first reference of the rule that is not (or no longer) the tenant's, as a message; null when all are. */
function missingReference(refs: References, found: Found): { field: string; message: string } | null {
  if (refs.entities.some((e) => !found.known[e.entityType]?.has(e.entityId))) return { field: "entities", message: L.sourceGone };
  if (refs.identities.some((id) => !found.identities.has(id))) return { field: "identities", message: L.authorGone };
  const label = refs.labelIds.find((id) => !found.labels.has(id));
  if (label !== undefined) return { field: "label_ids", message: L.labelGone };
  if (refs.assigneeType !== null && refs.assigneeId !== null) {
    const set = refs.assigneeType === "team" ? found.teams : found.accounts;
    if (!set.has(refs.assigneeId)) return { field: "assignee_id", message: L.assigneeGone };
  }
  return null;
}

/** A new or edited rule may only name the tenant's own sources, authors, labels, users and teams: else 404. */
export async function assertReferencesExist(db: Database, businessProfileId: number, refs: References): Promise<void> {
  const missing = missingReference(refs, await lookUp(db, businessProfileId, [refs]));
  if (missing) throw notFound(missing.message);
}

function definitionOf(row: RuleRow, refs: References, found: Found): RuleDefinition {
  const entities = refs.entities;
  const groups = new Set(entities.filter((e) => e.entityType === RULE_ENTITY_TYPES.group).map((e) => e.entityId));
  const ofType = (type: number) => entities.filter((e) => e.entityType === type).map((e) => e.entityId);
  return {
    id: row.id,
    statusType: row.statusType,
    query: row.query,
    excludeQuery: row.excludeQuery,
    streamIds: ofType(RULE_ENTITY_TYPES.stream),
    searchIds: ofType(RULE_ENTITY_TYPES.search),
    topicIds: [
      ...ofType(RULE_ENTITY_TYPES.topic),
      ...found.groupTopics.filter((t) => t.topicGroupId !== null && groups.has(t.topicGroupId)).map((t) => t.id),
    ],
    hasSources: entities.length > 0,
    identityIds: refs.identities,
  };
}

/**
 * The tenant's rules in the order they run, each resolved or with the reason it is skipped: its query or
 * exclude query no longer lints, or a label, assignee, source or author it names is gone. A changed
 * verdict is stored on the rule (the screen shows it) in its own small write, never in the caller's work.
 */
export async function resolveRules(
  db: Database,
  businessProfileId: number,
  rows: readonly RuleRow[],
  options: { persist: boolean } = { persist: true },
): Promise<ResolvedRule[]> {
  if (!rows.length) return [];
  const refs = rows.map((row) => {
    const lists = ruleLists(row);
    return { entities: lists.entities, identities: lists.identities, labelIds: lists.labelIds, assigneeType: row.assigneeType, assigneeId: row.assigneeId };
  });
  const found = await lookUp(db, businessProfileId, refs);
  const names = await listNamesFor(db, businessProfileId, {
    labels: [...found.labels],
    teams: [...found.teams],
    accounts: [...found.accounts],
  });
  const resolved: ResolvedRule[] = [];
  for (const [index, row] of rows.entries()) {
    const ref = refs[index]!;
    const definition = definitionOf(row, ref, found);
    const compiled = compileRule(definition);
    let reason = compiled.reason;
    if (!reason) {
      const missing = missingReference(ref, found);
      if (missing) {
        reason =
          missing.field === "label_ids"
            ? L.brokenLabel(ref.labelIds.find((id) => !found.labels.has(id))!)
            : missing.field === "assignee_id"
              ? L.brokenAssignee
              : L.brokenSource;
      }
    }
    if (options.persist && reason !== row.brokenReason) await setRuleBroken(db, businessProfileId, row.id, reason);
    if (reason) {
      resolved.push({ id: row.id, definition: null, action: null, brokenReason: reason });
      continue;
    }
    const assignee =
      row.ruleType === RULE_TYPES.assign && row.assigneeId !== null && (row.assigneeType === "account" || row.assigneeType === "team")
        ? {
            type: row.assigneeType as "account" | "team",
            id: row.assigneeId,
            name: (row.assigneeType === "team" ? names.teams : names.accounts).get(row.assigneeId) ?? "",
          }
        : null;
    resolved.push({
      id: row.id,
      definition,
      action: {
        id: row.id,
        name: row.name,
        ruleType: row.ruleType,
        labels: ref.labelIds.map((id) => ({ id, name: names.labels.get(id) ?? "" })),
        assignee,
        state: row.ruleType === RULE_TYPES.state ? row.state : null,
      },
      brokenReason: null,
    });
  }
  return resolved;
}
