import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { pageTitle } from "../../domain/product";
import { guardRoute } from "../lib/guard.server";

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
      <nav aria-label={MESSAGES.accountSettings} className="border-b border-slate-200">
        <ul className="-mb-px flex gap-6">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                className={({ isActive }) =>
                  `inline-block border-b-2 px-1 pb-3 text-sm font-medium ${
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
      <Outlet />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle("Account Settings", (matches[0]?.data as { productName?: string } | undefined)?.productName) },
];
