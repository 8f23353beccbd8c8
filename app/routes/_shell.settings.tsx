import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { ROLES } from "../../domain/roles";
import { guardRoute } from "../lib/guard.server";
import { TabNav } from "../components/ui/tab-nav";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Guests never reach /settings: the guard sends them to the dashboard (spec core §6).
  const account = await guardRoute(request, context);
  // Rules and e-mail reports are for admins and system admins (spec analytics §2): their tabs only show to them.
  return { showRules: account?.role === ROLES.systemAdmin || account?.role === ROLES.admin };
}

// Spec core §2: /settings holds users, channels and teams; muted keywords sit beside them.
const TABS = [
  { to: "/settings/users", label: MESSAGES.users },
  { to: "/settings/channels", label: MESSAGES.channels },
  { to: "/settings/teams", label: MESSAGES.teams },
  { to: "/settings/muted-keywords", label: MESSAGES.mutedKeywords },
  { to: "/settings/labels", label: MESSAGES.inboxUi.labels },
] as const;

const ADMIN_TABS = [
  { to: "/settings/rules", label: MESSAGES.rules },
  { to: "/settings/reports", label: MESSAGES.reports },
] as const;

export default function SettingsLayoutRoute() {
  const { showRules } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-6">
      <header className="space-y-4">
        <h1 className="text-2xl font-semibold">{MESSAGES.settings}</h1>
        <TabNav label={MESSAGES.settings} tabs={showRules ? [...TABS, ...ADMIN_TABS] : TABS} />
      </header>
      <Outlet />
    </section>
  );
}
