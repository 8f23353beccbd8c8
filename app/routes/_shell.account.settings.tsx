import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { ROLES } from "../../domain/roles";
import { guardRoute } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";
import { TabNav } from "../components/ui/tab-nav";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await guardRoute(request, context);
  // Sentiment exclusions are admin-only (spec core §6): the tab shows only where the page opens.
  return { isAdmin: account?.role === ROLES.systemAdmin || account?.role === ROLES.admin };
}

// Single sign-on is every member's to read, an admin's to change (ADR 041).
const TABS = [
  { to: "/account/settings/preferences", label: MESSAGES.preferences },
  { to: "/account/settings/safety-and-privacy", label: MESSAGES.safetyAndPrivacy },
  { to: "/account/settings/sso", label: MESSAGES.sso.tab },
];
const ADMIN_TABS = [{ to: "/account/settings/sentiment", label: MESSAGES.sentiment }];

export default function AccountSettingsRoute() {
  const { isAdmin } = useLoaderData<typeof loader>();
  return (
    <section className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">{MESSAGES.accountSettings}</h1>
      <TabNav label={MESSAGES.accountSettings} tabs={isAdmin ? [...TABS, ...ADMIN_TABS] : TABS} />
      <Outlet />
    </section>
  );
}

export const meta = titleMeta("Account Settings");
