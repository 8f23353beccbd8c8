import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Form,
  Outlet,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useParams,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import { ROLES, roleAtLeast } from "../../domain/roles";
import { VISIBILITY } from "../../domain/visibility";
import { SearchSidebarActionSchema, type SearchSidebarAction } from "../../domain/schemas/searches";
import { EditorGuardProvider } from "../components/search/editor-guard";
import { canReadSearches } from "../components/search/access";
import { searchReturnPath } from "../components/search/format";
import { routeErrorBoundary, SCREEN_ERRORS } from "../components/ui/route-error-boundary";
import { SEARCH_PATH, SearchSidebar, useReturnPath, type DeleteTarget } from "../components/search/sidebar";
import type { ApiSearchFolderList, ApiSearchItem, ApiSearchItemList } from "../components/search/types";
import { Button } from "../components/ui/button";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { CsrfInput } from "../components/ui/csrf-input";
import { ApiError, type ApiPinned, type ApiTeamList } from "../lib/api.server";
import { handleIntent, readIntentForm, replyWithApiError, statusOf, type IntentHandlers } from "../lib/forms.server";
import { requireAccount } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";
import { flashToast } from "../lib/toast.server";
import { compareByName } from "../../domain/format";

const LABELS = MESSAGES.searchScreen;

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The page views are recorded by the child routes (one per screen).
  const account = await requireAccount(request, context);
  // Saved searches and mentions are read with these permissions (agents and above by default): without
  // them the screen says so instead of asking the API for what it would refuse.
  const readable = canReadSearches(account);
  const [folders, items, teams] = readable
    ? await Promise.all([
        context.api.get<ApiSearchFolderList>("/search/folders").then((r) => r.data),
        context.api.get<ApiSearchItemList>("/search/items").then((r) => r.data),
        context.api.get<ApiTeamList>("/v1/teams"),
      ])
    : [[], [], { data: [] }];
  const params = new URL(request.url).searchParams;
  const dialog = params.get("dialog");
  const dialogId = Number(params.get("id"));
  const canWrite = readable && hasPermission(account.permissions, "searches.index.write");
  const deleting: DeleteTarget | null =
    dialog === "delete-search"
      ? (items
          .filter((item) => item.id === dialogId && item.editable)
          .map((item) => ({ kind: "search" as const, id: item.id, name: item.name }))[0] ?? null)
      : dialog === "delete-folder"
        ? (folders
            .filter((folder) => folder.id === dialogId && folder.editable)
            .map((folder) => ({ kind: "folder" as const, id: folder.id, name: folder.name }))[0] ?? null)
        : null;
  return {
    readable,
    sidebar: {
      folders: folders.map(({ id, name, category, pinned, editable }) => ({ id, name, category, pinned, editable })),
      items: items.map(({ id, name, category, folderId, pinned, editable }) => ({
        id,
        name,
        category,
        folderId,
        pinned,
        editable,
      })),
    },
    filter: params.get("filter") ?? "",
    teams: teams.data
      .map((team) => ({ id: team.id, name: team.name }))
      .sort(compareByName),
    canWrite,
    canWriteBrand: canWrite && roleAtLeast(account.role, ROLES.admin),
    deleting,
  };
}

type SidebarIntent = SearchSidebarAction["intent"];

/** What the sidebar's handlers are given beside the parsed value. */
interface SidebarContext {
  context: AppLoadContext;
  submission: Submission<unknown, string[]>;
  /** The page the sidebar was on (same-origin paths under /search only). */
  back: string;
  /** The section the new-folder form was for, as posted (its errors show in that section). */
  category: string;
}

/** A refused new folder: which section's form, and its errors. */
interface FolderAnswer {
  intent: "create-folder";
  category: string;
  result: SubmissionResult<string[]>;
}
type SidebarAnswer = ReturnType<typeof data<FolderAnswer>>;

/**
 * A row's button (pin, delete, move) has no form of its own to show an error in: it comes back as a toast
 * over the page it was on.
 */
function rowToast(context: AppLoadContext, back: string, error: unknown): never {
  if (!(error instanceof ApiError)) throw error;
  flashToast(context, { kind: "error", message: error.reason });
  throw redirect(back);
}

