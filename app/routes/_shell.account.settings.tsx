import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { guardRoute } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";
import { TabNav } from "../components/ui/tab-nav";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardRoute(request, context);
  return null;
}

// Sentiment and single sign-on tabs come with their own issues.
const TABS = [
  { to: "/account/settings/preferences", label: MESSAGES.preferences },
  { to: "/account/settings/safety-and-privacy", label: MESSAGES.safetyAndPrivacy },
];

export default function AccountSettingsRoute() {
  return (
    <section className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">{MESSAGES.accountSettings}</h1>
      <TabNav label={MESSAGES.accountSettings} tabs={TABS} />
      <Outlet />
    </section>
  );
}

export const meta = titleMeta("Account Settings");
