// The loaders and actions behind /inbox (ADR 014): the sources sidebar (layout route), the list with its
// filters and the detail pane (index route), and every action the screens post. All through the API
// client; the route modules call these from their own loader and action.
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { ACCOUNT_STATE } from "../../../domain/constants";
import { compareNames, formatDateTime } from "../../../domain/format";
import { fillTemplate, INBOX_PAGE_SIZE, MODERATION_ACTIONS, type PresenceMode } from "../../../domain/inbox";
import { MESSAGES } from "../../../domain/messages";
import { isNetworkId, networkById } from "../../../domain/networks";
import { hasPermission } from "../../../domain/permissions";
import { languageLabel } from "../../../domain/reference/languages";
import {
  AssignFormSchema,
  SetLabelsFormSchema,
  StateFormSchema,
  TranslateFormSchema,
  UnassignFormSchema,
} from "../../../domain/schemas/inbox";
import { DraftSchema, ModerationFormSchema, ReplyFormSchema } from "../../../domain/schemas/replies";
import { ApiError, type Account, type Member } from "../../lib/api.server";
import { assertFormToken } from "../../lib/csrf.server";
import { readForm, readFormData, replyWithApiError, statusOf } from "../../lib/forms.server";
import { flashToast } from "../../lib/toast.server";
import type { ApiStream } from "../channels/types";
import type { ApiSearchItem } from "../search/types";
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
} from "./format";
import {
  feedItemsQuery,
  inboxHref,
  INBOX_PATH,
  inboxReturnPath,
  listFilterQuery,
  parseInboxView,
  withoutBlankNewLabels,
  type InboxView,
} from "./params";
import type {
  ApiFeedItem,
  ApiFeedItemDetail,
  ApiLabel,
  ApiReplyAction,
  ApiTeamSummary,
  ApiTemplate,
  ApiViewer,
} from "./types";

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
    context.api.get<{ data: Member[] }>("/v1/accounts").catch(softFail({ data: [] as Member[] })),
    context.api.get<{ data: ApiTeamSummary[] }>("/v1/teams").catch(softFail({ data: [] as ApiTeamSummary[] })),
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
  const answer = await context.api.get<{ data: string[] }>("/v1/feed-items/languages").catch(softFail({ data: [] as string[] }));
  return answer.data;
}

