// A tenant's mentions for the helper's tests and evaluation (issue 27, ADR 042): known counts per
// network, sentiment and day around a fixed "now" (Wednesday 11 March 2026, 12:00 UTC), so that last
// week (2–8 March), the week before (23 February – 1 March), yesterday (10 March) and the day before
// (9 March) each hold different figures. Texts carry clear sentiment words (the pipeline scores them).
import type { NetworkId } from "../../domain/networks";
import type { ServiceDeps } from "../../services/context";
import { createSeededStreams } from "../../services/streams/streams";
import { ingestItems, type SearchTenant } from "./search";

export const HELPER_NOW = new Date("2026-03-11T12:00:00.000Z");
export const HELPER_NETWORKS: NetworkId[] = ["twitter", "reddit", "facebook"];

const NEGATIVE = ["terrible outage, awful service", "awful refund experience, terrible", "broken login, terrible support"];
const POSITIVE = ["great product, love it", "love the new dashboard, great"];
const NEUTRAL = ["login works as described", "refund question about the invoice"];

interface Batch {
  day: string;
  network: NetworkId;
  kind: "negative" | "positive" | "neutral";
  count: number;
  language?: string;
  country?: string;
}

/** The batches: what each day holds (every count differs, so a wrong period shows). */
export const HELPER_BATCHES: Batch[] = [
  // The week before last week.
  { day: "2026-02-24", network: "twitter", kind: "negative", count: 2 },
  { day: "2026-02-26", network: "reddit", kind: "negative", count: 1 },
  { day: "2026-02-27", network: "twitter", kind: "positive", count: 3, language: "es", country: "ES" },
  // Last week.
  { day: "2026-03-02", network: "twitter", kind: "negative", count: 4, language: "en", country: "US" },
  { day: "2026-03-04", network: "twitter", kind: "negative", count: 3, language: "de", country: "DE" },
  { day: "2026-03-05", network: "reddit", kind: "negative", count: 2, language: "en", country: "GB" },
  { day: "2026-03-06", network: "twitter", kind: "positive", count: 5, language: "en", country: "US" },
  { day: "2026-03-07", network: "facebook", kind: "neutral", count: 6, language: "fr", country: "FR" },
  // The day before yesterday, and yesterday.
  { day: "2026-03-09", network: "twitter", kind: "negative", count: 1, language: "en", country: "US" },
  { day: "2026-03-10", network: "twitter", kind: "negative", count: 8, language: "en", country: "US" },
  { day: "2026-03-10", network: "reddit", kind: "positive", count: 2, language: "en", country: "GB" },
];

/** Ingests the batches for a tenant (its streams are created); replies to a few mentions give first-reply times. */
export async function seedHelperMentions(deps: ServiceDeps, businessProfileId: number, prefix = "h"): Promise<SearchTenant> {
  const seeded = await createSeededStreams(
    deps,
    businessProfileId,
    HELPER_NETWORKS.map((network) => ({ key: network, network, category: "streams" as const, name: `${network} stream`, source: "api" })),
  );
  const tenant: SearchTenant = { businessProfileId, streams: new Map([...seeded].map(([k, v]) => [k as NetworkId, v.id])) };
  let n = 0;
  const items = HELPER_BATCHES.flatMap((b) =>
    Array.from({ length: b.count }, (_, i) => {
      const texts = b.kind === "negative" ? NEGATIVE : b.kind === "positive" ? POSITIVE : NEUTRAL;
      n += 1;
      return {
        network: b.network,
        external_id: `${prefix}${n}`,
        text: `${texts[i % texts.length]} ${n}`,
        created_at: `${b.day}T${String(8 + (i % 10)).padStart(2, "0")}:1${i % 6}:00.000Z`,
        likes: (n * 7) % 13,
        shares: n % 4,
        ...(b.language ? { language: b.language } : {}),
        author: { username: `author${n % 9}`, followers: n * 50, ...(b.country ? { country: b.country } : {}) },
      };
    }),
  );
  await ingestItems(deps, tenant, items);
  // Replies to the first three mentions of last week: 10, 30 and 20 minutes after them.
  const replied = [
    { id: `${prefix}7`, at: "2026-03-02T08:10:00.000Z", minutes: 10 },
    { id: `${prefix}8`, at: "2026-03-02T09:11:00.000Z", minutes: 30 },
    { id: `${prefix}9`, at: "2026-03-02T10:12:00.000Z", minutes: 20 },
  ];
  await ingestItems(
    deps,
    tenant,
    replied.map((r, k) => ({
      network: "twitter" as const,
      external_id: `${prefix}r${k}`,
      text: "Sorry about that, we are on it",
      created_at: new Date(Date.parse(r.at) + r.minutes * 60_000).toISOString(),
      is_agent_reply: true,
      parent_external_id: r.id,
      author: { username: "brand" },
    })),
  );
  return tenant;
}
