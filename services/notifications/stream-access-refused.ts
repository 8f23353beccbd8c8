import { findAccount, listAccounts } from "../../db/repositories/accounts";
import type { AccountRow, StreamRow } from "../../db/schema";
import { ACCOUNT_STATE } from "../../domain/constants";
import { MESSAGES } from "../../domain/messages";
import { PERMISSIONS_ERROR_CATEGORY } from "../../domain/notifications";
import { hasPermission, type Permissions } from "../../domain/permissions";
import type { ServiceDeps } from "../context";
import { notify } from "./notify";

// How a feed read (ingest/feeds) and a review platform (ingest/reviews) say access was refused.
const FEED_REFUSED = /^The feed answered HTTP (401|403)\b/;

/** Whether a stream's poll failed because the source refused access (not because it was down or broken). */
export function isAccessRefusal(reason: string): boolean {
  return FEED_REFUSED.test(reason) || reason === MESSAGES.reviewAuthFailed;
}

function managesChannels(account: AccountRow): boolean {
  return (
    account.state === ACCOUNT_STATE.active && hasPermission(JSON.parse(account.permissions) as Permissions, "channels.index.write")
  );
}

/**
 * A stream's source refused access: a permissions_error notification (the popover offers 'Go to
 * Profiles') for the account that connected it, or, when that one can no longer manage channels, for
 * everyone in the tenant who can. Called once per run of failures, so a broken stream does not notify
 * at every poll.
 */
export async function notifyStreamAccessRefused(deps: ServiceDeps, stream: StreamRow, reason: string): Promise<number[]> {
  const creator = stream.createdBy ? await findAccount(deps.db, stream.businessProfileId, stream.createdBy) : undefined;
  const recipients =
    creator && managesChannels(creator)
      ? [creator]
      : (await listAccounts(deps.db, stream.businessProfileId)).filter(managesChannels);
  if (!recipients.length) return [];
  return notify(deps, {
    businessProfileId: stream.businessProfileId,
    accountIds: recipients.map((account) => account.id),
    text: MESSAGES.notificationsUi.streamAccessRefused(stream.name, reason),
    category: PERMISSIONS_ERROR_CATEGORY,
    socialType: stream.socialType,
    entityName: stream.name,
    link: `/settings/channels/${stream.id}`,
  });
}
