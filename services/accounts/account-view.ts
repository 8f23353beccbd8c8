import type { Database } from "../../db/client";
import type { AccountRow } from "../../db/schema";
import { countActiveAccounts, findBusinessProfile } from "../../db/repositories/business-profiles";
import { listTeamsOfAccounts } from "../../db/repositories/teams";
import type { Permissions } from "../../domain/permissions";
import type { Role } from "../../domain/roles";
import { notFound } from "../../domain/errors";
import { DEFAULT_INBOX_LAYOUT, INBOX_LAYOUTS, type InboxLayout } from "../../domain/inbox";
import type { FromWire } from "../../domain/key-case";
import type { AccountResponseSchema, MemberResponseSchema } from "../../domain/schemas/accounts";

const isInboxLayout = (value: unknown): value is InboxLayout => (INBOX_LAYOUTS as readonly unknown[]).includes(value);

/** The account as callers see it (spec core §3; ADR 027: the response schema's twin); never carries secrets. */
export type AccountView = FromWire<typeof AccountResponseSchema>;

type AccountPreferences = AccountView["preferences"];

/**
 * What a colleague who does not manage users sees of an account (ADR 019): who it is, its role, state and
 * teams; not its permissions, preferences (two-factor among them) or the business profile it already has.
 */
export type MemberView = FromWire<typeof MemberResponseSchema>;

function parsePreferences(row: Pick<AccountRow, "preferences" | "otpEnabled">): AccountPreferences {
  const stored = safeJson(row.preferences) as Partial<{
    ui: Partial<AccountPreferences["ui"]>;
    general: Partial<AccountPreferences["general"]>;
  }>;
  return {
    ui: {
      defaultDashboardStreams: stored.ui?.defaultDashboardStreams ?? [],
      inboxLayout: isInboxLayout(stored.ui?.inboxLayout) ? stored.ui.inboxLayout : DEFAULT_INBOX_LAYOUT,
    },
    security: { twoFactorAuthorization: { otpEnabled: row.otpEnabled === 1 } },
    general: {
      urlWarning: stored.general?.urlWarning ?? true,
      reviewOnReply: stored.general?.reviewOnReply ?? false,
      directEmailToNetwork: stored.general?.directEmailToNetwork ?? false,
    },
  };
}

export function safeJson(text: string | null | undefined): Record<string, unknown> {
  try {
    const value = JSON.parse(text ?? "{}") as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function buildAccountViews(
  db: Database,
  rows: AccountRow[],
  options: { overtaken?: boolean } = {},
): Promise<AccountView[]> {
  if (rows.length === 0) return [];
  const businessProfileId = rows[0]!.businessProfileId;
  const profile = await findBusinessProfile(db, businessProfileId);
  if (!profile) throw notFound();
  const [activeAccountsCount, members] = await Promise.all([
    countActiveAccounts(db, businessProfileId),
    buildMemberViews(db, rows),
  ]);
  return rows.map((row, index) => ({
    ...members[index]!,
    permissions: safeJson(row.permissions) as Permissions,
    businessProfile: {
      id: profile.id,
      name: profile.name,
      logoUrl: profile.logoUrl,
      timeZone: profile.timeZone,
      activeAccountsCount,
    },
    preferences: parsePreferences(row),
    isAccountOvertaken: options.overtaken ?? false,
  }));
}

export async function buildAccountView(db: Database, row: AccountRow, options: { overtaken?: boolean } = {}): Promise<AccountView> {
  const [view] = await buildAccountViews(db, [row], options);
  return view!;
}

/** The member views of accounts of one business profile (no profile look-up: a member view has none). */
export async function buildMemberViews(db: Database, rows: AccountRow[]): Promise<MemberView[]> {
  if (rows.length === 0) return [];
  const memberships = await listTeamsOfAccounts(
    db,
    rows[0]!.businessProfileId,
    rows.map((r) => r.id),
  );
  const teamsOf = new Map<number, Array<{ id: number; name: string }>>();
  for (const m of memberships) {
    const teams = teamsOf.get(m.accountId) ?? [];
    teams.push({ id: m.teamId, name: m.name });
    teamsOf.set(m.accountId, teams);
  }
  return rows.map((row) => ({
    id: row.id,
    role: row.role as Role,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    avatarUrl: row.avatarUrl,
    state: row.state,
    teams: teamsOf.get(row.id) ?? [],
  }));
}
