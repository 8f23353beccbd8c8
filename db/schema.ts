// Table types as the repositories see them (CamelCasePlugin maps to snake_case columns).
// Times are ISO-8601 UTC strings and booleans are 0/1 integers on both engines (ADR 003).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

type Id = Generated<number>;

interface BusinessProfileTable {
  id: Id;
  name: string;
  logoUrl: string | null;
  timeZone: string;
  copiedBusinessProfileId: number | null;
  createdAt: string;
}

/** A business profile's logo (migration 0028, ADR 040): its bytes and the type its content was recognised as. */
interface BusinessProfileLogoTable {
  businessProfileId: number;
  contentType: string;
  bytes: Buffer;
  byteSize: number;
  sha256: string;
  updatedAt: string;
}

interface AccountTable {
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

interface TeamTable {
  id: Id;
  businessProfileId: number;
  name: string;
  createdAt: string;
  updatedAt: string;
}

interface TeamAccountTable {
  teamId: number;
  accountId: number;
}

interface AuthSessionTable {
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

interface AuthTokenTable {
  id: Id;
  sessionId: string;
  kind: "access" | "refresh";
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

interface LoginThrottleTable {
  key: string;
  failures: number;
  windowStartedAt: string;
  lockedUntil: string | null;
}

interface AccountEventTable {
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

interface NotificationTable {
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
  /** Where the notification leads in the app (an inbox item, /settings/channels); null for none. */
  link: ColumnType<string | null, string | null | undefined, string | null>;
}

interface TeamMemberInviteTable {
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

interface PasswordResetTable {
  id: Id;
  accountId: number;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

interface BackupCodeTable {
  id: Id;
  accountId: number;
  codeHash: string;
  usedAt: string | null;
  createdAt: string;
}

interface TakeoverTable {
  id: Id;
  adminAccountId: number;
  targetAccountId: number;
  targetBusinessProfileId: number;
  sessionId: string;
  startedAt: string;
  endedAt: string | null;
}

interface LoginChallengeTable {
  id: Id;
  accountId: number;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

interface SocialProfileTable {
  id: Id;
  businessProfileId: number;
  socialType: string;
  externalId: string | null;
  username: string;
  name: string | null;
  photoUrl: string | null;
  createdAt: string;
}

interface ProfileItemTable {
  id: Id;
  businessProfileId: number;
  profileId: number;
  socialType: string;
  name: string;
  type: string;
  photoUrl: string | null;
  createdAt: string;
}

interface StreamTable {
  id: Id;
  businessProfileId: number;
  socialType: string;
  category: string;
  name: string;
  source: string;
  config: string; // JSON StreamConfig
  ingestKey: string;
  profileId: number | null;
  createdBy: number | null;
  itemsCount: Generated<number>;
  lastItemAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  consecutiveFailures: Generated<number>;
  nextPollAt: string | null;
  etag: string | null;
  lastModified: string | null;
  createdAt: string;
  updatedAt: string;
}

interface WebhookTable {
  id: Id;
  businessProfileId: number;
  streamId: number;
  integrationName: string;
  uuid: string;
  secret: string;
  createdAt: string;
}

interface WebhookDeliveryTable {
  webhookId: number;
  deliveryId: string;
  createdAt: string;
}

interface IdentityTable {
  id: Id;
  businessProfileId: number;
  socialType: string;
  externalId: string;
  username: string;
  name: string | null;
  photoUrl: string | null;
  profileUrl: string | null;
  followers: number;
  country: string;
  createdAt: string;
  updatedAt: string;
}

interface FeedItemTable {
  id: Id;
  businessProfileId: number;
  streamId: number | null;
  socialType: string;
  externalId: string;
  kind: string;
  parentExternalId: string | null;
  title: string | null;
  description: string;
  postUrl: string | null;
  language: string;
  sentiment: number;
  sentimentScore: number;
  sentimentDrivers: string; // JSON SentimentDriver[]
  keywords: string; // JSON string[]
  impactScore: number;
  reach: number;
  likes: number;
  comments: number;
  shares: number;
  views: number;
  totalEngagements: number;
  rating: number | null;
  identityId: number | null;
  authorUsername: string;
  authorName: string | null;
  authorFollowers: number;
  authorCountry: string;
  authorPhotoUrl: string | null;
  isAgentReply: number;
  isReplied: Generated<number>;
  firstReplyAt: string | null;
  state: Generated<number>;
  assignedToType: string | null;
  assignedToId: number | null;
  assignedMessage: string | null;
  assignedAt: string | null;
  assignedBy: number | null;
  translation: string | null;
  translationLanguage: string | null;
  muted: number;
  createdAt: string;
  ingestedAt: string;
  /** PostgreSQL only: the mention's tokens with positions (ADR 012). */
  searchVector?: string | null;
}

interface FeedItemActionTable {
  id: Id;
  businessProfileId: number;
  feedItemId: number;
  actionType: string;
  accountId: number | null;
  actorName: string | null;
  data: string; // JSON
  createdAt: string;
}

interface FilterTable {
  id: Id;
  businessProfileId: number;
  accountId: number;
  name: string;
  filterType: string;
  value: string; // JSON
  createdAt: string;
}

interface MutedKeywordTable {
  id: Id;
  businessProfileId: number;
  value: string;
  valueKey: string;
  createdBy: number | null;
  createdAt: string;
}

interface SentimentExcludeWordTable {
  id: Id;
  businessProfileId: number | null;
  textToExclude: string;
  replaceWith: string;
  languages: string; // JSON string[]
  socialTypes: string; // JSON string[]
  createdAt: string;
  updatedAt: string;
}

interface ImportTable {
  id: Id;
  businessProfileId: number;
  streamId: number;
  accountId: number | null;
  format: string;
  fileName: string | null;
  status: string;
  bytesRead: Generated<number>;
  bytesTotal: number | null;
  lines: Generated<number>;
  accepted: Generated<number>;
  duplicates: Generated<number>;
  rejected: Generated<number>;
  errors: Generated<string>; // JSON ImportLineError[]
  createdAt: string;
  finishedAt: string | null;
  /** Renewed by the process running the import (migration 0035); a stale one means that process died. */
  heartbeatAt: string | null;
}

interface PinTable {
  accountId: number;
  type: string;
  entityId: number;
  createdAt: string;
}

interface VisibleDefinition {
  id: Generated<number>;
  businessProfileId: number;
  name: string;
  ownerAccountId: number | null;
  /** Visibility (spec §4): 1 Only Me, 2 Everyone, 3 Teams. */
  entityType: number;
  entityIds: Generated<string>; // JSON number[]
  createdAt: string;
  updatedAt: string;
}

interface SearchFolderTable extends VisibleDefinition {
  category: string; // brand | my | team
}

interface SearchItemTable extends VisibleDefinition {
  category: string;
  folderId: number | null;
  query: Generated<string>; // JSON QueryGroup[]
  logoSrc: string | null;
  alertsEnabled: Generated<number>;
  backfillDone: Generated<number>;
  backfillTotal: Generated<number>;
  backfillFinishedAt: string | null;
}

interface TopicGroupTable {
  id: Generated<number>;
  businessProfileId: number;
  name: string;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

interface TopicTable extends Omit<VisibleDefinition, "entityType"> {
  entityType: Generated<number>;
  nameKey: string;
  type: string;
  topicGroupId: number | null;
  keywords: Generated<string>; // JSON string[]
  query: string | null;
  category: string | null;
  logoSrc: string | null;
  alertsEnabled: Generated<number>;
  backfillDone: Generated<number>;
  backfillTotal: Generated<number>;
  backfillFinishedAt: string | null;
}

/** SQLite only: the FTS5 table of mention tokens (rowid = feed item id). */
interface FeedItemFtsTable {
  rowid: number;
  tokens: string;
}

interface QueryVocabularyTable {
  businessProfileId: number;
  token: string;
  length: number;
  count: Generated<number>;
}

/** Labels set on a mention (the labels themselves arrive with the inbox). */
interface FeedItemLabelTable {
  businessProfileId: number;
  feedItemId: number;
  labelId: number;
}

interface QueryMatchTable {
  businessProfileId: number;
  /** 1 saved search item, 2 topic, 3 rule (ADR 012). */
  contextType: number;
  contextId: number;
  feedItemId: number;
  createdAt: string;
  /** The mention's created_at (migration 0018): a context's mentions in time order. */
  itemCreatedAt: string;
}

/** A rule (issue 24, ADR 031): lists are JSON text. */
interface RuleTable {
  id: Id;
  businessProfileId: number;
  name: string;
  nameKey: string;
  entities: string;
  query: string | null;
  excludeQuery: string | null;
  ruleType: number;
  statusType: number;
  identities: string;
  labelIds: string;
  selectedGroups: string;
  assigneeType: string | null;
  assigneeId: number | null;
  state: number | null;
  actedCount: Generated<number>;
  brokenReason: string | null;
  applyStatus: string | null;
  applyDone: Generated<number>;
  applyTotal: Generated<number>;
  applyActed: Generated<number>;
  applyFinishedAt: string | null;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

interface LabelTable {
  id: Id;
  businessProfileId: number;
  name: string;
  /** lower(name), trimmed: names are unique per tenant ignoring case. */
  nameKey: string;
  category: string | null;
  labelType: string;
  contextId: number | null;
  contextType: number | null;
  ownerAccountId: number | null;
  createdAt: string;
  updatedAt: string;
}

interface ReplyTemplateTable {
  id: Id;
  businessProfileId: number;
  name: string;
  message: string;
  categories: string; // JSON string[] of template network codes
  languages: string; // JSON string[]
  entityType: number;
  entityIds: string; // JSON number[]
  active: number;
  createdBy: number | null;
  updatedBy: number | null;
  createdAt: string;
  updatedAt: string;
}

interface ReplyDraftTable {
  id: Id;
  businessProfileId: number;
  feedItemId: number;
  accountId: number;
  text: string;
  templateId: number | null;
  createdAt: string;
  updatedAt: string;
}

interface ModerationEventTable {
  id: Id;
  businessProfileId: number;
  feedItemId: number | null;
  identityId: number | null;
  socialType: string;
  agentAccountId: number | null;
  agentName: string;
  userName: string;
  action: string;
  reason: string;
  note: string;
  post: string | null;
  originalText: string;
  /** 'sent' through an outbound connector, or 'manual' (to be carried out on the network by hand). */
  delivery: string;
  createdAt: string;
}

interface FeedItemPresenceTable {
  businessProfileId: number;
  feedItemId: number;
  accountId: number;
  /** 'viewing' or 'replying'. */
  mode: string;
  seenAt: string;
}

interface DashboardTemplateTable {
  id: Id;
  businessProfileId: number;
  createdBy: number | null;
  name: string;
  time: number;
  timeUnit: string; // Days | Hours | Months
  config: string; // JSON { contextIds, widgets: [{ id, config }] }
  createdAt: string;
  updatedAt: string;
}

interface DashboardSharedLinkTable {
  id: Id;
  businessProfileId: number;
  code: string;
  title: string;
  nonLoggedInAccess: number;
  config: string; // JSON { widgets, contexts, time, timeRange, timeUnit, layerIds }
  createdBy: number | null;
  revokedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

interface DashboardFeedHashTable {
  id: Id;
  businessProfileId: number;
  code: string;
  title: string;
  viewType: string;
  accountId: number | null;
  contextId: number;
  contextType: number;
  minCreatedAt: string;
  maxCreatedAt: string;
  properties: string; // JSON { query, filters, ... }
  createdBy: number | null;
  createdAt: string;
}

interface AnnotationLayerTable {
  id: Id;
  businessProfileId: number;
  name: string;
  color: number; // index into LAYER_COLORS
  brand: number | null;
  type: string;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

interface AnnotationTable {
  id: Id;
  businessProfileId: number;
  layerId: number;
  searchItemId: number | null;
  name: string;
  text: string;
  anchorDate: string;
  authorAccountId: number | null;
  attachments: string; // JSON [{ name, url }]
  createdAt: string;
  updatedAt: string;
}

/** The hourly rollups' measures (ADR 015, ADR 017). */
export interface AnalyticsMeasures {
  mentions: number;
  likes: number;
  comments: number;
  shares: number;
  views: number;
  totalEngagements: number;
  reach: number;
  impactSum: number;
  replied: number;
  firstReplyCount: number;
  firstReplySeconds: number;
}

interface AnalyticsHourlySentimentTable extends AnalyticsMeasures {
  businessProfileId: number;
  /** 0 every mention of the tenant, 1 saved search item, 2 topic (ADR 015). */
  contextType: number;
  contextId: number;
  /** UTC hour start, as feed_items.created_at writes it ('2026-03-11T22:00:00.000Z'). */
  bucket: string;
  sentiment: number;
}

interface AnalyticsHourlyDimensionTable extends AnalyticsHourlySentimentTable {
  /** 'network', 'language', 'country' or 'rating'. */
  dimension: string;
  /** The mention's social_type, language or author_country; for 'rating', '<social_type>:<rating>' ('twitter:' without one). */
  value: string;
}

/** analytics_hourly_dimensions per UTC day (migration 0019), with 'sentiment' (value '') as a dimension too. */
type AnalyticsDailyDimensionTable = AnalyticsHourlyDimensionTable;

/** A UTC day whose daily rollups are not current (the hourly ones changed since); a day may be listed many times. */
interface AnalyticsDailyChangeTable {
  id: Generated<number>;
  businessProfileId: number;
  bucket: string;
}

/** One row per replied, counted mention and context (ADR 017): the SLA median's input. */
interface AnalyticsFirstReplyTable {
  businessProfileId: number;
  contextType: number;
  contextId: number;
  /** UTC hour start of the mention's created_at. */
  bucket: string;
  feedItemId: number;
  seconds: number;
}

interface AnalyticsTermsDailyTable {
  businessProfileId: number;
  contextType: number;
  contextId: number;
  /** UTC day 'YYYY-MM-DD'. */
  day: string;
  term: string;
  mentions: number;
  positive: number;
  negative: number;
}

export interface DatabaseSchema {
  businessProfiles: BusinessProfileTable;
  businessProfileLogos: BusinessProfileLogoTable;
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
  socialProfiles: SocialProfileTable;
  profileItems: ProfileItemTable;
  streams: StreamTable;
  webhooks: WebhookTable;
  webhookDeliveries: WebhookDeliveryTable;
  identities: IdentityTable;
  feedItems: FeedItemTable;
  feedItemActions: FeedItemActionTable;
  filters: FilterTable;
  mutedKeywords: MutedKeywordTable;
  sentimentExcludeWords: SentimentExcludeWordTable;
  imports: ImportTable;
  pins: PinTable;
  searchFolders: SearchFolderTable;
  searchItems: SearchItemTable;
  topicGroups: TopicGroupTable;
  topics: TopicTable;
  feedItemsFts: FeedItemFtsTable;
  queryVocabulary: QueryVocabularyTable;
  queryMatches: QueryMatchTable;
  feedItemLabels: FeedItemLabelTable;
  labels: LabelTable;
  rules: RuleTable;
  replyTemplates: ReplyTemplateTable;
  replyDrafts: ReplyDraftTable;
  moderationEvents: ModerationEventTable;
  feedItemPresence: FeedItemPresenceTable;
  analyticsHourlySentiment: AnalyticsHourlySentimentTable;
  analyticsHourlyDimensions: AnalyticsHourlyDimensionTable;
  analyticsDailyDimensions: AnalyticsDailyDimensionTable;
  analyticsDailyChanges: AnalyticsDailyChangeTable;
  analyticsFirstReplies: AnalyticsFirstReplyTable;
  analyticsTermsDaily: AnalyticsTermsDailyTable;
  dashboardTemplates: DashboardTemplateTable;
  dashboardSharedLinks: DashboardSharedLinkTable;
  dashboardFeedHashes: DashboardFeedHashTable;
  annotationLayers: AnnotationLayerTable;
  annotations: AnnotationTable;
}

export type BusinessProfileRow = Selectable<BusinessProfileTable>;
export type AccountRow = Selectable<AccountTable>;
export type NewAccountRow = Insertable<AccountTable>;
export type AccountUpdate = Updateable<AccountTable>;
export type AuthSessionRow = Selectable<AuthSessionTable>;
export type AuthTokenRow = Selectable<AuthTokenTable>;
export type AccountEventRow = Selectable<AccountEventTable>;
export type NotificationRow = Selectable<NotificationTable>;
export type TeamMemberInviteRow = Selectable<TeamMemberInviteTable>;
export type TakeoverRow = Selectable<TakeoverTable>;
export type StreamRow = Selectable<StreamTable>;
export type WebhookRow = Selectable<WebhookTable>;
export type FeedItemRow = Selectable<FeedItemTable>;
export type NewFeedItemRow = Insertable<FeedItemTable>;
export type FeedItemActionRow = Selectable<FeedItemActionTable>;
export type FilterRow = Selectable<FilterTable>;
export type SentimentExcludeWordRow = Selectable<SentimentExcludeWordTable>;
export type ImportRow = Selectable<ImportTable>;
export type SearchFolderRow = Selectable<SearchFolderTable>;
export type SearchItemRow = Selectable<SearchItemTable>;
export type TopicGroupRow = Selectable<TopicGroupTable>;
export type TopicRow = Selectable<TopicTable>;
;
export type LabelRow = Selectable<LabelTable>;
export type RuleRow = Selectable<RuleTable>;
export type ReplyTemplateRow = Selectable<ReplyTemplateTable>;
export type ReplyDraftRow = Selectable<ReplyDraftTable>;
export type ModerationEventRow = Selectable<ModerationEventTable>;
export type DashboardTemplateRow = Selectable<DashboardTemplateTable>;
export type DashboardSharedLinkRow = Selectable<DashboardSharedLinkTable>;
export type DashboardFeedHashRow = Selectable<DashboardFeedHashTable>;
export type AnnotationLayerRow = Selectable<AnnotationLayerTable>;
export type AnnotationRow = Selectable<AnnotationTable>;
