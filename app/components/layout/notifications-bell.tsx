import { Form, Link, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { relativeTime } from "../../../domain/format";
import { MESSAGES } from "../../../domain/messages";
import {
  isAppPath,
  isUnread,
  NOTIFICATIONS_ACTION_PATH,
  NOTIFICATIONS_OPEN,
  NOTIFICATIONS_OPEN_ALL,
  NOTIFICATIONS_OPEN_PARAM,
  PERMISSIONS_ERROR_CATEGORY,
  PROFILES_PATH,
  splitNotificationText,
} from "../../../domain/notifications";
import { useAddressPopover } from "../../lib/use-address-popover";
import { NetworkIcon } from "../notifications/network-icon";
import { useNotifications } from "../notifications/use-notifications";
import { CsrfInput } from "../ui/csrf-input";
import { ToastMessage } from "../ui/toast";
import type { ShellNotification, ShellNotifications } from "./shell-data";

const UI = MESSAGES.notificationsUi;
const DISMISS_FORM_ID = "notification-dismiss";

/** The address of this page with the popover's parameter set to `value` (or without it: null). */
function withPopover(pathname: string, search: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(NOTIFICATIONS_OPEN_PARAM);
  else params.set(NOTIFICATIONS_OPEN_PARAM, value);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

/**
 * The notifications popover (spec core §2): unread badge, 'N notifications', 'Mark all as read', the
 * list newest first, collapsible 'Prior Notifications' for dismissed ones, 'No Notifications' when
 * empty. The bell is a link to this page with `?notifications=open`, which renders the popover open, so
 * it opens without JavaScript; once hydrated it opens and closes in place. Its list is rendered only
 * while open: closed, it would cost every page of the product a tenth of its rendering. Dismiss and
 * Mark all as read are forms that post to the resource route and come back, popover open; with
 * JavaScript they apply at once, hovering an unread item reads it, and new notifications arrive live.
 * Text is rendered as text.
 */
export function NotificationsBell({ notifications: loaded }: { notifications: ShellNotifications }) {
  const { notifications, unreadNotListed, toast, onDismiss, onMarkAllRead, markRead } = useNotifications(loaded);
  const { pathname, search } = useLocation();
  const opened = new URLSearchParams(search).get(NOTIFICATIONS_OPEN_PARAM);
  const openInAddress = opened === NOTIFICATIONS_OPEN || opened === NOTIFICATIONS_OPEN_ALL;
  const closedHref = withPopover(pathname, search, null);
  // Following a notification's link (a navigation) closes it.
  const { open, hydrated, wrapper, button, onButtonClick } = useAddressPopover(openInAddress, closedHref);
  // A post comes back to this page; from the full list, to the full list.
  const back = opened === NOTIFICATIONS_OPEN_ALL ? withPopover(pathname, search, NOTIFICATIONS_OPEN_ALL) : closedHref;
  const olderHref = withPopover(pathname, search, NOTIFICATIONS_OPEN_ALL);

  const current = notifications.filter((n) => !n.dismissed);
  const prior = notifications.filter((n) => n.dismissed);
  const unreadIds = current.filter((n) => !n.readAt).map((n) => n.id);
  const unread = unreadIds.length + unreadNotListed;
  const itemProps = { hydrated, markRead };

  return (
    <>
      <div ref={wrapper} className="relative" data-testid="notifications">
        <Link
          ref={button}
          to={open ? closedHref : withPopover(pathname, search, NOTIFICATIONS_OPEN)}
          replace
          preventScrollReset
          className="relative flex size-9 items-center justify-center rounded-full hover:bg-slate-100"
          aria-label={UI.bellLabel(unread)}
          aria-expanded={open}
          onClick={onButtonClick}
        >
          <svg viewBox="0 0 24 24" className="size-5 fill-none stroke-current" strokeWidth="2" aria-hidden>
            <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
            <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
          </svg>
          {unread > 0 ? (
            <span
              className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] font-semibold leading-4 text-white"
              data-testid="notifications-badge"
            >
              {unread}
            </span>
          ) : null}
        </Link>
        {open ? (
          <div
            data-testid="notifications-panel"
            className="absolute right-0 z-30 mt-2 max-h-[70vh] w-[min(24rem,calc(100vw-1rem))] overflow-y-auto rounded-lg border border-slate-200 bg-white text-sm shadow-lg max-sm:fixed max-sm:inset-x-2 max-sm:top-14 max-sm:w-auto"
          >
            <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
              <p className="font-medium" data-testid="notifications-count">
                {MESSAGES.notificationsCount(unread)}
              </p>
              <Form method="post" action={NOTIFICATIONS_ACTION_PATH} onSubmit={hydrated ? onMarkAllRead(unreadIds) : undefined}>
                <CsrfInput />
                <input type="hidden" name="intent" value="mark-all-read" />
                <input type="hidden" name="redirect_to" value={back} />
                {unreadIds.map((id) => (
                  <input key={id} type="hidden" name="ids" value={id} />
                ))}
                <button
                  type="submit"
                  disabled={unread === 0}
                  className="text-xs font-medium text-brand-600 hover:underline disabled:cursor-default disabled:text-slate-400 disabled:no-underline"
                >
                  {MESSAGES.markAllAsRead}
                </button>
              </Form>
              {/* One form for every Dismiss button (each names its notification): a form per item would
                  repeat its fields on every item. */}
              <Form id={DISMISS_FORM_ID} method="post" action={NOTIFICATIONS_ACTION_PATH} onSubmit={hydrated ? onDismiss : undefined} hidden>
                <CsrfInput />
                <input type="hidden" name="intent" value="dismiss" />
                <input type="hidden" name="redirect_to" value={back} />
              </Form>
            </div>
            {notifications.length === 0 ? (
              <p className="px-4 py-6 text-center text-slate-500">{MESSAGES.noNotifications}</p>
            ) : (
              <>
                <NotificationList items={current} {...itemProps} />
                {loaded.hasMore ? (
                  <Link to={olderHref} preventScrollReset className="block border-t border-slate-100 px-4 py-2 text-center text-xs font-medium text-brand-600 hover:underline" data-testid="older-notifications">
                    {UI.showOlder}
                  </Link>
                ) : null}
                {prior.length > 0 ? (
                  <details className="border-t border-slate-100" data-testid="prior-notifications">
                    <summary className="cursor-pointer px-4 py-2 text-slate-600">{MESSAGES.priorNotifications}</summary>
                    <NotificationList items={prior} {...itemProps} />
                  </details>
                ) : null}
              </>
            )}
          </div>
        ) : null}
      </div>
      {toast ? <ToastMessage toast={toast} /> : null}
    </>
  );
}

interface ItemActions {
  hydrated: boolean;
  markRead: (id: number) => void;
}

function NotificationList({ items, ...actions }: { items: ShellNotification[] } & ItemActions) {
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((n) => (
        <NotificationItem key={n.id} notification={n} {...actions} />
      ))}
    </ul>
  );
}

