import type { FromWire } from "../../../domain/key-case";
import type { SentimentPreviewResponseSchema } from "../../../domain/schemas/streams";
import { languageLabel } from "../../../domain/reference/languages";
import { formatScore, formatWeight, SENTIMENT_TONES, sentimentLabel, sentimentName } from "./format";
import { MESSAGES as TEXT } from "../../../domain/messages";

/** What POST /v1/sentiments/preview answers (camelCased by the API client). */
export type SentimentPreviewResult = FromWire<typeof SentimentPreviewResponseSchema>;

/** A mention's sentiment as a coloured badge with its label (the colour is never the only cue). */
function SentimentBadge({ sentiment }: { sentiment: number }) {
  return (
    <span
      data-testid="sentiment-badge"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset ${SENTIMENT_TONES[sentimentName(sentiment)]}`}
    >
      {sentimentLabel(sentiment)}
    </span>
  );
}

/** The preview's answer: the sentiment, its score and language, and the words that drove it with their weights. */
export function SentimentPreview({ result }: { result: SentimentPreviewResult }) {
  return (
    <div
      data-testid="sentiment-preview"
      role="status"
      className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
        <SentimentBadge sentiment={result.sentiment} />
        <span>
          {TEXT.sentimentScore} <span className="font-mono text-ink">{formatScore(result.sentimentScore)}</span>
        </span>
        <span>
          {TEXT.language}: <span className="text-ink">{languageLabel(result.language)}</span>
        </span>
      </div>
      <div className="space-y-1.5">
        <h3 className="text-sm font-medium text-slate-700">{TEXT.sentimentDrivers}</h3>
        {result.sentimentDrivers.length ? (
          <ul className="flex flex-wrap gap-2" aria-label={TEXT.sentimentDrivers}>
            {result.sentimentDrivers.map((driver, index) => (
              <li
                key={`${driver.term}-${index}`}
                data-testid="sentiment-driver"
                className={`rounded-md bg-white px-2 py-1 text-sm ring-1 ring-inset ${driver.weight < 0 ? "ring-red-200" : "ring-emerald-200"}`}
              >
                {driver.term}{" "}
                <span className={`font-mono font-medium ${driver.weight < 0 ? "text-red-700" : "text-emerald-700"}`}>
                  {formatWeight(driver.weight)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{TEXT.noSentimentDrivers}</p>
        )}
      </div>
    </div>
  );
}
