import { findAccount, updateAccount } from "../../db/repositories/accounts";
import { findStream } from "../../db/repositories/streams";
import { notFound, validationError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { DefaultStreamsInput } from "../../domain/schemas/accounts";
import type { Actor, ServiceDeps } from "../context";
import { buildAccountView, safeJson } from "./account-view";

/**
 * PUT /v1/accounts/preferences/ui/default_streams (spec core §3, §7; ADR 040): the streams the caller sees
 * first, kept as `ui.defaultDashboardStreams`. Only streams of the caller's own profile: another
 * profile's (or a missing) stream is refused under the field, as one that does not exist.
 */
export async function updateDefaultStreams(deps: ServiceDeps, actor: Actor, input: DefaultStreamsInput) {
  const account = await findAccount(deps.db, actor.businessProfileId, actor.accountId);
  if (!account) throw notFound();
  for (const id of input.default_dashboard_streams) {
    if (!(await findStream(deps.db, actor.businessProfileId, id))) {
      throw validationError({ default_dashboard_streams: [MESSAGES.defaultStreams.notFound] });
    }
  }
  const stored = safeJson(account.preferences);
  const ui = stored.ui && typeof stored.ui === "object" ? (stored.ui as Record<string, unknown>) : {};
  const preferences = JSON.stringify({ ...stored, ui: { ...ui, defaultDashboardStreams: input.default_dashboard_streams } });
  await updateAccount(deps.db, actor.businessProfileId, actor.accountId, { preferences, updatedAt: deps.now().toISOString() });
  return buildAccountView(deps.db, { ...account, preferences });
}
