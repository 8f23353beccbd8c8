import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { MESSAGES } from "../../../domain/messages";
import { useHydrated } from "../../lib/use-hydrated";
import { NetworkName } from "../channels/network-name";
import { SENTIMENT_TONES } from "../sentiment/format";
import { FlowModeNote, FlowModePausedDialog, FlowModeToggle, useFlowMode } from "./flow-mode";
import { formatCount, SORT_OPTIONS, type SearchMention } from "./format";
import type { SearchResults as Results } from "../../routes/_shell.search.server";

const LABELS = MESSAGES.searchScreen;
const CHANNEL_LABELS = MESSAGES.channelScreen;

/** The current address with some parameters changed (null removes one); the sidebar's dialog never kept. */
function useHref() {
  const location = useLocation();
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    params.delete("dialog");
    params.delete("id");
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
}

/**
 * The results of the open search: counts (total and per sentiment), a sort choice, 15 mentions a page
 * with paging links, and flow mode (JavaScript only) bringing new matches to the top as they arrive.
 */
export function SearchResultsPanel({
  results,
  error,
  sort,
  liveUrl,
  emptyHint,
}: {
  results: Results | null;
  error: string | null;
  sort: string;
  liveUrl: string | null;
  emptyHint: string;
}) {
  const hydrated = useHydrated();
  const href = useHref();
  const flow = useFlowMode(liveUrl);
  return (
    <section aria-labelledby="results-heading" className="space-y-3" data-testid="search-results">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="results-heading" className="text-lg font-semibold">
          {LABELS.results}
        </h3>
        {hydrated ? <FlowModeToggle flow={flow} /> : <FlowModeNote refreshHref={href({})} />}
      </header>

      {results ? (
        <>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <Counts results={results} />
            <SortForm sort={sort} />
          </div>
          {flow.live.length ? (
            <div className="space-y-1">
              <p className="text-xs font-medium text-emerald-700" role="status">
                {LABELS.liveCount(flow.live.length)}
              </p>
              <MentionCards mentions={flow.live} live />
            </div>
          ) : null}
          {results.mentions.length ? (
            <MentionCards mentions={results.mentions} />
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">
              {LABELS.noResults}
            </p>
          )}
          <Pages page={results.page} pages={results.pages} href={href} />
        </>
      ) : (
        <>
          {flow.live.length ? <MentionCards mentions={flow.live} live /> : null}
          {error ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="results-error">
              {error}
            </p>
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">
              {emptyHint}
            </p>
          )}
        </>
      )}
      <FlowModePausedDialog flow={flow} />
    </section>
  );
}

function Counts({ results }: { results: Results }) {
  const chip = "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1";
  const counts = (
    <dl className="flex flex-wrap items-center gap-2 text-sm" data-testid="result-counts">
      <div className="mr-2 flex items-baseline gap-1.5">
        {/* The term shown after its number (a <dl> group holds only terms and values, ADR 034). */}
        <dt className="order-last text-slate-600">{LABELS.matchingMentions}</dt>
        <dd className="text-2xl font-semibold tabular-nums" data-testid="result-total">
          {results.capped ? LABELS.cappedTotal(formatCount(results.total)) : formatCount(results.total)}
        </dd>
      </div>
      {(
        [
          ["positive", MESSAGES.sentimentPositive],
          ["neutral", MESSAGES.sentimentNeutral],
          ["negative", MESSAGES.sentimentNegative],
        ] as const
      ).map(([name, label]) => (
        <div key={name} className={`${chip} ${SENTIMENT_TONES[name]}`} data-testid={`count-${name}`}>
          <dt>{label}</dt>
          <dd className="tabular-nums">
            {results.capped
              ? LABELS.sentimentShare(results.total ? Math.round((100 * results.sentiments[name]) / results.total) : 0)
              : formatCount(results.sentiments[name])}
          </dd>
        </div>
      ))}
    </dl>
  );
  if (!results.capped) return counts;
  return (
    <>
      {counts}
      <p className="text-xs text-slate-600" data-testid="result-capped">
        {LABELS.cappedNote(formatCount(results.total))}
      </p>
    </>
  );
}

