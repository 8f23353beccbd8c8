// Reach and impact of a mention (ADR 011). Pure, so the pipeline, the API and tests share one formula.

/** Average audience a re-share adds: a sharer's followers are unknown to us, so a typical value stands in. */
const AUDIENCE_PER_SHARE = 150;

export interface ScoreInput {
  followers: number;
  likes: number;
  comments: number;
  shares: number;
  views: number;
}

export function totalEngagements(x: Pick<ScoreInput, "likes" | "comments" | "shares">): number {
  return x.likes + x.comments + x.shares;
}

/** People who could have seen it: measured views when the network reports them, else the author's audience plus re-shares. */
export function reach(x: ScoreInput): number {
  return Math.max(x.views, x.followers + x.shares * AUDIENCE_PER_SHARE);
}

// Log scales: a post at 10 million reach and 100,000 engagements scores 100.
const REACH_CEILING = Math.log10(1 + 10_000_000);
const ENGAGEMENT_CEILING = Math.log10(1 + 100_000);

/**
 * Impact 0–100: 40 % how far it travelled (log reach), 60 % how much people acted on it (log weighted
 * engagements; comments and shares count double a like, being costlier to give).
 */
export function impactScore(x: ScoreInput): number {
  const reachPart = Math.min(1, Math.log10(1 + reach(x)) / REACH_CEILING);
  const weighted = x.likes + 2 * x.comments + 2 * x.shares;
  const engagementPart = Math.min(1, Math.log10(1 + weighted) / ENGAGEMENT_CEILING);
  return Math.round((40 * reachPart + 60 * engagementPart) * 10) / 10;
}