export async function loadSidebar(request: Request, context: AppLoadContext, account: Account) {
  const canManage = hasPermission(account.permissions, "channels.index.write");
  const canSearch = hasPermission(account.permissions, "searches.index.read");
  const searchList = canSearch ? context.api.get<{ data: ApiSearchItem[] }>("/search/items") : Promise.resolve({ data: [] });
  const [streams, searches, searchCounts, labels, assigned] = await Promise.all([
    context.api.get<{ data: ApiStream[] }>("/v1/streams"),
    searchList,
    // The counts per saved search, asked only when the caller sees some (no call for an empty list).
    searchList.then((list) =>
      list.data.length
        ? context.api
            .get<{ data: Array<{ searchItemId: number; count: number }> }>("/v1/feed-items/search-results", {
                query: { userId: account.id },
              })
            .catch(softFail({ data: [] }))
        : { data: [] },
    ),
    // Names only: the counts per label would read every labelled item.
    context.api.get<{ data: ApiLabel[] }>("/v1/labels", { query: { itemsCount: 0 } }).catch(softFail({ data: [] as ApiLabel[] })),
    context.api.get<{ count: number }>("/v1/feed-items/assigned-to-me-count").catch(softFail({ count: 0 })),
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

const StreamIdSchema = z.object({ id: z.coerce.number().int().positive() });

/** The sidebar's stream actions: pin / unpin (the caller's pins), duplicate and delete (admins). */
export async function handleSidebarAction(request: Request, context: AppLoadContext) {
  const posted = await readFormData(request.clone());
  const intent = String(posted.get("intent") ?? "");
  const back = inboxReturnPath(posted.get("returnTo"));
  const { submission } = await readForm(request, context, StreamIdSchema);
  if (submission.status !== "success") {
    flashToast(context, { kind: "error", message: MESSAGES.badRequest });
    throw redirect(back);
  }
  const id = submission.value.id;
  try {
    if (intent === "pin-stream") {
      await context.api.post("/v3/accounts/pins", { entityId: id, type: "stream" });
      flashToast(context, { kind: "success", message: MESSAGES.streamPinned });
    } else if (intent === "unpin-stream") {
      await context.api.delete("/v3/accounts/pins", { body: { entityId: id, type: "stream" } });
      flashToast(context, { kind: "success", message: MESSAGES.streamUnpinned });
    } else if (intent === "duplicate-stream") {
      const copy = await context.api.post<ApiStream>(`/v1/streams/${id}/duplicate`);
      flashToast(context, { kind: "success", message: MESSAGES.streamDuplicated(copy.name) });
      throw redirect(`${INBOX_PATH}?source=stream-${copy.id}`);
    } else if (intent === "delete-stream") {
      await context.api.delete(`/v1/streams/${id}`);
      flashToast(context, { kind: "success", message: MESSAGES.streamDeleted });
      // The open stream is gone: back to all items.
      if (parseInboxView(new URL(back, "http://x").searchParams).source.type === "stream") {
        const view = parseInboxView(new URL(back, "http://x").searchParams);
        if ("id" in view.source && view.source.id === id) throw redirect(INBOX_PATH);
      }
    } else {
      throw new Response(MESSAGES.badRequest, { status: 400 });
    }
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

export async function loadInbox(request: Request, context: AppLoadContext, account: Account) {
  const url = new URL(request.url);
  const view = parseInboxView(url.searchParams);
  const timeZone = account.businessProfile.timeZone;
  const selfId = account.id;
  const [list, total, detail, templateText] = await Promise.all([
    context.api.get<{ data: ApiFeedItem[]; hasMore: boolean }>("/v1/feed-items", { query: feedItemsQuery(view) }).catch(sourceGone),
    context.api
      .get<{ count: number; capped?: boolean }>("/v1/feed-items/count", { query: countQuery(view) })
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

function countQuery(view: InboxView): Record<string, string | number> {
  const query: Record<string, string | number> = { sourceType: view.source.type, ...listFilterQuery(view.filters) };
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
    .post<{ viewers: ApiViewer[] }>(`/v1/feed-items/${id}/presence`, { mode: "viewing" satisfies PresenceMode })
    .catch(softFail<{ viewers: ApiViewer[] } | null>(null));
  let item: ApiFeedItemDetail;
  try {
    item = await context.api.get<ApiFeedItemDetail>(`/v1/feed-items/${id}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw NOT_FOUND();
    throw error;
  }
  const viewers = (await presence)?.viewers ?? item.viewers ?? [];
  const rowOf = (entry: ApiFeedItem) => toInboxRow(entry, options);
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
    context.api.get<{ data: ApiTemplate[] }>("/v1/templates").catch(softFail({ data: [] as ApiTemplate[] })),
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

export const ITEM_INTENTS = [
  "assign",
  "unassign",
  "set-labels",
  "state",
  "translate",
  "reply",
  "reply-anyway",
  "save-draft",
  "insert-template",
  "delete-draft",
  "preview",
  "mark-sent",
  "retry-reply",
  "moderate",
] as const;
export type ItemIntent = (typeof ITEM_INTENTS)[number];

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

const ItemIdSchema = z.object({ item_id: z.coerce.number().int().positive() });
const ReplyActionIdSchema = z.object({ action_id: z.coerce.number().int().positive() });

/** Where the page was: the action's own address without `index` (the no-JavaScript redirect target). */
function pageAddress(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("template_id");
  const search = url.searchParams.toString();
  return inboxReturnPath(`${INBOX_PATH}${search ? `?${search}` : ""}`);
}

/**
 * One item action. Success: a toast, then (without JavaScript) the page again, or (posted through a
 * fetcher, the form's `enhanced` flag) a small answer while the loaders revalidate. Refusal: the form's
 * errors, or a toast for buttons that have no fields of their own.
 */
export async function handleItemAction(request: Request, context: AppLoadContext, account: Account) {
  const posted = await readFormData(request.clone());
  const intent = String(posted.get("intent") ?? "") as ItemIntent;
  if (!(ITEM_INTENTS as readonly string[]).includes(intent)) throw new Response(MESSAGES.badRequest, { status: 400 });
  const enhanced = posted.get("enhanced") === "1";
  const idCheck = ItemIdSchema.safeParse({ item_id: posted.get("item_id") });
  if (!idCheck.success) throw new Response(MESSAGES.badRequest, { status: 400 });
  const itemId = idCheck.data.item_id;
  const back = pageAddress(request);
  const path = `/v1/feed-items/${itemId}`;

  const done = (message: string, kind: "success" | "error" = "success", extra: Partial<ItemActionData> = {}) => {
    flashToast(context, { kind, message });
    if (enhanced) return data({ intent, itemId, ok: kind === "success", ...extra } satisfies ItemActionData);
    throw redirect(back);
  };
  const refused = (result: SubmissionResult<string[]>, status: number, extra: Partial<ItemActionData> = {}) =>
    data({ intent, itemId, result, ...extra } satisfies ItemActionData, { status });

  switch (intent) {
    case "assign": {
      const { submission } = await readForm(request, context, AssignFormSchema);
      if (submission.status !== "success") return refused(submission.reply(), 400);
      const { assignee_type, assignee_id, message } = submission.value;
      let assigned: ApiFeedItem;
      try {
        assigned = await context.api.post<ApiFeedItem>(`${path}/assign`, {
          assigneeType: assignee_type,
          assigneeId: assignee_id,
          message,
        });
      } catch (error) {
        return refused(replyWithApiError(submission, error, { labels: { assignee_id: LABELS.assignTo } }), statusOf(error));
      }
      const name =
        assignee_type === "account" && assignee_id === account.id ? LABELS.you : (assigned?.assignedTo?.name ?? LABELS.someone);
      return done(LABELS.assignedTo(name));
    }
    case "unassign": {
      const { submission } = await readForm(request, context, UnassignFormSchema);
      if (submission.status !== "success") return refused(submission.reply(), 400);
      try {
        await context.api.post(`${path}/unassign`, { message: submission.value.message });
      } catch (error) {
        return refused(replyWithApiError(submission, error), statusOf(error));
      }
      return done(LABELS.unassigned);
    }
    case "set-labels": {
      const formData = await readFormData(request);
      assertFormToken(formData, context);
      const submission = parseWithZod(withoutBlankNewLabels(formData), { schema: SetLabelsFormSchema });
      if (submission.status !== "success") return refused(submission.reply(), 400);
      try {
        await context.api.post(`${path}/set-labels`, {
          labelIds: submission.value.label_ids,
          newLabels: submission.value.new_labels,
        });
      } catch (error) {
        return refused(replyWithApiError(submission, error, { labels: { new_labels: LABELS.newLabel } }), statusOf(error));
      }
      return done(LABELS.labelsSaved);
    }
    case "state": {
      const { submission } = await readForm(request, context, StateFormSchema);
      if (submission.status !== "success") return refused(submission.reply(), 400);
      try {
        await context.api.post("/v1/feed-items/status/properties/state", submission.value);
      } catch (error) {
        return refused(replyWithApiError(submission, error), statusOf(error));
      }
      return done(LABELS.stateChanged(stateLabel(submission.value.state)));
    }
    case "translate": {
      const { submission } = await readForm(request, context, TranslateFormSchema);
      if (submission.status !== "success") return refused(submission.reply(), 400);
      try {
        await context.api.post("/v1/feed-items/status/properties/translate", submission.value);
      } catch (error) {
        // The translator may lack the pair: its message, as a toast, is what the agent needs.
        if (!(error instanceof ApiError)) throw error;
        return done(error.message, "error");
      }
      return done(LABELS.translated(languageLabel(submission.value.lang)));
    }
    case "reply":
    case "reply-anyway": {
      const { submission } = await readForm(request, context, ReplyFormSchema);
      if (submission.status !== "success") return refused(submission.reply(), 400);
      let reply: ApiReplyAction;
      try {
        reply = await context.api.post<ApiReplyAction>(`${path}/reply`, {
          text: submission.value.text,
          templateId: submission.value.template_id,
          visibility: submission.value.visibility,
          seenReplyCount: submission.value.seen_reply_count,
          // 'Send anyway' is the agent's confirmation that the view was stale (ADR 014).
          confirmStale: intent === "reply-anyway" || (submission.value.confirm_stale ?? false),
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          return refused(submission.reply({ formErrors: [error.message || MESSAGES.replies.replyStale] }), 409, { stale: true });
        }
        return refused(replyWithApiError(submission, error), statusOf(error));
      }
      if (reply.delivery === "failed") return done(MESSAGES.replies.replyFailed, "error");
      return done(reply.delivery === "manual" ? LABELS.replyToSendManually : MESSAGES.replies.replySent);
    }
    case "save-draft": {
      const { submission } = await readForm(request, context, DraftSchema);
      if (submission.status !== "success") return refused(submission.reply(), 400);
      try {
        await context.api.put(`${path}/draft`, { text: submission.value.text, templateId: submission.value.template_id });
      } catch (error) {
        return refused(replyWithApiError(submission, error), statusOf(error));
      }
      return done(MESSAGES.inboxUi.draftSavedShort);
    }
    case "insert-template": {
      // Without JavaScript: what was typed is kept as the draft, then the Templates modal opens in select mode.
      const { submission } = await readForm(request, context, DraftSchema);
      if (submission.status === "success") {
        try {
          await context.api.put(`${path}/draft`, { text: submission.value.text, templateId: submission.value.template_id });
        } catch (error) {
          return refused(replyWithApiError(submission, error), statusOf(error));
        }
      }
      throw redirect(templatesPickerHref(back, itemId));
    }
    case "delete-draft": {
      await readForm(request, context, z.object({}));
      try {
        await context.api.delete(`${path}/draft`);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return done(error.message, "error");
      }
      return done(LABELS.draftDiscarded);
    }
    case "preview": {
      const { submission } = await readForm(request, context, DraftSchema);
      if (submission.status !== "success") return refused(submission.reply(), 400);
      return data({ intent, itemId, preview: submission.value.text, result: submission.reply() } satisfies ItemActionData);
    }
    case "mark-sent": {
      const { submission } = await readForm(request, context, ReplyActionIdSchema);
      if (submission.status !== "success") return refused(submission.reply(), 400);
      try {
        await context.api.post(`${path}/replies/${submission.value.action_id}/sent`);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return done(error.message, "error");
      }
      return done(MESSAGES.replies.markedAsSent);
    }
    case "retry-reply": {
      const { submission } = await readForm(request, context, ReplyActionIdSchema);
      if (submission.status !== "success") return refused(submission.reply(), 400);
      let reply: ApiReplyAction;
      try {
        reply = await context.api.post<ApiReplyAction>(`${path}/replies/${submission.value.action_id}/retry`);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return done(error.message, "error");
      }
      if (reply.delivery === "failed") return done(MESSAGES.replies.replyFailed, "error");
      return done(reply.delivery === "manual" ? LABELS.replyToSendManually : MESSAGES.replies.replySent);
    }
    case "moderate": {
      const { submission } = await readForm(request, context, ModerationFormSchema);
      if (submission.status !== "success") return refused(submission.reply(), 400);
      try {
        await context.api.post(`${path}/moderation`, submission.value);
      } catch (error) {
        return refused(replyWithApiError(submission, error), statusOf(error));
      }
      const action = MODERATION_ACTIONS.find((entry) => entry.code === submission.value.action);
      // A deleted post leaves the list: back to the list without it.
      if (submission.value.action === "delete_post" && !enhanced) {
        flashToast(context, { kind: "success", message: LABELS.moderated(action?.event ?? "") });
        const view = parseInboxView(new URL(back, "http://x").searchParams);
        throw redirect(inboxHref({ ...view, item: null }));
      }
      return done(LABELS.moderated(action?.event ?? ""));
    }
  }
}

/** The Templates modal in select mode for this item, returning to the same inbox view. */
export function templatesPickerHref(back: string, itemId: number): string {
  const url = new URL(back, "http://x");
  url.searchParams.set("item", String(itemId));
  url.searchParams.set("dialog", "templates");
  url.searchParams.set("mode", "select");
  return `${url.pathname}?${url.searchParams.toString()}`;
}
