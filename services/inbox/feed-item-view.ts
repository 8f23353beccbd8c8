import { findAssigneeNames } from "../../db/repositories/inbox";
import { listItemViewers } from "../../db/repositories/inbox-reads";
import { listLabelsOfItems } from "../../db/repositories/labels";
import type { FeedItemRow } from "../../db/schema";
import { PRESENCE_WINDOW_SECONDS } from "../../domain/inbox";
import type { FromWire } from "../../domain/key-case";
import type { FeedItemResponseSchema, ViewerResponseSchema } from "../../domain/schemas/feed-items";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { statusView } from "../statuses/status-view";

/** Someone else on an item: viewing it or writing a reply (presence younger than the window). */
type Viewer = FromWire<typeof ViewerResponseSchema>;

/** A feed item as the inbox shows it (ADR 014; ADR 027: FeedItemResponseSchema). */
export type FeedItemView = FromWire<typeof FeedItemResponseSchema>;

/** The status views of some rows with their labels, assignees' names and who else is on them. */
export async function feedItemViews(deps: ServiceDeps, actor: Actor, rows: readonly FeedItemRow[]): Promise<FeedItemView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const accountIds = rows.filter((r) => r.assignedToType === "account" && r.assignedToId !== null).map((r) => r.assignedToId!);
  const teamIds = rows.filter((r) => r.assignedToType === "team" && r.assignedToId !== null).map((r) => r.assignedToId!);
  const since = isoNow(deps, -PRESENCE_WINDOW_SECONDS * 1000);
  const [labels, names, viewers] = await Promise.all([
    listLabelsOfItems(deps.db, actor.businessProfileId, ids),
    findAssigneeNames(deps.db, actor.businessProfileId, { accountIds: [...new Set(accountIds)], teamIds: [...new Set(teamIds)] }),
    listItemViewers(deps.db, actor.businessProfileId, ids, actor.accountId, since),
  ]);
  return rows.map((row) => {
    const status = statusView(row);
    const own = labels.filter((l) => l.feedItemId === row.id).map((l) => ({ id: l.id, name: l.name }));
    const assignee = status.assignedTo;
    const assigneeName = assignee ? (assignee.type === "team" ? names.teams : names.accounts).get(assignee.id) : undefined;
    return {
      ...status,
      labelIds: own.map((l) => l.id),
      labels: own,
      assignedTo: assignee ? { ...assignee, name: assigneeName ?? "" } : null,
      translationLanguage: row.translationLanguage,
      viewers: viewers
        .filter((v) => v.feedItemId === row.id)
        .map((v) => ({
          accountId: v.accountId,
          name: `${v.firstName} ${v.lastName}`.trim(),
          mode: v.mode as Viewer["mode"],
          seenAt: v.seenAt,
        })),
    };
  });
}

export async function feedItemView(deps: ServiceDeps, actor: Actor, row: FeedItemRow): Promise<FeedItemView> {
  const [view] = await feedItemViews(deps, actor, [row]);
  return view!;
}
