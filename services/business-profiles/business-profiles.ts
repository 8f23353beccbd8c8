// The business-profile admin (spec core §2, §3, §6; analytics §3, §5, §7; issue 26, ADR 040): list,
// create (optionally from a copy of another profile's configuration) and edit, for system admins.
import crypto from "node:crypto";
import { findDefaultAccount, insertAccount } from "../../db/repositories/accounts";
import {
  countActiveAccounts,
  countActiveAccountsByProfile,
  findBusinessProfile,
  findBusinessProfileByNameIgnoringCase,
  findLogoMeta,
  insertBusinessProfile,
  listBusinessProfiles,
  listDefaultAccountIds,
  listLogoMeta,
  saveLogo,
  updateBusinessProfile as updateBusinessProfileRow,
} from "../../db/repositories/business-profiles";
import type { Database } from "../../db/client";
import { ACCOUNT_STATE } from "../../domain/constants";
import { notFound, validationError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { defaultPermissionsForRole } from "../../domain/permissions";
import { ROLES } from "../../domain/roles";
import type { BusinessProfileCreateInput, BusinessProfileUpdateInput } from "../../domain/schemas/business-profiles";
import type { Actor, ServiceDeps } from "../context";
import { hashPassword } from "../security/passwords";
import { businessProfileView, logoUrl, requireProfilesAdmin, type BusinessProfileView } from "./business-profile-view";
import { copyConfiguration } from "./copy-configuration";
import { checkLogo, type CheckedLogo } from "./logo";

const L = MESSAGES.businessProfiles;

/** GET /v1/admin/business_profiles: every profile, with its logo, active accounts and default account. */
export async function listAdminBusinessProfiles(deps: ServiceDeps, actor: Actor): Promise<BusinessProfileView[]> {
  requireProfilesAdmin(actor, "admin.business_profiles.read");
  const [rows, counts, defaults, logos] = await Promise.all([
    listBusinessProfiles(deps.db),
    countActiveAccountsByProfile(deps.db),
    listDefaultAccountIds(deps.db),
    listLogoMeta(deps.db),
  ]);
  return rows.map((row) =>
    businessProfileView(row, {
      logo: logos.get(row.id),
      activeAccountsCount: counts.get(row.id) ?? 0,
      defaultAccountId: defaults.get(row.id) ?? null,
    }),
  );
}

/** GET /v1/admin/business_profiles/{id}: one profile with its default account (the take-over's target). */
export async function getAdminBusinessProfile(deps: ServiceDeps, actor: Actor, id: number): Promise<BusinessProfileView> {
  requireProfilesAdmin(actor, "admin.business_profiles.read");
  return viewOf(deps.db, id);
}

async function viewOf(db: Database, id: number): Promise<BusinessProfileView> {
  const row = await findBusinessProfile(db, id);
  if (!row) throw notFound(L.profileNotFound);
  const [logo, activeAccountsCount, defaultAccount] = await Promise.all([
    findLogoMeta(db, id),
    countActiveAccounts(db, id),
    findDefaultAccount(db, id),
  ]);
  return businessProfileView(row, { logo, activeAccountsCount, defaultAccountId: defaultAccount?.id ?? null });
}

async function assertNameFree(db: Database, name: string, exceptId?: number) {
  if (await findBusinessProfileByNameIgnoringCase(db, name, exceptId)) throw validationError({ name: [MESSAGES.nameTaken] });
}

/**
 * POST /v1/admin/business_profiles: a new profile with its default account (an admin nobody can sign in
 * as with a password: a system admin takes it over to set the profile up and invite its people), its logo
 * when one was chosen, and, with copied_business_profile_id, a copy of that profile's configuration. All
 * in one transaction: a refused logo, a taken name or a failure midway of the copy leaves nothing.
 */
export async function createBusinessProfile(
  deps: ServiceDeps,
  actor: Actor,
  input: BusinessProfileCreateInput,
): Promise<BusinessProfileView> {
  requireProfilesAdmin(actor, "admin.business_profiles.write");
  const logo: CheckedLogo | undefined = input.logo ? await checkLogo(input.logo) : undefined;
  const sourceId = input.copied_business_profile_id;
  if (sourceId !== undefined && !(await findBusinessProfile(deps.db, sourceId))) {
    throw validationError({ copied_business_profile_id: [L.sourceNotFound] });
  }
  // A password nobody knows (never shown, never stored in clear): the account is reached by take-over.
  const passwordHash = await hashPassword(crypto.randomBytes(32).toString("base64url"));
  const now = deps.now().toISOString();
  const id = await deps.db.transaction().execute(async (trx) => {
    await assertNameFree(trx, input.name);
    const profile = await insertBusinessProfile(trx, { name: input.name, copiedBusinessProfileId: sourceId ?? null, createdAt: now });
    const owner = await insertAccount(trx, {
      businessProfileId: profile.id,
      // RFC 2606's .invalid: an address that can never receive mail, unique per profile.
      email: `default-account-${profile.id}@business-profile.invalid`,
      firstName: L.defaultAccountFirstName,
      lastName: MESSAGES.roleAdmin,
      role: ROLES.admin,
      state: ACCOUNT_STATE.active,
      passwordHash,
      permissions: JSON.stringify(defaultPermissionsForRole(ROLES.admin)),
      preferences: "{}",
      avatarUrl: null,
      otpSecret: null,
      otpEnabled: 0,
      otpLastUsedStep: null,
      createdAt: now,
      updatedAt: now,
    });
    if (logo) await storeLogo(trx, profile.id, logo, now);
    if (sourceId !== undefined) {
      await copyConfiguration(trx, sourceId, { businessProfileId: profile.id, ownerAccountId: owner.id, now });
    }
    return profile.id;
  });
  return viewOf(deps.db, id);
}

async function storeLogo(db: Database, businessProfileId: number, logo: CheckedLogo, now: string) {
  await saveLogo(db, { businessProfileId, contentType: logo.contentType, bytes: logo.bytes, sha256: logo.sha256, updatedAt: now });
  await updateBusinessProfileRow(db, businessProfileId, { logoUrl: logoUrl(businessProfileId, logo) });
}

/** PATCH /v1/admin/business_profiles: a profile's name and, when a file was chosen, its logo. */
export async function updateBusinessProfile(
  deps: ServiceDeps,
  actor: Actor,
  input: BusinessProfileUpdateInput,
): Promise<BusinessProfileView> {
  requireProfilesAdmin(actor, "admin.business_profiles.write");
  if (!(await findBusinessProfile(deps.db, input.id))) throw notFound(L.profileNotFound);
  const logo = input.logo ? await checkLogo(input.logo) : undefined;
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await assertNameFree(trx, input.name, input.id);
    await updateBusinessProfileRow(trx, input.id, { name: input.name });
    if (logo) await storeLogo(trx, input.id, logo, now);
  });
  return viewOf(deps.db, input.id);
}
