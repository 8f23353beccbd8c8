import { Form, Link, useLocation } from "@remix-run/react";
import { createContext, useContext, useMemo, type MouseEvent, type ReactNode } from "react";
import { MESSAGES } from "../../../domain/messages";
import type { NetworkId } from "../../../domain/networks";
import type { StreamCategory } from "../../../domain/streams";
import { useAddressPopover } from "../../lib/use-address-popover";
import { useDetailsDismiss } from "../../lib/use-details-dismiss";
import { categoryLabel } from "../channels/format";
import { CsrfInput } from "../ui/csrf-input";
import type { LabelGroup, SidebarNetwork, SidebarStream } from "./format";
import { inboxHrefWith, INBOX_PATH, parseInboxView, sameSource, type InboxSource } from "./params";

const LABELS = MESSAGES.inboxUi;

export interface InboxSidebarData {
  canManage: boolean;
  /** The account has default streams: bare /inbox opens the first, so 'All items' says so (ADR 040). */
  hasDefaultStreams: boolean;
  networks: SidebarNetwork[];
  assignedCount: number;
  searches: { shown: SearchSource[]; folded: SearchSource[] };
  labelGroups: LabelGroup[];
  addCatalogue: Array<{ network: NetworkId; name: string; categories: StreamCategory[] }>;
}

interface SearchSource {
  id: number;
  name: string;
  pinned: boolean;
  count: number | null;
}

/** The current inbox address without the sidebar's dialog: where its actions come back to. */
export function useInboxReturnPath(): string {
  const location = useLocation();
  return returnPathOf(location.search);
}

function returnPathOf(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("dialog");
  params.delete("id");
  const rest = params.toString();
  return `${INBOX_PATH}${rest ? `?${rest}` : ""}`;
}

/**
 * What the sidebar's source links and stream menus read from the address, read once per render of the
 * sidebar rather than by each of its (often a hundred) links: the open source, the address of another
 * source (filters and sort kept; paging and the open item start over), where the stream actions come
 * back to and which stream's menu the address opens (ADR 020, 2026-11-29).
 */
interface SidebarAddress {
  current: InboxSource;
  href: (source: InboxSource) => string;
  returnTo: string;
  /** The stream whose actions menu the address opens (?dialog=stream-actions&id=), if any. */
  menuStreamId: string | null;
}

const SidebarAddressContext = createContext<SidebarAddress | null>(null);

function useSidebarAddressOf(search: string): SidebarAddress {
  return useMemo(() => {
    const params = new URLSearchParams(search);
    const view = parseInboxView(params);
    return {
      current: view.source,
      href: (source: InboxSource) => inboxHrefWith({ ...view, item: null }, { source }),
      returnTo: returnPathOf(search),
      menuStreamId: params.get("dialog") === STREAM_ACTIONS_DIALOG ? params.get("id") : null,
    };
  }, [search]);
}

/** Inside InboxSidebar, which reads the address once for all of them. */
function useSidebarAddress(): SidebarAddress {
  const address = useContext(SidebarAddressContext);
  if (!address) throw new Error("useSidebarAddress outside InboxSidebar");
  return address;
}

const linkClass = (active: boolean) =>
  `flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-sm ${
    active ? "bg-brand-50 font-medium text-brand-700" : "text-slate-700 hover:bg-slate-100"
  }`;

function SourceLink({ source, children, count }: { source: InboxSource; children: ReactNode; count?: number | null }) {
  const { current, href } = useSidebarAddress();
  const active = sameSource(current, source);
  return (
    <Link to={href(source)} className={linkClass(active)} aria-current={active ? "page" : undefined} data-testid="source-link">
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {count !== undefined && count !== null ? (
        <span
          className={`shrink-0 rounded-full px-1.5 text-xs tabular-nums ${active ? "bg-brand-100 text-brand-700" : "bg-slate-100 text-slate-600"}`}
          data-testid="source-count"
        >
          {count.toLocaleString("en-US")}
        </span>
      ) : null}
    </Link>
  );
}

function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
      {children}
    </h2>
  );
}

