import { findAccount, updateAccount } from "../../db/repositories/accounts";
import { notFound } from "../../domain/errors";
import type { Actor, ServiceDeps } from "../context";
import { buildAccountView, safeJson } from "./account-view";

/** PUT /v1/accounts/preferences/general: url_warning, review_on_reply, direct_email_to_network. */
export async function updateGeneralPreferences(
  deps: ServiceDeps,
  actor: Actor,
  input: { urlWarning: boolean; reviewOnReply: boolean; directEmailToNetwork: boolean },
) {
  const account = await findAccount(deps.db, actor.businessProfileId, actor.accountId);
  if (!account) throw notFound();
  const preferences = { ...safeJson(account.preferences), general: input };
  await updateAccount(deps.db, actor.businessProfileId, actor.accountId, {
    preferences: JSON.stringify(preferences),
    updatedAt: deps.now().toISOString(),
  });
  return buildAccountView(deps.db, { ...account, preferences: JSON.stringify(preferences) });
}
