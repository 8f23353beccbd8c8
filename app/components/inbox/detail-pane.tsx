import { Link } from "@remix-run/react";
import { useCallback, useState, type ReactNode } from "react";
import { MESSAGES } from "../../../domain/messages";
import { countryLabel } from "../../../domain/reference/countries";
import { useHydrated } from "../../lib/use-hydrated";
import { NetworkName } from "../channels/network-name";
import { formatCount } from "../search/format";
import { AssigneeBadge, LabelChips, RepliedMark, SentimentBadge, StateBadge, Viewers } from "./badges";
import type { InboxRow, LabelGroup } from "./format";
import type { ItemDetail } from "../../routes/_shell.inbox.server";
import { AssignControls, LabelsPicker, ModerationMenu, StatePicker, TranslateForm } from "./item-actions";
import type { RowContext } from "./item-list";
import { useOptimisticRow } from "./optimistic";
import { inboxHrefWith, type InboxView } from "./params";
import { usePresence } from "./presence";
import { ReplyBox, SentReplies } from "./reply-box";

const LABELS = MESSAGES.inboxUi;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = `detail-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="space-y-2 border-t border-slate-100 px-5 py-4" data-testid={testId}>
      <h3 id={id} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The open item: who wrote it and where, who else is on it, the actions (assign, labels, state, translate,
 * moderate), the original and translated text side by side, the reply box, the conversation thread, the
 * author's profile and the actions history.
 */
export function DetailPane({
  detail,
  view,
  rowContext,
  labelGroups,
  assignees,
  template,
}: {
  detail: ItemDetail;
  view: InboxView;
  rowContext: RowContext;
  labelGroups: LabelGroup[];
  assignees: { accounts: Array<{ value: string; label: string }>; teams: Array<{ value: string; label: string }> };
  template: { templateId: number; text: string } | null;
}) {
  const row = useOptimisticRow(detail.row, rowContext);
  const [replying, setReplying] = useState(false);
  const onReplyingChange = useCallback((value: boolean) => setReplying(value), []);
  const viewers = usePresence(row.id, rowContext.me.id, detail.viewers, replying);
  const draftText = detail.draft?.text ?? "";
  const initialText = template ? (draftText.trim() ? `${draftText.replace(/\s+$/, "")}\n\n${template.text}` : template.text) : draftText;
  const initialTemplateId = template?.templateId ?? detail.draft?.templateId ?? null;

  return (
    <article aria-labelledby="detail-heading" className="overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid="item-detail" data-item-id={row.id} data-pending={row.pending || undefined}>
      <header className="space-y-3 px-5 pb-4 pt-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
              {row.network ? <NetworkName network={row.network} className="font-medium text-slate-600" /> : null}
              <span aria-hidden>·</span>
              <time dateTime={row.isoTime}>{row.time}</time>
              <span aria-hidden>·</span>
              <span data-testid="detail-language">{row.language}</span>
            </div>
            <h2 id="detail-heading" className="truncate text-lg font-semibold" data-testid="detail-author">
              {row.author}
              {row.username && row.username !== row.author ? <span className="ml-2 text-sm font-normal text-slate-500">@{row.username}</span> : null}
            </h2>
          </div>
          <Link
            to={inboxHrefWith(view, { item: null })}
            preventScrollReset
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-ink"
            aria-label={LABELS.closeItem}
            title={LABELS.closeItem}
          >
            <svg viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden>
              <path d="M4 4l8 8M12 4l-8 8" />
            </svg>
          </Link>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <StateBadge state={row.state} label={row.stateLabel} />
          <SentimentBadge row={row} />
          <AssigneeBadge assignee={row.assignee} />
          <LabelChips labels={row.labels} />
          <RepliedMark isReplied={row.isReplied} />
        </div>
        <div data-testid="presence">
          <Viewers viewers={viewers} />
        </div>
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={LABELS.actions}>
          <AssignControls row={row} me={rowContext.me} accounts={assignees.accounts} teams={assignees.teams} />
          <LabelsPicker key={detail.row.labels.map((label) => label.id).join(",")} row={row} groups={labelGroups} />
          <StatePicker row={row} />
          <ModerationMenu row={row} originalText={row.text} />
        </div>
      </header>

      <TextPanel row={row} detail={detail} />

      <div className="space-y-4 border-t border-slate-100 px-5 py-4">
        <ReplyBox
          key={`${row.id}-${detail.seenReplyCount}-${initialTemplateId ?? ""}-${template ? "t" : ""}`}
          itemId={row.id}
          seenReplyCount={detail.seenReplyCount}
          initialText={initialText}
          initialTemplateId={initialTemplateId}
          hasDraft={detail.draft !== null}
          onReplyingChange={onReplyingChange}
          templateItem={{ id: row.id, authorName: row.author, authorUsername: row.username, network: row.network, language: row.languageCode }}
        />
        <SentReplies itemId={row.id} replies={detail.replies} />
      </div>

      <Section title={LABELS.conversation} testId="thread">
        <ThreadView detail={detail} row={row} />
      </Section>

      <Section title={LABELS.author} testId="author">
        <AuthorCard detail={detail} view={view} />
      </Section>

      <Section title={LABELS.history} testId="history">
        {detail.history.length === 0 ? (
          <p className="text-sm text-slate-500">{LABELS.noHistory}</p>
        ) : (
          <ol className="space-y-2.5" data-testid="history-list">
            {detail.history.map((entry) => (
              <li key={entry.key} className="flex gap-3 text-sm" data-testid="history-entry">
                <span aria-hidden className="mt-1.5 size-2 shrink-0 rounded-full bg-slate-300" />
                <div className="min-w-0 space-y-0.5">
                  <p>
                    <span className="font-medium">{entry.who}</span> {entry.what}
                  </p>
                  {entry.detail ? <p className="whitespace-pre-wrap break-words rounded bg-slate-50 px-2 py-1 text-slate-700">{entry.detail}</p> : null}
                  <time dateTime={entry.isoTime} className="block text-xs text-slate-500">
                    {entry.time}
                  </time>
                </div>
              </li>
            ))}
          </ol>
        )}
        {detail.moderation.length ? (
          <div className="space-y-1 pt-2">
            <h4 className="text-xs font-medium text-slate-600">{LABELS.moderationEvents}</h4>
            <ul className="space-y-1 text-sm" data-testid="moderation-events">
              {detail.moderation.map((event) => (
                <li key={event.key} className="rounded bg-red-50 px-2 py-1 text-red-900">
                  {LABELS.moderationEvent(event.who, event.what, event.reason)}
                  {event.note ? <span className="block text-xs text-red-800">{event.note}</span> : null}
                  <span className="block text-xs text-red-700/80">{event.time}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Section>
    </article>
  );
}

/** The original and its translation side by side (one above the other in a narrow pane). */
function TextPanel({ row, detail }: { row: InboxRow; detail: ItemDetail }) {
  const translated = detail.translation !== null && detail.translation !== "";
  return (
    <div className="@container border-t border-slate-100 px-5 py-4">
      <div className={`grid gap-4 ${translated ? "@sm:grid-cols-2" : ""}`}>
        <figure className="space-y-1.5" data-testid="original-text">
          <figcaption className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-xs font-semibold uppercase tracking-wide text-slate-500">{LABELS.original(row.language)}</span>
            <TranslateForm row={row} defaultLanguage={detail.translateTo} />
          </figcaption>
          {row.title ? <p className="text-sm font-semibold">{row.title}</p> : null}
          <p className="whitespace-pre-wrap break-words text-[15px] leading-relaxed text-ink" data-testid="detail-text">
            {row.text}
          </p>
        </figure>
        {translated ? (
          <figure className="space-y-1.5 rounded-md bg-sky-50/60 p-3 ring-1 ring-sky-100" data-testid="translated-text">
            <figcaption className="text-xs font-semibold uppercase tracking-wide text-sky-700">
              {LABELS.translation(detail.translationLanguage ?? "")}
            </figcaption>
            <p className="whitespace-pre-wrap break-words text-[15px] leading-relaxed text-ink">{detail.translation}</p>
          </figure>
        ) : null}
      </div>
      {/* A <dl> holds only its terms and values (ADR 034): the link to the original sits beside it. */}
      <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
        <dl className="flex flex-wrap gap-x-4 gap-y-1">
          {(
            [
              [LABELS.likes, detail.metrics.likes],
              [MESSAGES.searchScreen.metricComments, detail.metrics.comments],
              [MESSAGES.searchScreen.metricShares, detail.metrics.shares],
              [MESSAGES.searchScreen.metricEngagements, detail.metrics.engagements],
              [MESSAGES.searchScreen.metricReach, detail.metrics.reach],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="flex gap-1">
              <dt>{label}</dt>
              <dd className="font-medium tabular-nums text-slate-700">{formatCount(value)}</dd>
            </div>
          ))}
        </dl>
        {detail.url ? (
          <a href={detail.url} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-600 underline">
            {MESSAGES.channelScreen.openOriginal}
          </a>
        ) : null}
      </div>
    </div>
  );
}

function ThreadView({ detail, row }: { detail: ItemDetail; row: InboxRow }) {
  const entries: Array<{ row: InboxRow; role: "parent" | "self" | "reply" }> = [
    ...(detail.parent ? [{ row: detail.parent, role: "parent" as const }] : []),
    { row, role: "self" as const },
    ...detail.thread.map((reply) => ({ row: reply, role: "reply" as const })),
  ];
  return (
    <ol className="space-y-3" data-testid="thread-list">
      {entries.map((entry) => (
        <li
          key={`${entry.role}-${entry.row.id}`}
          className={`rounded-md border px-3 py-2 ${entry.role === "self" ? "border-brand-100 bg-brand-50/60" : "border-slate-200"} ${entry.role === "reply" ? "ml-5" : ""}`}
          data-testid="thread-entry"
        >
          <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
            <span className="font-medium text-slate-700">{entry.row.author}</span>
            <time dateTime={entry.row.isoTime}>{entry.row.time}</time>
            {entry.role === "parent" ? <span>{LABELS.inReplyTo}</span> : null}
          </p>
          <p className="mt-1 line-clamp-4 whitespace-pre-wrap break-words text-sm text-ink">{entry.row.text}</p>
        </li>
      ))}
    </ol>
  );
}

function AuthorCard({ detail, view }: { detail: ItemDetail; view: InboxView }) {
  const author = detail.author;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <span aria-hidden className="flex size-10 items-center justify-center rounded-full bg-slate-200 text-sm font-semibold text-slate-600">
          {author.name.slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="truncate font-medium">{author.name}</p>
          {author.username ? <p className="truncate text-sm text-slate-500">@{author.username}</p> : null}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-500">{MESSAGES.searchScreen.metricFollowers}</dt>
          <dd className="font-medium tabular-nums">{formatCount(author.followers)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{MESSAGES.channelScreen.country}</dt>
          <dd className="font-medium">{countryLabel(author.country)}</dd>
        </div>
      </dl>
      {author.recent.length ? (
        <div className="space-y-1">
          <h4 className="text-xs font-medium text-slate-600">{LABELS.recentItems}</h4>
          <ul className="space-y-1">
            {author.recent.map((item) => (
              <li key={item.id}>
                <Link to={inboxHrefWith(view, { item: item.id })} preventScrollReset className="block truncate rounded px-1 py-0.5 text-sm text-brand-700 hover:bg-brand-50">
                  {item.text}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** The detail column when nothing is open. */
export function EmptyDetail() {
  // The keys need the page's script: without it, the hint would promise what does not happen.
  const hydrated = useHydrated();
  return (
    <div className="flex h-64 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white px-6 text-center text-sm text-slate-500" data-testid="detail-empty">
      <svg viewBox="0 0 24 24" className="size-8 text-slate-300" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden>
        <path d="M3 7l9 6 9-6M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />
      </svg>
      <p>{LABELS.selectAnItem}</p>
      {hydrated ? <p className="text-xs">{LABELS.pressJ}</p> : null}
    </div>
  );
}
