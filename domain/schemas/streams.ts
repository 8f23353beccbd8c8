import * as z from "zod";
import { MESSAGES } from "../messages";
import { NETWORK_IDS } from "../networks";
import { FEED_INTERVAL, STREAM_CATEGORIES, STREAM_SOURCES, categoryAllowed, sourcesForNetwork } from "../streams";
import { optionalString, RecordIdFormSchema, requiredOrWrongFormat, requiredString, withIntent } from "./common";

const NAME_MAX = 120;

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(max, { error: MESSAGES.maxLength }).optional(),
  );

const enumField = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: requiredOrWrongFormat });

/** Connect a stream (the channels screen's form and POST /v1/streams). The name is the "inbox name". */
export const StreamCreateSchema = z
  .object({
    name: requiredString().max(NAME_MAX, { error: MESSAGES.maxLength }),
    social_type: enumField(NETWORK_IDS),
    category: enumField(STREAM_CATEGORIES),
    source: enumField(STREAM_SOURCES),
    feed_url: optionalText(2000).pipe(z.url({ error: MESSAGES.url, protocol: /^https?$/ }).optional()),
    interval_seconds: z.preprocess(
      (v) => (v === "" || v === undefined || v === null ? undefined : v),
      z.coerce
        .number({ error: MESSAGES.numeric })
        .int({ error: MESSAGES.numeric })
        .min(FEED_INTERVAL.min, { error: MESSAGES.minLength })
        .max(FEED_INTERVAL.max, { error: MESSAGES.maxLength })
        .optional(),
    ),
    business_name: optionalText(200),
    app_id: optionalText(200),
    country: optionalText(2),
  })
  .superRefine((value, ctx) => {
    if (!categoryAllowed(value.social_type, value.category)) {
      ctx.addIssue({ code: "custom", path: ["category"], message: MESSAGES.categoryNotAllowed });
    }
    if (!sourcesForNetwork(value.social_type).includes(value.source)) {
      ctx.addIssue({ code: "custom", path: ["source"], message: MESSAGES.sourceNotAllowed });
    }
    if (value.source === "feed" && !value.feed_url) {
      ctx.addIssue({ code: "custom", path: ["feed_url"], message: MESSAGES.feedUrlRequired });
    }
    if (value.source === "review" && !value.business_name && !value.app_id) {
      ctx.addIssue({ code: "custom", path: ["business_name"], message: MESSAGES.businessNameRequired });
    }
  });
export type StreamCreateInput = z.infer<typeof StreamCreateSchema>;

/** Edit a stream: the name (required) and, for feeds, the address and interval. */
export const StreamUpdateSchema = z.object({
  name: requiredString().max(NAME_MAX, { error: MESSAGES.maxLength }),
  /**
   * Webhook streams: where inbox replies and moderation actions are POSTed (ADR 014). Missing keeps it;
   * null or '' removes it.
   */
  reply_url: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z.string({ error: MESSAGES.url }).trim().max(2000, { error: MESSAGES.maxLength }).pipe(z.url({ error: MESSAGES.url, protocol: /^https?$/ })).nullable().optional(),
  ),
  feed_url: optionalText(2000).pipe(z.url({ error: MESSAGES.url, protocol: /^https?$/ }).optional()),
  interval_seconds: z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? undefined : v),
    z.coerce
      .number({ error: MESSAGES.numeric })
      .int()
      .min(FEED_INTERVAL.min, { error: MESSAGES.minLength })
      .max(FEED_INTERVAL.max, { error: MESSAGES.maxLength })
      .optional(),
  ),
});
export type StreamUpdateInput = z.infer<typeof StreamUpdateSchema>;

/** /settings/channels: a stream's row buttons (one discriminated union on `intent`, ADR 028). */
export const StreamRowActionSchema = z.discriminatedUnion("intent", [
  withIntent("pin", RecordIdFormSchema),
  withIntent("duplicate", RecordIdFormSchema),
  withIntent("delete", RecordIdFormSchema),
]);
export type StreamRowAction = z.output<typeof StreamRowActionSchema>;

