// Review sources connected by business name (Trustpilot) or app id (App Store, Google Play, Steam), read
// through each platform's public review endpoint at a configurable base URL. Web reviews published as
// feeds go through the feeds module (fetchWebReviews). Only jobs/ imports ingest/.
import { fetchFeed, type FeedFetchOptions, type FeedFetchResult, type FeedState } from "../feeds";
import { googlePlayClient } from "./google-play";
import { iosClient } from "./ios";
import {
  type Http,
  type ReviewClient,
  type ReviewClientOptions,
  type ReviewNetwork,
  type ReviewSourceConfig,
} from "./shared";
import { steamClient } from "./steam";
import { trustpilotClient } from "./trustpilot";

export {
  REVIEW_AUTH_FAILED_MESSAGE,
  ReviewSourceAuthError,
  ReviewSourceError,
  
  type ReviewClient,
  type ReviewClientOptions,
  type ReviewNetwork,
  
} from "./shared";
;
;
;

/**
 * The client of one platform. Base URLs default to the platforms' public hosts (Google Play has none: it
 * needs a scraper service, see google-play.ts). These URLs come from the operator's configuration, not
 * from users, so no SSRF guard applies; what users type (business name, app id, country) is validated
 * and encoded into the path or query.
 */
export function reviewClient(network: ReviewNetwork, options: ReviewClientOptions = {}): ReviewClient {
  const http: Http = {
    network,
    fetchImpl: options.fetchImpl ?? fetch,
    timeoutMs: options.timeoutMs ?? 15_000,
    maxBytes: options.maxBytes ?? 5 * 1024 * 1024,
  };
  const baseUrl = options.baseUrls?.[network];
  const client =
    network === "trustpilot"
      ? trustpilotClient(http, baseUrl, options.trustpilotApiKey)
      : network === "googlePlay"
        ? googlePlayClient(http, baseUrl)
        : network === "ios"
          ? iosClient(http, baseUrl)
          : network === "steam"
            ? steamClient(http, baseUrl)
            : null;
  if (!client) throw new Error(`No review client for network ${String(network)}`);
  const same = (config: ReviewSourceConfig) => {
    if (config.network !== network) throw new Error(`A ${network} client was given a ${config.network} source`);
  };
  return {
    async validate(config) {
      same(config);
      await client.validate(config);
    },
    async fetchReviews(config, fetchOptions) {
      same(config);
      return client.fetchReviews(config, fetchOptions);
    },
  };
}

/** Web reviews published as an RSS/Atom feed: the feed reader with the "webreview" mapping (kind review). */
export function fetchWebReviews(
  url: string,
  state: FeedState,
  options: Omit<FeedFetchOptions, "network"> = {},
): Promise<FeedFetchResult> {
  return fetchFeed(url, state, { ...options, network: "webreview" });
}
