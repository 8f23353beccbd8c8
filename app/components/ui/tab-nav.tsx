import { NavLink } from "@remix-run/react";

/** Tabs that are links (each tab is a nested route), so they work before JavaScript loads. */
export function TabNav({ label, tabs }: { label: string; tabs: ReadonlyArray<{ to: string; label: string }> }) {
  return (
    <nav aria-label={label} className="border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-4 gap-y-1 sm:gap-x-6">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              prefetch="intent"
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
  );
}
