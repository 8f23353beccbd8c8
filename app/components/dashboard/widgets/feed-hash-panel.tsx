// The mentions behind a chart point or a table row (drill-down): the dashboard mounts this panel when
// the page carries `?feed_hash=` (GET /v1/dashboard/feeds/hash, typed from FeedHashPageResponseSchema).
// User text is shown as text.
import { Link } from "@remix-run/react";
import { formatDateTime } from "../../../../domain/format";
import { MESSAGES } from "../../../../domain/messages";
import { isNetworkId, networkById } from "../../../../domain/networks";
import type { FeedHashResult } from "../../../lib/dashboard-widgets.server";

type FeedHashPage = Extract<FeedHashResult, { ok: true }>["data"];
/** What the panel reads of a mention. */
type FeedHashStatus = Pick<
  FeedHashPage["statuses"]["data"][number],
  "id" | "description" | "title" | "authorName" | "authorUsername" | "socialType" | "createdAt" | "postUrl"
>;

const T = MESSAGES.widgetsUi;

export interface FeedMention {
  id: string;
  text: string;
  author: string;
  network: string;
  createdAt: string;
  url?: string;
}

/** The stored definition's title and its page of mentions. */
export function feedHashView(data: Pick<FeedHashPage, "title"> & { statuses: { data: FeedHashStatus[] } }): {
  title: string;
  mentions: FeedMention[];
} {
  const mentions = data.statuses.data.map((item) => ({
    id: String(item.id),
    text: item.description || item.title || "",
    author: item.authorName || item.authorUsername,
    network: isNetworkId(item.socialType) ? networkById(item.socialType).name : item.socialType,
    createdAt: item.createdAt,
    url: item.postUrl && /^https?:\/\//.test(item.postUrl) ? item.postUrl : undefined,
  }));
  return { title: data.title, mentions };
}

export function FeedHashPanel({ feed, closeHref }: { feed: FeedHashResult; closeHref: string }) {
  const view = feed.ok ? feedHashView(feed.data) : null;
  return (
    <section
      className="rounded-lg border border-blue-200 bg-white p-4"
      aria-label={T.mentionsPanel}
      data-testid="feed-hash-panel"
    >
      <header className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">{view?.title || T.mentionsPanel}</h2>
        <Link to={closeHref} className="text-xs text-blue-700 underline" preventScrollReset>
          {T.closeMentions}
        </Link>
      </header>
      {!view ? (
        <p role="alert" className="text-sm text-red-700">
          {T.feedFailed}
        </p>
      ) : view.mentions.length === 0 ? (
        <p className="text-sm text-slate-500">{T.noFeedMentions}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {view.mentions.map((mention) => (
            <li key={mention.id} className="py-2 text-sm" data-testid="feed-mention">
              <p className="text-xs text-slate-500">
                {mention.author}
                {mention.network ? ` · ${mention.network}` : ""}
                {mention.createdAt ? ` · ${formatDateTime(mention.createdAt)}` : ""}
              </p>
              <p className="whitespace-pre-line break-words">{mention.text}</p>
              {mention.url ? (
                <a href={mention.url} className="text-xs text-blue-700 underline" target="_blank" rel="noopener noreferrer nofollow">
                  {mention.url}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