/** A stream's own page (/settings/channels/{id}): edit it, rotate its ingest key, poll it now (ADR 028). */
export const StreamPageActionSchema = z.discriminatedUnion("intent", [
  withIntent("update", StreamUpdateSchema),
  withIntent("rotate", z.object({})),
  withIntent("poll", z.object({})),
]);
export type StreamPageAction = z.output<typeof StreamPageActionSchema>;

/** Longest single muted word. */
export const MUTED_KEYWORD_MAX = 100;

/** Muted keywords (spec §5): an entry holding ' / ' is several words. */
export const MutedKeywordsSchema = z.object({
  muted_keywords: z
    .array(z.object({ value: requiredString().max(MUTED_KEYWORD_MAX, { error: MESSAGES.maxLength }) }), {
      error: MESSAGES.atLeastOneItem,
    })
    .min(1, { error: MESSAGES.atLeastOneItem }),
});

/** The muted-keywords form posts one text field; it becomes the API's list. */
const MutedKeywordsFormSchema = z.object({
  value: requiredString().max(1000, { error: MESSAGES.maxLength }),
});

export function splitMutedKeywords(entries: readonly string[]): string[] {
  return entries
    .flatMap((entry) => entry.split(" / "))
    .map((word) => word.trim())
    .filter((word) => word.length > 0);
}

/**
 * The muted-keywords screen's entry, seen with spec §5's rule: ' / ' splits it, and each word must be
 * one the API accepts. (Whether any is new depends on the list: the screen checks that beside this.)
 */
export const MutedKeywordsEntrySchema = MutedKeywordsFormSchema.superRefine(({ value }, ctx) => {
  const words = splitMutedKeywords([value]);
  if (!words.length) ctx.addIssue({ code: "custom", path: ["value"], message: MESSAGES.required });
  else if (words.some((word) => word.length > MUTED_KEYWORD_MAX)) ctx.addIssue({ code: "custom", path: ["value"], message: MESSAGES.maxLength });
});

/** /settings/muted-keywords: add an entry, remove a word (one discriminated union on `intent`, ADR 028). */
export const MutedKeywordActionSchema = z.discriminatedUnion("intent", [
  withIntent("add", MutedKeywordsEntrySchema),
  withIntent("remove", RecordIdFormSchema),
]);
export type MutedKeywordAction = z.output<typeof MutedKeywordActionSchema>;

/** Keywords still to send: split, de-duplicated (case-insensitive) and without those already muted. */
export function newMutedKeywords(entries: readonly string[], alreadyMuted: readonly string[]): string[] {
  const seen = new Set(alreadyMuted.map((w) => w.toLowerCase()));
  const fresh: string[] = [];
  for (const word of splitMutedKeywords(entries)) {
    const key = word.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    fresh.push(word);
  }
  return fresh;
}

const stringList = () =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.string().trim().min(1).max(40)),
  );

/** A sentiment exclusion (spec core §3): text replaced before scoring, per language and network. */
export const SentimentExcludeWordSchema = z.object({
  text_to_exclude: requiredString().max(200, { error: MESSAGES.maxLength }),
  // Empty means "remove the text"; conform turns an empty field into undefined.
  replace_with: z.string().trim().max(200, { error: MESSAGES.maxLength }).default(""),
  languages: stringList(),
  social_types: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.enum(NETWORK_IDS, { error: MESSAGES.wrongFormat })),
  ),
  /** System admins only: an entry for every business profile. */
  global: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).optional(),
});
export type SentimentExcludeWordInput = z.infer<typeof SentimentExcludeWordSchema>;

/** The sentiment screen's edit form: the entry's id beside its fields. */
export const SentimentExcludeWordUpdateFormSchema = SentimentExcludeWordSchema.safeExtend(RecordIdFormSchema.shape);

