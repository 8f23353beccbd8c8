import { Form, Link } from "@remix-run/react";
import { FEED_ITEM_STATE } from "../../../domain/constants";
import { FEED_ITEM_STATE_LABELS, INBOX_SORTS, type InboxSort } from "../../../domain/inbox";
import { MESSAGES } from "../../../domain/messages";
import { NETWORKS, type NetworkId } from "../../../domain/networks";
import { useDetailsDismiss } from "../../lib/use-details-dismiss";
import { NetworkName } from "../channels/network-name";
import { AssigneeBadge, LabelChips, RepliedMark, SentimentBadge, StateBadge, Viewers } from "./badges";
import { languageChoices, type InboxRow } from "./format";
import { ItemForm, useItemFetcher } from "./item-form";
import { useOptimisticRow } from "./optimistic";
import {
  EMPTY_FILTERS,
  hasFilters,
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

const SORT_LABELS: Readonly<Record<InboxSort, string>> = { created_at: MESSAGES.channelScreen.date, engagement: LABELS.sortEngagement };
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
}: {
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
        {total !== null ? (
          <p className="text-sm text-slate-500" data-testid="item-total">
            {LABELS.itemCount(total.count, total.capped)}
          </p>
        ) : null}
      </header>
      <FiltersForm view={view} choices={choices} />
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-500" data-testid="inbox-empty">
          {hasFilters(view.filters) ? LABELS.noItemsFiltered : LABELS.noItems}
        </p>
      ) : (
        <ol className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid="inbox-items" aria-label={LABELS.items}>
          {rows.map((row) => (
            <ItemRow key={row.id} row={row} view={view} context={rowContext} />
          ))}
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
          {row.username && row.username !== row.author ? <span className="truncate text-slate-500">@{row.username}</span> : null}
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

/** The row's quick actions: assign to me (or unassign) and close (or reopen), through keyed fetchers. */
function RowActions({ row, me }: { row: InboxRow; me: RowContext["me"] }) {
  const assign = useItemFetcher("assign", row.id);
  const state = useItemFetcher("state", row.id);
  const mine = row.assignee?.value === me.value;
  const closed = row.state === FEED_ITEM_STATE.closed;
  const button =
    "rounded-md border border-slate-200 bg-white px-2 py-0.5 text-xs font-medium text-slate-700 hover:border-slate-300 hover:bg-slate-50";
  return (
    <div className="ml-auto flex items-center gap-1.5">
      <ItemForm fetcher={assign} itemId={row.id} intent={mine ? "unassign" : "assign"}>
        {mine ? null : <input type="hidden" name="assignee" value={me.value} />}
        <button type="submit" className={button} aria-label={mine ? LABELS.unassignItemOf(row.author) : LABELS.assignToMeItemOf(row.author)}>
          {mine ? LABELS.unassign : LABELS.assignToMe}
        </button>
      </ItemForm>
      <ItemForm fetcher={state} itemId={row.id} intent="state">
        <input type="hidden" name="ids" value={row.id} />
        <input type="hidden" name="state" value={closed ? FEED_ITEM_STATE.open : FEED_ITEM_STATE.closed} />
        <button type="submit" className={button} aria-label={closed ? LABELS.reopenItemOf(row.author) : LABELS.closeItemOf(row.author)}>
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
        <Link to={inboxHrefWith({ ...view, item: null }, { page: view.page - 1 })} className={link} rel="prev" preventScrollReset>
          {LABELS.previousPage}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-500" data-testid="page-range">
        {count > 0 ? LABELS.pageRange(first, first + count - 1, total) : MESSAGES.channelScreen.pageNumber(view.page)}
      </span>
      {hasMore ? (
        <Link to={inboxHrefWith({ ...view, item: null }, { page: view.page + 1 })} className={link} rel="next" preventScrollReset>
          {LABELS.nextPage}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

// ── Filters ─────────────────────────────────────────────────────────────────────────────────────

const control = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm shadow-sm";

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
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-2.5"
      aria-label={MESSAGES.searchScreen.filtersHeading}
      data-testid="inbox-filters"
    >
      {source ? <input type="hidden" name="source" value={source} /> : null}
      <div className="flex flex-wrap items-center gap-1.5">
        <ChoiceFilter label={MESSAGES.network} name="network" multiple chosen={f.networks} options={choices.networks.map((n) => ({ value: n.id, label: n.name }))} />
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
        <ChoiceFilter label={LABELS.label} name="label" multiple chosen={f.labelIds.map(String)} options={choices.labels.map((l) => ({ value: String(l.id), label: l.name }))} />
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
          className={`rounded-full border px-2.5 py-1 text-sm ${f.languages.length ? "border-brand-500 bg-brand-50 text-brand-700" : "border-slate-300 bg-white text-slate-700"}`}
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
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-2">
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
        <div className="ml-auto flex items-center gap-3">
          {hasFilters(f) ? (
            <Link
              to={inboxHrefWith({ ...view, item: null }, { filters: EMPTY_FILTERS })}
              className="text-sm text-slate-600 underline hover:text-ink"
              preventScrollReset
            >
              {LABELS.clearFilters}
            </Link>
          ) : null}
          <button type="submit" className="rounded-md bg-brand-600 px-3 py-1 text-sm font-medium text-white shadow-sm hover:bg-brand-700">
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
        className={`flex cursor-pointer list-none items-center gap-1.5 rounded-full border px-2.5 py-1 text-sm ${
          active ? "border-brand-500 bg-brand-50 text-brand-700" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
        }`}
        aria-label={multiple ? LABELS.filterNamed(label, picked.length) : single ? `${label}: ${single}` : label}
      >
        <span>{single ? `${label}: ${single}` : label}</span>
        {multiple && picked.length ? <span className="rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white">{picked.length}</span> : null}
        <span aria-hidden className="text-[10px] text-slate-400">
          ▾
        </span>
      </summary>
      <fieldset className="absolute left-0 z-20 mt-1 max-h-72 w-60 space-y-0.5 overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-xl">
        <legend className="sr-only">{label}</legend>
        {options.length === 0 ? <p className="px-1 text-xs text-slate-500">{LABELS.nothingToChoose}</p> : null}
        {options.map((option) => (
          <label key={option.value || "-"} className="flex items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-slate-50">
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