function NotificationItem({ notification: n, hydrated, markRead }: { notification: ShellNotification } & ItemActions) {
  const { summary, rest } = splitNotificationText(n.text);
  const unread = isUnread(n);
  // One read mark per row: the pointer's every move over it until the mark shows would each post one,
  // and their answers would arrive around a quick Dismiss.
  const asked = useRef(false);
  const readNow =
    unread && hydrated
      ? () => {
          if (asked.current) return;
          asked.current = true;
          markRead(n.id);
        }
      : undefined;
  const body = (
    <>
      {n.entityName ? <p className="font-medium text-ink">{n.entityName}</p> : null}
      <p className="whitespace-pre-line break-words text-slate-700">{summary}</p>
    </>
  );
  return (
    <li
      className={`flex gap-3 px-4 py-3 ${unread ? "bg-brand-50/60" : ""}`}
      data-testid="notification"
      data-unread={unread ? "true" : "false"}
      // The pointer moving over it, not a list shifting under a still pointer (after a Dismiss), reads it.
      onMouseMove={readNow}
      onFocus={readNow}
    >
      <NetworkIcon socialType={n.socialType} />
      <div className="min-w-0 flex-1 space-y-1">
        {unread ? <span className="sr-only">{MESSAGES.notificationsUi.unread}</span> : null}
        {isAppPath(n.link) ? (
          <Link to={n.link} className="block space-y-1 hover:underline" data-testid="notification-link">
            {body}
          </Link>
        ) : (
          body
        )}
        {rest ? (
          <details>
            <summary className="cursor-pointer text-xs text-brand-600">{MESSAGES.moreDetails}</summary>
            <p className="mt-1 whitespace-pre-line break-words text-slate-700">{rest}</p>
          </details>
        ) : null}
        {n.category === PERMISSIONS_ERROR_CATEGORY ? (
          <Link to={PROFILES_PATH} className="inline-block text-xs text-brand-600 underline">
            {MESSAGES.goToProfiles}
          </Link>
        ) : null}
        <div className="flex items-center justify-between gap-3">
          <time dateTime={n.createdAt} title={n.createdAt} className="text-xs text-slate-400" suppressHydrationWarning>
            {relativeTime(n.createdAt)}
          </time>
          {n.dismissed ? null : (
            <button type="submit" form={DISMISS_FORM_ID} name="id" value={n.id} className="text-xs text-slate-500 hover:text-ink hover:underline">
              {MESSAGES.dismiss}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
