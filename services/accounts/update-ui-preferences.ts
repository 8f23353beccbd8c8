import { findAccount, updateAccount } from "../../db/repositories/accounts";
import { notFound } from "../../domain/errors";
import type { InboxLayout } from "../../domain/inbox";
import type { Actor, ServiceDeps } from "../context";
import { buildAccountView, safeJson } from "./account-view";

/** PATCH /v1/accounts/preferences/ui: the caller's inbox layout (ADR 033); the other UI preferences are kept. */
export async function updateUiPreferences(deps: ServiceDeps, actor: Actor, input: { inboxLayout: InboxLayout }) {
  const account = await findAccount(deps.db, actor.businessProfileId, actor.accountId);
  if (!account) throw notFound();
  const stored = safeJson(account.preferences);
  const ui = stored.ui && typeof stored.ui === "object" ? (stored.ui as Record<string, unknown>) : {};
  const preferences = JSON.stringify({ ...stored, ui: { ...ui, inboxLayout: input.inboxLayout } });
  await updateAccount(deps.db, actor.businessProfileId, actor.accountId, { preferences, updatedAt: deps.now().toISOString() });
  return buildAccountView(deps.db, { ...account, preferences });
}