/** One handler per intent of SearchSidebarActionSchema (ADR 028). */
const SIDEBAR_ACTIONS: IntentHandlers<SearchSidebarAction, SidebarContext, Promise<SidebarAnswer>> = {
  async "create-folder"(folder, { context, submission, back, category }) {
    try {
      await context.api.post("/search/folders", {
        name: folder.name,
        category: folder.category,
        entity_type: folder.entity_type,
        // Only Me and Everyone ids are the API's to set; Teams sends the chosen teams.
        entity_ids: folder.entity_type === VISIBILITY.teams ? (folder.entity_ids ?? []) : undefined,
      });
    } catch (error) {
      const result = replyWithApiError(submission, error, { labels: { name: LABELS.folderName } });
      return data<FolderAnswer>({ intent: "create-folder", category, result }, { status: statusOf(error) });
    }
    flashToast(context, { kind: "success", message: LABELS.folderCreated(folder.name) });
    throw redirect(back);
  },
  async move({ id, folder_id }, { context, back }) {
    try {
      const moved = await context.api.put<ApiSearchItem>(`/search/items/${id}`, { folder_id });
      flashToast(context, { kind: "success", message: LABELS.searchMoved(moved.name) });
    } catch (error) {
      rowToast(context, back, error);
    }
    throw redirect(back);
  },
  async "pin-search"({ id }, { context, back }) {
    try {
      const { pinned } = await context.api.post<ApiPinned>(`/search/items/${id}/toggle-pin`);
      flashToast(context, { kind: "success", message: pinned ? LABELS.searchPinned : LABELS.searchUnpinned });
    } catch (error) {
      rowToast(context, back, error);
    }
    throw redirect(back);
  },
  async "pin-folder"({ id }, { context, back }) {
    try {
      const { pinned } = await context.api.post<ApiPinned>(`/search/folders/${id}/toggle-pin`);
      flashToast(context, { kind: "success", message: pinned ? LABELS.folderPinned : LABELS.folderUnpinned });
    } catch (error) {
      rowToast(context, back, error);
    }
    throw redirect(back);
  },
  async "delete-search"({ id }, { context, back }) {
    try {
      await context.api.delete(`/search/items/${id}`);
    } catch (error) {
      rowToast(context, back, error);
    }
    flashToast(context, { kind: "success", message: LABELS.searchDeleted });
    // The open search is gone: back to a new search (flow mode stops with the source).
    throw redirect(new URL(back, "http://x").pathname === `${SEARCH_PATH}/${id}` ? SEARCH_PATH : back);
  },
  async "delete-folder"({ id }, { context, back }) {
    try {
      await context.api.delete(`/search/folders/${id}`);
    } catch (error) {
      rowToast(context, back, error);
    }
    flashToast(context, { kind: "success", message: LABELS.folderDeleted });
    throw redirect(back);
  },
};

/** A row's button with a malformed record: a toast over the page it was on. */
function badRow(_submission: Submission<unknown, string[]>, { context, back }: SidebarContext): never {
  flashToast(context, { kind: "error", message: MESSAGES.badRequest });
  throw redirect(back);
}

/** Refused before any handler ran: the new folder's errors under its fields, a row's a toast. */
const SIDEBAR_REFUSALS: Record<SidebarIntent, (submission: Submission<unknown, string[]>, sidebar: SidebarContext) => SidebarAnswer> = {
  "create-folder": (submission, { category }) =>
    data<FolderAnswer>({ intent: "create-folder", category, result: submission.reply() }, { status: 400 }),
  move: badRow,
  "pin-search": badRow,
  "pin-folder": badRow,
  "delete-search": badRow,
  "delete-folder": badRow,
};

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { formData, submission, intent } = await readIntentForm(request, context, SearchSidebarActionSchema);
  const sidebar: SidebarContext = {
    context,
    submission,
    back: searchReturnPath(formData.get("returnTo")),
    category: String(formData.get("category") ?? ""),
  };
  if (submission.status !== "success") return SIDEBAR_REFUSALS[intent](submission, sidebar);
  return handleIntent(SIDEBAR_ACTIONS, submission.value, sidebar);
}

/** The live query check posts to /search/lint: nothing on this page changes, so nothing is reloaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction?.startsWith(`${SEARCH_PATH}/lint`) ? false : defaultShouldRevalidate;

export default function SearchLayoutRoute() {
  const { readable, sidebar, filter, teams, canWrite, canWriteBrand, deleting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const params = useParams();
  const currentItemId = params.itemId && /^\d+$/.test(params.itemId) ? Number(params.itemId) : null;

  // The delete dialog: ?dialog=delete-search&id= renders it on the server (no JavaScript needed); once
  // hydrated the Delete link opens it in place.
  const [deleteTarget, setDeleteTarget] = useState<DeleteTarget | null>(deleting);
  useEffect(() => setDeleteTarget(deleting), [deleting]);

  if (!readable) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold">{MESSAGES.liveSearch}</h1>
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-6 text-sm text-slate-600" data-testid="search-no-access">
          {LABELS.noAccess}
        </p>
      </div>
    );
  }

  return (
    <EditorGuardProvider>
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold">{MESSAGES.liveSearch}</h1>
        <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
          <aside className="shrink-0 rounded-lg border border-slate-200 bg-white p-3 lg:w-72">
            <SearchSidebar
              data={sidebar}
              currentItemId={currentItemId}
              filter={filter}
              canWrite={canWrite}
              canWriteBrand={canWriteBrand}
              folderFormResult={actionData?.intent === "create-folder" ? actionData : undefined}
              teams={teams}
              onDelete={setDeleteTarget}
            />
          </aside>
          <div className="min-w-0 flex-1">
            <Outlet />
          </div>
        </div>
      </div>
      {deleteTarget ? (
        <DeleteDialog target={deleteTarget} fromUrl={deleting !== null} onClose={() => setDeleteTarget(null)} />
      ) : null}
    </EditorGuardProvider>
  );
}

function DeleteDialog({ target, fromUrl, onClose }: { target: DeleteTarget; fromUrl: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const returnPath = useReturnPath();
  const intent = target.kind === "search" ? "delete-search" : "delete-folder";
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
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
          {target.kind === "folder" ? LABELS.deleteFolderMessage : MESSAGES.confirmMessage}
          <span className="mt-2 block font-medium text-ink">{target.name}</span>
        </>
      }
      confirmButton={
        <Form method="post" action={SEARCH_PATH} preventScrollReset>
          <CsrfInput />
          <input type="hidden" name="id" value={target.id} />
          <input type="hidden" name="returnTo" value={returnPath} />
          <Button variant="danger" name="intent" value={intent} pending={submitting}>
            {MESSAGES.confirm}
          </Button>
        </Form>
      }
    />
  );
}

export const meta = titleMeta(MESSAGES.liveSearch);

export const ErrorBoundary = routeErrorBoundary(SCREEN_ERRORS.search);
