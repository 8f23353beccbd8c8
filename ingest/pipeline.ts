// The enrichment pipeline: named steps over a batch, in order. Each step reads and writes the working
// record (ingest/pipeline-step.ts); later issues add steps (percolation, rules, alerts) by name instead
// of editing a loop.
import type { NetworkId } from "../domain/networks";
import { matchesMutedKeyword } from "../domain/muted-keywords";
import { impactScore, reach, totalEngagements } from "../domain/scores";
import type { ExclusionRule, MentionEnricher, NetworkedItem } from "../services/mentions/ports";
import { detectLanguage, extractTerms, scoreSentiment } from "./nlp";
import { PERCOLATE_STEP } from "./percolate";
import { RULES_STEP } from "./rules";
import type { PipelineStep, WorkingMention } from "./pipeline-step";

function applyExclusions(
  text: string,
  rules: readonly ExclusionRule[],
  language: string,
  network: NetworkId,
): string {
  let result = text;
  for (const rule of rules) {
    if (rule.languages.length && !rule.languages.includes(language)) continue;
    if (rule.socialTypes.length && !rule.socialTypes.includes(network)) continue;
    if (!rule.textToExclude) continue;
    result = replaceAllInsensitive(result, rule.textToExclude, rule.replaceWith);
  }
  return result;
}

function replaceAllInsensitive(text: string, find: string, replacement: string): string {
  const haystack = text.toLowerCase();
  const needle = find.toLowerCase();
  let out = "";
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    out += text.slice(from, at) + replacement;
    from = at + needle.length;
  }
  return from === 0 ? text : out + text.slice(from);
}

const LANGUAGE_STEP: PipelineStep = {
  name: "language",
  run(batch) {
    for (const m of batch) {
      const given = m.item.language?.toLowerCase();
      m.language =
        given && /^[a-z]{2,3}$/.test(given) ? given : detectLanguage(`${m.item.title ?? ""} ${m.item.text}`).language;
    }
  },
};

const MUTED_KEYWORDS_STEP: PipelineStep = {
  name: "muted-keywords",
  run(batch, context) {
    for (const m of batch) m.muted = matchesMutedKeyword(`${m.item.title ?? ""} ${m.item.text}`, context.mutedKeywords);
  },
};

const SENTIMENT_EXCLUSIONS_STEP: PipelineStep = {
  name: "sentiment-exclusions",
  run(batch, context) {
    for (const m of batch) m.scoringText = applyExclusions(m.item.text, context.exclusions, m.language, m.item.network);
  },
};

const SENTIMENT_STEP: PipelineStep = {
  name: "sentiment",
  run(batch) {
    for (const m of batch) {
      const result = scoreSentiment(m.scoringText, m.language);
      m.sentiment = result.sentiment;
      m.sentimentScore = result.score;
      m.sentimentDrivers = result.drivers;
    }
  },
};

const TERMS_STEP: PipelineStep = {
  name: "terms",
  run(batch) {
    for (const m of batch) m.keywords = extractTerms(`${m.item.title ?? ""} ${m.item.text}`, m.language);
  },
};

const SCORES_STEP: PipelineStep = {
  name: "scores",
  run(batch) {
    for (const m of batch) {
      const input = {
        followers: m.item.author.followers,
        likes: m.item.likes,
        comments: m.item.comments,
        shares: m.item.shares,
        views: m.item.views,
      };
      m.totalEngagements = totalEngagements(input);
      m.reach = reach(input);
      m.impactScore = impactScore(input);
    }
  },
};

export const DEFAULT_STEPS: readonly PipelineStep[] = [
  LANGUAGE_STEP,
  MUTED_KEYWORDS_STEP,
  SENTIMENT_EXCLUSIONS_STEP,
  SENTIMENT_STEP,
  TERMS_STEP,
  PERCOLATE_STEP,
  // After percolation: rules may watch saved searches and topics (ADR 031).
  RULES_STEP,
  SCORES_STEP,
];

function blank(item: NetworkedItem): WorkingMention {
  return {
    item,
    scoringText: item.text,
    language: "und",
    sentiment: 0,
    sentimentScore: 0,
    sentimentDrivers: [],
    keywords: [],
    totalEngagements: 0,
    reach: 0,
    impactScore: 0,
    muted: false,
    searchTokens: [],
    matches: [],
    ruleIds: [],
  };
}

export function createEnrichmentPipeline(steps: readonly PipelineStep[] = DEFAULT_STEPS): MentionEnricher {
  return {
    stepNames: steps.map((s) => s.name),
    enrich(items, context) {
      const batch = items.map(blank);
      for (const step of steps) step.run(batch, context);
      return batch.map(({ scoringText: _scoringText, ...mention }) => mention);
    },
    explain(text, language, context, network) {
      const batch = [blank({ text, language, network } as NetworkedItem)];
      for (const step of [LANGUAGE_STEP, SENTIMENT_EXCLUSIONS_STEP, SENTIMENT_STEP]) step.run(batch, context);
      const m = batch[0]!;
      return {
        language: m.language,
        sentiment: m.sentiment,
        sentimentScore: m.sentimentScore,
        sentimentDrivers: m.sentimentDrivers,
      };
    },
  };
}