/** The sentiment screen's try-it form (POST /v1/sentiments/preview). */
export const SentimentPreviewFormSchema = z.object({
  text: requiredString().max(5000, { error: MESSAGES.maxLength }),
  language: optionalString(),
  social_type: z.enum(NETWORK_IDS, { error: MESSAGES.wrongFormat }).default("twitter"),
});

/** /account/settings/sentiment: exclusions (create, update, delete) and the preview (ADR 028). */
export const SentimentActionSchema = z.discriminatedUnion("intent", [
  withIntent("create", SentimentExcludeWordSchema),
  withIntent("update", SentimentExcludeWordUpdateFormSchema),
  withIntent("delete", RecordIdFormSchema),
  withIntent("preview", SentimentPreviewFormSchema),
]);
export type SentimentAction = z.output<typeof SentimentActionSchema>;

/** GET /v1/streams: account_id defaults to the caller; stream_types filters categories. */
export const StreamListQuerySchema = z.object({
  account_id: z.string().optional(),
  business_profile_id: z.string().optional(),
  stream_types: z.string().optional(),
  social_types: z.string().optional(),
});

/** POST /v1/streams/{id}/imports: the raw body's format and the file's name. */
export const ImportQuerySchema = z.object({ format: z.enum(["csv", "ndjson"]).optional(), file_name: z.string().max(300).optional() });

/** GET /webhooks: one integration's. */
export const WebhookListQuerySchema = z.object({ name: z.string().optional() });

/** GET /v1/sentiments/exclude_words. */
export const ExcludeWordListQuerySchema = z.object({ business_profile_id: z.string().optional() });

/** PUT /v1/sentiments/exclude_words (the spec's PUT on the collection): the id travels in the body. */
export const ExcludeWordUpdateBodySchema = SentimentExcludeWordSchema.extend({ id: z.coerce.number().int().positive() });

const tooLong = { error: MESSAGES.maxLength };

/** POST /v1/sentiments/preview: a text to score with the current exclusions. */
export const SentimentPreviewBodySchema = z.object({
  text: z.string({ error: MESSAGES.wrongFormat }).min(1, { error: MESSAGES.required }).max(5000, tooLong),
  language: z.string({ error: MESSAGES.wrongFormat }).max(8, tooLong).optional(),
  social_type: z.enum(NETWORK_IDS).default("twitter"),
});

/** GET /v1/contents/translate: a text, the language to translate to, and optionally its own. */
export const TranslateQuerySchema = z.object({
  text: z.string().min(1).max(5000),
  lang: z.string().min(2).max(8),
  from: z.string().max(8).optional(),
});

// ── Responses (ADR 027) ──────────────────────────────────────────────────────────────────────────

/** A stream (channel) of the business profile, with its health; ingest_key is null for those who do not manage channels. */
export const StreamResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  social_type: z.enum(NETWORK_IDS),
  category: z.enum(STREAM_CATEGORIES),
  source: z.enum(STREAM_SOURCES),
  config: z.object({
    feed_url: z.string().optional(),
    interval_seconds: z.number().optional(),
    business_name: z.string().optional(),
    app_id: z.string().optional(),
    country: z.string().optional(),
    reply_url: z.string().optional().describe("Webhook streams: where inbox replies and moderation actions are delivered"),
  }),
  pinned: z.boolean(),
  flags: z.object({
    add: z.boolean(),
    edit: z.boolean(),
    pin: z.boolean(),
    delete: z.boolean(),
    duplicate: z.boolean(),
  }),
  ingest_key: z.string().nullable(),
  webhook: z
    .object({
      integration_name: z.string(),
      uuid: z.string(),
      url: z.string(),
      secret: z.string().nullable(),
      signature_help: z.string().nullable(),
    })
    .nullable(),
  health: z.object({
    items_count: z.number(),
    last_item_at: z.string().nullable(),
    last_success_at: z.string().nullable(),
    last_error: z.string().nullable(),
    last_error_at: z.string().nullable(),
    consecutive_failures: z.number(),
    next_poll_at: z.string().nullable(),
  }),
  created_at: z.string(),
});

