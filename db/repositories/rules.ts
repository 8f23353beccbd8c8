import type { Database } from "../client";
import type { RuleRow } from "../schema";

// Rules (issue 24, ADR 031) and what they write on mentions: labels, an assignee, a state, hidden.
// Names are unique per tenant whatever their case: name_key carries the unique index.

export function ruleNameKey(name: string): string {
  return name.trim().normalize("NFC").toLowerCase();
}

/** What a rule's form sets: the row's own columns, as the table types them (db/schema.ts). */
export type RuleValues = Pick<
  RuleRow,
  | "name"
  | "entities"
  | "query"
  | "excludeQuery"
  | "ruleType"
  | "statusType"
  | "identities"
  | "labelIds"
  | "selectedGroups"
  | "assigneeType"
  | "assigneeId"
  | "state"
>;

/** The tenant's rules in the order they run (oldest first). */
export async function listRules(db: Database, businessProfileId: number): Promise<RuleRow[]> {
  return db.selectFrom("rules").selectAll().where("businessProfileId", "=", businessProfileId).orderBy("id").execute();
}

export async function findRule(db: Database, businessProfileId: number, id: number): Promise<RuleRow | undefined> {
  return db.selectFrom("rules").selectAll().where("businessProfileId", "=", businessProfileId).where("id", "=", id).executeTakeFirst();
}

export async function findRuleByNameKey(db: Database, businessProfileId: number, nameKey: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom("rules")
    .select("id")
    .where("businessProfileId", "=", businessProfileId)
    .where("nameKey", "=", nameKey)
    .executeTakeFirst();
}

