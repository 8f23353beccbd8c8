// The loaders and actions behind /inbox (ADR 014): the sources sidebar (layout route), the list with its
// filters and the detail pane (index route), and every action the screens post. All through the API
// client; the route modules call these from their own loader and action.
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { Submission, SubmissionResult } from "@conform-to/react";
import * as z from "zod";
import { ACCOUNT_STATE } from "../../domain/constants";
import { compareNames, formatDateTime } from "../../domain/format";
import { fillTemplate, INBOX_PAGE_SIZE, MODERATION_ACTIONS, type PresenceMode } from "../../domain/inbox";
import { MESSAGES } from "../../domain/messages";
import { isNetworkId, networkById } from "../../domain/networks";
import { hasPermission } from "../../domain/permissions";
import { languageLabel } from "../../domain/reference/languages";
import type { QueryToSend } from "../../domain/request-types";
import { ItemActionSchema, type ItemAction, type ItemIntent, type LabelListQuerySchema } from "../../domain/schemas/inbox";
import { ApiError, type Account, type ApiAccountList, type ApiTeamList } from "../lib/api.server";
import { readIntentForm, replyWithApiError, statusOf } from "../lib/forms.server";
import { flashToast } from "../lib/toast.server";
import type { ApiStream, ApiStreamList } from "../components/channels/types";
import type { ApiSearchItemList } from "../components/search/types";
import {
  buildStreamSidebar,
  fold,
  groupLabels,
  historyRow,
  originalUrl,
  stateLabel,
  toInboxRow,
  viewerRows,
  type HistoryRow,
  type InboxRow,
  type ViewerRow,
} from "../components/inbox/format";
import {
  feedItemsQuery,
  inboxHref,
  INBOX_PATH,
  inboxReturnPath,
  listFilterQuery,
  defaultInboxLocation,
  parseInboxView,
  withoutBlankNewLabels,
  type InboxFiltersQuery,
  type InboxView,
} from "../components/inbox/params";
import type {
  ApiFeedItem,
  ApiFeedItemCappedCount,
  ApiFeedItemCount,
  ApiFeedItemDetail,
  ApiFeedItemLanguages,
  ApiFeedItemPage,
  ApiLabelList,
  ApiPresence,
  ApiReplyAction,
  ApiRowItem,
  ApiSearchResultCounts,
  ApiTemplateList,
} from "../components/inbox/types";

const LABELS = MESSAGES.inboxUi;

export function accountName(account: Pick<Account, "firstName" | "lastName" | "email">): string {
  return `${account.firstName} ${account.lastName}`.trim() || account.email;
}

/** The screen is for those who may read inbox items (agents and above by default). */
export function canReadInbox(account: Account): boolean {
  return hasPermission(account.permissions, "inbox.items.read");
}

// ── Layout: the sources sidebar ─────────────────────────────────────────────────────────────────

export interface Assignees {
  accounts: AssigneeOption[];
  teams: AssigneeOption[];
}

/**
 * Whom an item can be assigned to: the tenant's active users and its teams, by name. Loaded with the
 * sidebar (the inbox's layout), not with each list: moving through sources and pages keeps them.
 */
export async function loadAssignees(context: AppLoadContext): Promise<Assignees> {
  const [accounts, teams] = await Promise.all([
    context.api.get<ApiAccountList>("/v1/accounts").catch(softFail<ApiAccountList>({ data: [] })),
    context.api.get<ApiTeamList>("/v1/teams").catch(softFail<ApiTeamList>({ data: [] })),
  ]);
  const byLabel = (a: AssigneeOption, b: AssigneeOption) => compareNames(a.label, b.label);
  return {
    accounts: accounts.data
      .filter((user) => user.state === ACCOUNT_STATE.active)
      .map((user) => ({ value: `account:${user.id}`, label: accountName(user) }))
      .sort(byLabel),
    teams: teams.data.map((team) => ({ value: `team:${team.id}`, label: team.name })).sort(byLabel),
  };
}

/** The language codes the tenant's mentions are in, for the filter (none when the API could not say). */
export async function loadFilterLanguages(context: AppLoadContext): Promise<string[]> {
  const answer = await context.api.get<ApiFeedItemLanguages>("/v1/feed-items/languages").catch(softFail<ApiFeedItemLanguages>({ data: [] }));
  return answer.data;
}

