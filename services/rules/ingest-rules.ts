import { createHash } from "node:crypto";
import type { Database } from "../../db/client";
import { listRules } from "../../db/repositories/rules";
import type { ServiceDeps } from "../context";
import type { EnrichedMention, TenantRules } from "../mentions/ports";
import { actOnItems } from "./act";
import type { RuleAction } from "./references";
import { resolveRules } from "./references";

// Rules at ingestion (ADR 031): loaded with each batch (one read of the tenant's rules and of what they
// name), broken ones marked and left out, the rest handed to the pipeline's rules step; the actions of
// the rules that matched are written in the batch's own transaction.

export interface LoadedRules extends TenantRules {
  actions: ReadonlyMap<number, RuleAction>;
  /** Some rule names authors: ingestion then looks up the batch's known authors. */
  usesAuthors: boolean;
}

/** The tenant's running rules, or null when it has none. A failure to read them never fails ingestion. */
export async function loadRulesForIngestion(deps: Pick<ServiceDeps, "db" | "reportError">, businessProfileId: number): Promise<LoadedRules | null> {
  try {
    const rows = await listRules(deps.db, businessProfileId);
    if (!rows.length) return null;
    const resolved = await resolveRules(deps.db, businessProfileId, rows);
    const items = resolved.flatMap((r) => (r.definition ? [r.definition] : []));
    if (!items.length) return null;
    const actions = new Map(resolved.flatMap((r) => (r.action ? [[r.id, r.action] as const] : [])));
    const version = `rules-${createHash("sha1").update(JSON.stringify(items)).digest("base64url")}`;
    return { version, items, actions, usesAuthors: items.some((d) => d.identityIds.length > 0) };
  } catch (error) {
    deps.reportError?.(error);
    return null;
  }
}

/**
 * The actions of the rules that matched the newly stored mentions, in their transaction. Returns the
 * mentions that got a label (saved searches that filter by label match them again after the commit).
 */
export async function actOnNewMentions(
  trx: Database,
  businessProfileId: number,
  rules: LoadedRules | null | undefined,
  mentions: readonly EnrichedMention[],
  idOf: ReadonlyMap<string, number>,
  now: string,
): Promise<number[]> {
  if (!rules) return [];
  const hits = [];
  for (const m of mentions) {
    const id = idOf.get(m.item.external_id);
    if (id === undefined || !m.ruleIds.length) continue;
    const actions = m.ruleIds.flatMap((ruleId) => {
      const action = rules.actions.get(ruleId);
      return action ? [action] : [];
    });
    if (actions.length) hits.push({ item: { id, assignedToType: null, state: 1, muted: m.muted ? 1 : 0 }, actions });
  }
  const { labelled } = await actOnItems(trx, businessProfileId, hits, { now, counted: false });
  return labelled;
}
