import type { Database } from "../../db/client";
import { countTenantItems, findRule, listRuleFacts, setApplyProgress } from "../../db/repositories/rules";
import { listItemMatches } from "../../db/repositories/search-index";
import { validationError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { rematchAfterLabels } from "../queries/backfill";
import { actOnItems } from "./act";
import { factsOfRow, groupMatches } from "./facts";
import { compileRule, ruleMatches } from "./match";
import { resolveRules } from "./references";
import { requireRulesAdmin, ruleView, type RuleView } from "./rule-view";
import { findTenantRule } from "./rules";

// "Apply to existing" (ADR 031): one rule over the tenant's stored mentions in id order, in the
// background, a chunk per transaction with the progress (read / total, acted on) stored on the rule, so
// the screen can show it and a restart leaves an honest record. A second request while one runs waits
// for it and starts again; actions that would change nothing are skipped, so running twice is harmless.

const APPLY_CHUNK = 1000;

const runs = new WeakMap<Database, Map<string, Promise<void>>>();

function runsOf(db: Database): Map<string, Promise<void>> {
  let map = runs.get(db);
  if (!map) runs.set(db, (map = new Map()));
  return map;
}

/** POST /v1/admin/rules/{id}/apply: starts the run and answers at once with the rule (status running). */
export async function applyRuleToExisting(deps: ServiceDeps, actor: Actor, id: number): Promise<RuleView> {
  requireRulesAdmin(actor);
  const row = await findTenantRule(deps, actor, id);
  const [resolved] = await resolveRules(deps.db, actor.businessProfileId, [row]);
  if (!resolved?.definition) throw validationError({ base: [MESSAGES.rulesScreen.applyBroken] }, MESSAGES.rulesScreen.applyBroken);
  const bp = actor.businessProfileId;
  const total = await countTenantItems(deps.db, bp);
  await setApplyProgress(deps.db, bp, id, { status: "running", done: 0, total, acted: 0, finishedAt: null });
  const map = runsOf(deps.db);
  const key = `${bp}:${id}`;
  const previous = map.get(key) ?? Promise.resolve();
  const run: Promise<void> = previous
    .then(() => runApply(deps, bp, id))
    .catch(async (error: unknown) => {
      deps.reportError?.(error);
      await setApplyProgress(deps.db, bp, id, { status: "failed", done: 0, total, acted: 0, finishedAt: isoNow(deps) }).catch(() => undefined);
    })
    .finally(() => {
      if (map.get(key) === run) map.delete(key);
    });
  map.set(key, run);
  return ruleView((await findRule(deps.db, bp, id))!);
}

/** Resolves when no "apply to existing" of this database is running (tests, shutdown). */
export async function rulesApplySettled(deps: Pick<ServiceDeps, "db">): Promise<void> {
  const map = runsOf(deps.db);
  while (map.size) await Promise.all([...map.values()]);
}

async function runApply(deps: ServiceDeps, businessProfileId: number, id: number): Promise<void> {
  const row = await findRule(deps.db, businessProfileId, id);
  if (!row) return;
  const [resolved] = await resolveRules(deps.db, businessProfileId, [row]);
  const rule = resolved?.definition ? compileRule(resolved.definition).rule : null;
  const total = await countTenantItems(deps.db, businessProfileId);
  if (!rule || !resolved?.action) {
    await setApplyProgress(deps.db, businessProfileId, id, { status: "failed", done: 0, total, acted: 0, finishedAt: isoNow(deps) });
    return;
  }
  const action = resolved.action;
  let afterId = 0;
  let done = 0;
  let acted = 0;
  for (;;) {
    const rows = await listRuleFacts(deps.db, businessProfileId, { afterId, limit: APPLY_CHUNK });
    if (!rows.length) break;
    afterId = rows[rows.length - 1]!.id;
    done += rows.length;
    const matchesOf = groupMatches(await listItemMatches(deps.db, businessProfileId, rows.map((r) => r.id)));
    const hits = rows
      .filter((r) => ruleMatches(rule, factsOfRow(r, matchesOf.get(r.id))))
      .map((r) => ({ item: { id: r.id, assignedToType: r.assignedToType, state: r.state, muted: r.muted }, actions: [action] }));
    const labelled = await deps.db.transaction().execute(async (trx) => {
      const result = await actOnItems(trx, businessProfileId, hits, { now: isoNow(deps), counted: true });
      acted += result.acted.get(id) ?? 0;
      await setApplyProgress(trx, businessProfileId, id, { status: "running", done, total: Math.max(total, done), acted, finishedAt: null });
      return result.labelled;
    });
    if (labelled.length) await rematchAfterLabels(deps, businessProfileId, labelled);
    // Let requests and ingestion through between chunks.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await setApplyProgress(deps.db, businessProfileId, id, { status: "done", done, total: done, acted, finishedAt: isoNow(deps) });
}
