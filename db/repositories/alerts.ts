import { sql, type Transaction } from "kysely";
import type { Database } from "../client";
import type { DatabaseSchema } from "../schema";
import type { AlertFiringRow, AlertRow } from "./alerts-schema";

// Alerts and their firings (spec core §3, issue 24, ADR 029): the records, as the API reads and writes
// them. The evaluation's claims and counts are in alerts-evaluation.ts.

type Db = Database | Transaction<DatabaseSchema>;

/** What an alert watches: a saved search (search_id) or a topic (topic_id). */
export type AlertTarget = { searchId: number; topicId?: undefined } | { topicId: number; searchId?: undefined };

export interface AlertFields {
  name: string;
  isMuted: boolean;
  isActive: boolean;
  recipientEmails: readonly string[];
  emailDescription: string | null;
  thresholdCountMode: string;
  thresholdCountValue: number;
  alertTimeSpan: number;
}

function fieldsToRow(fields: Partial<AlertFields>) {
  return {
    ...(fields.name !== undefined ? { name: fields.name } : {}),
    ...(fields.isMuted !== undefined ? { isMuted: fields.isMuted ? 1 : 0 } : {}),
    ...(fields.isActive !== undefined ? { isActive: fields.isActive ? 1 : 0 } : {}),
    ...(fields.recipientEmails !== undefined ? { recipientEmails: JSON.stringify(fields.recipientEmails) } : {}),
    ...(fields.emailDescription !== undefined ? { emailDescription: fields.emailDescription } : {}),
    ...(fields.thresholdCountMode !== undefined ? { thresholdCountMode: fields.thresholdCountMode } : {}),
    ...(fields.thresholdCountValue !== undefined ? { thresholdCountValue: fields.thresholdCountValue } : {}),
    ...(fields.alertTimeSpan !== undefined ? { alertTimeSpan: fields.alertTimeSpan } : {}),
  };
}

export async function insertAlert(
  db: Db,
  input: AlertFields & { businessProfileId: number; ownerAccountId: number; target: AlertTarget; now: string },
): Promise<AlertRow> {
  return db
    .insertInto("alerts")
    .values({
      businessProfileId: input.businessProfileId,
      ownerAccountId: input.ownerAccountId,
      ...fieldsToRow(input),
      name: input.name,
      thresholdCountMode: input.thresholdCountMode,
      thresholdCountValue: input.thresholdCountValue,
      alertTimeSpan: input.alertTimeSpan,
      emailDescription: input.emailDescription,
      searchId: input.target.searchId ?? null,
      topicId: input.target.topicId ?? null,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findAlert(db: Db, businessProfileId: number, id: number): Promise<AlertRow | undefined> {
  return db.selectFrom("alerts").selectAll().where("businessProfileId", "=", businessProfileId).where("id", "=", id).executeTakeFirst();
}

/** The tenant's alerts, newest first; optionally those of one saved search or topic. */
export async function listAlerts(db: Db, businessProfileId: number, target?: AlertTarget): Promise<AlertRow[]> {
  let query = db.selectFrom("alerts").selectAll().where("businessProfileId", "=", businessProfileId);
  if (target?.searchId !== undefined) query = query.where("searchId", "=", target.searchId);
  if (target?.topicId !== undefined) query = query.where("topicId", "=", target.topicId);
  return query.orderBy("id", "desc").execute();
}

/**
 * Changes an alert's fields. Turning it on (again), or changing what it counts, re-arms it: the next
 * evaluation compares afresh.
 */
export async function updateAlertRow(
  db: Db,
  businessProfileId: number,
  id: number,
  fields: Partial<AlertFields>,
  options: { now: string; rearm: boolean },
): Promise<void> {
  await db
    .updateTable("alerts")
    .set({ ...fieldsToRow(fields), updatedAt: options.now, ...(options.rearm ? { armed: 1 } : {}) })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .execute();
}

export async function deleteAlertRow(db: Db, businessProfileId: number, id: number): Promise<void> {
  await db.deleteFrom("alerts").where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
}

/**
 * Keeps a saved search's or topic's `alerts_enabled` (the API's are_alerts_enabled) equal to "an active
 * alert watches it"; called in the transaction of every change of an alert.
 */
export async function refreshAlertsEnabled(db: Db, businessProfileId: number, target: AlertTarget): Promise<void> {
  const active = await db
    .selectFrom("alerts")
    .select("id")
    .where("businessProfileId", "=", businessProfileId)
    .where("isActive", "=", 1)
    .where(target.searchId !== undefined ? "searchId" : "topicId", "=", target.searchId ?? target.topicId)
    .limit(1)
    .executeTakeFirst();
  const enabled = active ? 1 : 0;
  if (target.searchId !== undefined) {
    await db.updateTable("searchItems").set({ alertsEnabled: enabled }).where("businessProfileId", "=", businessProfileId).where("id", "=", target.searchId).execute();
  } else {
    await db.updateTable("topics").set({ alertsEnabled: enabled }).where("businessProfileId", "=", businessProfileId).where("id", "=", target.topicId).execute();
  }
}

/** The newest `perAlert` firings of each alert, newest first. */
export async function listRecentFirings(
  db: Db,
  businessProfileId: number,
  alertIds: readonly number[],
  perAlert: number,
): Promise<AlertFiringRow[]> {
  if (!alertIds.length) return [];
  const ranked = db
    .selectFrom("alertFirings")
    .selectAll()
    .select(sql<number>`row_number() over (partition by alert_id order by id desc)`.as("rank"))
    .where("businessProfileId", "=", businessProfileId)
    .where("alertId", "in", [...alertIds])
    .as("ranked");
  const rows = await db.selectFrom(ranked).selectAll().where("rank", "<=", perAlert).orderBy("id", "desc").execute();
  return rows.map(({ rank: _rank, ...row }) => row);
}

/** The names of saved searches and topics, for the alerts' list. */
export async function findTargetNames(
  db: Db,
  businessProfileId: number,
  searchIds: readonly number[],
  topicIds: readonly number[],
): Promise<{ searches: Map<number, string>; topics: Map<number, string> }> {
  const [searches, topics] = await Promise.all([
    searchIds.length
      ? db.selectFrom("searchItems").select(["id", "name"]).where("businessProfileId", "=", businessProfileId).where("id", "in", [...searchIds]).execute()
      : [],
    topicIds.length
      ? db.selectFrom("topics").select(["id", "name"]).where("businessProfileId", "=", businessProfileId).where("id", "in", [...topicIds]).execute()
      : [],
  ]);
  return { searches: new Map(searches.map((r) => [r.id, r.name])), topics: new Map(topics.map((r) => [r.id, r.name])) };
}
