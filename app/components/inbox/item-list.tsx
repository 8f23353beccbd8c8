import { Form, Link } from "@remix-run/react";
import { FEED_ITEM_STATE } from "../../../domain/constants";
import {
  FEED_ITEM_STATE_LABELS,
  INBOX_LAYOUTS,
  INBOX_SORTS,
  type InboxLayout,
  type InboxSort,
} from "../../../domain/inbox";
import { MESSAGES } from "../../../domain/messages";
import { networkById, NETWORKS, type NetworkId } from "../../../domain/networks";
import { useDetailsDismiss } from "../../lib/use-details-dismiss";
import { CsrfInput } from "../ui/csrf-input";
import { NetworkName } from "../channels/network-name";
import { AssigneeBadge, LabelChips, RepliedMark, SentimentBadge, StateBadge, Viewers } from "./badges";
import { languageChoices, type InboxRow } from "./format";
import { ItemForm, useItemFetcher } from "./item-form";
import { useOptimisticRow } from "./optimistic";
import {
  EMPTY_FILTERS,
  hasFilters,
  inboxHref,
  inboxHrefWith,
  INBOX_PATH,
  sourceParam,
  type InboxView,
  SENTIMENT_FILTERS,
} from "./params";

const LABELS = MESSAGES.inboxUi;

export interface RowContext {
  me: { id: number; value: string; name: string };
  labelNames: ReadonlyMap<number, string>;
  assigneeNames: ReadonlyMap<string, string>;
}

export interface FilterChoices {
  networks: Array<{ id: NetworkId; name: string }>;
  labels: Array<{ id: number; name: string }>;
  accounts: Array<{ value: string; label: string }>;
  teams: Array<{ value: string; label: string }>;
  /** The language codes the tenant's mentions are in (none known: every language is offered). */
  languages: string[];
}

const SORT_LABELS: Readonly<Record<InboxSort, string>> = {
  created_at: MESSAGES.channelScreen.date,
  engagement: LABELS.sortEngagement,
};
const SENTIMENT_LABELS = {
  positive: MESSAGES.sentimentPositive,
  neutral: MESSAGES.sentimentNeutral,
  negative: MESSAGES.sentimentNegative,
} as const;

/** The list of the chosen source: filters and sort (a GET form), the items of the page, paging. */
export function InboxList({
  view,
  rows,
  total,
  hasMore,
  pageSize,
  choices,
  rowContext,
  title,
  layout,
}: {
  layout: InboxLayout;
  view: InboxView;
  rows: InboxRow[];
  total: { count: number; capped: boolean } | null;
  hasMore: boolean;
  pageSize: number;
  choices: FilterChoices;
  rowContext: RowContext;
  title: string;
}) {
  return (
    <section aria-labelledby="inbox-list-heading" className="min-w-0 space-y-3" data-testid="inbox-list">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="inbox-list-heading" className="truncate text-lg font-semibold" data-testid="source-title">
          {title}
        </h2>
        <div className="flex items-center gap-3">
          {total !== null ? (
            <p className="text-sm text-slate-500" data-testid="item-total">
              {LABELS.itemCount(total.count, total.capped)}
            </p>
          ) : null}
          <LayoutSwitch layout={layout} view={view} />
        </div>
      </header>
      <FiltersForm view={view} choices={choices} />
      {rows.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-500"
          data-testid="inbox-empty"
        >
          {hasFilters(view.filters) ? LABELS.noItemsFiltered : LABELS.noItems}
        </p>
      ) : (
        <ol
          className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white"
          data-testid="inbox-items"
          data-layout={layout}
          aria-label={LABELS.items}
        >
          {rows.map((row) =>
            layout === "cards" ? (
              <ItemRow key={row.id} row={row} view={view} context={rowContext} />
            ) : (
              <DenseRow key={row.id} row={row} view={view} context={rowContext} />
            ),
          )}
        </ol>
      )}
      <Pages view={view} count={rows.length} hasMore={hasMore} total={total} pageSize={pageSize} />
    </section>
  );
}

