// The rows of the text widgets' .csv answers (ADR 015): a header and one row per item, per context.
import type { StatusView } from "../../statuses/status-view";
import type { ContextRef } from "./context";

export interface CsvTable {
  header: string[];
  rows: unknown[][];
}

const SENTIMENT_NAMES: Record<number, string> = { [-1]: "negative", 0: "neutral", 1: "positive" };
const sentimentName = (n: number) => SENTIMENT_NAMES[n] ?? String(n);

export function trendingCsv(data: Array<{ context: ContextRef; items: Array<{ term: string; mentions: number; previous: number; score: number }> }>): CsvTable {
  return {
    header: ["context", "term", "mentions", "previous", "score"],
    rows: data.flatMap((d) => d.items.map((t) => [d.context.title, t.term, t.mentions, t.previous, t.score])),
  };
}

export function labelsCsv(
  data: Array<{ context: ContextRef; items: Array<{ labelId: number; name: string; mentions: number; previous: number; change: number | null }> }>,
): CsvTable {
  return {
    header: ["context", "label_id", "name", "mentions", "previous", "change"],
    rows: data.flatMap((d) => d.items.map((l) => [d.context.title, l.labelId, l.name, l.mentions, l.previous, l.change])),
  };
}

export function themesCsv(
  data: Array<{ context: ContextRef; themes: Array<{ name: string; terms: string[]; mentions: number; sentiment: number }> }>,
): CsvTable {
  return {
    header: ["context", "name", "terms", "mentions", "sentiment"],
    rows: data.flatMap((d) => d.themes.map((t) => [d.context.title, t.name, t.terms.join("; "), t.mentions, sentimentName(t.sentiment)])),
  };
}

export function topicsCsv(
  data: Array<{ context: ContextRef; items: Array<{ topicId: number; name: string; mentions: number; sentiment: number }> }>,
): CsvTable {
  return {
    header: ["context", "topic_id", "name", "mentions", "sentiment"],
    rows: data.flatMap((d) => d.items.map((t) => [d.context.title, t.topicId, t.name, t.mentions, sentimentName(t.sentiment)])),
  };
}

/** "YYYY-MM-DD HH:mm:ss" in a time zone. */
function wallClock(iso: string, timeZone: string): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  for (const p of format.formatToParts(new Date(iso))) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export function clusterCsv(cluster: { label: string; items: StatusView[] }, timeZone: string): CsvTable {
  return {
    header: ["cluster", "id", "created_at", "social_type", "author", "sentiment", "impact_score", "text", "post_url"],
    rows: cluster.items.map((s) => [
      cluster.label,
      s.id,
      wallClock(s.createdAt, timeZone),
      s.socialType,
      s.authorName ?? s.authorUsername,
      sentimentName(s.sentiment),
      s.impactScore,
      s.title ? `${s.title}\n${s.description}` : s.description,
      s.postUrl,
    ]),
  };
}
