// Feeds (RSS 2.0, RSS 1.0/RDF, Atom) for the "article" and "webreview" streams. Only jobs/ imports ingest/.
export {
  fetchFeed,
  nextPollDelayMs,
  FEED_FETCH_DEFAULTS,
  MAX_POLL_DELAY_MS,
  type FeedFetchOptions,
  type FeedFetchResult,
  type FeedState,
} from "./fetch";
export {
  parseFeed,
  FeedParseError,
  FEED_MESSAGES,
  type FeedNetwork,
  type ParseFeedOptions,
  type ParsedFeed,
} from "./parse";
export { checkTargetAllowed, blockedAddressKind, hostAllowed, type TargetCheck } from "./target";
export { htmlToText } from "./html-text";