export async function loadSidebar(request: Request, context: AppLoadContext, account: Account) {
  const canManage = hasPermission(account.permissions, "channels.index.write");
  const canSearch = hasPermission(account.permissions, "searches.index.read");
  const searchList = canSearch ? context.api.get<ApiSearchItemList>("/search/items") : Promise.resolve({ data: [] });
  const [streams, searches, searchCounts, labels, assigned] = await Promise.all([
    context.api.get<ApiStreamList>("/v1/streams"),
    searchList,
    // The counts per saved search, asked only when the caller sees some (no call for an empty list).
    searchList.then((list) =>
      list.data.length
        ? context.api
            .get<ApiSearchResultCounts>("/v1/feed-items/search-results", {
                query: { userId: account.id },
              })
            .catch(softFail<ApiSearchResultCounts>({ data: [] }))
        : { data: [] },
    ),
    // Names only: the counts per label would read every labelled item.
    context.api.get<ApiLabelList>("/v1/labels", { query: { itemsCount: "0" } satisfies QueryToSend<typeof LabelListQuerySchema> }).catch(softFail<ApiLabelList>({ data: [] })),
    context.api.get<ApiFeedItemCount>("/v1/feed-items/assigned-to-me-count").catch(softFail<ApiFeedItemCount>({ count: 0 })),
  ]);
  const counts = new Map(searchCounts.data.map((row) => [row.searchItemId, row.count]));
  const params = new URL(request.url).searchParams;
  const rows = streams.data.map((stream) => ({
    id: stream.id,
    name: stream.name,
    socialType: stream.socialType,
    category: stream.category,
    pinned: stream.pinned,
    canPin: stream.flags.pin,
    canEdit: canManage && stream.flags.edit,
    canDuplicate: canManage && stream.flags.duplicate,
    canDelete: canManage && stream.flags.delete,
  }));
  const deleteId = params.get("dialog") === "delete-stream" ? Number(params.get("id")) : NaN;
  const deleting = rows.find((row) => row.id === deleteId && row.canDelete) ?? null;
  const searchRows = searches.data
    .map((item) => ({ id: item.id, name: item.name, pinned: item.pinned, count: counts.get(item.id) ?? null }))
    .sort((a, b) => Number(b.pinned) - Number(a.pinned) || compareNames(a.name, b.name));
  return {
    canManage,
    hasDefaultStreams: account.preferences.ui.defaultDashboardStreams.length > 0,
    networks: buildStreamSidebar(rows, account.role, { canManage }),
    assignedCount: assigned.count,
    searches: fold(searchRows),
    labelGroups: groupLabels(labels.data),
    labels: labels.data.map((label) => ({ id: label.id, name: label.name, category: label.category })),
    deleting: deleting ? { id: deleting.id, name: deleting.name } : null,
  };
}

/** A counter the sidebar can live without: shown as its fallback rather than breaking the page. */
function softFail<T>(fallback: T) {
  return (error: unknown): T => {
    if (error instanceof ApiError && error.status < 500) return fallback;
    throw error;
  };
}

const streamAction = <I extends string>(intent: I) =>
  z.object({ intent: z.literal(intent), id: z.coerce.number().int().positive() });
/** The sidebar's stream actions, one per intent. */
const SidebarActionSchema = z.discriminatedUnion("intent", [
  streamAction("pin-stream"),
  streamAction("unpin-stream"),
  streamAction("duplicate-stream"),
  streamAction("delete-stream"),
]);
type SidebarAction = z.output<typeof SidebarActionSchema>;
type SidebarIntent = SidebarAction["intent"];

