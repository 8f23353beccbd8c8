/** The statuses list's sort keys (spec §9: most shares, most comments, most followers, total engagements, reach score). */
export const FEED_ITEM_ORDER_KEYS = [
  "counts.total_engagements",
  "counts.shares",
  "counts.comments",
  "counts.likes",
  "author.followers",
  "reach_score",
  "impact_score",
  "created_at",
] as const;
