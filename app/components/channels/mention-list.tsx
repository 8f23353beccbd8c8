import type { NetworkId } from "../../../domain/networks";
import { MESSAGES } from "../../../domain/messages";
import { NetworkName } from "./network-name";
import { SENTIMENT_TONES, type SentimentName } from "../sentiment/format";

const CHANNEL_LABELS = MESSAGES.channelScreen;

/** A mention as the stream page shows it (prepared by the loader: labels and times are text). */
export interface MentionRow {
  id: number;
  network: NetworkId;
  author: string;
  username: string;
  time: string;
  isoTime: string;
  language: string;
  sentiment: SentimentName;
  sentimentLabel: string;
  /** 'refund (−1.5), not working (−2)', or '' when nothing moved the score. */
  reasons: string;
  title: string | null;
  text: string;
  url: string | null;
}

/** The badge; when drivers exist it opens (a <details>, no JavaScript needed) on 'Why: …'. */
function SentimentBadge({ mention }: { mention: MentionRow }) {
  const badge = `inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${SENTIMENT_TONES[mention.sentiment]}`;
  if (!mention.reasons) {
    return (
      <span className={badge} data-testid="sentiment">
        {mention.sentimentLabel}
      </span>
    );
  }
  return (
    <details className="group relative inline-block" data-testid="sentiment">
      <summary className={`${badge} cursor-pointer list-none`} title={CHANNEL_LABELS.why(mention.reasons)}>
        {mention.sentimentLabel}
        <span aria-hidden className="ml-1 text-[10px] group-open:rotate-180">
          ▾
        </span>
      </summary>
      {/* A small popover under the badge, so that opening it does not reflow the line. */}
      <p
        className="absolute left-0 top-full z-10 mt-1 w-max max-w-xs rounded-md border border-slate-200 bg-white px-3 py-2 text-xs text-slate-700 shadow-lg"
        data-testid="sentiment-reasons"
      >
        {CHANNEL_LABELS.why(mention.reasons)}
      </p>
    </details>
  );
}

export function MentionList({ mentions }: { mentions: MentionRow[] }) {
  if (mentions.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">
        {MESSAGES.noMentionsYet}
      </p>
    );
  }
  return (
    <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {mentions.map((mention) => (
        <li key={mention.id} data-testid="mention" className="space-y-2 px-4 py-3">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
            <span className="font-medium">{mention.author}</span>
            {mention.username && mention.username !== mention.author ? (
              <span className="text-slate-500">@{mention.username}</span>
            ) : null}
            <time dateTime={mention.isoTime} className="text-slate-500">
              {mention.time}
            </time>
            <NetworkName network={mention.network} className="text-slate-600" />
            <span className="text-slate-600" data-testid="language">
              {mention.language}
            </span>
            <SentimentBadge mention={mention} />
          </div>
          {mention.title ? <p className="text-sm font-semibold">{mention.title}</p> : null}
          <p className="whitespace-pre-line break-words text-sm text-ink">{mention.text}</p>
          {mention.url ? (
            <a
              href={mention.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-block text-xs text-brand-600 underline"
            >
              {CHANNEL_LABELS.openOriginal}
            </a>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
