// Request and response schemas of the statuses, identities, profiles and saved filters resources (ADR 027):
// the wire's snake_case shapes, from which the OpenAPI document, the services' return types and the web
// client's types derive.
import * as z from "zod";
import { ASSIGNEE_TYPES } from "../inbox";
import { JsonValueSchema } from "./common";

// ── Query strings and bodies ────────────────────────────────────────────────────────────────────

/** The statuses list's sort keys (spec §9: most shares, most comments, most followers, total engagements, reach score). */
const FEED_ITEM_ORDER_KEYS = [
  "counts.total_engagements",
  "counts.shares",
  "counts.comments",
  "counts.likes",
  "author.followers",
  "reach_score",
  "impact_score",
  "created_at",
] as const;

// A boolean query may hold 8,000 characters (longer ones are refused with a 400 by the service, ADR 012),
// JSON-quoted as the first clients sent it; a definition's groups may hold 20 × 500 values.
const QUERY_PARAM_MAX = 20_000;
const FILTERS_PARAM_MAX = 400_000;

/** GET /v1/statuses/counts: a boolean query and the filters (JSON). */
export const StatusCountsQuerySchema = z.object({
  query: z.string().max(QUERY_PARAM_MAX).optional(),
  filters: z.string().max(FILTERS_PARAM_MAX).optional(),
});

/** GET /v1/statuses: the same, in an order, a page at a time. */
export const StatusListQuerySchema = z.object({
  order_by: z.enum(FEED_ITEM_ORDER_KEYS).default("counts.total_engagements"),
  direction: z.enum(["asc", "desc"]).default("desc"),
  query: z.string().max(QUERY_PARAM_MAX).optional(),
  filters: z.string().max(FILTERS_PARAM_MAX).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(15),
});

/** GET /v1/statuses/live: a saved search, or a query and filters as in GET /v1/statuses. */
export const StatusLiveQuerySchema = z.object({
  search_item_id: z.coerce.number().int().positive().optional(),
  query: z.string().max(QUERY_PARAM_MAX).optional(),
  filters: z.string().max(FILTERS_PARAM_MAX).optional(),
});

/** GET /v1/users: the connected profiles. */
export const ProfileListQuerySchema = z.object({ social_types: z.string().optional(), business_profile_id: z.string().optional() });

/** GET /v1/users/items: a profile's pages, groups, ads and channels. */
export const ProfileItemListQuerySchema = z.object({
  profile_id: z.coerce.number().int().positive().optional(),
  social_types: z.string().optional(),
  types: z.string().optional(),
});

/** GET /v1/filters: the saved filters of an account, of one type. */
export const FilterListQuerySchema = z.object({
  account_id: z.coerce.number().int().positive().optional(),
  filter_type: z.string().max(50).optional(),
  business_profile_id: z.string().optional(),
});

/** POST /v1/filters: a saved filter; its value is kept as the client gave it. */
export const FilterBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  filter_type: z.string().trim().min(1).max(50),
  value: z.unknown(),
});

// ── Responses (ADR 027) ──────────────────────────────────────────────────────────────────────────

const ActorStamp = z.object({ name: z.string().nullable(), account_id: z.number().nullable(), at: z.string() });

/** Who did what to a mention (spec core §3 "actions"), each list oldest first. */
export const StatusActionsResponseSchema = z.object({
  liked_by: z.array(ActorStamp),
  replied_by: z.array(ActorStamp.extend({ text: z.string().optional() })),
  reviewed_by: z.array(ActorStamp),
  sent_by: z.array(ActorStamp),
  assignments: z.array(ActorStamp.extend({ data: JsonValueSchema.describe("The assignment as it was stored") })),
});