/** The 'show more' divider (spec core §2): a <details>, so it opens without JavaScript. */
function ShowMore({ count, children }: { count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <details className="group" data-testid="show-more">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-2 py-1 text-xs font-medium text-slate-500 hover:text-slate-700">
        <span className="h-px flex-1 bg-slate-200" aria-hidden />
        <span className="group-open:hidden">{MESSAGES.channelScreen.showMore(count)}</span>
        <span className="hidden group-open:inline">{MESSAGES.channelScreen.showLess}</span>
        <span className="h-px flex-1 bg-slate-200" aria-hidden />
      </summary>
      {children}
    </details>
  );
}

/**
 * The inbox's sources (spec core §2 sidebar): all items, 'Assigned to me' with its count, the tenant's
 * streams per network and catalogue category (add / edit / pin / delete / duplicate as the category and
 * the caller's role allow), saved searches and labels. Everything is a link or a form.
 */
export function InboxSidebar({ data, onDelete }: { data: InboxSidebarData; onDelete: (stream: { id: number; name: string }) => void }) {
  const location = useLocation();
  return (
    <SidebarAddressContext.Provider value={useSidebarAddressOf(location.search)}>
      <SidebarSources data={data} onDelete={onDelete} />
    </SidebarAddressContext.Provider>
  );
}

function SidebarSources({ data, onDelete }: { data: InboxSidebarData; onDelete: (stream: { id: number; name: string }) => void }) {
  return (
    <nav aria-label={LABELS.sources} className="space-y-5" data-testid="inbox-sidebar">
      <ul className="space-y-0.5">
        <li className="flex">
          <SourceLink source={{ type: "all", explicit: data.hasDefaultStreams }}>{LABELS.allItems}</SourceLink>
        </li>
        <li className="flex" data-testid="assigned-to-me">
          <SourceLink source={{ type: "assigned" }} count={data.assignedCount}>
            {LABELS.assignedToMe}
          </SourceLink>
        </li>
      </ul>

      <section aria-labelledby="sources-streams" className="space-y-3">
        <SectionHeading id="sources-streams">{MESSAGES.streams}</SectionHeading>
        {data.networks.length === 0 ? <p className="px-2 text-xs text-slate-500">{LABELS.noStreams}</p> : null}
        {data.networks.map((network) => (
          <NetworkGroup key={network.network} network={network} onDelete={onDelete} />
        ))}
        {data.canManage ? <AddSource catalogue={data.addCatalogue} /> : null}
      </section>

      <section aria-labelledby="sources-searches" className="space-y-1">
        <SectionHeading id="sources-searches">{LABELS.savedSearches}</SectionHeading>
        {data.searches.shown.length === 0 ? <p className="px-2 text-xs text-slate-500">{LABELS.noSavedSearches}</p> : null}
        <ul className="space-y-0.5">
          {data.searches.shown.map((search) => (
            <li key={search.id} className="flex" data-testid="search-source">
              <SourceLink source={{ type: "search", id: search.id }} count={search.count}>
                {search.name}
              </SourceLink>
            </li>
          ))}
        </ul>
        <ShowMore count={data.searches.folded.length}>
          <ul className="space-y-0.5">
            {data.searches.folded.map((search) => (
              <li key={search.id} className="flex" data-testid="search-source">
                <SourceLink source={{ type: "search", id: search.id }} count={search.count}>
                  {search.name}
                </SourceLink>
              </li>
            ))}
          </ul>
        </ShowMore>
      </section>

      <section aria-labelledby="sources-labels" className="space-y-2">
        <div className="flex items-center justify-between pr-2">
          <SectionHeading id="sources-labels">{LABELS.labels}</SectionHeading>
          <Link to="/settings/labels" className="pb-1 text-xs text-brand-600 hover:underline">
            {LABELS.manageLabels}
          </Link>
        </div>
        {data.labelGroups.length === 0 ? <p className="px-2 text-xs text-slate-500">{LABELS.noLabels}</p> : null}
        {data.labelGroups.map((group) => (
          <LabelSources key={group.category || "-"} group={group} />
        ))}
      </section>
    </nav>
  );
}

function LabelSources({ group }: { group: LabelGroup }) {
  const items = group.labels.map((label) => (
    <li key={label.id} className="flex" data-testid="label-source">
      <SourceLink source={{ type: "label", id: label.id }}>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden className="size-2 shrink-0 rounded-full bg-brand-500/70" />
          {label.name}
        </span>
      </SourceLink>
    </li>
  ));
  return (
    <div data-testid="label-group-source">
      {group.category ? <h3 className="px-2 text-[11px] font-medium text-slate-400">{group.category}</h3> : null}
      <ul className="space-y-0.5">{items.slice(0, 15)}</ul>
      <ShowMore count={Math.max(0, items.length - 15)}>
        <ul className="space-y-0.5">{items.slice(15)}</ul>
      </ShowMore>
    </div>
  );
}