function ItemRow({ row: loaded, view, context }: { row: InboxRow; view: InboxView; context: RowContext }) {
  const row = useOptimisticRow(loaded, context);
  const selected = view.item === row.id;
  return (
    <li
      data-testid="inbox-row"
      data-item-id={row.id}
      aria-current={selected ? "true" : undefined}
      data-pending={row.pending || undefined}
      className={`relative ${selected ? "bg-brand-50/70" : "bg-white hover:bg-slate-50"}`}
    >
      {selected ? <span aria-hidden className="absolute inset-y-0 left-0 w-1 bg-brand-600" /> : null}
      <Link
        to={inboxHrefWith(view, { item: row.id })}
        preventScrollReset
        className="block space-y-1.5 px-4 pb-2 pt-3 focus-visible:outline-offset-[-2px]"
        data-testid="row-link"
      >
        <div className="flex items-center gap-2 text-xs text-slate-500">
          {row.network ? <NetworkName network={row.network} className="font-medium text-slate-600" /> : null}
          <span aria-hidden>·</span>
          <time dateTime={row.isoTime} data-testid="row-time">
            {row.time}
          </time>
          <span className="ml-auto">
            <StateBadge state={row.state} label={row.stateLabel} />
          </span>
        </div>
        <p className="flex items-baseline gap-1.5 text-sm">
          <span className="truncate font-semibold text-ink" data-testid="row-author">
            {row.author}
          </span>
          {row.username && row.username !== row.author ? (
            <span className="truncate text-slate-500">@{row.username}</span>
          ) : null}
        </p>
        {row.title ? <p className="line-clamp-1 text-sm font-medium">{row.title}</p> : null}
        <p className="line-clamp-2 break-words text-sm text-slate-700" data-testid="row-text">
          {row.text}
        </p>
      </Link>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-4 pb-3">
        <SentimentBadge row={row} />
        <AssigneeBadge assignee={row.assignee} />
        <LabelChips labels={row.labels} />
        <RepliedMark isReplied={row.isReplied} />
        <Viewers viewers={row.viewers} compact />
        <RowActions row={row} me={context.me} />
      </div>
    </li>
  );
}

/**
 * The list's layout switch (ADR 033): dense rows or cards, saved to the account. Two submit buttons of a
 * plain form, so it works without JavaScript; the post comes back to this view.
 */
function LayoutSwitch({ layout, view }: { layout: InboxLayout; view: InboxView }) {
  const names: Record<InboxLayout, string> = { rows: LABELS.layoutRows, cards: LABELS.layoutCards };
  return (
    <Form method="post" action={`${INBOX_PATH}/layout`} preventScrollReset data-testid="layout-switch">
      <CsrfInput />
      <input type="hidden" name="returnTo" value={inboxHref(view)} />
      <fieldset className="flex overflow-hidden rounded-md border border-slate-300 text-xs font-medium">
        <legend className="sr-only">{LABELS.listLayout}</legend>
        {INBOX_LAYOUTS.map((choice) => (
          <button
            key={choice}
            type="submit"
            name="inbox_layout"
            value={choice}
            aria-pressed={choice === layout}
            className={`px-2 py-0.5 ${choice === layout ? "bg-slate-700 text-white" : "bg-white text-slate-700 hover:bg-slate-50"}`}
          >
            {names[choice]}
          </button>
        ))}
      </fieldset>
    </Form>
  );
}

/**
 * The dense row (ADR 033), the default layout: who, where, the badges and when on the first line, the
 * text on the second. The author's link covers the whole row (a stretched link), so a click anywhere
 * opens the item. The quick actions show over the row's end on hover and while the focus is in the row
 * (j and k focus the row's link); on a touch screen, which cannot hover, they stay in view below the text.
 */
