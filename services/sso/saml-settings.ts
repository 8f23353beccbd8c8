import type * as z from "zod";
import { findSamlConfiguration, saveSamlConfiguration } from "../../db/repositories/saml";
import { forbidden, validationError } from "../../domain/errors";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import type { SamlConfigurationResponseSchema, SamlConfigurationSchema } from "../../domain/schemas/sso";
import type { Actor, ServiceDeps } from "../context";
import { parsedCertificatePem, serviceProviderUrls } from "./service-provider";

// The SSO screen's configuration (analytics spec §3: idpLoginUrl, idpEntityId, idpCert, isActive;
// issue 26, ADR 041): always the caller's own business profile, so no admin reaches another's.
// Every member reads it (sso.index.read; the screen is "login required"); admins and system admins
// write it (sso.index.write).

export type SamlConfigurationView = FromWire<typeof SamlConfigurationResponseSchema>;

export async function getSamlConfiguration(deps: ServiceDeps, actor: Actor): Promise<SamlConfigurationView> {
  if (!hasPermission(actor.permissions, "sso.index.read")) throw forbidden();
  return configurationView(deps, actor.businessProfileId);
}

export async function updateSamlConfiguration(
  deps: ServiceDeps,
  actor: Actor,
  input: z.output<typeof SamlConfigurationSchema>,
): Promise<SamlConfigurationView> {
  if (!hasPermission(actor.permissions, "sso.index.write")) throw forbidden();
  const pem = parsedCertificatePem(input.idp_cert);
  if (!pem) throw validationError({ idp_cert: [MESSAGES.wrongFormat] });
  await saveSamlConfiguration(deps.db, {
    businessProfileId: actor.businessProfileId,
    idpLoginUrl: input.idp_login_url,
    idpEntityId: input.idp_entity_id,
    idpCert: pem,
    isActive: input.is_active ? 1 : 0,
    updatedByAccountId: actor.accountId,
    now: deps.now().toISOString(),
  });
  return configurationView(deps, actor.businessProfileId);
}

async function configurationView(deps: ServiceDeps, businessProfileId: number): Promise<SamlConfigurationView> {
  const row = await findSamlConfiguration(deps.db, businessProfileId);
  return {
    idpLoginUrl: row?.idpLoginUrl ?? null,
    idpEntityId: row?.idpEntityId ?? null,
    idpCert: row?.idpCert ?? null,
    isActive: row?.isActive === 1,
    ...serviceProviderUrls(deps, businessProfileId),
    updatedAt: row?.updatedAt ?? null,
  };
}
