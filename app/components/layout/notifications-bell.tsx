import type { RefObject } from "react";
import { relativeTime } from "../../../domain/format";
import { MESSAGES } from "../../../domain/messages";
import { PERMISSIONS_ERROR_CATEGORY, splitNotificationText } from "../../../domain/notifications";
import type { ShellNotification } from "./shell-layout";

/**
 * The notifications popover (spec core §2): unread badge, 'N notifications', the list newest first,
 * collapsible 'Prior Notifications' for dismissed ones, 'No Notifications' when empty. A <details>
 * element, so it opens without JavaScript. Text is rendered as text, never as HTML.
 */
export function NotificationsBell({
  notifications,
  detailsRef,
}: {
  notifications: ShellNotification[];
  detailsRef: RefObject<HTMLDetailsElement>;
}) {
  const current = notifications.filter((n) => !n.dismissed);
  const prior = notifications.filter((n) => n.dismissed);
  const unread = current.filter((n) => !n.readAt).length;
  return (
    <details ref={detailsRef} className="relative" data-testid="notifications">
      <summary
        className="relative flex size-9 cursor-pointer list-none items-center justify-center rounded-full hover:bg-slate-100"
        aria-label={`Notifications (${unread} unread)`}
      >
        <svg viewBox="0 0 24 24" className="size-5 fill-none stroke-current" strokeWidth="2" aria-hidden>
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 ? (
          <span className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] font-semibold leading-4 text-white" data-testid="notifications-badge">
            {unread}
          </span>
        ) : null}
      </summary>
      <div className="absolute right-0 z-30 mt-2 max-h-[70vh] w-[min(24rem,calc(100vw-1rem))] overflow-y-auto max-sm:fixed max-sm:inset-x-2 max-sm:top-14 max-sm:w-auto rounded-lg border border-slate-200 bg-white text-sm shadow-lg">
        <p className="border-b border-slate-100 px-4 py-3 font-medium">{MESSAGES.notificationsCount(unread)}</p>
        {notifications.length === 0 ? (
          <p className="px-4 py-6 text-center text-slate-500">{MESSAGES.noNotifications}</p>
        ) : (
          <>
            <NotificationList items={current} />
            {prior.length > 0 ? (
              <details className="border-t border-slate-100">
                <summary className="cursor-pointer px-4 py-2 text-slate-600">{MESSAGES.priorNotifications}</summary>
                <NotificationList items={prior} />
              </details>
            ) : null}
          </>
        )}
      </div>
    </details>
  );
}

function NotificationList({ items }: { items: ShellNotification[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((n) => {
        const { summary, rest } = splitNotificationText(n.text);
        return (
          <li key={n.id} className={`flex gap-3 px-4 py-3 ${n.readAt ? "" : "bg-brand-50/60"}`}>
            <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-200 text-[10px] font-semibold uppercase text-slate-600" title={n.socialType ?? undefined}>
              {(n.socialType ?? "•").slice(0, 2)}
            </span>
            <div className="min-w-0 flex-1 space-y-1">
              {n.entityName ? <p className="font-medium">{n.entityName}</p> : null}
              <p className="break-words text-slate-700">{summary}</p>
              {rest ? (
                <details>
                  <summary className="cursor-pointer text-xs text-brand-600">{MESSAGES.moreDetails}</summary>
                  <p className="mt-1 break-words text-slate-700">{rest}</p>
                </details>
              ) : null}
              {n.category === PERMISSIONS_ERROR_CATEGORY ? (
                <a href="/settings/channels" className="text-xs text-brand-600 underline">
                  {MESSAGES.goToProfiles}
                </a>
              ) : null}
              <p className="text-xs text-slate-400">{relativeTime(n.createdAt)}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
