import { sql, type ExpressionBuilder, type SqlBool, type Expression } from "kysely";
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
  /** Part of the agent's or the user's name, whatever its case. */
  agent?: string;
  user?: string;
  /** Part of the post, the original text or the note. */
  search?: string;
  from?: string;
  to?: string;
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
    if (filter.to) all.push(eb("createdAt", "<=", filter.to));
    if (filter.feedItemId !== undefined) all.push(eb("feedItemId", "=", filter.feedItemId));
    return eb.and(all);
  };
}

/** One page of the tenant's events in the given order (ties: newest id first), and how many match. */
export async function listModerationEvents(
  db: Database,
  businessProfileId: number,
  filter: ModerationEventFilter,
  page: { order: ModerationEventOrder; direction: "asc" | "desc"; limit: number; offset: number },
): Promise<{ rows: ModerationEventRow[]; total: number }> {
  const where = conditions(businessProfileId, filter);
  const [rows, count] = await Promise.all([
    db
      .selectFrom("moderationEvents")
      .selectAll()
      .where(where)
      .orderBy(MODERATION_EVENT_ORDERS[page.order], page.direction)
      .orderBy("id", "desc")
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
