import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { guardRoute } from "../lib/guard.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Guests never reach /settings: the guard sends them to the dashboard (spec core §6).
  await guardRoute(request, context);
  return null;
}

// Channels belongs to the mentions issue; its tab joins these when that screen is built.
const TABS = [
  { to: "/settings/users", label: MESSAGES.users },
  { to: "/settings/teams", label: MESSAGES.teams },
] as const;

export default function SettingsLayoutRoute() {
  return (
    <section className="space-y-6">
      <header className="space-y-4">
        <h1 className="text-2xl font-semibold">{MESSAGES.settings}</h1>
        <nav aria-label={MESSAGES.settings} className="border-b border-slate-200">
          <ul className="-mb-px flex gap-6">
            {TABS.map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `inline-block border-b-2 px-1 pb-2 text-sm font-medium ${
                      isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-ink"
                    }`
                  }
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <Outlet />
    </section>
  );
}