export async function insertRule(
  db: Database,
  businessProfileId: number,
  values: RuleValues,
  createdBy: number | null,
  now: string,
): Promise<RuleRow> {
  return db
    .insertInto("rules")
    .values({ businessProfileId, ...values, nameKey: ruleNameKey(values.name), createdBy, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A saved edit: the rule runs again (any broken reason is cleared; it was checked on save). */
export async function updateRule(db: Database, businessProfileId: number, id: number, values: RuleValues, now: string): Promise<void> {
  await db
    .updateTable("rules")
    .set({ ...values, nameKey: ruleNameKey(values.name), brokenReason: null, updatedAt: now })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .execute();
}

export async function deleteRule(db: Database, businessProfileId: number, id: number): Promise<void> {
  await db.deleteFrom("rules").where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
}

/** Marks a rule broken with its reason, or running again (null). */
export async function setRuleBroken(db: Database, businessProfileId: number, id: number, reason: string | null): Promise<void> {
  await db.updateTable("rules").set({ brokenReason: reason }).where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
}

/** Adds to each rule's count of mentions acted on. */
export async function addActedCounts(db: Database, businessProfileId: number, counts: ReadonlyMap<number, number>): Promise<void> {
  for (const [id, count] of counts) {
    if (count <= 0) continue;
    await db
      .updateTable("rules")
      .set((eb) => ({ actedCount: eb("actedCount", "+", count) }))
      .where("businessProfileId", "=", businessProfileId)
      .where("id", "=", id)
      .execute();
  }
}

export async function setApplyProgress(
  db: Database,
  businessProfileId: number,
  id: number,
  progress: { status: string; done: number; total: number; acted: number; finishedAt: string | null },
): Promise<void> {
  await db
    .updateTable("rules")
    .set({
      applyStatus: progress.status,
      applyDone: progress.done,
      applyTotal: progress.total,
      applyActed: progress.acted,
      applyFinishedAt: progress.finishedAt,
    })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .execute();
}

// ── What rules read of the tenant ───────────────────────────────────────────────────────────────────

type IdTable = "labels" | "streams" | "searchItems" | "topics" | "topicGroups" | "teams" | "identities";

/** Which of these ids are rows of the tenant's table. */
export async function existingIds(db: Database, table: IdTable, businessProfileId: number, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom(table)
    .select("id")
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "in", [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Which of these ids are active accounts of the tenant. */
export async function activeAccountIds(db: Database, businessProfileId: number, ids: readonly number[], activeState: number): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom("accounts")
    .select("id")
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "in", [...ids])
    .where("state", "=", activeState)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The topics of some topic groups of the tenant. */
export async function listTopicIdsOfGroups(db: Database, businessProfileId: number, groupIds: readonly number[]) {
  if (!groupIds.length) return [];
  return db
    .selectFrom("topics")
    .select(["id", "topicGroupId"])
    .where("businessProfileId", "=", businessProfileId)
    .where("topicGroupId", "in", [...groupIds])
    .execute();
}

/** Names of labels, teams and accounts as a rule's history rows and the screen show them. */
export async function listNamesFor(db: Database, businessProfileId: number, ids: { labels: number[]; teams: number[]; accounts: number[] }) {
  const [labels, teams, accounts] = await Promise.all([
    ids.labels.length
      ? db.selectFrom("labels").select(["id", "name"]).where("businessProfileId", "=", businessProfileId).where("id", "in", ids.labels).execute()
      : [],
    ids.teams.length
      ? db.selectFrom("teams").select(["id", "name"]).where("businessProfileId", "=", businessProfileId).where("id", "in", ids.teams).execute()
      : [],
    ids.accounts.length
      ? db
          .selectFrom("accounts")
          .select(["id", "firstName", "lastName"])
          .where("businessProfileId", "=", businessProfileId)
          .where("id", "in", ids.accounts)
          .execute()
      : [],
  ]);
  return {
    labels: new Map(labels.map((l) => [l.id, l.name])),
    teams: new Map(teams.map((t) => [t.id, t.name])),
    accounts: new Map(accounts.map((a) => [a.id, `${a.firstName} ${a.lastName}`.trim()])),
  };
}

const FACT_COLUMNS = [
  "id",
  "title",
  "description",
  "socialType",
  "language",
  "authorCountry",
  "sentiment",
  "identityId",
  "kind",
  "streamId",
  "createdAt",
  "authorUsername",
  "authorName",
  "assignedToType",
  "state",
  "muted",
] as const;

/** Stored mentions in id order after `afterId` (apply to existing), with what rules match on and change. */
export async function listRuleFacts(db: Database, businessProfileId: number, page: { afterId: number; limit: number }) {
  return db
    .selectFrom("feedItems")
    .select(FACT_COLUMNS)
    .where("businessProfileId", "=", businessProfileId)
    .where("id", ">", page.afterId)
    .orderBy("id")
    .limit(page.limit)
    .execute();
}

/** The tenant's visible mentions created since an instant, newest first ("test this rule"). */
export async function listRecentRuleFacts(db: Database, businessProfileId: number, since: string, limit: number) {
  return db
    .selectFrom("feedItems")
    .select(FACT_COLUMNS)
    .where("businessProfileId", "=", businessProfileId)
    .where("createdAt", ">=", since)
    .where("muted", "=", 0)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export type RuleFactsRow = Awaited<ReturnType<typeof listRuleFacts>>[number];

export async function countTenantItems(db: Database, businessProfileId: number): Promise<number> {
  const row = await db
    .selectFrom("feedItems")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("businessProfileId", "=", businessProfileId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ── What rules write ───────────────────────────────────────────────────────────────────────────────

/** Puts labels on mentions (pairs the caller knows to be new). */
export async function addItemLabels(db: Database, businessProfileId: number, pairs: ReadonlyArray<{ feedItemId: number; labelId: number }>) {
  if (!pairs.length) return;
  await db
    .insertInto("feedItemLabels")
    .values(pairs.map((p) => ({ businessProfileId, feedItemId: p.feedItemId, labelId: p.labelId })))
    .execute();
}

/** Assigns mentions that nobody holds yet (a rule never takes an item from a person). */
export async function assignUnassigned(
  db: Database,
  businessProfileId: number,
  ids: readonly number[],
  assignee: { type: string; id: number },
  at: string,
): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable("feedItems")
    .set({ assignedToType: assignee.type, assignedToId: assignee.id, assignedMessage: null, assignedAt: at, assignedBy: null })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "in", [...ids])
    .where("assignedToType", "is", null)
    .execute();
}

export async function setItemsMuted(db: Database, businessProfileId: number, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable("feedItems")
    .set({ muted: 1 })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "in", [...ids])
    .execute();
}

/** History rows a rule wrote (one insert for a batch). */
export async function insertHistoryRows(
  db: Database,
  rows: ReadonlyArray<{ businessProfileId: number; feedItemId: number; actionType: string; actorName: string; data: string; createdAt: string }>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto("feedItemActions")
      .values(rows.slice(i, i + 500).map((row) => ({ ...row, accountId: null })))
      .execute();
  }
}
