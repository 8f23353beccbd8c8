import { listTeamsOfAccounts } from "../../db/repositories/teams";
import { findLabel } from "../../db/repositories/labels";
import { CONTEXT_TYPES } from "../../db/repositories/search-index";
import type { AssigneeCondition, FeedItemFilter } from "../../db/repositories/feed-items";
import type { InboxQuery } from "../../db/repositories/inbox";
import { badRequest, forbidden, notFound } from "../../domain/errors";
import type { InboxSourceType } from "../../domain/inbox";
import { MESSAGES } from "../../domain/messages";
import type { NetworkId } from "../../domain/networks";
import { parseAssigneeFilter } from "../../domain/schemas/inbox";
import { networkVisibleTo } from "../../domain/streams";
import type { Actor, ServiceDeps } from "../context";
import { findVisibleSearchItem } from "../searches/access";
import { getStreamRow } from "../streams/streams";
import { visibleNetworks } from "./access";

/** What the inbox lists (ADR 014): a source, then filters that all hold. */
export interface InboxListFilters {
  sourceType: InboxSourceType;
  sourceId?: number;
  networks?: string[];
  sentiments?: number[];
  states?: number[];
  /** `me` (me and my teams), `unassigned`, `account:ID`, `team:ID`. */
  assignee?: string;
  /** Items carrying any of these labels. */
  labelIds?: number[];
  languages?: string[];
  isReplied?: 0 | 1;
  /** Accepted as the spec's clients send it; only the caller's own id. */
  userId?: number;
}

/** The caller and the teams the caller is in, as assignees. */
export async function myAssignees(deps: ServiceDeps, actor: Actor): Promise<Array<{ type: string; id: number }>> {
  const teams = await listTeamsOfAccounts(deps.db, actor.businessProfileId, [actor.accountId]);
  return [{ type: "account", id: actor.accountId }, ...teams.map((t) => ({ type: "team", id: t.teamId }))];
}

export function requireOwnUserId(actor: Actor, userId: number | undefined): void {
  if (userId !== undefined && userId !== actor.accountId) throw forbidden(MESSAGES.inboxActions.otherUsersItems);
}

/** The networks a list may show: those asked for (all when none) that the caller's role may see. */
export function networkFilter(actor: Actor, networks: readonly string[] | undefined): Pick<FeedItemFilter, "networks" | "matchNothing"> {
  if (networks?.length) {
    const visible = networks.filter((n) => networkVisibleTo(n as NetworkId, actor.role));
    return visible.length ? { networks: visible } : { matchNothing: true };
  }
  const visible = visibleNetworks(actor);
  return visible ? { networks: visible } : {};
}

/** The list's source and filters as a query of the caller's tenant; a source of another tenant is 404. */
export async function inboxQuery(deps: ServiceDeps, actor: Actor, f: InboxListFilters): Promise<InboxQuery> {
  requireOwnUserId(actor, f.userId);
  const filter: FeedItemFilter = {
    ...networkFilter(actor, f.networks),
    sentiments: f.sentiments?.length ? f.sentiments : undefined,
    states: f.states?.length ? f.states : undefined,
    languages: f.languages?.length ? f.languages : undefined,
    isReplied: f.isReplied,
    includeMuted: false,
  };
  const assignees: AssigneeCondition[] = [];
  const query: InboxQuery = { filter };

  if (f.sourceType !== "all" && f.sourceType !== "assigned" && f.sourceId === undefined) {
    throw badRequest(MESSAGES.inboxActions.sourceIdRequired);
  }
  switch (f.sourceType) {
    case "stream": {
      const stream = await getStreamRow(deps, actor, f.sourceId!);
      filter.streamIds = [stream.id];
      break;
    }
    case "search":
      await findVisibleSearchItem(deps, actor, f.sourceId!);
      query.membership = { kind: "matches", contextType: CONTEXT_TYPES.searchItem, contextId: f.sourceId! };
      break;
    case "label": {
      const label = await findLabel(deps.db, actor.businessProfileId, f.sourceId!);
      if (!label) throw notFound(MESSAGES.inboxActions.labelNotFound);
      query.membership = { kind: "labels", labelIds: [label.id] };
      break;
    }
    case "assigned":
      assignees.push({ anyOf: await myAssignees(deps, actor) });
      break;
    case "all":
      break;
  }

  if (f.assignee !== undefined && f.assignee !== "") {
    const parsed = parseAssigneeFilter(f.assignee);
    if (!parsed) throw badRequest(MESSAGES.inboxActions.wrongAssigneeFilter);
    if (parsed.kind === "unassigned") assignees.push({ unassigned: true });
    else if (parsed.kind === "me") assignees.push({ anyOf: await myAssignees(deps, actor) });
    else assignees.push({ anyOf: [{ type: parsed.kind, id: parsed.id }] });
  }
  if (assignees.length) filter.assignees = assignees;
  if (f.labelIds?.length) filter.labels = [f.labelIds];
  return query;
}
