import * as z from "zod";
import { NETWORK_IDS } from "../networks";

// One mention as every source hands it to the pipeline: the ingest API's JSON and NDJSON lines, CSV rows
// (same column names, author fields flattened as author_*), webhook and feed mappers, review clients and
// the demo generator all produce this shape (snake_case, as the API speaks).

const MENTION_KINDS = ["post", "comment", "reply", "review", "ticket", "message", "article"] as const;
export type MentionKind = (typeof MENTION_KINDS)[number];

export const INGEST_LIMITS = {
  textMax: 20_000,
  titleMax: 500,
  externalIdMax: 200,
  urlMax: 2_000,
  /** Largest ingest API body (413 above it); larger batches go through the file import. */
  bodyBytesMax: 10 * 1024 * 1024,
  /** Largest single NDJSON line / CSV row. */
  lineBytesMax: 256 * 1024,
} as const;

const count = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0);

export const IngestAuthorSchema = z.object({
  external_id: z.string().trim().max(INGEST_LIMITS.externalIdMax).optional(),
  username: z.string().trim().min(1).max(200),
  name: z.string().trim().max(200).optional(),
  followers: count,
  country: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2})?$/)
    .transform((v) => v.toUpperCase())
    .optional(),
  photo_url: z.string().trim().max(INGEST_LIMITS.urlMax).optional(),
  profile_url: z.string().trim().max(INGEST_LIMITS.urlMax).optional(),
});

export const IngestItemSchema = z.object({
  /** Defaults to the stream's network. */
  network: z.enum(NETWORK_IDS).optional(),
  external_id: z.string().trim().min(1).max(INGEST_LIMITS.externalIdMax),
  kind: z.enum(MENTION_KINDS).default("post"),
  title: z.string().max(INGEST_LIMITS.titleMax).optional(),
  text: z.string().max(INGEST_LIMITS.textMax),
  url: z.string().trim().max(INGEST_LIMITS.urlMax).optional(),
  created_at: z.iso.datetime({ offset: true }).transform((v) => new Date(v).toISOString()),
  /** ISO 639-1 code when the source knows it; otherwise detected. */
  language: z.string().trim().max(8).optional(),
  author: IngestAuthorSchema,
  /** Reply threads: the external id of the item this one answers. */
  parent_external_id: z.string().trim().max(INGEST_LIMITS.externalIdMax).optional(),
  /** True when the brand's own agent wrote it (first-reply times). */
  is_agent_reply: z.boolean().default(false),
  /** Reviews: 1 to 5 stars. */
  rating: z.coerce.number().min(1).max(5).optional(),
  likes: count,
  comments: count,
  shares: count,
  views: count,
});

export type IngestItemInput = z.input<typeof IngestItemSchema>;
export type IngestItem = z.output<typeof IngestItemSchema>;
