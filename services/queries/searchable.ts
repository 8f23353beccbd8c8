// What of a mention the query language searches (ADR 012): its title, then its text. The percolator, the
// backfills and the full-text index all tokenize this same string, so their tokens and positions agree.
export function searchableText(title: string | null | undefined, text: string): string {
  return title ? `${title}\n${text}` : text;
}
