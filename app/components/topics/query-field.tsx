import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useState } from "react";
import { MESSAGES } from "../../../domain/messages";
import { useRootData } from "../../lib/root-data";
import { useHydrated } from "../../lib/use-hydrated";
import { faultText } from "./format";
import type { QueryValidation } from "./types";

const LABELS = MESSAGES.topicsScreen;
/** Where the browser has a query linted (app/routes/topics.lint.tsx → POST /v1/queries/validate). */
const LINT_URL = "/topics/lint";
const LINT_DELAY_MS = 350;

interface Lint {
  query: string;
  valid: boolean;
  faults: string[];
}

/**
 * The boolean query. The action lints it when the form is sent and lists each fault with its
 * position; once hydrated the same list follows the typing (debounced), so faults show before saving.
 */
export function QueryField({
  field,
  label,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the query field of the topic form
  field: FieldMetadata<string, any, string[]>;
  label: string;
}) {
  const hydrated = useHydrated();
  const { formToken } = useRootData();
  const [value, setValue] = useState(String(field.initialValue ?? ""));
  const [edited, setEdited] = useState(false);
  const [lint, setLint] = useState<Lint | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    if (!hydrated || !edited) return;
    const query = value;
    if (!query.trim()) {
      setLint({ query, valid: true, faults: [] });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setChecking(true);
      const body = new FormData();
      body.set("csrf", formToken);
      body.set("query", query);
      fetch(LINT_URL, { method: "POST", body, signal: controller.signal, headers: { accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<QueryValidation>) : null))
        .then((result) => {
          if (result)
            setLint({ query, valid: result.valid, faults: result.errors.map((fault) => faultText(query, fault)) });
        })
        .catch(() => undefined)
        .finally(() => {
          if (!controller.signal.aborted) setChecking(false);
        });
    }, LINT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [hydrated, edited, value, formToken]);

  // The form's own errors (the action's lint before any typing; the schema's checks after), then the
  // live lint of exactly what is in the field now.
  const current = lint && lint.query === value ? lint : null;
  const errors = [...(field.errors ?? []), ...(current?.faults ?? [])];
  const showValid = !!current?.valid && !!value.trim() && errors.length === 0;

  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        {...getTextareaProps(field)}
        key={field.key}
        rows={4}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => {
          setValue(event.target.value);
          setEdited(true);
        }}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={errors.length ? `${field.errorId} ${field.descriptionId}` : field.descriptionId}
        className={`block w-full rounded-md border px-3 py-2 font-mono text-sm shadow-sm ${errors.length ? "border-red-500" : "border-slate-300"}`}
      />
      <p id={field.descriptionId} className="text-xs text-slate-500">
        {LABELS.queryHint}
      </p>
      <div aria-live="polite" className="space-y-1">
        {errors.length ? (
          <ul id={field.errorId} data-testid="query-faults" className="list-disc space-y-0.5 pl-5 text-sm text-red-600">
            {errors.map((error, index) => (
              <li key={`${index}-${error}`}>{error}</li>
            ))}
          </ul>
        ) : null}
        {showValid ? <p className="text-sm text-emerald-700">{LABELS.queryValid}</p> : null}
        {checking && !current ? <p className="text-xs text-slate-500">{LABELS.queryChecking}</p> : null}
      </div>
    </div>
  );
}
