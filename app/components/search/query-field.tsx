import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { MESSAGES } from "../../../domain/messages";
import { QUERY_MAX_LENGTH } from "../../../domain/query";
import { useRootData } from "../../lib/root-data";
import { useHydrated } from "../../lib/use-hydrated";
import { highlightSegments } from "./format";
import type { QueryFault, QueryValidation } from "./types";

const LABELS = MESSAGES.searchScreen;

/** The live check waits this long after the last keystroke. */
const LINT_DEBOUNCE_MS = 300;
/** Longer addresses go as a POST (a request line stays well under the server's header limit). */
const LINT_URL_MAX = 6000;
const LINT_PATH = "/search/lint";

/** What /search/lint answers: the API's verdict, with the query it is about. */
export type LintAnswer = QueryValidation & { query: string };

/**
 * The boolean query textarea. Each fault is marked at its place by a mirrored layer behind the text and
 * listed with its position. Without JavaScript the faults are the server's, from the last submit; with
 * it the query is checked as one types (debounced, through /search/lint).
 */
export function QueryField({
  field,
  label,
  serverFaults,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of any form
  field: FieldMetadata<any, any, string[]>;
  label: string;
  serverFaults: QueryFault[];
}) {
  const hydrated = useHydrated();
  const { formToken } = useRootData();
  const lint = useFetcher<LintAnswer>();
  const initial = typeof field.initialValue === "string" ? field.initialValue : "";
  const [text, setText] = useState(initial);
  const [edited, setEdited] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const mirror = useRef<HTMLDivElement>(null);

  // A reset or a server reply gives the field its value back (and a new key): start from it again.
  useEffect(() => {
    setText(initial);
    setEdited(false);
  }, [field.key, initial]);

  useEffect(() => {
    if (!hydrated || !edited || !text.trim() || text.length > QUERY_MAX_LENGTH) return;
    const timer = setTimeout(() => {
      const href = `${LINT_PATH}?${new URLSearchParams({ query: text })}`;
      if (href.length <= LINT_URL_MAX) lint.load(href);
      else lint.submit({ csrf: formToken, query: text }, { method: "post", action: LINT_PATH });
    }, LINT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `lint` changes identity with its state: only a new text starts a check.
  }, [text, edited, hydrated, formToken]);

  let faults: QueryFault[] | null;
  if (!edited) faults = serverFaults;
  else if (!text.trim()) faults = [];
  else if (text.length > QUERY_MAX_LENGTH)
    faults = [{ message: MESSAGES.queryLint.tooLong, offset: QUERY_MAX_LENGTH, length: text.length - QUERY_MAX_LENGTH }];
  else faults = lint.data && lint.data.query === text ? lint.data.errors : null;
  const checking = faults === null;
  const shown = faults ?? [];
  const fieldErrors = (field.errors ?? []).filter((error) => !shown.some((fault) => error.startsWith(fault.message)));
  const statusId = `${field.id}-status`;
  const hintId = `${field.id}-hint`;

  const select = (fault: QueryFault) => {
    const element = textarea.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(fault.offset, fault.offset + fault.length);
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div
        className={`relative rounded-md border bg-white shadow-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500 ${shown.length || fieldErrors.length ? "border-red-500" : "border-slate-300"}`}
      >
        {/* The mirror: the same text, in the same box and font, transparent but for the marked faults. */}
        <div
          ref={mirror}
          aria-hidden
          data-testid="query-highlight"
          className="pointer-events-none absolute inset-0 overflow-hidden whitespace-pre-wrap break-words px-3 py-2 font-mono text-sm leading-6 text-transparent"
        >
          {highlightSegments(text, shown).map((segment, index) =>
            segment.kind === "text" ? (
              <span key={index}>{segment.text}</span>
            ) : segment.kind === "fault" ? (
              <mark key={index} className="rounded-sm bg-red-200/70 text-transparent underline decoration-red-600 decoration-wavy decoration-1 underline-offset-4">
                {segment.text}
              </mark>
            ) : (
              <span key={index} className="relative" data-marker>
                <span className="absolute -left-px top-0.5 h-5 w-0.5 rounded bg-red-600" />
              </span>
            ),
          )}
          {"\u200b"}
        </div>
        <textarea
          {...getTextareaProps(field, { ariaAttributes: true })}
          key={field.key}
          ref={textarea}
          rows={3}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={shown.length || fieldErrors.length ? true : undefined}
          aria-describedby={[hintId, statusId].join(" ")}
          onInput={(event) => {
            setText(event.currentTarget.value);
            setEdited(true);
          }}
          onScroll={(event) => {
            if (mirror.current) mirror.current.scrollTop = event.currentTarget.scrollTop;
          }}
          className="relative block min-h-20 w-full resize-y rounded-md bg-transparent px-3 py-2 font-mono text-sm leading-6 text-ink outline-none [field-sizing:content]"
        />
      </div>
      <p id={hintId} className="text-xs text-slate-500">
        {LABELS.queryHint}
      </p>
      <div id={statusId} role="status" aria-live="polite" className="space-y-1 text-sm" data-testid="query-status">
        {checking ? (
          <p className="text-slate-500">{LABELS.queryChecking}</p>
        ) : shown.length ? (
          <>
            <p className="font-medium text-red-700">{LABELS.queryFaults(shown.length)}</p>
            <ol className="list-inside list-disc space-y-0.5 text-red-700" data-testid="query-faults">
              {shown.map((fault, index) => (
                <li key={`${fault.offset}-${index}`} data-offset={fault.offset} data-length={fault.length}>
                  {hydrated ? (
                    <button type="button" onClick={() => select(fault)} className="text-left underline-offset-2 hover:underline">
                      {LABELS.faultAt(fault.message, fault.offset + 1)}
                    </button>
                  ) : (
                    LABELS.faultAt(fault.message, fault.offset + 1)
                  )}
                </li>
              ))}
            </ol>
          </>
        ) : edited && text.trim() ? (
          <p className="text-emerald-700">{LABELS.queryValid}</p>
        ) : null}
        {fieldErrors.length ? (
          <p id={field.errorId} className="text-red-600" role="alert">
            {fieldErrors[0]}
          </p>
        ) : null}
      </div>
    </div>
  );
}
