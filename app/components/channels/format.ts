// Pure helpers of the channels screens: grouping, sentiment wording and safe links.
import { NETWORKS, type NetworkId } from "../../../domain/networks";
import { SIDEBAR_FOLD_AFTER } from "../../../domain/streams";
import { FEED_INTERVAL_CHOICES as INTERVAL_CHOICES } from "../../../domain/streams";
import { compareNames } from "../../../domain/format";

export interface StreamGroup<T> {
  network: NetworkId;
  name: string;
  color: string;
  /** Shown at once (pinned first). */
  shown: T[];
  /** Behind the 'show more' divider. */
  folded: T[];
}

/**
 * Streams by network, in the catalogue's network order; in a group, pinned ones first, then by name.
 * After `foldAfter` streams the rest of a group sits behind a 'show more' divider (spec core §2).
 */
export function groupStreamsByNetwork<T extends { socialType: NetworkId; pinned: boolean; name: string }>(
  streams: readonly T[],
  foldAfter: number = SIDEBAR_FOLD_AFTER,
): StreamGroup<T>[] {
  return NETWORKS.flatMap((network) => {
    const own = streams
      .filter((stream) => stream.socialType === network.id)
      .sort((a, b) => Number(b.pinned) - Number(a.pinned) || compareNames(a.name, b.name));
    if (own.length === 0) return [];
    return [
      {
        network: network.id,
        name: network.name,
        color: network.color,
        shown: own.slice(0, foldAfter),
        folded: own.slice(foldAfter),
      },
    ];
  });
}

/** Only http(s) addresses become links: a mention's URL comes from outside. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** 'review streams' → 'Review streams' (the catalogue's categories are lower case). */
export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}

/** 'Every 15 minutes', or the seconds for an interval outside the usual choices. */
export function intervalLabel(seconds: number): string {
  return INTERVAL_CHOICES.find((choice) => choice.seconds === seconds)?.label ?? `Every ${seconds} seconds`;
}

/** The ingest API call a developer copies (spec: X-Ingest-Key, NDJSON body). */
export function ingestCurlExample(publicUrl: string, streamId: number, ingestKey: string): string {
  return [
    `curl -X POST ${publicUrl.replace(/\/$/, "")}/api/v1/ingest/streams/${streamId}`,
    `  -H 'X-Ingest-Key: ${ingestKey}'`,
    `  -H 'Content-Type: application/x-ndjson'`,
    `  --data-binary @mentions.ndjson`,
  ].join(" \\\n");
}

/** A positive page number from `?page=`, 1 when missing or malformed. */
export function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 5000 ? page : 1;
}
