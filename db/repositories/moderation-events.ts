import { sql, type AliasableExpression, type ExpressionBuilder, type SqlBool, type Expression } from "kysely";
import type { Database } from "../client";
import type { DatabaseSchema, ModerationEventRow } from "../schema";

// Moderation events (spec analytics §3, ADR 014): one row per action taken on an item or its author,
// kept when the item is deleted. The moderation report pages, sorts and filters them.

export type NewModerationEvent = Omit<ModerationEventRow, "id">;

export async function insertModerationEvent(db: Database, row: NewModerationEvent): Promise<ModerationEventRow> {
  return db.insertInto("moderationEvents").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function setModerationDelivery(db: Database, businessProfileId: number, id: number, delivery: string): Promise<void> {
  await db.updateTable("moderationEvents").set({ delivery }).where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
}

/** The columns the report may sort by. */
export const MODERATION_EVENT_ORDERS = {
  agent: "agentName",
  user: "userName",
  action: "action",
  reason: "reason",
  dateAndTime: "createdAt",
  post: "post",
  originalText: "originalText",
  note: "note",
} as const;
export type ModerationEventOrder = keyof typeof MODERATION_EVENT_ORDERS;

export interface ModerationEventFilter {
  /** Event texts ('post deleted'); any of them. */
  actions?: string[];
  reasons?: string[];
  socialTypes?: string[];
  /** The agents' accounts; any of them. */
  agentAccountIds?: number[];
  /** Part of the agent's or the user's name, whatever its case. */
  agent?: string;
  user?: string;
  /** Part of the post, the original text or the note. */
  search?: string;
  from?: string;
  to?: string;
  /** A preset period's end is the start of what follows it (not in it). */
  toIsExclusive?: boolean;
  feedItemId?: number;
}

/** A LIKE pattern (escape '\\') for text containing `value`, lower-cased like the column it meets. */
function containsPattern(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function contains(column: Expression<string | null>, value: string) {
  return sql<SqlBool>`lower(coalesce(${column}, '')) like ${containsPattern(value)} escape '\\'`;
}

function conditions(businessProfileId: number, filter: ModerationEventFilter) {
  return (eb: ExpressionBuilder<DatabaseSchema, "moderationEvents">) => {
    const all: Expression<SqlBool>[] = [eb("businessProfileId", "=", businessProfileId)];
    if (filter.actions?.length) all.push(eb("action", "in", filter.actions));
    if (filter.reasons?.length) all.push(eb("reason", "in", filter.reasons));
    if (filter.socialTypes?.length) all.push(eb("socialType", "in", filter.socialTypes));
    if (filter.agentAccountIds?.length) all.push(eb("agentAccountId", "in", filter.agentAccountIds));
    if (filter.agent) all.push(contains(eb.ref("agentName"), filter.agent));
    if (filter.user) all.push(contains(eb.ref("userName"), filter.user));
    if (filter.search) {
      all.push(
        eb.or([
          contains(eb.ref("post"), filter.search),
          contains(eb.ref("originalText"), filter.search),
          contains(eb.ref("note"), filter.search),
        ]),
      );
    }
    if (filter.from) all.push(eb("createdAt", ">=", filter.from));
    // A period is [from, to): a preset's `to` is the start of the next hour or day.
    if (filter.to) all.push(eb("createdAt", filter.toIsExclusive ? "<" : "<=", filter.to));
    if (filter.feedItemId !== undefined) all.push(eb("feedItemId", "=", filter.feedItemId));
    return eb.and(all);
  };
}

type Direction = "asc" | "desc";
type SortKey = string;

/**
 * The column an order sorts by. `post` is null for an item without address or text: it sorts as ''
 * on both engines (SQLite puts nulls first, PostgreSQL last), so pages and the CSV agree everywhere.
 */
function sortExpression(eb: ExpressionBuilder<DatabaseSchema, "moderationEvents">, order: ModerationEventOrder): AliasableExpression<SortKey> {
  const column = MODERATION_EVENT_ORDERS[order];
  return column === "post" ? sql<string>`coalesce(${eb.ref("post")}, '')` : eb.ref(column);
}

/** One page of the tenant's events in the given order (ties: by id, the same way), and how many match. */
export async function listModerationEvents(
  db: Database,
  businessProfileId: number,
  filter: ModerationEventFilter,
  page: { order: ModerationEventOrder; direction: Direction; limit: number; offset: number },
): Promise<{ rows: ModerationEventRow[]; total: number }> {
  const where = conditions(businessProfileId, filter);
  const [rows, count] = await Promise.all([
    db
      .selectFrom("moderationEvents")
      .selectAll()
      .where(where)
      .orderBy((eb) => sortExpression(eb, page.order), page.direction)
      .orderBy("id", page.direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom("moderationEvents")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/**
 * Every matching event in the report's order, a batch at a time (keyset: each batch starts after the
 * last row of the one before, by the sort value then id, both in the order's direction), so an export
 * of any size holds one batch in memory and never rescans what it skipped, on either engine.
 */
export async function* eachModerationEvent(
  db: Database,
  businessProfileId: number,
  filter: ModerationEventFilter,
  sort: { order: ModerationEventOrder; direction: Direction; batchSize: number },
): AsyncGenerator<ModerationEventRow[]> {
  const where = conditions(businessProfileId, filter);
  const after = sort.direction === "asc" ? ">" : "<";
  let last: { key: SortKey; id: number } | null = null;
  for (;;) {
    const cursor: { key: SortKey; id: number } | null = last;
    const rows: (ModerationEventRow & { sortKey: SortKey })[] = await db
      .selectFrom("moderationEvents")
      .selectAll()
      .select((eb) => sortExpression(eb, sort.order).as("sortKey"))
      .where(where)
      // A row value: (sort value, id) past the last row's, which an index on the sort column can seek.
      .$if(cursor !== null, (qb) =>
        qb.where((eb) => sql<SqlBool>`(${sortExpression(eb, sort.order)}, ${eb.ref("id")}) ${sql.raw(after)} (${cursor!.key}, ${cursor!.id})`),
      )
      .orderBy((eb) => sortExpression(eb, sort.order), sort.direction)
      .orderBy("id", sort.direction)
      .limit(sort.batchSize)
      .execute();
    if (rows.length === 0) return;
    const tail = rows[rows.length - 1]!;
    last = { key: tail.sortKey, id: tail.id };
    yield rows.map(({ sortKey: _sortKey, ...row }) => row);
    if (rows.length < sort.batchSize) return;
  }
}

/** The agents who took the tenant's moderation actions (their latest name) and the networks acted on. */
export async function moderationFilterChoices(
  db: Database,
  businessProfileId: number,
): Promise<{ agents: { id: number; name: string }[]; socialTypes: string[] }> {
  const [agents, networks] = await Promise.all([
    db
      .selectFrom("moderationEvents as e")
      .select(["e.agentAccountId", "e.agentName"])
      .where("e.businessProfileId", "=", businessProfileId)
      .where("e.agentAccountId", "is not", null)
      .where("e.id", "in", (eb) =>
        eb
          .selectFrom("moderationEvents")
          .select((inner) => inner.fn.max("id").as("id"))
          .where("businessProfileId", "=", businessProfileId)
          .where("agentAccountId", "is not", null)
          .groupBy("agentAccountId"),
      )
      .orderBy("e.agentName")
      .execute(),
    db
      .selectFrom("moderationEvents")
      .select("socialType")
      .distinct()
      .where("businessProfileId", "=", businessProfileId)
      .orderBy("socialType")
      .execute(),
  ]);
  return {
    agents: agents.map((a) => ({ id: a.agentAccountId!, name: a.agentName })),
    socialTypes: networks.map((n) => n.socialType),
  };
}

/** Sets an item's state (a deleted post is closed); returns the state it had, or undefined when it is not the tenant's. */
export async function setModeratedItemState(
  db: Database,
  businessProfileId: number,
  feedItemId: number,
  state: number,
): Promise<{ previous: number } | undefined> {
  const before = await db
    .selectFrom("feedItems")
    .select("state")
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", feedItemId)
    .executeTakeFirst();
  if (!before) return undefined;
  await db.updateTable("feedItems").set({ state }).where("businessProfileId", "=", businessProfileId).where("id", "=", feedItemId).execute();
  return { previous: before.state };
}
