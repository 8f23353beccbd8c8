import { isUniqueViolation } from "../../db/errors";
import {
  deleteRule as deleteRuleRow,
  findRule,
  findRuleByNameKey,
  insertRule,
  listRecentRuleFacts,
  listRules as listRuleRows,
  ruleNameKey,
  updateRule as updateRuleRow,
  type RuleValues,
} from "../../db/repositories/rules";
import { listItemMatches } from "../../db/repositories/search-index";
import type { RuleRow } from "../../db/schema";
import { notFound, validationError, type FieldErrors } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { compileTopic } from "../../domain/query";
import {
  RULE_ENTITY_TYPES,
  type RuleAuthorListResponseSchema,
  type RuleFormInput,
  type RuleTestInput,
} from "../../domain/schemas/rules";
import type { FromWire } from "../../domain/key-case";
import { NETWORK_IDS } from "../../domain/networks";
import { networkVisibleTo } from "../../domain/streams";
import { listAuthorChoices } from "../../db/repositories/identities";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { compileRule, ruleMatches } from "./match";
import { factsOfRow, groupMatches } from "./facts";
import { assertReferencesExist, resolveRules } from "./references";
import { requireRulesAdmin, ruleView, type RuleView } from "./rule-view";

const L = MESSAGES.rulesScreen;

/** A rule of the caller's tenant, or 404 (missing and another tenant's alike). */
export async function findTenantRule(deps: ServiceDeps, actor: Actor, id: number): Promise<RuleRow> {
  const row = await findRule(deps.db, actor.businessProfileId, id);
  if (!row) throw notFound(L.ruleNotFound);
  return row;
}

/** GET /v1/admin/rules: the tenant's rules in the order they run, each re-checked (a broken one says why). */
export async function listRules(deps: ServiceDeps, actor: Actor): Promise<RuleView[]> {
  requireRulesAdmin(actor);
  const rows = await listRuleRows(deps.db, actor.businessProfileId);
  const verdicts = new Map(
    (await resolveRules(deps.db, actor.businessProfileId, rows)).map((r) => [r.id, r.brokenReason]),
  );
  return rows.map((row) => ruleView({ ...row, brokenReason: verdicts.get(row.id) ?? null }));
}

type RuleAuthor = FromWire<typeof RuleAuthorListResponseSchema>["data"][number];

/** How many of the most followed, and of the most recently seen, authors the rules form offers; a rule's own are always added. */
const RULE_AUTHOR_CHOICES = 100;

/**
 * GET /v1/admin/rules/authors: the authors a rule can name, on the networks the actor sees: the
 * RULE_AUTHOR_CHOICES most followed, the RULE_AUTHOR_CHOICES seen most recently, and those with the ids
 * asked for (a rule's own) wherever they rank.
 */
export async function listRuleAuthors(
  deps: ServiceDeps,
  actor: Actor,
  alsoIds: readonly number[] = [],
): Promise<RuleAuthor[]> {
  requireRulesAdmin(actor);
  const networks = NETWORK_IDS.filter((n) => networkVisibleTo(n, actor.role));
  const rows = await listAuthorChoices(deps.db, actor.businessProfileId, {
    networks,
    limit: RULE_AUTHOR_CHOICES,
    alsoIds,
  });
  return rows.map((row) => ({
    id: row.id,
    socialType: row.socialType,
    username: row.username,
    name: row.name,
    followers: Number(row.followers),
  }));
}

/** Query and exclude query must lint clean (spec analytics §5): each fault is a field error of its field. */
function assertQueriesLint(input: { query?: string | undefined; exclude_query?: string | undefined }): void {
  const fields: FieldErrors = {};
  for (const field of ["query", "exclude_query"] as const) {
    const text = input[field];
    if (text === undefined || text.trim() === "") continue;
    const { compiled, errors } = compileTopic({ query: text, keywords: [] });
    if (compiled) continue;
    fields[field] = [...new Set(errors.map((e) => e.message))];
    if (!fields[field].length) fields[field] = [MESSAGES.queryLint.noLetters];
  }
  if (Object.keys(fields).length) throw validationError(fields);
}

/** The groups of the form's selector are entities of the group type too, and the other way round. */
function entitiesWithGroups(input: Pick<RuleFormInput, "entities" | "selected_groups">) {
  const entities = [...(input.entities ?? [])];
  for (const groupId of input.selected_groups ?? []) {
    if (!entities.some((e) => e.entity_type === RULE_ENTITY_TYPES.group && e.entity_id === groupId))
      entities.push({ entity_type: RULE_ENTITY_TYPES.group, entity_id: groupId });
  }
  return entities;
}

