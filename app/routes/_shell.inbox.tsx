import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  Form,
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { MESSAGES } from "../../domain/messages";
import { addableCatalogue } from "../components/inbox/format";
import {
  canReadInbox,
  handleSidebarAction,
  loadAssignees,
  loadFilterLanguages,
  loadSidebar,
} from "./_shell.inbox.server";
import { INBOX_PATH, inboxPane, PANE_PARAM } from "../components/inbox/params";
import { BackLink, paneClass, useNarrowPaneFocus } from "../components/inbox/panes";
import { InboxSidebar, useInboxReturnPath } from "../components/inbox/sidebar";
import { Button } from "../components/ui/button";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { CsrfInput } from "../components/ui/csrf-input";
import { requireAccount } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";
import { routeErrorBoundary, SCREEN_ERRORS } from "../components/ui/route-error-boundary";

const LABELS = MESSAGES.inboxUi;

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The page view is recorded by the index route (one per screen).
  const account = await requireAccount(request, context);
  if (!canReadInbox(account)) return { readable: false as const };
  const [sidebar, assignees, languages] = await Promise.all([
    loadSidebar(request, context, account),
    loadAssignees(context),
    loadFilterLanguages(context),
  ]);
  return {
    readable: true as const,
    ...sidebar,
    assignees,
    languages,
    addCatalogue: sidebar.canManage ? addableCatalogue(account.role) : [],
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  return handleSidebarAction(request, context);
}

/**
 * The sidebar (with whom an item can be assigned to and the filter's languages) does not change with the
 * list's filters, paging or open item: it reloads after a form was posted (counts, pins, labels), when its
 * own dialog opens or closes, or on another page.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const own = (url: URL) => `${url.searchParams.get("dialog") === "delete-stream" ? url.searchParams.get("id") : ""}`;
  return own(currentUrl) !== own(nextUrl);
};

export default function InboxLayoutRoute() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const shortcutsHref = (() => {
    const params = new URLSearchParams(location.search);
    params.set("dialog", "shortcuts");
    return `${INBOX_PATH}?${params.toString()}`;
  })();

  // The delete dialog: ?dialog=delete-stream&id= renders it on the server; once hydrated the sidebar's
  // Delete opens it in place.
  const fromUrl = data.readable ? data.deleting : null;
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(fromUrl);
  useEffect(() => setDeleting(fromUrl), [fromUrl]);
  const pane = inboxPane(new URLSearchParams(location.search));
  useNarrowPaneFocus(pane);

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{MESSAGES.inbox}</h1>
        {data.readable ? (
          <Link
            to={shortcutsHref}
            preventScrollReset
            className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50"
            data-testid="shortcuts-link"
          >
            {LABELS.keyboardShortcuts}
            <kbd
              className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs font-semibold text-slate-500"
              aria-hidden
            >
              ?
            </kbd>
          </Link>
        ) : null}
      </header>
      {data.readable ? (
        <div className="grid items-start gap-5 lg:grid-cols-[15rem_minmax(0,1fr)]">
          <aside
            id="inbox-pane-sources"
            tabIndex={-1}
            className={`rounded-lg border border-slate-200 bg-white p-3 focus:outline-none lg:sticky lg:top-4 ${paneClass(pane, "sources")}`}
            aria-label={LABELS.sources}
            data-testid="inbox-sources"
          >
            <BackToList />
            <InboxSidebar data={data} onDelete={setDeleting} />
          </aside>
          <div className={`min-w-0 ${pane === "sources" ? "max-lg:hidden" : ""}`}>
            <Outlet />
          </div>
        </div>
      ) : (
        <p
          className="rounded-lg border border-slate-200 bg-white px-4 py-6 text-sm text-slate-600"
          data-testid="inbox-no-access"
        >
          {LABELS.noAccess}
        </p>
      )}
      {deleting ? (
        <DeleteStreamDialog stream={deleting} fromUrl={fromUrl !== null} onClose={() => setDeleting(null)} />
      ) : null}
    </div>
  );
}

/** The sources pane's way back to the list it was opened from (narrow screens only). */
function BackToList() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete(PANE_PARAM);
  params.delete("dialog");
  params.delete("id");
  const search = params.toString();
  return <BackLink to={`${INBOX_PATH}${search ? `?${search}` : ""}`} testId="sources-back-to-list" />;
}

function DeleteStreamDialog({
  stream,
  fromUrl,
  onClose,
}: {
  stream: { id: number; name: string };
  fromUrl: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const returnPath = useInboxReturnPath();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete-stream";
  const close = () => {
    onClose();
    if (fromUrl) navigate(returnPath, { replace: true, preventScrollReset: true });
  };
  return (
    <ConfirmDialog
      open
      onClose={close}
      cancelHref={returnPath}
      message={
        <>
          {MESSAGES.confirmMessage}
          <span className="mt-2 block font-medium text-ink">{stream.name}</span>
        </>
      }
      confirmButton={
        <Form method="post" action={INBOX_PATH} preventScrollReset>
          <CsrfInput />
          <input type="hidden" name="id" value={stream.id} />
          <input type="hidden" name="returnTo" value={returnPath} />
          <Button variant="danger" name="intent" value="delete-stream" pending={submitting}>
            {MESSAGES.confirm}
          </Button>
        </Form>
      }
    />
  );
}

export const meta = titleMeta(MESSAGES.inbox);

export const ErrorBoundary = routeErrorBoundary(SCREEN_ERRORS.inbox);
