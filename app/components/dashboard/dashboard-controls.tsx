import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { COMPACT_LAYOUT_STORAGE_KEY, DASHBOARD_SECTIONS, PERIOD_PRESETS, type DashboardSection, type Interval } from "../../../domain/dashboard";
import { COMPARE_LIMIT } from "../../../domain/constants";
import { MESSAGES } from "../../../domain/messages";
import { COMPARE_COLOR_HEX } from "../../../domain/palette";
import { intervalChoices } from "../../../domain/periods";
import {
  ALL_MENTIONS_TOKEN,
  DASHBOARD_PARAMS,
  SHOWN_PERIOD_PARAMS,
  contextToken,
  dashboardHref,
  dashboardParams,
  dayOf,
  lastDayOf,
  type DashboardQuery,
  type DashboardSelectorContext,
} from "../../lib/dashboard-query";
import { useHydrated } from "../../lib/use-hydrated";

const UI = MESSAGES.dashboardUi;
const UNIT_LABELS: Record<Interval, string> = {
  hour: MESSAGES.widgetsUi.unitHour,
  day: MESSAGES.widgetsUi.unitDay,
  week: MESSAGES.widgetsUi.unitWeek,
  month: MESSAGES.widgetsUi.unitMonth,
};

/** The state's parameters as hidden fields, but those the form sets itself (a GET form replaces the query). */
export function HiddenParams({ query, except }: { query: DashboardQuery; except: readonly string[] }) {
  const entries = [...dashboardParams(query)].filter(([name]) => !except.includes(name));
  return (
    <>
      {entries.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

const selectClass = "block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm";

/** Submits the form when a choice changes (JavaScript only; the Apply button does it without). */
function submitOnChange(event: FormEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (target instanceof HTMLSelectElement) event.currentTarget.requestSubmit();
}

/** Period preset, custom dates, unit and time zone: a GET form, so each choice is a link. */
export function PeriodForm({ query, timeZones }: { query: DashboardQuery; timeZones: string[] }) {
  const P = DASHBOARD_PARAMS;
  const hydrated = useHydrated();
  const periodRef = useRef<HTMLSelectElement>(null);
  const units = intervalChoices(query.from, query.to);
  const markCustom = () => {
    if (periodRef.current) periodRef.current.value = "custom";
  };
  // A custom period the address asked for but that cannot be shown keeps its dates, with the reason.
  const problem = query.problems?.period;
  const shown = {
    period: problem ? "custom" : query.period,
    from: problem ? problem.from : dayOf(query.from, query.timeZone),
    to: problem ? problem.to : lastDayOf(query.to, query.timeZone),
  };
  return (
    <Form
      method="get"
      action="/"
      aria-label={UI.period}
      className="flex flex-wrap items-end gap-3"
      data-testid="period-form"
      onChange={hydrated ? submitOnChange : undefined}
    >
      <HiddenParams query={query} except={[P.period, P.from, P.to, P.timeUnit, P.timeZone]} />
      {/* What the form showed: a preset chosen drops the old dates, dates edited make a custom period. */}
      <input type="hidden" name={SHOWN_PERIOD_PARAMS.period} value={shown.period} />
      <input type="hidden" name={SHOWN_PERIOD_PARAMS.from} value={shown.from} />
      <input type="hidden" name={SHOWN_PERIOD_PARAMS.to} value={shown.to} />
      <label className="space-y-1 text-xs font-medium text-slate-600">
        <span className="block">{UI.period}</span>
        <select ref={periodRef} name={P.period} defaultValue={shown.period} key={shown.period} className={selectClass}>
          {PERIOD_PRESETS.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.label}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-xs font-medium text-slate-600">
        <span className="block">{UI.from}</span>
        <input
          type="date"
          name={P.from}
          key={`from-${shown.from}`}
          defaultValue={shown.from}
          onInput={markCustom}
          className={selectClass}
        />
      </label>
      <div className="space-y-1">
        <label className="space-y-1 text-xs font-medium text-slate-600">
          <span className="block">{UI.to}</span>
          <input
            type="date"
            name={P.to}
            key={`to-${shown.to}`}
            defaultValue={shown.to}
            onInput={markCustom}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "period-error" : undefined}
            className={selectClass}
          />
        </label>
        {problem ? (
          <p id="period-error" role="alert" className="max-w-56 text-xs text-red-700" data-testid="period-error">
            {problem.message}
          </p>
        ) : null}
      </div>
      <label className="space-y-1 text-xs font-medium text-slate-600">
        <span className="block">{UI.timeUnit}</span>
        <select name={P.timeUnit} defaultValue={query.interval} key={`${query.interval}-${units.join()}`} className={selectClass}>
          {units.map((unit) => (
            <option key={unit} value={unit}>
              {UNIT_LABELS[unit]}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-xs font-medium text-slate-600">
        <span className="block">{UI.timeZone}</span>
        <select name={P.timeZone} defaultValue={query.timeZone} key={query.timeZone} className={`${selectClass} max-w-56`}>
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
        {UI.applyPeriod}
      </button>
    </Form>
  );
}

const SECTION_TITLES: Record<DashboardSection, string> = {
  brands: UI.sectionBrands,
  my_searches: MESSAGES.searchScreen.sectionMy,
  team_searches: MESSAGES.searchScreen.sectionTeam,
  topics: MESSAGES.topicsScreen.topicsHeading,
};

/** The chosen contexts as coloured chips; comparison is on with more than one. */
export function ContextChips({ query }: { query: DashboardQuery }) {
  const comparing = query.contexts.length > 1;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="context-chips" data-comparing={comparing || undefined}>
      {query.contexts.map((context) => (
        <span
          key={contextToken(context)}
          className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-2.5 py-1 text-sm"
          data-testid="context-chip"
          data-color={context.color}
        >
          <span aria-hidden className="size-2.5 rounded-full" style={{ backgroundColor: COMPARE_COLOR_HEX[context.color] }} />
          {context.title}
        </span>
      ))}
      {comparing ? (
        <span className="rounded-full bg-slate-800 px-2.5 py-1 text-xs font-medium text-white" data-testid="comparing">
          {UI.comparing(query.contexts.length)}
        </span>
      ) : null}
    </div>
  );
}

/** Up to COMPARE_LIMIT contexts by section: a GET form in a <details> (opens without JavaScript). */
export function ContextPicker({ query, contexts }: { query: DashboardQuery; contexts: DashboardSelectorContext[] }) {
  const P = DASHBOARD_PARAMS;
  const chosen = query.contexts.map(contextToken);
  const [checked, setChecked] = useState<string[]>(chosen);
  const hydrated = useHydrated();
  useEffect(() => setChecked(query.contexts.map(contextToken)), [query.contexts]);
  const toggle = (token: string, on: boolean) =>
    setChecked((current) => (on ? [...current.filter((t) => t !== token), token] : current.filter((t) => t !== token)));
  const full = checked.length >= COMPARE_LIMIT;
  const option = (token: string, title: string) => (
    <label key={token} className="flex items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-slate-50">
      <input
        type="checkbox"
        name={P.contextIds}
        value={token}
        defaultChecked={chosen.includes(token)}
        disabled={hydrated && full && !checked.includes(token)}
        onChange={(event) => toggle(token, event.currentTarget.checked)}
        className="size-4 rounded border-slate-300"
      />
      <span className="truncate">{title}</span>
    </label>
  );
  return (
    // Keyed by the choice, so the popover closes once the new contexts are shown.
    <details key={chosen.join()} className="relative" data-testid="context-picker" open={query.problems?.contexts ? true : undefined}>
      <summary className="cursor-pointer list-none rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
        {UI.chooseContexts} ({query.contexts.length}/{COMPARE_LIMIT})
      </summary>
      <div className="absolute left-0 z-30 mt-1 w-80 rounded-lg border border-slate-200 bg-white p-3 shadow-xl">
        <Form method="get" action="/" aria-label={UI.chooseContexts} key={chosen.join()} className="space-y-3">
          <HiddenParams query={query} except={[P.contextIds]} />
          <p className="text-xs text-slate-500">{UI.compareHint(COMPARE_LIMIT)}</p>
          {query.problems?.contexts ? (
            <p role="alert" className="text-xs text-red-700" data-testid="contexts-error">
              {query.problems.contexts}
            </p>
          ) : null}
          <div className="max-h-80 space-y-3 overflow-y-auto">
            <div>{option(ALL_MENTIONS_TOKEN, UI.allMentions)}</div>
            {DASHBOARD_SECTIONS.map((section) => {
              const inSection = contexts.filter((context) => context.section === section);
              if (inSection.length === 0) return null;
              return (
                <fieldset key={section}>
                  <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{SECTION_TITLES[section]}</legend>
                  {inSection.map((context) => option(contextToken(context), context.title))}
                </fieldset>
              );
            })}
          </div>
          <button type="submit" className="w-full rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
            {UI.applyContexts}
          </button>
        </Form>
      </div>
    </details>
  );
}

/**
 * The compact layout switch: a link (`compact=1`) without JavaScript; with it, the choice is also kept
 * in localStorage and applied to the next visit that does not say otherwise.
 */
export function CompactToggle({ query }: { query: DashboardQuery }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const href = dashboardHref(query, { compact: !query.compact });
  useEffect(() => {
    if (query.sharedLinkCode) return;
    let remembered: string | null = null;
    try {
      remembered = window.localStorage.getItem(COMPACT_LAYOUT_STORAGE_KEY);
    } catch {
      return;
    }
    if (remembered === "1" && !query.compact && !new URL(window.location.href).searchParams.has(DASHBOARD_PARAMS.compact)) {
      navigate(dashboardHref(query, { compact: true }), { replace: true, preventScrollReset: true });
    }
    // Only on arrival: later changes come from the switch itself.
  }, []);
  return (
    <Link
      to={href}
      role="switch"
      aria-checked={query.compact}
      preventScrollReset
      onClick={() => {
        if (!hydrated) return;
        try {
          window.localStorage.setItem(COMPACT_LAYOUT_STORAGE_KEY, query.compact ? "0" : "1");
        } catch {
          // Storage may be unavailable (private mode): the address still carries the choice.
        }
      }}
      className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
      data-testid="compact-toggle"
    >
      <span aria-hidden className={`relative inline-block h-4 w-7 rounded-full transition ${query.compact ? "bg-brand-600" : "bg-slate-300"}`}>
        <span className={`absolute top-0.5 size-3 rounded-full bg-white transition ${query.compact ? "left-3.5" : "left-0.5"}`} />
      </span>
      {UI.compactLayout}
    </Link>
  );
}
