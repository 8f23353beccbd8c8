// Pure helpers of the topics screens, shared by the browser and the actions.
import { MESSAGES } from "../../../domain/messages";
import type { QueryFault, TopicBackfill, TopicType } from "./types";

const LABELS = MESSAGES.topicsScreen;

export const TOPICS_PATH = "/topics";

export const TOPIC_TYPE_OPTIONS: ReadonlyArray<{ value: TopicType; label: string }> = [
  { value: "keywords", label: LABELS.typeKeywords },
  { value: "query", label: LABELS.typeQuery },
];

export function topicTypeLabel(type: string): string {
  return TOPIC_TYPE_OPTIONS.find((option) => option.value === type)?.label ?? type;
}

/** Where a fault starts, as a person counts: line and column from 1 (the API counts UTF-16 units). */
export function faultPosition(query: string, offset: number): { line: number; column: number } {
  const before = query.slice(0, Math.max(0, offset));
  const lines = before.split("\n");
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}

/** One fault as the form shows it: its message and its position. */
export function faultText(query: string, fault: QueryFault): string {
  const { line, column } = faultPosition(query, fault.offset);
  return LABELS.faultAt(fault.message, line, column);
}

/** How far a backfill has got, 0 to 100 (a backfill with nothing to do is complete). */
export function backfillPercent(backfill: TopicBackfill): number {
  if (backfill.finished) return 100;
  if (backfill.total <= 0) return 0;
  return Math.min(100, Math.floor((backfill.done / backfill.total) * 100));
}

/** The form names of the keyword list: keywords[0], keywords[1], ... (conform's list notation). */
export const KEYWORDS_FIELD = "keywords";
/** The text field a keyword is typed into before it joins the list. */
export const KEYWORD_ENTRY_FIELD = "keyword_entry";

/** A keyword as it joins the list: trimmed, inner white space collapsed. */
export function cleanKeyword(word: string): string {
  return word.trim().replace(/\s+/g, " ");
}

/** The list with `word` added at the end, unless empty or already there (whatever its case). */
export function withKeyword(list: readonly string[], word: string): string[] {
  const clean = cleanKeyword(word);
  if (!clean || list.some((item) => item.toLowerCase() === clean.toLowerCase())) return [...list];
  return [...list, clean];
}

/** A form value that may be one string, several, or missing, as a list of strings. */
export function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return typeof value === "string" ? [value] : [];
}

/**
 * The posted form with the keyword still typed in the entry field added to the list, so saving does
 * not drop a word its author did not press Add for. The browser's check and the action's both use it.
 */
export function withPendingKeyword(formData: FormData): FormData {
  const entry = formData.get(KEYWORD_ENTRY_FIELD);
  if (typeof entry !== "string" || !cleanKeyword(entry)) return formData;
  const list = keywordsOf(formData);
  const next = withKeyword(list, entry);
  if (next.length === list.length) return formData;
  const copy = new FormData();
  for (const [name, value] of formData) if (name !== KEYWORD_ENTRY_FIELD) copy.append(name, value);
  copy.append(`${KEYWORDS_FIELD}[${list.length}]`, next.at(-1)!);
  return copy;
}

/** The keywords of a posted form, in list order. */
export function keywordsOf(formData: FormData): string[] {
  const items: Array<[number, string]> = [];
  for (const [name, value] of formData) {
    const match = /^keywords\[(\d+)\]$/.exec(name);
    if (match && typeof value === "string") items.push([Number(match[1]), value]);
  }
  return items.sort((a, b) => a[0] - b[0]).map(([, value]) => value);
}