function NetworkGroup({ network, onDelete }: { network: SidebarNetwork; onDelete: (stream: { id: number; name: string }) => void }) {
  const headingId = `network-${network.network}`;
  const rows = (streams: SidebarStream[], startCategory: string | null) => {
    let previous = startCategory;
    return streams.flatMap((stream) => {
      const heading =
        stream.category !== previous ? (
          <li key={`h-${stream.category}`} className="px-2 pt-1 text-[11px] font-medium uppercase tracking-wide text-slate-400" aria-hidden>
            {categoryLabel(stream.category)}
          </li>
        ) : null;
      previous = stream.category;
      return [heading, <StreamRow key={stream.id} stream={stream} onDelete={onDelete} />].filter(Boolean);
    });
  };
  return (
    <div aria-labelledby={headingId} role="group" data-testid="network-group">
      <h3 id={headingId} className="flex items-center gap-2 px-2 text-xs font-semibold text-slate-700">
        <span aria-hidden className="inline-block size-2.5 rounded-full ring-1 ring-black/10" style={{ backgroundColor: network.color }} />
        {network.name}
      </h3>
      <ul className="mt-1 space-y-0.5">{rows(network.shown, null)}</ul>
      <ShowMore count={network.folded.length}>
        <ul className="space-y-0.5">{rows(network.folded, network.shown.at(-1)?.category ?? null)}</ul>
      </ShowMore>
    </div>
  );
}

function StreamRow({ stream, onDelete }: { stream: SidebarStream; onDelete: (stream: { id: number; name: string }) => void }) {
  const hasActions = stream.canPin || stream.canEdit || stream.canDuplicate || stream.canDelete;
  return (
    <li className="group relative flex items-center" data-testid="stream-source" data-stream-id={stream.id}>
      <SourceLink source={{ type: "stream", id: stream.id }}>
        {/* The link's own span truncates a name alone; a pinned one needs room for its pin. */}
        {stream.pinned ? (
          <span className="inline-flex min-w-0 items-center gap-1.5">
            <span className="truncate">{stream.name}</span>
            <span title={MESSAGES.channelScreen.pinned} className="shrink-0 text-amber-500" data-testid="pinned">
              <PinIcon />
              <span className="sr-only">{MESSAGES.channelScreen.pinned}</span>
            </span>
          </span>
        ) : (
          stream.name
        )}
      </SourceLink>
      {hasActions ? <StreamActions stream={stream} onDelete={onDelete} /> : null}
    </li>
  );
}

function PinIcon() {
  return (
    <svg viewBox="0 0 16 16" className="size-3" fill="currentColor" aria-hidden>
      <path d="M9.8 1.5 14.5 6.2 12.9 7l-2.3 2.3.2 3.1-1.3 1.3-2.6-2.6-3.3 3.3-.7-.7 3.3-3.3L3.6 7.8l1.3-1.3 3.1.2L10.3 4.4z" />
    </svg>
  );
}

/** The address that opens a stream's actions menu without JavaScript (?dialog=stream-actions&id=). */
const STREAM_ACTIONS_DIALOG = "stream-actions";

/**
 * A stream's actions. The menu is rendered only while it is open: rendered for every stream (a <details>
 * each), the menus were a sixth of the inbox page's elements. Without JavaScript its button is a link
 * to the same page with that menu open; once hydrated it opens in place, and Escape (focus back on the
 * button), a click outside it or a navigation closes it.
 */