/** GET /v1/streams. */
export const StreamListResponseSchema = z.object({ data: z.array(StreamResponseSchema) });

/** What storing a batch of mentions did: the stored, the duplicates, the rejected and why (by position). */
export const IngestReportResponseSchema = z.object({
  accepted: z.number(),
  duplicates: z.number(),
  rejected: z.number(),
  errors: z.array(z.object({ position: z.number(), external_id: z.string().optional(), message: z.string() })),
});

/** POST /v1/streams/{id}/imports: what one upload did. */
export const ImportResponseSchema = IngestReportResponseSchema.extend({
  id: z.number(),
  status: z.string(),
  lines: z.number(),
  bytes_read: z.number(),
});

/** GET /v1/streams/{id}/imports and /v1/imports/{id}: an upload's outcome with its file, format and times. */
export const ImportRecordResponseSchema = ImportResponseSchema.extend({
  stream_id: z.number(),
  format: z.string(),
  file_name: z.string().nullable(),
  bytes_total: z.number().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

/** GET /v1/streams/{id}/imports: the stream's uploads, newest first. */
export const ImportRecordListResponseSchema = z.object({ data: z.array(ImportRecordResponseSchema) });

/** POST /v1/streams/{id}/poll: what reading the feed or review source now did. */
export const PollOutcomeResponseSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("ok"), report: IngestReportResponseSchema }),
  z.object({ status: z.literal("not-modified") }),
  z.object({ status: z.literal("failed"), reason: z.string() }),
]);

/** POST /webhooks/{integration_name}/{uuid}: a delivery's report (repeated: the delivery id was seen before, nothing stored). */
export const WebhookDeliveryResponseSchema = IngestReportResponseSchema.extend({ repeated: z.boolean() });

/** An interaction's answer where the provider expects one (Discord: PING → { type: 1 }). */
const WebhookInteractionResponseSchema = z
  .object({
    type: z.number(),
    data: z
      .object({
        content: z.string().optional(),
        flags: z.number().optional(),
        choices: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
      })
      .optional(),
  })
  .describe("An interaction's answer where the provider expects one (Discord: PING → { type: 1 })");

/** POST /webhooks/{integration_name}/{uuid}: the report, or the provider's expected answer. */
export const WebhookReceiveResponseSchema = z.union([WebhookDeliveryResponseSchema, WebhookInteractionResponseSchema]);

/** GET /webhooks: each integration's webhook URL. */
export const WebhookListResponseSchema = z.object({
  data: z.array(z.object({ id: z.number(), stream_id: z.number(), integration_name: z.string(), uuid: z.string(), url: z.string() })),
});

/** A muted keyword of the business profile (GET /v1/muted_keywords). */
export const MutedKeywordResponseSchema = z.object({ id: z.number(), value: z.string() });

/** GET /v1/muted_keywords, and POST's words newly muted. */
export const MutedKeywordListResponseSchema = z.object({ data: z.array(MutedKeywordResponseSchema) });

/** A sentiment exclusion word: the profile's own, or a global one (business_profile_id null). */
export const ExcludeWordResponseSchema = z.object({
  id: z.number(),
  text_to_exclude: z.string(),
  replace_with: z.string(),
  languages: z.array(z.string()),
  social_types: z.array(z.string()),
  business_profile_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** GET /v1/sentiments/exclude_words: the profile's entries and the global ones. */
export const ExcludeWordListResponseSchema = z.object({ data: z.array(ExcludeWordResponseSchema) });

/** POST /v1/sentiments/preview: a text's sentiment, its score and language, and the words that drove it. */
export const SentimentPreviewResponseSchema = z.object({
  language: z.string(),
  sentiment: z.number(),
  sentiment_score: z.number(),
  sentiment_drivers: z.array(z.object({ term: z.string(), weight: z.number() })),
});

/** GET /v1/contents/translate: the text in the language asked for, the source language and who translated. */
export const TranslationResponseSchema = z.object({
  data: z.object({ text: z.string(), from: z.string(), to: z.string(), provider: z.string() }),
});
