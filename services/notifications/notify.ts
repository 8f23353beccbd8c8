import { EventEmitter } from "node:events";
import { insertNotification } from "../../db/repositories/notifications";
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
  const createdAt = isoNow(deps);
  const ids: number[] = [];
  for (const accountId of new Set(input.accountIds)) {
    const row = await insertNotification(deps.db, {
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
    ids.push(row.id);
    const event: NotificationCreatedEvent = { accountId, businessProfileId: input.businessProfileId, id: row.id };
    notificationEvents.emit(NOTIFICATION_CREATED, event);
    deps.events?.publish("notification", event);
  }
  return ids;
}
