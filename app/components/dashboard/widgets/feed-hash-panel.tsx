// The mentions behind a chart point or a table row (drill-down): the dashboard mounts this panel when
// the page carries `?feed_hash=` (GET /v1/dashboard/feeds/hash). User text is shown as text.
import { Link } from "@remix-run/react";
import { formatDateTime } from "../../../../domain/format";
import { MESSAGES } from "../../../../domain/messages";
import { isNetworkId, networkById } from "../../../../domain/networks";
import type { FeedHashResult } from "../../../lib/dashboard-widgets.server";

const T = MESSAGES.widgetsUi;

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

export interface FeedMention {
  id: string;
  text: string;
  author: string;
  network: string;
  createdAt: string;
  url?: string;
}

/** The stored definition's title and its mentions, whatever envelope the answer uses. */
export function feedHashView(data: unknown): { title: string; mentions: FeedMention[] } {
  const answer = obj(data);
  const definition = obj(answer.feed ?? answer.definition ?? answer.feed_hash ?? answer);
  const list = [obj(answer.statuses).data, answer.items, answer.data, answer.statuses, answer.mentions].find(Array.isArray) as
    | unknown[]
    | undefined;
  const mentions = (list ?? []).map((raw, i) => {
    const item = obj(raw);
    const social = str(item.social_type);
    const url = str(item.post_url);
    return {
      id: str(item.id) || String(i),
      text: str(item.description) || str(item.title) || str(item.text),
      author: str(item.author_name) || str(item.author_username),
      network: isNetworkId(social) ? networkById(social).name : social,
      createdAt: str(item.created_at),
      url: /^https?:\/\//.test(url) ? url : undefined,
    };
  });
  return { title: str(definition.title), mentions };
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