function DenseRow({ row: loaded, view, context }: { row: InboxRow; view: InboxView; context: RowContext }) {
  const row = useOptimisticRow(loaded, context);
  const selected = view.item === row.id;
  return (
    <li
      data-testid="inbox-row"
      data-item-id={row.id}
      aria-current={selected ? "true" : undefined}
      data-pending={row.pending || undefined}
      className={`group relative px-3 py-1 ${selected ? "bg-brand-50/70" : "bg-white hover:bg-slate-50"}`}
    >
      {selected ? <span aria-hidden className="absolute inset-y-0 left-0 w-1 bg-brand-600" /> : null}
      <div className="flex min-w-0 items-center gap-1.5 text-sm leading-5">
        <Link
          to={inboxHrefWith(view, { item: row.id })}
          preventScrollReset
          className="min-w-0 max-w-[55%] shrink-0 truncate font-semibold text-ink after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-brand-500"
          data-testid="row-link"
        >
          <span data-testid="row-author">{row.author}</span>
        </Link>
        {row.network ? <NetworkDot network={row.network} /> : null}
        {/* One line of badges: those that do not fit wrap out of sight whole (the item's pane shows them all). */}
        <div className="flex h-4 min-w-0 flex-1 flex-wrap justify-end gap-1 overflow-hidden">
          <StateBadge state={row.state} label={row.stateLabel} dense />
          <SentimentBadge row={row} dense />
          <AssigneeBadge assignee={row.assignee} dense />
          <LabelChips labels={row.labels} dense />
          <RepliedMark isReplied={row.isReplied} dense />
          <Viewers viewers={row.viewers} dense />
        </div>
        <time
          dateTime={row.isoTime}
          title={row.time}
          className="shrink-0 text-xs tabular-nums text-slate-500"
          data-testid="row-time"
        >
          {shortTime(row.time)}
        </time>
      </div>
      <p className="truncate text-sm leading-5 text-slate-700">
        {row.title ? <span className="font-medium text-ink">{row.title} · </span> : null}
        <span data-testid="row-text">{row.text}</span>
      </p>
      <RowActions
        row={row}
        me={context.me}
        className="absolute right-2 top-1/2 -translate-y-1/2 rounded-md bg-white p-1 opacity-0 shadow-md ring-1 ring-slate-200 group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:static [@media(hover:none)]:mt-1 [@media(hover:none)]:translate-y-0 [@media(hover:none)]:justify-end [@media(hover:none)]:p-0 [@media(hover:none)]:opacity-100 [@media(hover:none)]:shadow-none [@media(hover:none)]:ring-0"
      />
    </li>
  );
}

/** A network's colour dot, its name for screen readers and as a tooltip (a dense row's short line). */
function NetworkDot({ network }: { network: NetworkId }) {
  const { name, color } = networkById(network);
  return (
    <span className="inline-flex shrink-0 items-center" title={name}>
      <span
        aria-hidden
        className="inline-block size-2.5 rounded-full ring-1 ring-black/10"
        style={{ backgroundColor: color }}
      />
      <span className="sr-only">{name}</span>
    </span>
  );
}

/** '29 Nov 2026 03:37:49' as a dense row shows it: '29 Nov 03:37' (the whole time is its tooltip). */
function shortTime(time: string): string {
  return time.replace(/^(\d{2} \S+) \d{4} (\d{2}:\d{2}):\d{2}$/, "$1 $2");
}

/** The row's quick actions: assign to me (or unassign) and close (or reopen), through keyed fetchers. */
function RowActions({ row, me, className = "ml-auto" }: { row: InboxRow; me: RowContext["me"]; className?: string }) {
  const assign = useItemFetcher("assign", row.id);
  const state = useItemFetcher("state", row.id);
  const mine = row.assignee?.value === me.value;
  const closed = row.state === FEED_ITEM_STATE.closed;
  const button =
    "rounded-md border border-slate-200 bg-white px-2 py-0.5 text-xs font-medium text-slate-700 hover:border-slate-300 hover:bg-slate-50";
  return (
    <div className={`flex items-center gap-1.5 ${className}`} data-testid="row-actions">
      <ItemForm fetcher={assign} itemId={row.id} intent={mine ? "unassign" : "assign"}>
        {mine ? null : <input type="hidden" name="assignee" value={me.value} />}
        <button
          type="submit"
          className={button}
          aria-label={mine ? LABELS.unassignItemOf(row.author) : LABELS.assignToMeItemOf(row.author)}
        >
          {mine ? LABELS.unassign : LABELS.assignToMe}
        </button>
      </ItemForm>
      <ItemForm fetcher={state} itemId={row.id} intent="state">
        <input type="hidden" name="ids" value={row.id} />
        <input type="hidden" name="state" value={closed ? FEED_ITEM_STATE.open : FEED_ITEM_STATE.closed} />
        <button
          type="submit"
          className={button}
          aria-label={closed ? LABELS.reopenItemOf(row.author) : LABELS.closeItemOf(row.author)}
        >
          {closed ? LABELS.reopen : MESSAGES.close}
        </button>
      </ItemForm>
    </div>
  );
}

