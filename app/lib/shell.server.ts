import type { AppLoadContext } from "@remix-run/node";
import { avatarMenu, sideMenu } from "../../domain/navigation";
import { NOTIFICATION_LIST_LIMIT, NOTIFICATIONS_POPOVER_LIMIT } from "../../domain/notifications";
import type { QueryToSend } from "../../domain/request-types";
import type { NotificationListQuerySchema } from "../../domain/schemas/notifications";
import type { ApiNotificationList, ShellData, ShellNotifications } from "../components/layout/shell-data";
import type { Account } from "./api.server";
import { loadTemplatesDialog } from "../routes/_shell.templates.server";
import { parseTemplatesDialogQuery } from "../components/templates/params";
import { shellParams } from "./shell-params";

/** The inbox item the Templates modal chooses a template for (select mode), if any. */
function templatesItemId(request: Request): number | null {
  const query = parseTemplatesDialogQuery(new URL(request.url).searchParams);
  return query?.mode === "select" ? query.itemId : null;
}

const NO_NOTIFICATIONS: ShellNotifications = { items: [], unreadCount: 0, hasMore: false };

/** What the default layout renders around a page, for this account in this environment. */
export async function loadShell(account: Account | null, request: Request, context: AppLoadContext): Promise<ShellData> {
  const { isSharedView, templatesDialogOpen, allNotifications } = shellParams(new URL(request.url).searchParams);
  if (!account) return { account: null, sideMenu: [], avatarMenu: [], notifications: NO_NOTIFICATIONS, isSharedView };
  const menuUser = {
    role: account.role,
    permissions: account.permissions,
    businessProfileId: account.businessProfile.id,
    isAccountOvertaken: account.isAccountOvertaken,
  };
  // Shared-link viewers get no notifications, and nothing is fetched for them (spec core §2).
  // The Templates modal's data only when the address opens it.
  const [notifications, templatesDialog] = await Promise.all([
    isSharedView
      ? NO_NOTIFICATIONS
      : context.api
          .get<ApiNotificationList>("/v1/notifications", {
            query: { limit: allNotifications ? NOTIFICATION_LIST_LIMIT : NOTIFICATIONS_POPOVER_LIMIT } satisfies QueryToSend<typeof NotificationListQuerySchema>,
          })
          .then((answer) => ({ items: answer.data, unreadCount: answer.unreadCount, hasMore: answer.hasMore })),
    !isSharedView && templatesDialogOpen ? loadTemplatesDialog(context, account, templatesItemId(request)) : null,
  ]);
  return {
    account: {
      id: account.id,
      fullName: `${account.firstName} ${account.lastName}`.trim(),
      email: account.email,
      avatarUrl: account.avatarUrl,
      businessProfile: { name: account.businessProfile.name, logoUrl: account.businessProfile.logoUrl },
    },
    sideMenu: isSharedView ? [] : sideMenu(menuUser, context.settings.appEnv),
    avatarMenu: avatarMenu(menuUser, context.settings.appEnv),
    notifications,
    isSharedView,
    templatesDialog,
  };
}
