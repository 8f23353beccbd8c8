import { useEffect, useId, useState, type KeyboardEvent, type MouseEvent } from "react";
import { MESSAGES } from "../../../domain/messages";
import { useHydrated } from "../../lib/use-hydrated";
import { FieldErrors } from "../ui/field";
import { KEYWORD_ENTRY_FIELD, KEYWORDS_FIELD, withKeyword } from "./format";
import type { KeywordSuggestion } from "./types";

const LABELS = MESSAGES.topicsScreen;
/** Where the browser asks for suggestions (app/routes/topics.keywords.tsx). */
const SUGGESTIONS_URL = "/topics/keywords";
const SUGGEST_DELAY_MS = 200;

/** Suggestions the server found for a word (the 'Suggest' button, before JavaScript loads). */
export interface ServerSuggestions {
  word: string;
  suggestions: KeywordSuggestion[];
}

/**
 * The keyword list: each keyword a chip with a hidden `keywords[i]` input, and an entry field.
 * Before JavaScript loads, Add, Suggest, a suggestion and a chip's remove button post the form (Add and
 * Suggest with their `intent`; a suggestion its `keyword`, a chip its `keyword_index`, each standing for
 * its intent: TopicFormActionSchema) and the action answers with the changed list. Once hydrated they work in place, and
 * words of the stored mentions are suggested as one types (a combobox fed by GET /v1/keywords).
 */
