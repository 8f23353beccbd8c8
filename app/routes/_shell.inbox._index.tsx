import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useMemo } from "react";
import { MESSAGES } from "../../domain/messages";
import { networkVisibleTo } from "../../domain/streams";
import { DetailPane, EmptyDetail } from "../components/inbox/detail-pane";
import { canReadInbox, defaultStreamLocation, handleItemAction, loadInbox, type Assignees, type ItemActionData } from "./_shell.inbox.server";
import { PageActionContext } from "../components/inbox/item-form";
import { InboxList, networkChoices, type RowContext } from "../components/inbox/item-list";
import {
  canonicalInboxAddress,
  INBOX_PATH,
  inboxHrefWith,
  sourcesPaneHref,
  type InboxSource,
} from "../components/inbox/params";
import { BackLink, paneClass, SourcesLink } from "../components/inbox/panes";
import { routeErrorBoundary, SCREEN_ERRORS } from "../components/ui/route-error-boundary";
import { ShortcutsDialog, useInboxShortcuts } from "../components/inbox/shortcuts";
import type { loader as layoutLoader } from "./_shell.inbox";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";
import { useOpenPerLocation } from "../lib/use-open-per-location";

const LABELS = MESSAGES.inboxUi;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  // The filter form posts every field ('any' as empty, defaults too): the same view at its shortest
  // address, so every view has one link (other parameters, such as a dialog's, are kept as they are).
  const canonical = canonicalInboxAddress(new URL(request.url));
  if (canonical) throw redirect(canonical);
  const preferred = await defaultStreamLocation(context, new URL(request.url), account.preferences.ui.defaultDashboardStreams);
  if (preferred) throw redirect(preferred);
  recordPageView(request, context, account);
  // Without access the layout says so; nothing is asked of the API.
  if (!canReadInbox(account)) return null;
  return {
    ...(await loadInbox(request, context, account)),
    role: account.role,
    layout: account.preferences.ui.inboxLayout,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const account = await requireAccount(request, context);
  return handleItemAction(request, context, account);
}

type LayoutData = Awaited<ReturnType<typeof layoutLoader>>;
const NO_ASSIGNEES: Assignees = { accounts: [], teams: [] };

/** The list's heading: the chosen source's name. */
function sourceTitle(source: InboxSource, layout: LayoutData | undefined): string {
  if (source.type === "all") return LABELS.allItems;
  if (source.type === "assigned") return LABELS.assignedToMe;
  if (!layout?.readable) return "";
  if (source.type === "stream") {
    const stream = layout.networks
      .flatMap((network) => [...network.shown, ...network.folded])
      .find((s) => s.id === source.id);
    return stream?.name ?? LABELS.streamNumber(source.id);
  }
  if (source.type === "search") {
    const search = [...layout.searches.shown, ...layout.searches.folded].find((s) => s.id === source.id);
    return search?.name ?? LABELS.searchNumber(source.id);
  }
  return layout.labels.find((label) => label.id === source.id)?.name ?? LABELS.labelNumber(source.id);
}

export default function InboxIndexRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ItemActionData | undefined;
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/_shell.inbox");
  const location = useLocation();
  const navigate = useNavigate();
  const fromUrl = data?.dialog === "shortcuts";
  const [shortcutsOpen, setShortcutsOpen] = useOpenPerLocation(fromUrl);
  const showShortcuts = useCallback(() => setShortcutsOpen(true), [setShortcutsOpen]);

  const closeHref = useMemo(() => {
    const params = new URLSearchParams(location.search);
    params.delete("dialog");
    const search = params.toString();
    return `${INBOX_PATH}${search ? `?${search}` : ""}`;
  }, [location.search]);

  const labels = layout?.readable ? layout.labels : [];
  const assignees = layout?.readable ? layout.assignees : NO_ASSIGNEES;
  const rowContext: RowContext = useMemo(
    () => ({
      me: data?.me ?? { id: 0, value: "", name: "" },
      labelNames: new Map(labels.map((label) => [label.id, label.name])),
      assigneeNames: new Map([...assignees.accounts, ...assignees.teams].map((o) => [o.value, o.label])),
    }),
    [data?.me, assignees, labels],
  );
  const rowIds = useMemo(() => data?.rows.map((row) => row.id) ?? [], [data?.rows]);

  useInboxShortcuts({
    view: data?.view ?? {
      source: { type: "all" },
      filters: { networks: [], sentiments: [], states: [], assignee: "", labelIds: [], languages: [], replied: "" },
      sort: "created_at",
      order: "desc",
      page: 1,
      item: null,
    },
    rowIds,
    hasMore: data?.hasMore ?? false,
    onShowShortcuts: showShortcuts,
    dialogOpen: shortcutsOpen,
  });

  if (!data) return null;
  const { view } = data;
  const pane = view.item !== null ? "item" : "list";

  return (
    <PageActionContext.Provider value={actionData}>
      <div className="grid items-start gap-5 xl:grid-cols-[minmax(20rem,1fr)_minmax(0,1.2fr)]">
        <div
          id="inbox-pane-list"
          tabIndex={-1}
          className={`min-w-0 space-y-3 focus:outline-none ${paneClass(pane, "list")}`}
        >
          <SourcesLink to={sourcesPaneHref(view)} />
          <InboxList
            key={`${location.search}`}
            layout={data.layout}
            view={view}
            rows={data.rows}
            total={data.total}
            hasMore={data.hasMore}
            pageSize={data.pageSize}
            title={sourceTitle(view.source, layout)}
            rowContext={rowContext}
            choices={{
              networks: networkChoices((network) => networkVisibleTo(network, data.role)),
              labels: labels.map((label) => ({ id: label.id, name: label.name })),
              accounts: assignees.accounts,
              teams: assignees.teams,
              languages: layout?.readable ? layout.languages : [],
            }}
          />
        </div>
        <div
          id="inbox-pane-item"
          tabIndex={-1}
          className={`min-w-0 focus:outline-none xl:sticky xl:top-4 ${paneClass(pane, "item")}`}
        >
          {pane === "item" ? <BackLink to={inboxHrefWith(view, { item: null })} /> : null}
          {data.detail ? (
            <DetailPane
              key={data.detail.row.id}
              detail={data.detail}
              view={view}
              rowContext={rowContext}
              labelGroups={layout?.readable ? layout.labelGroups : []}
              assignees={assignees}
              template={data.templateText}
            />
          ) : (
            <EmptyDetail />
          )}
        </div>
      </div>
      <ShortcutsDialog
        open={shortcutsOpen}
        closeHref={closeHref}
        onClose={() => {
          setShortcutsOpen(false);
          if (fromUrl) navigate(closeHref, { replace: true, preventScrollReset: true });
        }}
      />
    </PageActionContext.Provider>
  );
}

export const meta = titleMeta(MESSAGES.inbox);

export const ErrorBoundary = routeErrorBoundary(SCREEN_ERRORS.inbox);
