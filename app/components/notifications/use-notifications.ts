import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { MESSAGES } from "../../../domain/messages";
import { isUnread, NOTIFICATIONS_ACTION_PATH } from "../../../domain/notifications";
import { camelCaseKeys } from "../../lib/case";
import { useRootData } from "../../lib/root-data";
import type { Toast } from "../../lib/session.server";
import type { ShellNotification, ShellNotifications } from "../layout/shell-data";
import type { NotificationsAnswer } from "./types";

type Change = Partial<Pick<ShellNotification, "readAt" | "dismissed">>;

/** The loader's notifications and those that arrived live since, newest first (the loader's copy wins). */
function mergeNotifications(loaded: readonly ShellNotification[], arrived: readonly ShellNotification[]): ShellNotification[] {
  const byId = new Map<number, ShellNotification>();
  for (const notification of arrived) byId.set(notification.id, notification);
  for (const notification of loaded) byId.set(notification.id, notification);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

/**
 * New notifications while the page is open: an EventSource on the popover's live route (started once
 * hydrated, so never on the server and never without JavaScript), from the newest the page shows.
 */
function useArrivedNotifications(loaded: readonly ShellNotification[]): ShellNotification[] {
  const [arrived, setArrived] = useState<ShellNotification[]>([]);
  const afterId = useRef(loaded.reduce((max, n) => Math.max(max, n.id), 0));
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(`${NOTIFICATIONS_ACTION_PATH}/live?after_id=${afterId.current}`);
    source.addEventListener("notification", (event) => {
      let notification: ShellNotification;
      try {
        notification = camelCaseKeys(JSON.parse((event as MessageEvent<string>).data)) as ShellNotification;
      } catch {
        return;
      }
      setArrived((list) => (list.some((n) => n.id === notification.id) ? list : [notification, ...list]));
    });
    return () => source.close();
  }, []);
  return arrived;
}

/**
 * The popover's state with JavaScript: the list (loaded, live, and changed here), and its actions,
 * applied at once and posted to the resource route in the background (no page revalidation: hovering
 * must stay cheap). A refused change is undone, with spec §8's toast for Dismiss and Mark all as read.
 */
export function useNotifications(loaded: ShellNotifications) {
  const arrived = useArrivedNotifications(loaded.items);
  const [changes, setChanges] = useState<Record<number, Change>>({});
  const [toast, setToast] = useState<Toast | null>(null);
  // The load whose unlisted unread ones 'Mark all as read' has read (the next load counts afresh).
  const [allReadOf, setAllReadOf] = useState<ShellNotifications | null>(null);
  const { formToken } = useRootData();

  const notifications = useMemo(
    () => mergeNotifications(loaded.items, arrived).map((n) => (changes[n.id] ? { ...n, ...changes[n.id] } : n)),
    [loaded, arrived, changes],
  );
  const listedUnread = loaded.items.filter(isUnread).length;
  /** Unread ones the popover does not list yet (older than its first few): the badge counts them too. */
  const unreadNotListed = allReadOf === loaded ? 0 : Math.max(0, loaded.unreadCount - listedUnread);

  const change = (ids: readonly number[], apply: (n: ShellNotification | undefined) => Change | null) =>
    setChanges((current) => {
      const next = { ...current };
      for (const id of ids) {
        const value = apply(notifications.find((n) => n.id === id));
        if (value) next[id] = { ...next[id], ...value };
        else delete next[id];
      }
      return next;
    });

  /** Posts the form's fields; applies `optimistic` meanwhile, the server's answer after, or undoes it. */
  async function post(fields: FormData, ids: readonly number[], optimistic: Change) {
    change(ids, (n) => ({ ...optimistic, readAt: n?.readAt ?? optimistic.readAt ?? null }));
    fields.set("enhanced", "1");
    if (!fields.get("csrf")) fields.set("csrf", formToken);
    let answer: NotificationsAnswer | null = null;
    try {
      const response = await fetch(NOTIFICATIONS_ACTION_PATH, { method: "POST", body: fields, headers: { accept: "application/json" } });
      answer = (await response.json()) as NotificationsAnswer;
    } catch {
      answer = null;
    }
    if (answer?.ok) {
      if (answer.intent === "mark-all-read") setAllReadOf(loaded);
      const stored = new Map(answer.notifications.map((n) => [n.id, n]));
      // Only what this action changed is taken from its answer: a read mark's answer, arriving after a
      // Dismiss clicked meanwhile, must not bring the dismissed notification back.
      change(ids, (n) => {
        const saved = stored.get(n?.id ?? -1);
        if (!saved) return null;
        return "dismissed" in optimistic ? { readAt: saved.readAt, dismissed: saved.dismissed } : { readAt: saved.readAt };
      });
      return;
    }
    change(ids, () => null);
    const intent = fields.get("intent");
    if (intent === "dismiss") setToast({ kind: "error", message: MESSAGES.notificationDismissFailed });
    else if (intent === "mark-all-read") setToast({ kind: "error", message: MESSAGES.markAllReadFailed });
  }

  const now = () => new Date().toISOString();
  /** A <Form>'s submit, taken over once hydrated (without JavaScript it posts and comes back). */
  const enhance = (ids: readonly number[], optimistic: () => Change) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    void post(new FormData(event.currentTarget, submitter), ids, optimistic());
  };

  return {
    notifications,
    unreadNotListed,
    toast,
    /** The one Dismiss form of the popover: the notification is the clicked button's value. */
    onDismiss: (event: FormEvent<HTMLFormElement>) => {
      const id = Number((event.nativeEvent as SubmitEvent).submitter?.getAttribute("value"));
      if (Number.isInteger(id) && id > 0) enhance([id], () => ({ dismissed: true, readAt: now() }))(event);
      else event.preventDefault();
    },
    onMarkAllRead: (ids: readonly number[]) => enhance(ids, () => ({ readAt: now() })),
    /** Hovering (or focusing) an unread notification reads it. */
    markRead(id: number) {
      const fields = new FormData();
      fields.set("intent", "mark-read");
      fields.append("ids", String(id));
      void post(fields, [id], { readAt: now() });
    },
  };
}