export function KeywordsField({
  initialKeywords,
  initialEntry,
  errors,
  errorId,
  serverSuggestions,
}: {
  initialKeywords: string[];
  initialEntry: string;
  errors: string[] | undefined;
  errorId: string;
  serverSuggestions: ServerSuggestions | null;
}) {
  const hydrated = useHydrated();
  const id = useId();
  const entryId = `${id}-entry`;
  const listboxId = `${id}-suggestions`;
  const hintId = `${id}-hint`;
  const [keywords, setKeywords] = useState(initialKeywords);
  const [entry, setEntry] = useState(initialEntry);
  const [suggestions, setSuggestions] = useState<KeywordSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const word = entry.trim();
  useEffect(() => {
    if (!hydrated || !word) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${SUGGESTIONS_URL}?${new URLSearchParams({ word })}`, {
        signal: controller.signal,
        headers: { accept: "application/json" },
      })
        .then((response) => (response.ok ? (response.json() as Promise<{ suggestions: KeywordSuggestion[] }>) : null))
        .then((body) => {
          setSuggestions(body?.suggestions ?? []);
          setActive(-1);
        })
        .catch(() => undefined);
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [hydrated, word]);

  const known = new Set(keywords.map((keyword) => keyword.toLowerCase()));
  const shown = suggestions.filter((suggestion) => !known.has(suggestion.keyword.toLowerCase()));
  const expanded = hydrated && open && shown.length > 0;

  function add(value: string) {
    setKeywords((list) => withKeyword(list, value));
    setEntry("");
    setSuggestions([]);
    setOpen(false);
    setActive(-1);
  }

  /** Once hydrated a button works in place instead of posting the form. */
  const inPlace = (run: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    run();
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!shown.length) return;
      event.preventDefault();
      setOpen(true);
      const last = shown.length - 1;
      const down = event.key === "ArrowDown";
      setActive((index) => (down ? (index >= last ? 0 : index + 1) : index <= 0 ? last : index - 1));
      return;
    }
    if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (event.key === "Enter") {
      // Enter adds the highlighted suggestion, or the word as typed; it never sends the form from here.
      event.preventDefault();
      const chosen = expanded && active >= 0 && active < shown.length ? shown[active]!.keyword : entry;
      add(chosen);
    }
  }

  const listed = serverSuggestions?.suggestions.filter((s) => !known.has(s.keyword.toLowerCase())) ?? [];

  return (
    <fieldset className="space-y-2" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">{MESSAGES.keywords}</legend>
      {keywords.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={MESSAGES.keywords} data-testid="keyword-list">
          {keywords.map((keyword, index) => (
            <li
              key={`${index}-${keyword}`}
              data-testid="keyword"
              className="inline-flex min-w-0 max-w-full items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-800"
            >
              {/* A long keyword (up to 100 characters, one word) wraps inside its chip, not past the form. */}
              <span className="min-w-0 break-all">{keyword}</span>
              <input type="hidden" name={`${KEYWORDS_FIELD}[${index}]`} value={keyword} />
              {/* Without JavaScript it posts the whole form: its index in place of an intent (a `remove`). */}
              <button
                type="submit"
                name="keyword_index"
                value={index}
                onClick={inPlace(() => setKeywords((list) => list.filter((_, i) => i !== index)))}
                aria-label={MESSAGES.removeKeyword(keyword)}
                title={MESSAGES.removeKeyword(keyword)}
                className="inline-flex size-6 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100 hover:text-red-700"
              >
                <svg
                  viewBox="0 0 16 16"
                  className="size-3.5"
                  aria-hidden
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                >
                  <path d="M4 4l8 8M12 4l-8 8" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">{LABELS.noKeywords}</p>
      )}

      <div className="space-y-1">
        <label htmlFor={entryId} className="block text-sm text-slate-600">
          {LABELS.keywordEntry}
        </label>
        <div className="relative flex flex-wrap gap-2">
          <div className="relative min-w-0 flex-1 basis-48">
            <input
              id={entryId}
              name={KEYWORD_ENTRY_FIELD}
              type="text"
              autoComplete="off"
              value={entry}
              onChange={(event) => {
                setEntry(event.target.value);
                setOpen(true);
              }}
              onKeyDown={hydrated ? onKeyDown : undefined}
              onBlur={() => setOpen(false)}
              aria-describedby={hintId}
              {...(hydrated
                ? {
                    role: "combobox",
                    "aria-autocomplete": "list" as const,
                    "aria-expanded": expanded,
                    "aria-controls": listboxId,
                    "aria-activedescendant": expanded && active >= 0 ? `${listboxId}-${active}` : undefined,
                  }
                : {})}
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
            />
            {expanded ? (
              <ul
                id={listboxId}
                role="listbox"
                aria-label={LABELS.suggestionsFor(word)}
                className="absolute left-0 right-0 z-20 mt-1 max-h-72 overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
              >
                {shown.map((suggestion, index) => (
                  <li
                    key={suggestion.keyword}
                    id={`${listboxId}-${index}`}
                    role="option"
                    aria-selected={index === active}
                    // Keep the focus in the field: the click below adds the word.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => add(suggestion.keyword)}
                    onMouseEnter={() => setActive(index)}
                    className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-1.5 ${index === active ? "bg-brand-50 text-brand-800" : "text-ink"}`}
                  >
                    <span className="font-medium">{suggestion.keyword}</span>
                    <span className="text-xs text-slate-500">{LABELS.suggestionCount(suggestion.count)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <button
            type="submit"
            name="intent"
            value="add-keyword"
            onClick={inPlace(() => add(entry))}
            className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-ink hover:bg-slate-50"
          >
            {LABELS.addKeyword}
          </button>
          {hydrated ? null : (
            <button
              type="submit"
              name="intent"
              value="suggest"
              className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-ink hover:bg-slate-50"
            >
              {LABELS.suggest}
            </button>
          )}
        </div>
        <p id={hintId} className="text-xs text-slate-500">
          {LABELS.keywordHint}
        </p>
      </div>

      {serverSuggestions ? (
        <div className="rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="server-suggestions">
          <p className="text-sm font-medium text-slate-700">{LABELS.suggestionsFor(serverSuggestions.word)}</p>
          {listed.length ? (
            <ul className="mt-2 flex flex-wrap gap-2">
              {listed.map((suggestion) => (
                <li key={suggestion.keyword}>
                  {/* Posts the whole form, its word in place of an intent (a `pick`). */}
                  <button
                    type="submit"
                    name="keyword"
                    value={suggestion.keyword}
                    onClick={inPlace(() => add(suggestion.keyword))}
                    aria-label={LABELS.addSuggestion(suggestion.keyword)}
                    className="inline-flex items-baseline gap-2 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-brand-50"
                  >
                    <span className="font-medium">{suggestion.keyword}</span>
                    <span className="text-xs text-slate-500">{LABELS.suggestionCount(suggestion.count)}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-500">{LABELS.noSuggestions(serverSuggestions.word)}</p>
          )}
        </div>
      ) : null}

      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}
