import { MESSAGES } from "../../../domain/messages";
export type SentimentName = "positive" | "neutral" | "negative";

/** -1 negative, 0 neutral, 1 positive (docs/architecture.md "Sentiment"); anything above 0 reads positive. */
export function sentimentName(sentiment: number): SentimentName {
  return sentiment > 0 ? "positive" : sentiment < 0 ? "negative" : "neutral";
}

const LABELS: Readonly<Record<SentimentName, string>> = {
  positive: MESSAGES.sentimentPositive,
  neutral: MESSAGES.sentimentNeutral,
  negative: MESSAGES.sentimentNegative,
};

export function sentimentLabel(sentiment: number): string {
  return LABELS[sentimentName(sentiment)];
}

/** The badge colours of each sentiment (the label is always shown too: colour is never the only cue). */
export const SENTIMENT_TONES: Readonly<Record<SentimentName, string>> = {
  positive: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  neutral: "bg-slate-100 text-slate-700 ring-slate-200",
  negative: "bg-red-50 text-red-800 ring-red-200",
};

/** A driver's signed weight as people read it: '+2', '−1.5' (a real minus sign), at most two decimals. */
export function formatWeight(weight: number): string {
  const rounded = Math.round(weight * 100) / 100;
  if (rounded === 0) return "0";
  const digits = String(Math.abs(rounded));
  return rounded > 0 ? `+${digits}` : `\u2212${digits}`;
}

/** 'refund (−1.5), not working (−2)': what moved the sentiment, strongest first as the API lists them. */
export function driversText(drivers: ReadonlyArray<{ term: string; weight: number }>): string {
  return drivers.map((driver) => `${driver.term} (${formatWeight(driver.weight)})`).join(", ");
}

/** A score in -1..1 with two decimals, signed the same way. */
export function formatScore(score: number): string {
  const fixed = Math.abs(score).toFixed(2);
  if (Number(fixed) === 0) return "0.00";
  return score > 0 ? `+${fixed}` : `\u2212${fixed}`;
}
