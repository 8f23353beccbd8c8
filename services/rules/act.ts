import type { Database } from "../../db/client";
import { adjustItems } from "../../db/repositories/analytics-rollups";
import { setItemsState } from "../../db/repositories/inbox";
import { listLabelsOfItems } from "../../db/repositories/labels";
import { addActedCounts, addItemLabels, assignUnassigned, insertHistoryRows, setItemsMuted } from "../../db/repositories/rules";
import { MESSAGES } from "../../domain/messages";
import { RULE_TYPES } from "../../domain/schemas/rules";
import type { RuleAction } from "./references";

// What rules do to the mentions they match (ADR 031), in the caller's transaction: the mention's own
// insert at ingestion, or a chunk of "apply to existing". Each rule acts in order; an action that would
// change nothing (a label already on, an item someone holds, the same state, already hidden) is skipped,
// and a rule counts the mentions on which it changed something. Each change is a history row whose
// actor is the rule (no account), with the rule's id and name in its data.

interface ItemNow {
  id: number;
  assignedToType: string | null;
  state: number;
  muted: number;
}

export interface RuleHit {
  item: ItemNow;
  /** The rules that matched it, in the order they run. */
  actions: readonly RuleAction[];
}

export interface ActResult {
  /** Mentions each rule changed. */
  acted: Map<number, number>;
  /** Mentions that got a label (saved searches filtering by label match them again). */
  labelled: number[];
}

export async function actOnItems(
  db: Database,
  businessProfileId: number,
  hits: readonly RuleHit[],
  options: { now: string; counted: boolean },
): Promise<ActResult> {
  const acted = new Map<number, number>();
  if (!hits.length) return { acted, labelled: [] };
  const current = new Map<number, Map<number, string>>();
  for (const row of await listLabelsOfItems(db, businessProfileId, hits.map((h) => h.item.id))) {
    let labels = current.get(row.feedItemId);
    if (!labels) current.set(row.feedItemId, (labels = new Map()));
    labels.set(row.id, row.name);
  }
  const newLabels: Array<{ feedItemId: number; labelId: number }> = [];
  const assignments = new Map<string, number[]>();
  const finalState = new Map<number, number>();
  const hidden: number[] = [];
  const history: Array<{ businessProfileId: number; feedItemId: number; actionType: string; actorName: string; data: string; createdAt: string }> = [];

  for (const { item, actions } of hits) {
    for (const action of actions) {
      const rule = { id: action.id, name: action.name };
      const write = (actionType: string, data: Record<string, unknown>) =>
        history.push({
          businessProfileId,
          feedItemId: item.id,
          actionType,
          actorName: MESSAGES.rulesScreen.historyActor(action.name),
          data: JSON.stringify({ ...data, rule }),
          createdAt: options.now,
        });
      let changed = false;
      let labels = current.get(item.id);
      const added = action.labels.filter((label) => !labels?.has(label.id));
      if (added.length) {
        if (!labels) current.set(item.id, (labels = new Map()));
        for (const label of added) {
          labels.set(label.id, label.name);
          newLabels.push({ feedItemId: item.id, labelId: label.id });
        }
        write("labels", {
          added,
          removed: [],
          labels: [...labels].map(([id, name]) => ({ id, name })),
        });
        changed = true;
      }
      if (action.ruleType === RULE_TYPES.assign && action.assignee && item.assignedToType === null) {
        item.assignedToType = action.assignee.type;
        const key = `${action.assignee.type}:${action.assignee.id}`;
        assignments.set(key, [...(assignments.get(key) ?? []), item.id]);
        write("assignment", {
          assignee_type: action.assignee.type,
          assignee_id: action.assignee.id,
          assignee_name: action.assignee.name,
          message: null,
          previous: null,
        });
        changed = true;
      }
      if (action.ruleType === RULE_TYPES.state && action.state !== null && item.state !== action.state) {
        write("state", { from: item.state, to: action.state });
        item.state = action.state;
        finalState.set(item.id, action.state);
        changed = true;
      }
      if (action.ruleType === RULE_TYPES.hide && !item.muted) {
        item.muted = 1;
        hidden.push(item.id);
        write("hidden", {});
        changed = true;
      }
      if (changed) acted.set(action.id, (acted.get(action.id) ?? 0) + 1);
    }
  }

  await addItemLabels(db, businessProfileId, newLabels);
  for (const [key, ids] of assignments) {
    const [type, id] = key.split(":");
    await assignUnassigned(db, businessProfileId, ids, { type: type!, id: Number(id) }, options.now);
  }
  const byState = new Map<number, number[]>();
  for (const [id, state] of finalState) byState.set(state, [...(byState.get(state) ?? []), id]);
  for (const [state, ids] of byState) await setItemsState(db, businessProfileId, ids, state);
  if (hidden.length) {
    // A hidden mention stops counting in the dashboard; one not yet counted (at ingestion) just is not.
    if (options.counted) await adjustItems(db, businessProfileId, hidden, "all", () => setItemsMuted(db, businessProfileId, hidden));
    else await setItemsMuted(db, businessProfileId, hidden);
  }
  await insertHistoryRows(db, history);
  await addActedCounts(db, businessProfileId, acted);
  return { acted, labelled: [...new Set(newLabels.map((p) => p.feedItemId))] };
}
