// What the shell's loader reads from the address. Not server-only: the shell route's shouldRevalidate
// compares it between two addresses in the browser.
import { NOTIFICATIONS_OPEN_ALL, NOTIFICATIONS_OPEN_PARAM } from "../../domain/notifications";
import { isTemplatesDialogOpen } from "../components/templates/params";
import { DASHBOARD_PARAMS } from "./dashboard-query";

export interface ShellParams {
  /** A shared link's viewer: no notifications, no menus (spec core §2). */
  isSharedView: boolean;
  /** The Templates modal's data is loaded with the shell when the address opens it. */
  templatesDialogOpen: boolean;
  /** The popover asked for every notification, not only its first NOTIFICATIONS_POPOVER_LIMIT. */
  allNotifications: boolean;
}

export function shellParams(params: URLSearchParams): ShellParams {
  return {
    isSharedView: params.has(DASHBOARD_PARAMS.sharedLinkCode),
    templatesDialogOpen: isTemplatesDialogOpen(params),
    allNotifications: params.get(NOTIFICATIONS_OPEN_PARAM) === NOTIFICATIONS_OPEN_ALL,
  };
}

/**
 * Whether the shell's data must be loaded again when the browser moves from one address to another
 * without a form post (`defaultShouldRevalidate` otherwise). Filters, paging and open items of the same
 * screen leave it as it was: notifications arrive live, and any post reloads it.
 */
export function shellChangesBetween(currentUrl: URL, nextUrl: URL): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return true;
  const [current, next] = [shellParams(currentUrl.searchParams), shellParams(nextUrl.searchParams)];
  return (Object.keys(current) as Array<keyof ShellParams>).some((key) => current[key] !== next[key]);
}
