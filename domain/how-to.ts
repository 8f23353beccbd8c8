// The How To guide (issue 27, /how_to; ADR 038): what the guide says, as data the server renders and the
// tests check. The query examples are linted by the product's linter (domain/query) in how-to.test.ts;
// the sources come from the stream catalogue (domain/streams.ts); the shortcuts are the inbox's own
// INBOX_SHORTCUTS, the list the inbox's key handler and its "?" dialog use.
import { INBOX_SHORTCUTS } from "./inbox";
import { MESSAGES } from "./messages";
import { NETWORKS, type NetworkId } from "./networks";
import type { Role } from "./roles";
import { networkVisibleTo, sourcesForNetwork, STREAM_CATALOGUE, STREAM_SOURCE_LABELS, STREAM_SOURCES, type StreamSource } from "./streams";

export interface HowToSection {
  /** The anchor: /how_to#{id}. */
  id: string;
  title: string;
}

export const HOW_TO_SECTIONS = [
  { id: "query-language", title: "The query language" },
  { id: "sources", title: "Sources: connecting each network" },
  { id: "keyboard-shortcuts", title: "Keyboard shortcuts" },
  { id: "alerts-and-rules", title: "Alerts and rules" },
  { id: "helper", title: "Asking the helper" },
] as const satisfies readonly HowToSection[];

/** A query that the linter accepts, and what it finds. */
export interface QueryExample {
  query: string;
  finds: string;
}

export const QUERY_EXAMPLES: readonly QueryExample[] = [
  { query: "refund", finds: "Mentions with the word refund, whatever its case or accents (Refund, REFUND)." },
  { query: "refund*", finds: "Words that start with refund: refunds, refunded, refunding." },
  { query: '"late delivery"', finds: "The two words side by side, in this order." },
  { query: '"late delivery"~2', finds: "The two words in this order with at most two other words between them: late parcel delivery." },
  { query: "delivery~1", finds: "Words at most one letter away: delivery, delivry, deliverys." },
  { query: "refund AND delay", finds: "Mentions with both words." },
  { query: "refund OR chargeback", finds: "Mentions with either word." },
  { query: "(refund OR chargeback) AND (app OR website)", finds: "Brackets group: one word of each pair." },
  { query: 'earshot AND ("customer service" OR support*)', finds: "A phrase and a prefix inside a group." },
  { query: '"e-mail" OR "wi-fi"', finds: "Words with a hyphen go in quotes." },
];

/** A query the linter refuses, with the message it gives (the catalogue's). */
export interface QueryMistake {
  query: string;
  message: string;
  fix: string;
}

const LINT = MESSAGES.queryLint;
export const QUERY_MISTAKES: readonly QueryMistake[] = [
  { query: "late delivery", message: LINT.phraseNeedsQuotes, fix: '"late delivery" or late AND delivery' },
  { query: "*fund", message: LINT.leadingWildcard, fix: "fund*" },
  { query: "refund AND NOT app", message: LINT.specialCharacter, fix: "Use an exclude query (rules) or a must-not filter (searches)." },
  { query: "e-mail", message: LINT.specialCharacter, fix: '"e-mail"' },
  { query: "refund~3", message: LINT.tilde, fix: "refund~1 or refund~2" },
  { query: "(refund OR chargeback", message: LINT.unbalancedBracket, fix: "(refund OR chargeback) AND app" },
  { query: "(refund OR chargeback)", message: LINT.uselessWholeQuery, fix: "refund OR chargeback" },
];

export const QUERY_RULES: readonly string[] = [
  "AND and OR are written in capitals; AND binds tighter than OR, so a OR b AND c means a OR (b AND c).",
  "Lower-case and, or and not are ordinary words.",
  "Two or more words without an operator between them are a phrase and need quotes.",
  "* goes only at the end of a word; ~1 and ~2 come right after a word or a closing quote.",
  "+, - and NOT are not supported outside quotes.",
  "At most 100 items joined by AND or OR at one bracket level, 32 levels of brackets and 8,000 characters.",
  "Each fault is marked at its place as you type in Live Search, Custom Topics and Rules.",
];