async function valuesOf(deps: ServiceDeps, actor: Actor, input: RuleFormInput): Promise<RuleValues> {
  assertQueriesLint(input);
  const entities = entitiesWithGroups(input);
  const isAssign = input.rule_type === 3;
  const refs = {
    entities: entities.map((e) => ({ entityId: e.entity_id, entityType: e.entity_type })),
    identities: input.identities ?? [],
    labelIds: input.label_ids ?? [],
    assigneeType: isAssign ? (input.assignee_type ?? null) : null,
    assigneeId: isAssign ? (input.assignee_id ?? null) : null,
  };
  await assertReferencesExist(deps.db, actor.businessProfileId, refs);
  const text = (value: string | undefined) => (value === undefined || value.trim() === "" ? null : value.trim());
  return {
    name: input.name,
    entities: JSON.stringify(entities.map((e) => ({ entity_id: e.entity_id, entity_type: e.entity_type }))),
    query: text(input.query),
    excludeQuery: text(input.exclude_query),
    ruleType: input.rule_type,
    statusType: input.status_type,
    identities: JSON.stringify(refs.identities),
    labelIds: JSON.stringify(refs.labelIds),
    selectedGroups: JSON.stringify(
      entities.filter((e) => e.entity_type === RULE_ENTITY_TYPES.group).map((e) => e.entity_id),
    ),
    assigneeType: refs.assigneeType,
    assigneeId: refs.assigneeId,
    state: input.rule_type === 4 ? (input.state ?? null) : null,
  };
}

async function assertNameFree(deps: ServiceDeps, actor: Actor, name: string, exceptId?: number): Promise<void> {
  const existing = await findRuleByNameKey(deps.db, actor.businessProfileId, ruleNameKey(name));
  if (existing && existing.id !== exceptId) throw validationError({ name: [L.nameTaken] });
}

async function nameTakenOnConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw validationError({ name: [L.nameTaken] });
    throw error;
  }
}

/** POST /v1/admin/rules */
export async function createRule(deps: ServiceDeps, actor: Actor, input: RuleFormInput): Promise<RuleView> {
  requireRulesAdmin(actor);
  await assertNameFree(deps, actor, input.name);
  const values = await valuesOf(deps, actor, input);
  const row = await nameTakenOnConflict(() =>
    insertRule(deps.db, actor.businessProfileId, values, actor.accountId, isoNow(deps)),
  );
  return ruleView(row);
}

/** PATCH /v1/admin/rules/{id}: the same fields; the rule runs again if it was broken. */
export async function updateRule(deps: ServiceDeps, actor: Actor, id: number, input: RuleFormInput): Promise<RuleView> {
  requireRulesAdmin(actor);
  await findTenantRule(deps, actor, id);
  await assertNameFree(deps, actor, input.name, id);
  const values = await valuesOf(deps, actor, input);
  await nameTakenOnConflict(() => updateRuleRow(deps.db, actor.businessProfileId, id, values, isoNow(deps)));
  return ruleView(await findTenantRule(deps, actor, id));
}

/** DELETE /v1/admin/rules/{id}: what it already did stays (labels, assignees, history). */
export async function deleteRule(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  requireRulesAdmin(actor);
  await findTenantRule(deps, actor, id);
  await deleteRuleRow(deps.db, actor.businessProfileId, id);
}

/** The mentions "test this rule" reads: the last 7 days', newest first, at most this many. */
const TEST_WINDOW_DAYS = 7;
const TEST_SCAN_MAX = 20_000;
const TEST_SAMPLE = 5;

/**
 * POST /v1/admin/rules/test: how many of the last 7 days' mentions (the newest 20,000 at most) the
 * rule's target would match, with the newest few. Nothing is changed.
 */
export async function testRule(deps: ServiceDeps, actor: Actor, input: RuleTestInput) {
  requireRulesAdmin(actor);
  assertQueriesLint(input);
  const entities = entitiesWithGroups(input);
  const refs = {
    entities: entities.map((e) => ({ entityId: e.entity_id, entityType: e.entity_type })),
    identities: input.identities ?? [],
    labelIds: [],
    assigneeType: null,
    assigneeId: null,
  };
  await assertReferencesExist(deps.db, actor.businessProfileId, refs);
  const now = isoNow(deps);
  const [resolved] = await resolveRules(
    deps.db,
    actor.businessProfileId,
    [
      {
        id: 0,
        businessProfileId: actor.businessProfileId,
        name: "",
        nameKey: "",
        entities: JSON.stringify(entities),
        query: input.query?.trim() || null,
        excludeQuery: input.exclude_query?.trim() || null,
        ruleType: 1,
        statusType: input.status_type,
        identities: JSON.stringify(refs.identities),
        labelIds: "[]",
        selectedGroups: "[]",
        assigneeType: null,
        assigneeId: null,
        state: null,
        actedCount: 0,
        brokenReason: null,
        applyStatus: null,
        applyDone: 0,
        applyTotal: 0,
        applyActed: 0,
        applyFinishedAt: null,
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      },
    ],
    { persist: false },
  );
  const since = isoNow(deps, -TEST_WINDOW_DAYS * 24 * 3600 * 1000);
  const rule = resolved?.definition ? compileRule(resolved.definition).rule : null;
  const rows = await listRecentRuleFacts(deps.db, actor.businessProfileId, since, TEST_SCAN_MAX);
  const matchesOf = groupMatches(
    rule && rows.length
      ? await listItemMatches(
          deps.db,
          actor.businessProfileId,
          rows.map((r) => r.id),
        )
      : [],
  );
  const matched = rule ? rows.filter((row) => ruleMatches(rule, factsOfRow(row, matchesOf.get(row.id)))) : [];
  return {
    matched: matched.length,
    scanned: rows.length,
    since,
    sample: matched.slice(0, TEST_SAMPLE).map((row) => ({
      id: row.id,
      text: row.title ? `${row.title} ${row.description}` : row.description,
      author: row.authorName || row.authorUsername,
      socialType: row.socialType,
      createdAt: row.createdAt,
    })),
  };
}
