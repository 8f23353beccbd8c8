// PUT /accounts/preferences/ui/tabs/helper/default_settings (spec core §7, analytics §7; ADR 042): the
// context and period the helper answers about when a question names none; GET for the screen.
import { findSettings, saveSettings } from "../../db/repositories/helper";
import { notFound } from "../../domain/errors";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import type { HelperDefaultSettingsInput, HelperDefaultSettingsResponseSchema } from "../../domain/schemas/helper";
import { resolveViewer } from "../analytics/viewer";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { dashboardSelector } from "../dashboard-config/selector";
import { ownerOf, requireHelper } from "./access";
import { DEFAULT_HELPER_CONTEXT, DEFAULT_HELPER_PERIOD } from "./ask";

type SettingsView = FromWire<typeof HelperDefaultSettingsResponseSchema>;

export async function getHelperSettings(deps: ServiceDeps, actor: Actor): Promise<SettingsView> {
  requireHelper(actor, "read");
  const row = await findSettings(deps.db, ownerOf(actor));
  return { defaultContext: row?.defaultContext ?? DEFAULT_HELPER_CONTEXT, defaultPeriod: row?.defaultPeriod ?? DEFAULT_HELPER_PERIOD };
}

/** The default context must be every mention or a saved search or topic the asker sees (else 404). */
export async function saveHelperSettings(deps: ServiceDeps, actor: Actor, input: HelperDefaultSettingsInput): Promise<SettingsView> {
  requireHelper(actor, "write");
  if (input.default_context !== DEFAULT_HELPER_CONTEXT) {
    const selector = await dashboardSelector(deps, await resolveViewer(deps, actor, null));
    if (!selector.contexts.some((c) => c.id === input.default_context)) throw notFound(MESSAGES.searches.searchNotFound);
  }
  await saveSettings(deps.db, ownerOf(actor), input.default_context, input.default_period, isoNow(deps));
  return { defaultContext: input.default_context, defaultPeriod: input.default_period };
}
