import type { Database } from "../client";
import type { AccountEventRow } from "../schema";

export async function insertAccountEvent(db: Database, row: Omit<AccountEventRow, "id">): Promise<AccountEventRow> {
  return db.insertInto("accountEvents").values(row).returningAll().executeTakeFirstOrThrow();
}

/** Several events in one statement (a batch of queued page views). */
export async function insertAccountEvents(db: Database, rows: ReadonlyArray<Omit<AccountEventRow, "id">>): Promise<void> {
  if (!rows.length) return;
  await db.insertInto("accountEvents").values([...rows]).execute();
}

export interface AccountEventFilter {
  accountIds?: number[];
  from?: string;
  to?: string;
  actionType?: string;
  contextId?: number;
  contextType?: number;
}

export async function listAccountEvents(
  db: Database,
  businessProfileId: number,
  filter: AccountEventFilter,
): Promise<AccountEventRow[]> {
  let query = db.selectFrom("accountEvents").selectAll().where("businessProfileId", "=", businessProfileId);
  if (filter.accountIds?.length) query = query.where("accountId", "in", filter.accountIds);
  if (filter.from) query = query.where("createdAt", ">=", filter.from);
  if (filter.to) query = query.where("createdAt", "<=", filter.to);
  if (filter.actionType) query = query.where("actionType", "=", filter.actionType);
  if (filter.contextId !== undefined) query = query.where("contextId", "=", filter.contextId);
  if (filter.contextType !== undefined) query = query.where("contextType", "=", filter.contextType);
  // By time: a queued page view is stored up to a second after it was made (ADR 020, 2026-11-29).
  return query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(1000).execute();
}

/** Events of these action types in the filter, counted per network and action type. */
export async function countAccountEvents(
  db: Database,
  businessProfileId: number,
  filter: Omit<AccountEventFilter, "actionType">,
  actionTypes: readonly string[],
) {
  let query = db
    .selectFrom("accountEvents")
    .select(["socialType", "actionType", (eb) => eb.fn.countAll<number>().as("count")])
    .where("businessProfileId", "=", businessProfileId)
    .where("actionType", "in", [...actionTypes]);
  if (filter.accountIds?.length) query = query.where("accountId", "in", filter.accountIds);
  if (filter.from) query = query.where("createdAt", ">=", filter.from);
  if (filter.to) query = query.where("createdAt", "<=", filter.to);
  if (filter.contextId !== undefined) query = query.where("contextId", "=", filter.contextId);
  if (filter.contextType !== undefined) query = query.where("contextType", "=", filter.contextType);
  const rows = await query.groupBy(["socialType", "actionType"]).execute();
  return rows.map((r) => ({ socialType: r.socialType, actionType: r.actionType, count: Number(r.count) }));
}

/**
 * Label events per label: events of `actionType` whose context (of `labelContextType`) is a label of the
 * tenant, optionally only labels made in one context (the label's own context_id / context_type).
 */
export async function countEventsPerLabel(
  db: Database,
  businessProfileId: number,
  filter: { accountIds?: number[]; from?: string; to?: string; labelContextId?: number; labelContextType?: number },
  event: { actionType: string; contextType: number },
) {
  let query = db
    .selectFrom("accountEvents")
    .innerJoin("labels", (join) =>
      join.onRef("labels.id", "=", "accountEvents.contextId").on("labels.businessProfileId", "=", businessProfileId),
    )
    .select(["labels.id", "labels.name", "labels.category", (eb) => eb.fn.countAll<number>().as("count")])
    .where("accountEvents.businessProfileId", "=", businessProfileId)
    .where("accountEvents.actionType", "=", event.actionType)
    .where("accountEvents.contextType", "=", event.contextType);
  if (filter.accountIds?.length) query = query.where("accountEvents.accountId", "in", filter.accountIds);
  if (filter.from) query = query.where("accountEvents.createdAt", ">=", filter.from);
  if (filter.to) query = query.where("accountEvents.createdAt", "<=", filter.to);
  if (filter.labelContextId !== undefined) query = query.where("labels.contextId", "=", filter.labelContextId);
  if (filter.labelContextType !== undefined) query = query.where("labels.contextType", "=", filter.labelContextType);
  const rows = await query.groupBy(["labels.id", "labels.name", "labels.category"]).orderBy("labels.name").execute();
  return rows.map((r) => ({ labelId: r.id, name: r.name, category: r.category, count: Number(r.count) }));
}
