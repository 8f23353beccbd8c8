import { NOTIFICATION_SPLIT_THRESHOLD } from "./constants";

/**
 * Text over about 100 characters is split at a sentence boundary: the first sentences up to the
 * threshold show, the rest goes under 'more details' (spec core §2). A single long sentence is
 * split at the last word boundary before the threshold.
 */
export function splitNotificationText(
  text: string,
  threshold: number = NOTIFICATION_SPLIT_THRESHOLD,
): { summary: string; rest: string } {
  const clean = text.trim();
  if (clean.length <= threshold) return { summary: clean, rest: "" };
  const sentences = clean.match(/[^.!?]+[.!?]+(\s+|$)|[^.!?]+$/g) ?? [clean];
  let summary = "";
  for (const sentence of sentences) {
    if (summary && (summary + sentence).trimEnd().length > threshold) break;
    summary += sentence;
    if (summary.trimEnd().length > threshold) break;
  }
  summary = summary.trimEnd();
  if (summary.length > threshold * 1.5) {
    const cut = clean.lastIndexOf(" ", threshold);
    summary = clean.slice(0, cut > 0 ? cut : threshold).trimEnd();
  }
  return { summary, rest: clean.slice(summary.length).trim() };
}

export const PERMISSIONS_ERROR_CATEGORY = "permissions_error";
