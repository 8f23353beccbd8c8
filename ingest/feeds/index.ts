// Feeds (RSS 2.0, RSS 1.0/RDF, Atom) for the "article" and "webreview" streams. Only jobs/ imports ingest/.
export {
  fetchFeed,
  nextPollDelayMs,
  
  
  type FeedFetchOptions,
  type FeedFetchResult,
  type FeedState,
} from "./fetch";
export {
  
  
  FEED_MESSAGES,
  
  
  
} from "./parse";
export { checkTargetAllowed,    } from "./target";
;