/** One handler per sidebar intent: the toast it leaves, or a redirect of its own. */
const SIDEBAR_ACTIONS: { [I in SidebarIntent]: (id: number, context: AppLoadContext, back: string) => Promise<string> } = {
  async "pin-stream"(id, context) {
    await context.api.post("/v3/accounts/pins", { entityId: id, type: "stream" });
    return MESSAGES.streamPinned;
  },
  async "unpin-stream"(id, context) {
    await context.api.delete("/v3/accounts/pins", { body: { entityId: id, type: "stream" } });
    return MESSAGES.streamUnpinned;
  },
  async "duplicate-stream"(id, context) {
    const copy = await context.api.post<ApiStream>(`/v1/streams/${id}/duplicate`);
    flashToast(context, { kind: "success", message: MESSAGES.streamDuplicated(copy.name) });
    throw redirect(`${INBOX_PATH}?source=stream-${copy.id}`);
  },
  async "delete-stream"(id, context, back) {
    await context.api.delete(`/v1/streams/${id}`);
    // The open stream is gone: back to all items.
    const view = parseInboxView(new URL(back, "http://x").searchParams);
    if (view.source.type === "stream" && view.source.id === id) {
      flashToast(context, { kind: "success", message: MESSAGES.streamDeleted });
      throw redirect(INBOX_PATH);
    }
    return MESSAGES.streamDeleted;
  },
};

/** The sidebar's stream actions: pin / unpin (the caller's pins), duplicate and delete (admins). */
export async function handleSidebarAction(request: Request, context: AppLoadContext) {
  const { formData, submission } = await readIntentForm(request, context, SidebarActionSchema);
  const back = inboxReturnPath(formData.get("returnTo"));
  if (submission.status !== "success") {
    flashToast(context, { kind: "error", message: MESSAGES.badRequest });
    throw redirect(back);
  }
  const { intent, id } = submission.value;
  try {
    flashToast(context, { kind: "success", message: await SIDEBAR_ACTIONS[intent](id, context, back) });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    flashToast(context, { kind: "error", message: error.reason });
  }
  throw redirect(removeDialog(back));
}

function removeDialog(path: string): string {
  const url = new URL(path, "http://x");
  url.searchParams.delete("dialog");
  url.searchParams.delete("id");
  return `${url.pathname}${url.search}`;
}

// ── Index: the list and the detail pane ─────────────────────────────────────────────────────────

export interface ReplyRow {
  id: number;
  who: string;
  time: string;
  isoTime: string;
  text: string;
  delivery: string | null;
  error: string | null;
}

export interface ItemDetail {
  row: InboxRow;
  url: string | null;
  translation: string | null;
  translationLanguage: string | null;
  metrics: { likes: number; comments: number; shares: number; engagements: number; reach: number };
  parent: InboxRow | null;
  thread: InboxRow[];
  author: {
    name: string;
    username: string;
    followers: number;
    country: string;
    recent: InboxRow[];
  };
  history: HistoryRow[];
  replies: ReplyRow[];
  seenReplyCount: number;
  draft: { text: string; templateId: number | null } | null;
  moderation: Array<{ key: string; what: string; reason: string; note: string; who: string; time: string }>;
  viewers: ViewerRow[];
  /** The target of Translate: English, or Spanish for an English item. */
  translateTo: string;
}

export interface AssigneeOption {
  value: string;
  label: string;
}

/**
 * A 404 for the inbox's error boundary, which shows the reason: the API's own catalogue message for a
 * source that is gone ('This stream does not exist or was deleted.'), or the item's.
 */
const NOT_FOUND = (reason: string = MESSAGES.inboxActions.itemNotFound) => new Response(reason, { status: 404 });

/** A source (stream, saved search, label) deleted meanwhile, or another tenant's, answers 404. */
function sourceGone(error: unknown): never {
  if (error instanceof ApiError && error.status === 404) throw NOT_FOUND(error.reason);
  throw error;
}

/**
 * Where the menu's bare /inbox goes for an account with default streams (ADR 040): its first default
 * stream, while that stream still exists (a deleted one is skipped rather than shown as 'not found').
 */
export async function defaultStreamLocation(context: AppLoadContext, url: URL, defaultStreams: readonly number[]): Promise<string | null> {
  const location = defaultInboxLocation(url, defaultStreams);
  if (!location) return null;
  try {
    await context.api.get<ApiStream>(`/v1/streams/${defaultStreams[0]}`);
    return location;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  }
}