/** A mention as GET /v1/statuses shows it (spec core §3 "Feed item"), with engagement counts and reach. */
export const StatusResponseSchema = z
  .object({
    id: z.number(),
    status_id: z.string(),
    social_type: z.string(),
    stream_id: z.number().nullable(),
    kind: z.string(),
    title: z.string().nullable(),
    description: z.string().describe("Exactly as received (clients render it as text)"),
    post_url: z.string().nullable(),
    language: z.string(),
    sentiment: z.number(),
    sentiment_score: z.number(),
    sentiment_drivers: z.array(z.object({ term: z.string(), weight: z.number() })),
    keywords: z.array(z.string()),
    counts: z.object({
      likes: z.number(),
      comments: z.number(),
      shares: z.number(),
      views: z.number(),
      total_engagements: z.number(),
    }),
    reach: z.number(),
    impact_score: z.number(),
    rating: z.number().nullable(),
    identity: z.object({
      id: z.number().nullable(),
      username: z.string(),
      name: z.string().nullable(),
      followers: z.number(),
      country: z.string(),
      photo_url: z.string().nullable(),
    }),
    author_username: z.string(),
    author_name: z.string().nullable(),
    author_followers: z.number(),
    author_country: z.string(),
    state: z.number(),
    assigned_to: z
      .object({
        id: z.number(),
        type: z.enum(ASSIGNEE_TYPES),
        message: z.string().nullable(),
        at: z.string().nullable(),
        by: z.number().nullable(),
      })
      .nullable(),
    label_ids: z.array(z.number()),
    translation: z.string().nullable(),
    is_replied: z.union([z.literal(0), z.literal(1)]),
    is_agent_reply: z.boolean(),
    parent_status_id: z.string().nullable(),
    first_reply_at: z.string().nullable(),
    muted: z.boolean(),
    created_at: z.string(),
    ingested_at: z.string(),
    actions: StatusActionsResponseSchema.optional(),
  })
  .describe("A feed item (spec core §3) with counts, reach and sentiment drivers");

/** GET /v1/statuses. */
export const StatusListResponseSchema = z.object({ data: z.array(StatusResponseSchema) });

/**
 * GET /v1/statuses/counts counts at most this many matches: past it `capped` is true, `total` is this
 * number (shown "10,000+") and the sentiment and network counts are those of this many of the matches (a
 * sample). A broad term's exact count reads every posting of it; the first page reads fifteen (ADR 044).
 */
export const STATUS_COUNT_CAP = 10_000;

/** GET /v1/statuses/counts: how many mentions match, by sentiment and by network. */
export const StatusCountsResponseSchema = z.object({
  total: z.number(),
  sentiments: z.object({ positive: z.number(), neutral: z.number(), negative: z.number() }),
  social_types: z.record(z.string(), z.number()),
  capped: z
    .boolean()
    .describe(`More than STATUS_COUNT_CAP (${STATUS_COUNT_CAP}) mentions match: total is the cap, the other counts a sample of that size`),
});

/** GET /v1/statuses/{id}: the mention with its actions and reply thread. */
export const StatusDetailResponseSchema = StatusResponseSchema.extend({ replies: z.array(StatusResponseSchema) });

/** GET /v1/identities/{id}: an author with their latest mentions. */
export const IdentityResponseSchema = z.object({
  id: z.number(),
  identity_id: z.string(),
  social_type: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  photo_url: z.string().nullable(),
  profile_url: z.string().nullable(),
  followers: z.number(),
  country: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  latest_statuses: z.array(StatusResponseSchema),
});

/** GET /v1/users: a connected profile. */
export const ProfileResponseSchema = z.object({
  id: z.number(),
  social_type: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  photo_url: z.string().nullable(),
  created_at: z.string(),
});

/** GET /v1/users */
export const ProfileListResponseSchema = z.object({ data: z.array(ProfileResponseSchema) });

/** GET /v1/users/items: a page, group, ad account or channel of a connected profile. */
export const ProfileItemResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  type: z.string(),
  profile_id: z.number(),
  social_type: z.string(),
  photo_url: z.string().nullable(),
});

/** GET /v1/users/items */
export const ProfileItemListResponseSchema = z.object({ data: z.array(ProfileItemResponseSchema) });

/** GET /v1/filters: a saved filter, its value as it was saved. */
export const FilterResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  filter_type: z.string(),
  account_id: z.number(),
  value: JsonValueSchema,
  created_at: z.string(),
});

/** GET /v1/filters */
export const FilterListResponseSchema = z.object({ data: z.array(FilterResponseSchema) });
