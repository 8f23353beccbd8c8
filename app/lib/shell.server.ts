import type { AppLoadContext } from "@remix-run/node";
import { avatarMenu, sideMenu } from "../../domain/navigation";
import type { ShellData } from "../components/layout/shell-layout";
import type { Account } from "./api.server";

/** What the default layout renders around a page, for this account in this environment. */
export function shellDataFor(account: Account | null, request: Request, context: AppLoadContext): ShellData {
  const isSharedView = new URL(request.url).searchParams.has("shared_link_code");
  if (!account) return { account: null, sideMenu: [], avatarMenu: [], isSharedView };
  const menuUser = {
    role: account.role,
    permissions: account.permissions,
    businessProfileId: account.businessProfile.id,
    isAccountOvertaken: account.isAccountOvertaken,
  };
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
    isSharedView,
  };
}