export async function loadInbox(request: Request, context: AppLoadContext, account: Account) {
  const url = new URL(request.url);
  const view = parseInboxView(url.searchParams);
  const timeZone = account.businessProfile.timeZone;
  const selfId = account.id;
  const [list, total, detail, templateText] = await Promise.all([
    context.api.get<ApiFeedItemPage>("/v1/feed-items", { query: feedItemsQuery(view) }).catch(sourceGone),
    context.api
      .get<ApiFeedItemCappedCount>("/v1/feed-items/count", { query: countQuery(view) })
      .then((answer) => ({ count: answer.count, capped: answer.capped === true }))
      .catch(softFail<{ count: number; capped: boolean } | null>(null)),
    view.item === null ? Promise.resolve(null) : loadDetail(context, view.item, { timeZone, selfId }),
    templateFill(url, context, account, view.item),
  ]);
  const rows = list.data.map((item) => toInboxRow(item, { timeZone, selfId }));
  return {
    view,
    rows,
    hasMore: list.hasMore,
    total,
    pageSize: INBOX_PAGE_SIZE,
    detail,
    me: { id: account.id, name: accountName(account), value: `account:${account.id}` },
    templateText,
    dialog: url.searchParams.get("dialog") === "shortcuts" ? ("shortcuts" as const) : null,
  };
}

function countQuery(view: InboxView): InboxFiltersQuery {
  const query: InboxFiltersQuery = { sourceType: view.source.type, ...listFilterQuery(view.filters) };
  if ("id" in view.source) query.sourceId = view.source.id;
  return query;
}