/** A GET form (works without JavaScript); with it the list follows the select at once. */
function SortForm({ sort }: { sort: string }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const submit = useSubmit();
  const params = new URLSearchParams(location.search);
  const keep = ["q", "groups", "filter"].flatMap((name) => {
    const value = params.get(name);
    return value === null ? [] : [[name, value] as const];
  });
  return (
    <Form method="get" action={location.pathname} preventScrollReset className="flex items-end gap-2">
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="space-y-1">
        <label htmlFor="results-sort" className="block text-xs font-medium text-slate-600">
          {LABELS.sortBy}
        </label>
        <select
          id="results-sort"
          name="sort"
          defaultValue={sort}
          key={sort}
          onChange={(event) => {
            if (hydrated) submit(event.currentTarget.form, { preventScrollReset: true });
          }}
          className="rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm shadow-sm"
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {hydrated ? null : (
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
          {LABELS.sortButton}
        </button>
      )}
    </Form>
  );
}

function Pages({ page, pages, href }: { page: number; pages: number; href: (changes: Record<string, string | null>) => string }) {
  if (pages <= 1 && page === 1) return null;
  const link = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50";
  return (
    <nav aria-label={LABELS.resultPages} className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={href({ page: page === 2 ? null : String(page - 1) })} preventScrollReset className={link} rel="prev">
          {LABELS.previousPage}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-500" data-testid="page-of">
        {LABELS.pageOf(page, pages)}
      </span>
      {page < pages ? (
        <Link to={href({ page: String(page + 1) })} preventScrollReset className={link} rel="next">
          {LABELS.nextPage}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** Mentions as text (never HTML): author, time, network, language, sentiment, metrics, the text. */
function MentionCards({ mentions, live = false }: { mentions: SearchMention[]; live?: boolean }) {
  return (
    <ol
      className={`divide-y divide-slate-100 rounded-lg border bg-white ${live ? "border-emerald-300" : "border-slate-200"}`}
      data-testid={live ? "live-mentions" : "mentions"}
    >
      {mentions.map((mention) => (
        <li key={mention.id} data-testid="mention" data-mention-id={mention.id} className="space-y-2 px-4 py-3">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
            {live ? (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">{LABELS.newBadge}</span>
            ) : null}
            <span className="font-medium">{mention.author}</span>
            {mention.username && mention.username !== mention.author ? (
              <span className="text-slate-500">@{mention.username}</span>
            ) : null}
            <time dateTime={mention.isoTime} className="text-slate-500">
              {mention.time}
            </time>
            {mention.network ? <NetworkName network={mention.network} className="text-slate-600" /> : null}
            <span className="text-slate-600" data-testid="language">
              {mention.language}
            </span>
            <span
              className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${SENTIMENT_TONES[mention.sentiment]}`}
              data-testid="sentiment"
            >
              {mention.sentimentLabel}
            </span>
          </div>
          {mention.title ? <p className="text-sm font-semibold">{mention.title}</p> : null}
          <p className="whitespace-pre-line break-words text-sm text-ink" data-testid="mention-text">
            {mention.text}
          </p>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500" data-testid="mention-metrics">
              <Metric label={LABELS.metricShares} value={mention.metrics.shares} name="shares" />
              <Metric label={LABELS.metricComments} value={mention.metrics.comments} name="comments" />
              <Metric label={LABELS.metricFollowers} value={mention.metrics.followers} name="followers" />
              <Metric label={LABELS.metricEngagements} value={mention.metrics.engagements} name="engagements" />
              <Metric label={LABELS.metricReach} value={mention.metrics.reach} name="reach" />
            </dl>
            {mention.url ? (
              <a href={mention.url} target="_blank" rel="noopener noreferrer nofollow" className="text-xs text-brand-600 underline">
                {CHANNEL_LABELS.openOriginal}
              </a>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

function Metric({ label, value, name }: { label: string; value: number; name: string }) {
  return (
    <div className="flex gap-1">
      <dt>{label}</dt>
      <dd className="font-medium tabular-nums text-slate-700" data-metric={name} data-value={value}>
        {formatCount(value)}
      </dd>
    </div>
  );
}
