import { useId, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "../../lib/use-hydrated";
import { MESSAGES } from "../../../domain/messages";

const CHANNEL_LABELS = MESSAGES.channelScreen;

/**
 * A value to copy (a webhook URL, a secret, a key, a shared link): a read-only field anyone can select
 * and copy without JavaScript; once hydrated, a Copy button puts it on the clipboard and says so.
 */
export function CopyField({
  label,
  value,
  multiline = false,
  testId,
  action,
  labelHidden = false,
}: {
  label: string;
  /** The label for assistive technology only (the field sits under a visible title). */
  labelHidden?: boolean;
  value: string;
  multiline?: boolean;
  testId?: string;
  /** Another control beside Copy (e.g. Rotate key). */
  action?: ReactNode;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);

  async function copy() {
    const element = field.current;
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // No clipboard permission (or an insecure origin): the old selection-based copy still works.
      element?.select();
      document.execCommand("copy");
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  }

  const className =
    "block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-ink shadow-sm";
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelHidden ? "sr-only" : "block text-sm font-medium text-slate-700"}>
        {label}
      </label>
      <div className="flex items-start gap-2">
        {multiline ? (
          <textarea
            ref={field}
            id={id}
            readOnly
            value={value}
            rows={value.split("\n").length}
            spellCheck={false}
            data-testid={testId}
            onFocus={(event) => event.currentTarget.select()}
            className={`${className} resize-none whitespace-pre`}
          />
        ) : (
          <input
            ref={field}
            id={id}
            readOnly
            value={value}
            spellCheck={false}
            data-testid={testId}
            onFocus={(event) => event.currentTarget.select()}
            className={className}
          />
        )}
        {hydrated ? (
          <button
            type="button"
            onClick={copy}
            className="inline-flex shrink-0 items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
          >
            {CHANNEL_LABELS.copy}
            <span className="sr-only"> {label}</span>
          </button>
        ) : null}
        {action}
      </div>
      {hydrated ? (
        <p role="status" className="min-h-4 text-xs text-emerald-700">
          {copied ? CHANNEL_LABELS.copied : ""}
        </p>
      ) : null}
    </div>
  );
}
