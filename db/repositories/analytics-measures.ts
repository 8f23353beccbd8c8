import { sql } from "kysely";

// The measures every rollup table of counts holds (ADR 015, ADR 017), in one order for all their reads and writes.
export const ROLLUP_MEASURES = ["mentions", "likes", "comments", "shares", "views", "total_engagements", "reach", "impact_sum", "replied", "first_reply_count", "first_reply_seconds"] as const;

/** The measure columns, as a column list. */
export const MEASURE_COLUMNS = sql.raw(ROLLUP_MEASURES.join(", "));

/** Each measure summed, in the same order (an INSERT ... SELECT of grouped rows). */
export const MEASURE_SUMS = sql.raw(ROLLUP_MEASURES.map((m) => `sum(${m})`).join(", "));
