import { findAccount } from "../../db/repositories/accounts";
import { setAssignment } from "../../db/repositories/inbox";
import { findTeam, listTeamMemberIds } from "../../db/repositories/teams";
import { ACCOUNT_EVENT_CONTEXT } from "../../domain/account-events";
import { ACCOUNT_STATE } from "../../domain/constants";
import { validationError } from "../../domain/errors";
import type { AssigneeType } from "../../domain/inbox";
import { MESSAGES } from "../../domain/messages";
import { recordInboxEvent } from "../account-events/record-inbox-event";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { announceNotifications, storeNotifications } from "../notifications/notify";
import { actorName, excerptOf, findItemOrThrow, recordHistory, requireInbox } from "./access";
import { feedItemView, type FeedItemView } from "./feed-item-view";

export interface AssignInput {
  assigneeType: AssigneeType;
  assigneeId: number;
  message?: string;
}

/** The assignee, which must be an active account or a team of the caller's tenant (else 422). */
async function resolveAssignee(deps: ServiceDeps, actor: Actor, input: AssignInput) {
  const notFoundError = () =>
    validationError({ assignee_id: [MESSAGES.inboxActions.assigneeNotFound] }, MESSAGES.inboxActions.assigneeNotFound);
  if (input.assigneeType === "account") {
    const account = await findAccount(deps.db, actor.businessProfileId, input.assigneeId);
    if (!account || account.state !== ACCOUNT_STATE.active) throw notFoundError();
    return { name: `${account.firstName} ${account.lastName}`.trim(), notifyIds: [account.id], teamName: null };
  }
  const team = await findTeam(deps.db, actor.businessProfileId, input.assigneeId);
  if (!team) throw notFoundError();
  const members = await listTeamMemberIds(deps.db, [team.id]);
  return { name: team.name, notifyIds: members.map((m) => m.accountId), teamName: team.name };
}

/**
 * POST /v1/feed-items/{id}/assign: the item goes to an account or a team of the tenant, with who and when;
 * the history row and the account event are written with it; the assignee (each member of a team) is
 * notified, never the one who assigned; the notifications commit with the change. Assigning it again to the one it is already assigned to, with the
 * same message, changes nothing (no history row, event or notification): a client that repeats a request
 * whose answer it lost (its server was killed, ADR 043) does not record it twice.
 */
export async function assignFeedItem(deps: ServiceDeps, actor: Actor, id: number, input: AssignInput): Promise<FeedItemView> {
  requireInbox(actor, "inbox.items.assign");
  await findItemOrThrow(deps.db, actor, id);
  const assignee = await resolveAssignee(deps, actor, input);
  const name = await actorName(deps, actor);
  const message = input.message?.trim() || null;
  const recipients = assignee.notifyIds.filter((accountId) => accountId !== actor.accountId);
  const { row, notified } = await deps.db.transaction().execute(async (trx) => {
    const item = await findItemOrThrow(trx, actor, id);
    if (item.assignedToType === input.assigneeType && item.assignedToId === input.assigneeId && (item.assignedMessage ?? null) === message) {
      return { row: item, notified: [] };
    }
    await setAssignment(trx, actor.businessProfileId, id, {
      type: input.assigneeType,
      id: input.assigneeId,
      message,
      at: isoNow(deps),
      by: actor.accountId,
    });
    await recordHistory(trx, deps, actor, name, id, "assignment", {
      assignee_type: input.assigneeType,
      assignee_id: input.assigneeId,
      assignee_name: assignee.name,
      message,
      previous: item.assignedToType ? { type: item.assignedToType, id: item.assignedToId } : null,
    });
    await recordInboxEvent(trx, deps, actor, {
      action: "assign",
      socialType: item.socialType,
      contextType: ACCOUNT_EVENT_CONTEXT.feedItem,
      contextId: id,
    });
    if (!recipients.length) return { row: await findItemOrThrow(trx, actor, id), notified: [] };
    const excerpt = excerptOf(item);
    const text = assignee.teamName
      ? MESSAGES.inboxActions.assignedToYourTeam(name, assignee.teamName, excerpt)
      : MESSAGES.inboxActions.assignedToYou(name, excerpt);
    const stored = await storeNotifications(trx, deps, {
      businessProfileId: actor.businessProfileId,
      accountIds: recipients,
      text: message ? `${text} ${MESSAGES.inboxActions.assignmentNote(message)}` : text,
      category: "assignment",
      socialType: item.socialType,
      entityName: item.authorName || item.authorUsername,
      link: `/inbox?item=${id}`,
    });
    return { row: await findItemOrThrow(trx, actor, id), notified: stored };
  });
  announceNotifications(deps, notified);
  return feedItemView(deps, actor, row);
}
