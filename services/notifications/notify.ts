import { EventEmitter } from "node:events";
import { insertNotification } from "../../db/repositories/notifications";
import type { Database } from "../../db/client";
import { isoNow, type ServiceDeps } from "../context";

export interface NewNotification {
  businessProfileId: number;
  /** Every account to notify (duplicates are notified once). */
  accountIds: readonly number[];
  text: string;
  /** e.g. 'assignment', 'alert', 'permissions_error' (the popover shows 'Go to Profiles' for the last). */
  category: string;
  socialType?: string | null;
  entityName?: string | null;
  /** Where the notification leads in the app, e.g. '/inbox?item=42'. */
  link?: string | null;
}

/**
 * Notifications created, by account: the popover's live stream listens here. Those created in this
 * process are emitted at once; those of other processes arrive through the event bus (ADR 043), which
 * the server relays here (services/events/relay.ts); the stream also re-reads the table now and then.
 */
export const notificationEvents = new EventEmitter();
notificationEvents.setMaxListeners(0);
export const NOTIFICATION_CREATED = "created";

/** What notify() emits as NOTIFICATION_CREATED, once per account notified. */
export interface NotificationCreatedEvent {
  accountId: number;
  businessProfileId: number;
  id: number;
}

/** Stores one notification per account and tells live listeners. */
export async function notify(deps: ServiceDeps, input: NewNotification): Promise<number[]> {
  const created = await storeNotifications(deps.db, deps, input);
  announceNotifications(deps, created);
  return created.map((event) => event.id);
}

/**
 * Stores one notification per account through `db`, a transaction's when the notification belongs to a
 * change (it commits with it, or not at all: a process killed in between loses neither, ADR 043). Once
 * committed, `announceNotifications` tells the live listeners.
 */
export async function storeNotifications(db: Database, deps: Pick<ServiceDeps, "now">, input: NewNotification): Promise<NotificationCreatedEvent[]> {
  const createdAt = isoNow(deps);
  const created: NotificationCreatedEvent[] = [];
  for (const accountId of new Set(input.accountIds)) {
    const row = await insertNotification(db, {
      businessProfileId: input.businessProfileId,
      accountId,
      text: input.text,
      category: input.category,
      socialType: input.socialType ?? null,
      entityName: input.entityName ?? null,
      link: input.link ?? null,
      readAt: null,
      dismissed: 0,
      createdAt,
    });
    created.push({ accountId, businessProfileId: input.businessProfileId, id: row.id });
  }
  return created;
}

/** Tells this process's live listeners and the other processes (ADR 043) of stored notifications. */
export function announceNotifications(deps: Pick<ServiceDeps, "events">, created: readonly NotificationCreatedEvent[]): void {
  for (const event of created) {
    notificationEvents.emit(NOTIFICATION_CREATED, event);
    deps.events?.publish("notification", event);
  }
}