function StreamActions({
  stream,
  onDelete,
}: {
  stream: SidebarStream;
  onDelete: (stream: { id: number; name: string }) => void;
}) {
  const { returnTo, menuStreamId } = useSidebarAddress();
  const openInAddress = menuStreamId === String(stream.id);
  const { open, setOpen, hydrated, wrapper, button, onButtonClick } = useAddressPopover(openInAddress, returnTo);

  const hrefWith = (dialog: string) => {
    const url = new URL(returnTo, "http://x");
    url.searchParams.set("dialog", dialog);
    url.searchParams.set("id", String(stream.id));
    return `${url.pathname}${url.search}`;
  };

  const item = "block w-full px-3 py-1.5 text-left text-sm hover:bg-slate-50";
  return (
    // Over the row's end, shown on hover or keyboard focus (always on touch screens): names keep their room.
    <div
      ref={wrapper}
      className={`absolute right-1 top-1/2 -translate-y-1/2 ${
        open
          ? "z-30 opacity-100"
          : "z-10 opacity-0 focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100"
      }`}
      data-testid="stream-actions"
    >
      {/* A plain link: without JavaScript the browser follows it; hydrated, onButtonClick always opens or
          closes the menu in place, so a router link's work (three path resolutions per render, for each
          stream) bought nothing (ADR 020, 2026-11-29). */}
      <a
        ref={button}
        href={open ? returnTo : hrefWith(STREAM_ACTIONS_DIALOG)}
        className="flex size-7 items-center justify-center rounded-md bg-white text-slate-500 shadow-sm ring-1 ring-slate-200 hover:text-slate-800"
        aria-label={MESSAGES.channelScreen.actionsOf(stream.name)}
        aria-expanded={open}
        title={MESSAGES.channelScreen.actionsOf(stream.name)}
        onClick={onButtonClick}
      >
        <svg viewBox="0 0 16 16" className="size-4" fill="currentColor" aria-hidden>
          <path d="M3 6.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3m5 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3m5 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3" />
        </svg>
      </a>
      {open ? (
        <div
          className="absolute right-0 z-20 mt-1 w-44 rounded-md border border-slate-200 bg-white py-1 shadow-lg"
          data-testid="stream-actions-menu"
        >
          {stream.canEdit ? (
            <Link to={`/settings/channels/${stream.id}`} className={item}>
              {MESSAGES.edit}
            </Link>
          ) : null}
          {stream.canPin ? (
            <StreamActionForm
              streamId={stream.id}
              returnTo={returnTo}
              intent={stream.pinned ? "unpin-stream" : "pin-stream"}
              className={item}
            >
              {stream.pinned ? MESSAGES.channelScreen.unpin : MESSAGES.channelScreen.pin}
            </StreamActionForm>
          ) : null}
          {stream.canDuplicate ? (
            <StreamActionForm streamId={stream.id} returnTo={returnTo} intent="duplicate-stream" className={item}>
              {MESSAGES.channelScreen.duplicate}
            </StreamActionForm>
          ) : null}
          {stream.canDelete ? (
            <a
              href={hrefWith("delete-stream")}
              className={`${item} text-red-700`}
              onClick={(event: MouseEvent) => {
                if (!hydrated) return;
                event.preventDefault();
                setOpen(false);
                onDelete({ id: stream.id, name: stream.name });
              }}
            >
              {MESSAGES.delete}
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** One of a stream's actions posted to the inbox's action, which comes back to `returnTo`. */
function StreamActionForm({
  streamId,
  returnTo,
  intent,
  className,
  children,
}: {
  streamId: number;
  returnTo: string;
  intent: "pin-stream" | "unpin-stream" | "duplicate-stream";
  className: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={INBOX_PATH}>
      <CsrfInput />
      <input type="hidden" name="id" value={streamId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" name="intent" value={intent} className={className}>
        {children}
      </button>
    </Form>
  );
}

/** Where an admin connects a stream: the catalogue's networks and categories, each a link to the connect screen. */
function AddSource({ catalogue }: { catalogue: InboxSidebarData["addCatalogue"] }) {
  const ref = useDetailsDismiss();
  return (
    <details ref={ref} className="group" data-testid="add-source">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-brand-600 hover:bg-brand-50">
        <span aria-hidden>+</span>
        {LABELS.addSource}
      </summary>
      <ul className="mt-1 max-h-72 space-y-2 overflow-y-auto rounded-md border border-slate-200 bg-white p-2 text-xs">
        {catalogue.map((entry) => (
          <li key={entry.network}>
            <p className="font-medium text-slate-700">{entry.name}</p>
            <ul className="mt-0.5 flex flex-wrap gap-1">
              {entry.categories.map((category) => (
                <li key={category}>
                  <Link
                    to={`/settings/channels/new?${new URLSearchParams({ social_type: entry.network, category }).toString()}`}
                    className="inline-block rounded border border-slate-200 px-1.5 py-0.5 text-slate-600 hover:border-brand-500 hover:text-brand-700"
                  >
                    {categoryLabel(category)}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </details>
  );
}