/** How mentions reach a stream of each kind of source, step by step. */
const SOURCE_STEPS: Readonly<Record<StreamSource, string>> = {
  webhook:
    "Connect the stream, then copy its webhook URL and signing secret into the tool's webhook settings. Every ticket, message or post it sends arrives signed; unsigned calls are refused. Add a reply delivery URL to send replies and moderation actions back.",
  feed: "Give the address of an RSS 2.0 or Atom feed and how often to read it (every 5 minutes to once a day). New entries arrive at that interval.",
  review: "Give the business domain (Trustpilot) or the app's id (App Store, Google Play, Steam). New reviews are read on a schedule.",
  api: "Send mentions from your own systems: POST them as JSON or NDJSON to /api/v1/ingest/streams/{id} with the stream's ingest key in the X-Ingest-Key header. The stream's page shows its key to admins.",
  import: "Upload a CSV file (download the template from the stream's import page) or an NDJSON file; lines with errors are listed by number and the others kept.",
};

export const CONNECT_STEPS: readonly string[] = [
  "Open Settings → Channels and choose Connect.",
  "Pick the network and one of its stream categories (inboxes, streams, hashtags…).",
  "Pick how its mentions arrive (the ways each network offers are in the table below) and fill in what that way needs.",
  "Save: the stream appears in the inbox sidebar under its network, and its mentions are matched against every saved search, topic, rule and alert as they arrive.",
];

export interface NetworkSourceRow {
  id: NetworkId;
  name: string;
  categories: readonly string[];
  sources: string[];
}

/** Every network the role may connect, with its categories and the ways its mentions can arrive. */
export function networkSourceRows(role: Role): NetworkSourceRow[] {
  return NETWORKS.filter((network) => networkVisibleTo(network.id, role)).map((network) => ({
    id: network.id,
    name: network.name,
    categories: STREAM_CATALOGUE[network.id],
    sources: sourcesForNetwork(network.id).map((source) => STREAM_SOURCE_LABELS[source]),
  }));
}

/** The ways mentions arrive, in the catalogue's order, with their steps. */
export function sourceGuides(): { source: StreamSource; label: string; steps: string }[] {
  return STREAM_SOURCES.map((source) => ({ source, label: STREAM_SOURCE_LABELS[source], steps: SOURCE_STEPS[source] }));
}

/** The inbox's shortcuts, from the list its key handler uses. */
export const HOW_TO_SHORTCUTS = INBOX_SHORTCUTS;

export const SHORTCUT_NOTES: readonly string[] = [
  "The shortcuts work in the inbox list and an open item, not while you type in a field or a dialog is open.",
  "Every shortcut is also a button or a link you can reach with Tab.",
];

export const ALERTS_GUIDE: readonly string[] = [
  "An alert watches a saved search or a topic: choose Set up alert on a saved search's page (or its menu in the sidebar) or on a topic's page.",
  "Count alerts fire when at least N mentions match within the time span (15 minutes to 7 days); spike alerts when the span holds N per cent more than the average of the 7 spans before.",
  "Each crossing sends one e-mail to the recipients, with the numbers, the top mentions and links into the inbox, and a notification in the owner's bell. A muted alert records its firings and sends nothing.",
  "Your alerts are listed under Alerts in the account menu.",
];

export const RULES_GUIDE: readonly string[] = [
  "A rule acts on every new mention that matches it, as it arrives: it labels it, assigns it to a person or a team, sets its state or hides it.",
  "Its target is a kind of mention (posts, comments and replies, reviews, messages and tickets), optionally only from some sources and authors, whose text matches the query and not the exclude query (the query language above).",
  "Rules run oldest first. Test this rule counts what it would have matched in the last 7 days; Apply to existing runs it over the stored mentions.",
  "Rules are managed by admins under Rules in the account menu.",
];

export const HELPER_QUESTIONS: readonly string[] = [
  "Volume: how many mentions, for a saved search or topic, in a period.",
  "Sentiment: how many positive, neutral or negative mentions, and how that changed.",
  "Networks, languages and countries: where the mentions come from.",
  "Top posts and trending keywords or themes.",
  "Comparisons: this week against last week, or one saved search against another.",
];

export const HELPER_NOTES: readonly string[] = [
  "The helper answers from your own workspace's data, with the numbers it used and a link to the same view on the dashboard, search or inbox.",
  "Name the period and what to look at; when it cannot answer a question, it says so rather than guess.",
];