function Pages({
  view,
  count,
  hasMore,
  total,
  pageSize,
}: {
  view: InboxView;
  count: number;
  hasMore: boolean;
  total: { count: number; capped: boolean } | null;
  pageSize: number;
}) {
  if (view.page === 1 && !hasMore) return null;
  const link = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50";
  const first = (view.page - 1) * pageSize + 1;
  return (
    <nav aria-label={LABELS.pages} className="flex items-center justify-between gap-3 text-sm">
      {view.page > 1 ? (
        <Link
          to={inboxHrefWith({ ...view, item: null }, { page: view.page - 1 })}
          className={link}
          rel="prev"
          preventScrollReset
        >
          {LABELS.previousPage}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-500" data-testid="page-range">
        {count > 0 ? LABELS.pageRange(first, first + count - 1, total) : MESSAGES.channelScreen.pageNumber(view.page)}
      </span>
      {hasMore ? (
        <Link
          to={inboxHrefWith({ ...view, item: null }, { page: view.page + 1 })}
          className={link}
          rel="next"
          preventScrollReset
        >
          {LABELS.nextPage}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

// ── Filters ─────────────────────────────────────────────────────────────────────────────────────

const control = "rounded-md border border-slate-300 bg-white px-1.5 py-0.5 text-xs shadow-sm";

/**
 * Filters and sort as a GET form: the view is the address, so it works without JavaScript and every view
 * is a link. Each filter is a <details> popover of checkboxes (several values) or radios (one).
 */
function FiltersForm({ view, choices }: { view: InboxView; choices: FilterChoices }) {
  const source = sourceParam(view.source);
  const f = view.filters;
  const assigneeOptions = [
    { value: "", label: LABELS.anyone },
    { value: "me", label: LABELS.me },
    { value: "unassigned", label: MESSAGES.inboxActions.unassigned },
    ...choices.accounts,
    ...choices.teams,
  ];
  return (
    <Form
      method="get"
      action={INBOX_PATH}
      preventScrollReset
      className="rounded-lg border border-slate-200 bg-white p-2"
      aria-label={MESSAGES.searchScreen.filtersHeading}
      data-testid="inbox-filters"
    >
      {source ? <input type="hidden" name="source" value={source} /> : null}
      <div className="flex flex-wrap items-center gap-1.5">
        <ChoiceFilter
          label={MESSAGES.network}
          name="network"
          multiple
          chosen={f.networks}
          options={choices.networks.map((n) => ({ value: n.id, label: n.name }))}
        />
        <ChoiceFilter
          label={MESSAGES.sentiment}
          name="sentiment"
          multiple
          chosen={f.sentiments}
          options={SENTIMENT_FILTERS.map((s) => ({ value: s, label: SENTIMENT_LABELS[s] }))}
        />
        <ChoiceFilter
          label={LABELS.state}
          name="state"
          multiple
          chosen={f.states.map(String)}
          options={Object.entries(FEED_ITEM_STATE_LABELS).map(([value, label]) => ({ value, label }))}
        />
        <ChoiceFilter
          label={LABELS.label}
          name="label"
          multiple
          chosen={f.labelIds.map(String)}
          options={choices.labels.map((l) => ({ value: String(l.id), label: l.name }))}
        />
        <ChoiceFilter label={LABELS.assignee} name="assignee" chosen={[f.assignee]} options={assigneeOptions} />
        {/* One of the tenant's languages (some 190 before any is known): a native select (typed to jump, light to render). */}
        <label htmlFor="filter-language" className="sr-only">
          {MESSAGES.language}
        </label>
        <select
          id="filter-language"
          name="language"
          defaultValue={f.languages[0] ?? ""}
          data-testid="filter-language"
          className={`rounded-full border px-2 py-0.5 text-xs ${f.languages.length ? "border-brand-500 bg-brand-50 text-brand-700" : "border-slate-300 bg-white text-slate-700"}`}
        >
          <option value="">{LABELS.anyLanguage}</option>
          {languageChoices(choices.languages, f.languages).map((language) => (
            <option key={language.code} value={language.code}>
              {language.label}
            </option>
          ))}
        </select>
        <ChoiceFilter
          label={LABELS.repliedFilter}
          name="replied"
          chosen={[f.replied]}
          options={[
            { value: "", label: LABELS.either },
            { value: "1", label: MESSAGES.inboxUi.repliedFilter },
            { value: "0", label: LABELS.notReplied },
          ]}
        />
        <label htmlFor="filter-sort" className="text-xs font-medium text-slate-600">
          {MESSAGES.searchScreen.sortBy}
        </label>
        <select id="filter-sort" name="sort" defaultValue={view.sort} className={control}>
          {INBOX_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
        <label htmlFor="filter-order" className="sr-only">
          {LABELS.order}
        </label>
        <select id="filter-order" name="order" defaultValue={view.order} className={control}>
          <option value="desc">{LABELS.descending}</option>
          <option value="asc">{LABELS.ascending}</option>
        </select>
        <div className="ml-auto flex items-center gap-2">
          {hasFilters(f) ? (
            <Link
              to={inboxHrefWith({ ...view, item: null }, { filters: EMPTY_FILTERS })}
              className="text-xs text-slate-600 underline hover:text-ink"
              preventScrollReset
            >
              {LABELS.clearFilters}
            </Link>
          ) : null}
          <button
            type="submit"
            className="rounded-md bg-brand-600 px-2.5 py-0.5 text-xs font-medium text-white shadow-sm hover:bg-brand-700"
          >
            {MESSAGES.searchScreen.applyFilterType}
          </button>
        </div>
      </div>
    </Form>
  );
}

/**
 * One filter as a popover: checkboxes when several values may be chosen, radios when one. The summary
 * names the filter and how many (or which one) are chosen.
 */
function ChoiceFilter({
  label,
  name,
  chosen,
  options,
  multiple = false,
}: {
  label: string;
  name: string;
  chosen: readonly string[];
  options: Array<{ value: string; label: string }>;
  multiple?: boolean;
}) {
  const ref = useDetailsDismiss();
  const picked = chosen.filter((value) => value !== "");
  const single = !multiple && picked.length ? options.find((option) => option.value === picked[0])?.label : undefined;
  const active = picked.length > 0;
  return (
    <details ref={ref} className="relative" data-testid={`filter-${name}`}>
      <summary
        className={`flex cursor-pointer list-none items-center gap-1 rounded-full border px-2 py-0.5 text-xs ${
          active
            ? "border-brand-500 bg-brand-50 text-brand-700"
            : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
        }`}
        aria-label={multiple ? LABELS.filterNamed(label, picked.length) : single ? `${label}: ${single}` : label}
      >
        <span>{single ? `${label}: ${single}` : label}</span>
        {multiple && picked.length ? (
          <span className="rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white">{picked.length}</span>
        ) : null}
        <span aria-hidden className="text-[10px] text-slate-400">
          ▾
        </span>
      </summary>
      <fieldset className="absolute left-0 z-20 mt-1 max-h-72 w-60 space-y-0.5 overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-xl">
        <legend className="sr-only">{label}</legend>
        {options.length === 0 ? <p className="px-1 text-xs text-slate-500">{LABELS.nothingToChoose}</p> : null}
        {options.map((option) => (
          <label
            key={option.value || "-"}
            className="flex items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-slate-50"
          >
            <input
              type={multiple ? "checkbox" : "radio"}
              name={name}
              value={option.value}
              defaultChecked={multiple ? chosen.includes(option.value) : (chosen[0] ?? "") === option.value}
              className="size-4 border-slate-300"
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/** Networks the caller sees, as filter choices. */
export function networkChoices(visible: (id: NetworkId) => boolean): Array<{ id: NetworkId; name: string }> {
  return NETWORKS.filter((network) => visible(network.id)).map((network) => ({ id: network.id, name: network.name }));
}