/** The open item with its thread, author, history and the caller's draft; viewing it is recorded first. */
async function loadDetail(
  context: AppLoadContext,
  id: number,
  options: { timeZone: string; selfId: number },
): Promise<ItemDetail> {
  // Presence is recorded on load (the heartbeat keeps it fresh with JavaScript); a refusal is the
  // detail's to report (404), so it is not allowed to break the page on its own.
  const presence = context.api
    .post<ApiPresence>(`/v1/feed-items/${id}/presence`, { mode: "viewing" satisfies PresenceMode })
    .catch(softFail<ApiPresence | null>(null));
  let item: ApiFeedItemDetail;
  try {
    item = await context.api.get<ApiFeedItemDetail>(`/v1/feed-items/${id}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw NOT_FOUND();
    throw error;
  }
  const viewers = (await presence)?.viewers ?? item.viewers ?? [];
  const rowOf = (entry: ApiRowItem) => toInboxRow(entry, options);
  const history = item.actions?.history ?? [];
  // Replies are the history's replied_by rows: their id (to mark as sent or retry), text and delivery.
  const replies: ReplyRow[] = history
    .filter((entry) => entry.actionType === "replied_by")
    .map((entry) => {
      const data = (entry.data ?? {}) as { text?: unknown; delivery?: unknown; error?: unknown };
      return {
        id: entry.id,
        who: entry.actorName ?? LABELS.someone,
        time: formatDateTime(entry.createdAt, options.timeZone),
        isoTime: entry.createdAt,
        text: typeof data.text === "string" ? data.text : "",
        delivery: typeof data.delivery === "string" ? data.delivery : null,
        error: typeof data.error === "string" ? data.error : null,
      };
    });
  const author = item.author ?? null;
  const recent = (author?.recentItems ?? []).filter((entry) => entry.id !== item.id).slice(0, 5);
  const row = { ...rowOf(item), viewers: viewerRows(viewers, options.selfId) };
  return {
    row,
    url: originalUrl(item),
    translation: item.translation,
    translationLanguage: item.translationLanguage ? languageLabel(item.translationLanguage) : null,
    metrics: {
      likes: item.counts?.likes ?? 0,
      comments: item.counts?.comments ?? 0,
      shares: item.counts?.shares ?? 0,
      engagements: item.counts?.totalEngagements ?? 0,
      reach: Math.round(item.reach ?? 0),
    },
    parent: item.thread?.parent ? rowOf(item.thread.parent) : null,
    thread: (item.thread?.replies ?? []).map(rowOf),
    author: {
      name: author?.name || row.author,
      username: author?.username ?? item.authorUsername,
      followers: author?.followers ?? item.authorFollowers ?? 0,
      country: author?.country ?? item.identity?.country ?? "",
      recent: recent.map(rowOf),
    },
    history: history.map((entry) => historyRow(entry, options.timeZone)),
    replies,
    seenReplyCount: replies.length,
    draft: item.draft ? { text: item.draft.text, templateId: item.draft.templateId ?? null } : null,
    moderation: (item.moderationEvents ?? []).map((event) => ({
      key: String(event.id),
      what: event.action,
      reason: event.reason,
      note: event.note,
      who: event.agentName,
      time: formatDateTime(event.createdAt, options.timeZone),
    })),
    viewers: row.viewers,
    translateTo: item.language === "en" ? "es" : "en",
  };
}

/**
 * `template_id` in the address (the Templates modal in select mode hands it back without JavaScript):
 * the template's message with its variables filled for the open item, for the reply box.
 */
async function templateFill(url: URL, context: AppLoadContext, account: Account, itemId: number | null) {
  const templateId = Number(url.searchParams.get("template_id"));
  if (itemId === null || !Number.isInteger(templateId) || templateId < 1) return null;
  const [templates, item] = await Promise.all([
    context.api.get<ApiTemplateList>("/v1/templates").catch(softFail<ApiTemplateList>({ data: [], total: 0 })),
    context.api.get<ApiFeedItem>(`/v1/feed-items/${itemId}`).catch(softFail<ApiFeedItem | null>(null)),
  ]);
  const template = templates.data.find((entry) => entry.id === templateId);
  if (!template || !item) return null;
  return { templateId, text: fillTemplate(template.message, templateValues(item, account)) };
}

export function templateValues(item: Pick<ApiFeedItem, "authorName" | "authorUsername" | "socialType">, account: Account) {
  return {
    author_name: item.authorName || item.authorUsername,
    author_username: item.authorUsername,
    agent_first_name: account.firstName,
    agent_last_name: account.lastName,
    brand_name: account.businessProfile.name,
    network: isNetworkId(item.socialType) ? networkById(item.socialType).name : item.socialType,
  };
}

// ── Index: the actions ──────────────────────────────────────────────────────────────────────────

export type { ItemIntent };

export interface ItemActionData {
  intent: ItemIntent;
  itemId: number | null;
  result?: SubmissionResult<string[]>;
  /** A reply refused because someone replied meanwhile (409): the form asks to send anyway. */
  stale?: boolean;
  /** The reply as it will read (the preview button, without JavaScript). */
  preview?: string;
  ok?: boolean;
}

/** Where the page was: the action's own address without `index` (the no-JavaScript redirect target). */
function pageAddress(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("template_id");
  const search = url.searchParams.toString();
  return inboxReturnPath(`${INBOX_PATH}${search ? `?${search}` : ""}`);
}

/** What every intent's handler is given beside its parsed form value. */
interface ItemActionContext {
  context: AppLoadContext;
  account: Account;
  submission: Submission<unknown, string[]>;
  enhanced: boolean;
  back: string;
  /** `/v1/feed-items/{id}` of the item acted on. */
  path: string;
  /** Success or a refusal without fields: a toast, then the page (no JavaScript) or a small answer. */
  done: (message: string, kind?: "success" | "error", extra?: Partial<ItemActionData>) => ReturnType<typeof data<ItemActionData>>;
  /** A refusal the form shows: its errors (the submission's reply). */
  refused: (result: SubmissionResult<string[]>, status: number, extra?: Partial<ItemActionData>) => ReturnType<typeof data<ItemActionData>>;
}

type ItemActionOf<I extends ItemIntent> = Extract<ItemAction, { intent: I }>;
type ItemActionHandler<I extends ItemIntent> = (
  action: ItemActionOf<I>,
  ctx: ItemActionContext,
) => Promise<ReturnType<typeof data<ItemActionData>>>;

/** A refusal of the API as a toast (buttons with no fields of their own to show it under). */
function toastRefusal(ctx: ItemActionContext, error: unknown) {
  if (!(error instanceof ApiError)) throw error;
  return ctx.done(error.reason, "error");
}

/** The outcome of a delivered (or not) reply, as the agent reads it. */
function replyOutcome(ctx: ItemActionContext, reply: ApiReplyAction) {
  if (reply.delivery === "failed") return ctx.done(MESSAGES.replies.replyFailed, "error");
  return ctx.done(reply.delivery === "manual" ? LABELS.replyToSendManually : MESSAGES.replies.replySent);
}

async function sendReply(action: ItemActionOf<"reply" | "reply-anyway">, ctx: ItemActionContext) {
  let reply: ApiReplyAction;
  try {
    reply = await ctx.context.api.post<ApiReplyAction>(`${ctx.path}/reply`, {
      text: action.text,
      templateId: action.template_id,
      visibility: action.visibility,
      seenReplyCount: action.seen_reply_count,
      // 'Send anyway' is the agent's confirmation that the view was stale (ADR 014).
      confirmStale: action.intent === "reply-anyway" || (action.confirm_stale ?? false),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      return ctx.refused(ctx.submission.reply({ formErrors: [error.message || MESSAGES.replies.replyStale] }), 409, { stale: true });
    }
    return ctx.refused(replyWithApiError(ctx.submission, error), statusOf(error));
  }
  return replyOutcome(ctx, reply);
}

/** One handler per intent of ItemActionSchema (domain/schemas/inbox.ts). */
const ITEM_ACTIONS: { [I in ItemIntent]: ItemActionHandler<I> } = {
  async assign(action, ctx) {
    let assigned: ApiFeedItem;
    try {
      assigned = await ctx.context.api.post<ApiFeedItem>(`${ctx.path}/assign`, {
        assigneeType: action.assignee_type,
        assigneeId: action.assignee_id,
        message: action.message,
      });
    } catch (error) {
      return ctx.refused(replyWithApiError(ctx.submission, error, { labels: { assignee_id: LABELS.assignTo } }), statusOf(error));
    }
    const name =
      action.assignee_type === "account" && action.assignee_id === ctx.account.id
        ? LABELS.you
        : (assigned?.assignedTo?.name ?? LABELS.someone);
    return ctx.done(LABELS.assignedTo(name));
  },
  async unassign(action, ctx) {
    try {
      await ctx.context.api.post(`${ctx.path}/unassign`, { message: action.message });
    } catch (error) {
      return ctx.refused(replyWithApiError(ctx.submission, error), statusOf(error));
    }
    return ctx.done(LABELS.unassigned);
  },
  async "set-labels"(action, ctx) {
    try {
      await ctx.context.api.post(`${ctx.path}/set-labels`, { labelIds: action.label_ids, newLabels: action.new_labels });
    } catch (error) {
      return ctx.refused(replyWithApiError(ctx.submission, error, { labels: { new_labels: LABELS.newLabel } }), statusOf(error));
    }
    return ctx.done(LABELS.labelsSaved);
  },
  async state(action, ctx) {
    try {
      await ctx.context.api.post("/v1/feed-items/status/properties/state", { ids: action.ids, state: action.state });
    } catch (error) {
      return ctx.refused(replyWithApiError(ctx.submission, error), statusOf(error));
    }
    return ctx.done(LABELS.stateChanged(stateLabel(action.state)));
  },
  async translate(action, ctx) {
    try {
      await ctx.context.api.post("/v1/feed-items/status/properties/translate", { ids: action.ids, lang: action.lang });
    } catch (error) {
      // The translator may lack the pair: its message, as a toast, is what the agent needs.
      return toastRefusal(ctx, error);
    }
    return ctx.done(LABELS.translated(languageLabel(action.lang)));
  },
  reply: sendReply,
  "reply-anyway": sendReply,
  async "save-draft"(action, ctx) {
    try {
      await ctx.context.api.put(`${ctx.path}/draft`, { text: action.text, templateId: action.template_id });
    } catch (error) {
      return ctx.refused(replyWithApiError(ctx.submission, error), statusOf(error));
    }
    return ctx.done(MESSAGES.inboxUi.draftSavedShort);
  },
  async "insert-template"(action, ctx) {
    // Without JavaScript: what was typed is kept as the draft, then the Templates modal opens in select mode.
    if (action.text !== undefined) {
      try {
        await ctx.context.api.put(`${ctx.path}/draft`, { text: action.text, templateId: action.template_id });
      } catch (error) {
        return ctx.refused(replyWithApiError(ctx.submission, error), statusOf(error));
      }
    }
    throw redirect(templatesPickerHref(ctx.back, action.item_id));
  },
  async "delete-draft"(_action, ctx) {
    try {
      await ctx.context.api.delete(`${ctx.path}/draft`);
    } catch (error) {
      return toastRefusal(ctx, error);
    }
    return ctx.done(LABELS.draftDiscarded);
  },
  async preview(action, ctx) {
    return data({
      intent: action.intent,
      itemId: action.item_id,
      preview: action.text,
      result: ctx.submission.reply(),
    } satisfies ItemActionData);
  },
  async "mark-sent"(action, ctx) {
    try {
      await ctx.context.api.post(`${ctx.path}/replies/${action.action_id}/sent`);
    } catch (error) {
      return toastRefusal(ctx, error);
    }
    return ctx.done(MESSAGES.replies.markedAsSent);
  },
  async "retry-reply"(action, ctx) {
    let reply: ApiReplyAction;
    try {
      reply = await ctx.context.api.post<ApiReplyAction>(`${ctx.path}/replies/${action.action_id}/retry`);
    } catch (error) {
      return toastRefusal(ctx, error);
    }
    return replyOutcome(ctx, reply);
  },
  async moderate(action, ctx) {
    const { intent: _intent, item_id: _itemId, ...moderation } = action;
    try {
      await ctx.context.api.post(`${ctx.path}/moderation`, moderation);
    } catch (error) {
      return ctx.refused(replyWithApiError(ctx.submission, error), statusOf(error));
    }
    const event = MODERATION_ACTIONS.find((entry) => entry.code === action.action)?.event ?? "";
    // A deleted post leaves the list: back to the list without it.
    if (action.action === "delete_post" && !ctx.enhanced) {
      flashToast(ctx.context, { kind: "success", message: LABELS.moderated(event) });
      const view = parseInboxView(new URL(ctx.back, "http://x").searchParams);
      throw redirect(inboxHref({ ...view, item: null }));
    }
    return ctx.done(LABELS.moderated(event));
  },
};

/**
 * One item action: the post parsed once (ItemActionSchema), then its intent's handler. Success: a toast,
 * then (without JavaScript) the page again, or (posted through a fetcher, the form's `enhanced` flag) a
 * small answer while the loaders revalidate. Refusal: the form's errors, or a toast for buttons that
 * have no fields of their own. An unknown intent or item is a bad request.
 */
export async function handleItemAction(request: Request, context: AppLoadContext, account: Account) {
  const { formData, intent, submission } = await readIntentForm(request, context, ItemActionSchema, { prepare: withoutBlankNewLabels });
  if (submission.status !== "success" && submission.error?.item_id) throw new Response(MESSAGES.badRequest, { status: 400 });
  const enhanced = formData.get("enhanced") === "1";
  const back = pageAddress(request);
  if (submission.status !== "success") {
    const itemId = Number(formData.get("item_id"));
    return data({ intent, itemId, result: submission.reply() } satisfies ItemActionData, { status: 400 });
  }
  const action = submission.value;
  const ctx: ItemActionContext = {
    context,
    account,
    submission,
    enhanced,
    back,
    path: `/v1/feed-items/${action.item_id}`,
    done: (message, kind = "success", extra = {}) => {
      flashToast(context, { kind, message });
      if (enhanced) return data({ intent: action.intent, itemId: action.item_id, ok: kind === "success", ...extra } satisfies ItemActionData);
      throw redirect(back);
    },
    refused: (result, status, extra = {}) =>
      data({ intent: action.intent, itemId: action.item_id, result, ...extra } satisfies ItemActionData, { status }),
  };
  const handler = ITEM_ACTIONS[action.intent] as ItemActionHandler<ItemIntent>;
  return handler(action, ctx);
}

/** The Templates modal in select mode for this item, returning to the same inbox view. */
export function templatesPickerHref(back: string, itemId: number): string {
  const url = new URL(back, "http://x");
  url.searchParams.set("item", String(itemId));
  url.searchParams.set("dialog", "templates");
  url.searchParams.set("mode", "select");
  return `${url.pathname}?${url.searchParams.toString()}`;
}
