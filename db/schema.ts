// Table types as the repositories see them (CamelCasePlugin maps to snake_case columns).
// Times are ISO-8601 UTC strings and booleans are 0/1 integers on both engines (ADR 003).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

type Id = Generated<number>;

export interface BusinessProfileTable {
  id: Id;
  name: string;
  logoUrl: string | null;
  timeZone: string;
  copiedBusinessProfileId: number | null;
  createdAt: string;
}

export interface AccountTable {
  id: Id;
  businessProfileId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: number;
  state: number;
  passwordHash: string;
  permissions: string; // JSON Permissions
  preferences: string; // JSON AccountPreferences
  avatarUrl: string | null;
  otpSecret: string | null;
  otpEnabled: number;
  otpLastUsedStep: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface TeamTable {
  id: Id;
  businessProfileId: number;
  name: string;
  createdAt: string;
  updatedAt: string;
}

export interface TeamAccountTable {
  teamId: number;
  accountId: number;
}

export interface AuthSessionTable {
  id: string;
  accountId: number;
  businessProfileId: number;
  cookieTokenHash: string;
  csrfTokenHash: string;
  impersonatorAccountId: number | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  revokedAt: string | null;
  revokedReason: string | null;
}

export interface AuthTokenTable {
  id: Id;
  sessionId: string;
  kind: "access" | "refresh";
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  windowStartedAt: string;
  lockedUntil: string | null;
}

export interface AccountEventTable {
  id: Id;
  businessProfileId: number;
  accountId: number;
  actionType: string;
  eventType: string;
  actionModule: string;
  contextId: number | null;
  contextType: number | null;
  socialType: string | null;
  createdAt: string;
}

export interface NotificationTable {
  id: Id;
  businessProfileId: number;
  accountId: number;
  text: string;
  category: string;
  socialType: string | null;
  entityName: string | null;
  readAt: string | null;
  dismissed: number;
  createdAt: string;
}

export interface TeamMemberInviteTable {
  id: Id;
  businessProfileId: number;
  inviterAccountId: number;
  email: string;
  role: number;
  teamIds: string; // JSON number[]
  tokenHash: string;
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

export interface PasswordResetTable {
  id: Id;
  accountId: number;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

export interface BackupCodeTable {
  id: Id;
  accountId: number;
  codeHash: string;
  usedAt: string | null;
  createdAt: string;
}

export interface TakeoverTable {
  id: Id;
  adminAccountId: number;
  targetAccountId: number;
  targetBusinessProfileId: number;
  sessionId: string;
  startedAt: string;
  endedAt: string | null;
}

export interface LoginChallengeTable {
  id: Id;
  accountId: number;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

export interface DatabaseSchema {
  businessProfiles: BusinessProfileTable;
  accounts: AccountTable;
  teams: TeamTable;
  teamAccounts: TeamAccountTable;
  authSessions: AuthSessionTable;
  authTokens: AuthTokenTable;
  loginThrottle: LoginThrottleTable;
  accountEvents: AccountEventTable;
  notifications: NotificationTable;
  teamMemberInvites: TeamMemberInviteTable;
  passwordResets: PasswordResetTable;
  backupCodes: BackupCodeTable;
  takeovers: TakeoverTable;
  loginChallenges: LoginChallengeTable;
}

export type BusinessProfileRow = Selectable<BusinessProfileTable>;
export type AccountRow = Selectable<AccountTable>;
export type NewAccountRow = Insertable<AccountTable>;
export type AccountUpdate = Updateable<AccountTable>;
export type AuthSessionRow = Selectable<AuthSessionTable>;
export type AuthTokenRow = Selectable<AuthTokenTable>;
export type TeamRow = Selectable<TeamTable>;
export type AccountEventRow = Selectable<AccountEventTable>;
export type NotificationRow = Selectable<NotificationTable>;
export type TeamMemberInviteRow = Selectable<TeamMemberInviteTable>;
export type PasswordResetRow = Selectable<PasswordResetTable>;
export type TakeoverRow = Selectable<TakeoverTable>;
export type { ColumnType };
