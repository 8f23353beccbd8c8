import type { LogoMeta } from "../../db/repositories/business-profiles";
import type { BusinessProfileRow } from "../../db/schema";
import type { FromWire } from "../../domain/key-case";
import { hasPermission, type PermissionKey } from "../../domain/permissions";
import { forbidden } from "../../domain/errors";
import type { BusinessProfileResponseSchema, LogoContentType } from "../../domain/schemas/business-profiles";
import type { Actor } from "../context";

/** A business profile as the admin API answers it (ADR 027). */
export type BusinessProfileView = FromWire<typeof BusinessProfileResponseSchema>;

/**
 * The business-profile admin is the system admin's (spec core §6; PERMISSION_TABLE's
 * admin.business_profiles.*), and never a take-over session's: the person behind it acts as someone else.
 */
export function requireProfilesAdmin(actor: Actor, key: Extract<PermissionKey, `admin.business_profiles.${string}`>): void {
  if (!hasPermission(actor.permissions, key) || actor.impersonatorAccountId !== null) throw forbidden();
}

/** The logo's address: its own route, with the content's hash so that a new logo is a new address. */
export function logoUrl(businessProfileId: number, logo: Pick<LogoMeta, "sha256"> | undefined): string | null {
  return logo ? `/api/v1/business_profiles/${businessProfileId}/logo?v=${logo.sha256.slice(0, 16)}` : null;
}

export function businessProfileView(
  row: BusinessProfileRow,
  extra: { logo: LogoMeta | undefined; activeAccountsCount: number; defaultAccountId: number | null },
): BusinessProfileView {
  return {
    id: row.id,
    name: row.name,
    logo: extra.logo ? { contentType: extra.logo.contentType as LogoContentType, byteSize: extra.logo.byteSize } : null,
    logoUrl: row.logoUrl,
    timeZone: row.timeZone,
    createdAt: row.createdAt,
    copiedBusinessProfileId: row.copiedBusinessProfileId,
    activeAccountsCount: extra.activeAccountsCount,
    defaultAccountId: extra.defaultAccountId,
  };
}
