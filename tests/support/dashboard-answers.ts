// Dashboard widget answers for the web side's tests, as the web client hands them over: written on the
// wire (snake_case), parsed with the widget's response schema (so a fixture cannot drift from what the
// API sends), then camelCased as the client does (ADR 027).
import type * as z from "zod";
import { camelCaseKeys, type FromWire } from "../../domain/key-case";
import type { StatusResponseSchema } from "../../domain/schemas/statuses";

type WireEntry<S extends z.ZodType> = z.input<S> extends { data: Array<infer Entry> } ? Entry : never;

/** The context part of an entry: a saved search named `title`, in a compare colour. */
export function ctx(title: string, color = "blue", index = 0) {
  return { context: { context_type: 1, context_id: index + 1, title, color } };
}

/** A widget's answer: its entries (one per context, in request order) and the meta of the read. */
export function widgetAnswer<S extends z.ZodType>(schema: S, entries: Array<WireEntry<S>>): FromWire<S> {
  const meta = {
    range: { from: "2026-11-01T00:00:00.000Z", to: "2026-11-03T00:00:00.000Z" },
    compared_range: null,
    interval: "day",
    time_zone: "UTC",
    source: "raw",
    cached: false,
  };
  return camelCaseKeys(schema.parse({ data: entries, meta })) as FromWire<S>;
}

/** Any answer: checked against its schema, then camelCased. */
export function wireAnswer<S extends z.ZodType>(schema: S, wire: z.input<S>): FromWire<S> {
  return camelCaseKeys(schema.parse(wire)) as FromWire<S>;
}

/** A mention as the API answers it (StatusResponseSchema), with `values` over plain defaults. */
export function wireStatus(values: Partial<z.input<typeof StatusResponseSchema>> & { id: number }): z.input<typeof StatusResponseSchema> {
  return {
    status_id: `x-${values.id}`,
    social_type: "twitter",
    stream_id: null,
    kind: "post",
    title: null,
    description: "",
    post_url: null,
    language: "en",
    sentiment: 0,
    sentiment_score: 0,
    sentiment_drivers: [],
    keywords: [],
    counts: { likes: 0, comments: 0, shares: 0, views: 0, total_engagements: 0 },
    reach: 0,
    impact_score: 0,
    rating: null,
    identity: { id: null, username: "someone", name: null, followers: 0, country: "", photo_url: null },
    author_username: "someone",
    author_name: null,
    author_followers: 0,
    author_country: "",
    state: 0,
    assigned_to: null,
    label_ids: [],
    translation: null,
    is_replied: 0,
    is_agent_reply: false,
    parent_status_id: null,
    first_reply_at: null,
    muted: false,
    created_at: "2026-11-01T00:00:00.000Z",
    ingested_at: "2026-11-01T00:00:00.000Z",
    ...values,
  };
}
