import { TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_LABELS, type TemplateCategory } from "../../../domain/inbox";
import { MESSAGES } from "../../../domain/messages";
import { textColourOn } from "../../lib/contrast";
import { TEMPLATE_PARAMS } from "./params";

const LABELS = MESSAGES.templatesUi;

/** Each network code's badge: its network's colour and a short mark (the label says which it is). */
const ICONS: Readonly<Record<TemplateCategory, { color: string; mark: string }>> = {
  twitter: { color: "#000000", mark: "X" },
  fb: { color: "#1877F2", mark: "f" },
  ig: { color: "#E4405F", mark: "IG" },
  rd: { color: "#FF4500", mark: "R" },
  ytb: { color: "#FF0000", mark: "YT" },
  etoro: { color: "#13C636", mark: "eT" },
  review: { color: "#F59E0B", mark: "★" },
};

/**
 * The badge in its network's colour, its mark in white or ink, whichever reads (ADR 034); `off`: a
 * filter not chosen, drawn in outline (not faded: a faded mark does not read).
 */
function NetworkIcon({
  code,
  className = "size-8 text-xs",
  off = false,
}: {
  code: TemplateCategory;
  className?: string;
  off?: boolean;
}) {
  const icon = ICONS[code];
  return (
    <span
      aria-hidden
      className={`inline-flex shrink-0 items-center justify-center rounded-md font-bold ${off ? "bg-white text-slate-500 ring-1 ring-inset ring-slate-300" : ""} ${className}`}
      style={off ? undefined : { backgroundColor: icon.color, color: textColourOn(icon.color) }}
    >
      {icon.mark}
    </span>
  );
}

/**
 * The modal's left column (spec core §2): one toggle per network code. Checkboxes of the filter form,
 * so they filter without JavaScript (with 'Apply filters'); once hydrated each tick filters at once.
 */
export function NetworkFilters({
  chosen,
  formId,
  onToggle,
}: {
  chosen: readonly string[];
  formId: string;
  onToggle: (code: TemplateCategory, on: boolean) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2 sm:flex-col" data-testid="template-network-filters">
      <legend className="sr-only">{LABELS.filterByNetwork}</legend>
      {TEMPLATE_CATEGORIES.map((code) => (
        <label key={code} title={TEMPLATE_CATEGORY_LABELS[code]} className="relative cursor-pointer">
          <input
            type="checkbox"
            name={TEMPLATE_PARAMS.networks}
            value={code}
            form={formId}
            checked={chosen.includes(code)}
            onChange={(event) => onToggle(code, event.target.checked)}
            className="peer sr-only"
          />
          <span className="sr-only">{TEMPLATE_CATEGORY_LABELS[code]}</span>
          {/* Chosen: the network's colours in a ring; not chosen: in outline. CSS picks which (no JavaScript needed). */}
          <span className="hidden rounded-lg p-0.5 ring-2 ring-brand-500 peer-checked:block peer-focus-visible:ring-brand-700">
            <NetworkIcon code={code} />
          </span>
          <span className="block rounded-lg p-0.5 ring-2 ring-transparent hover:ring-slate-300 peer-checked:hidden peer-focus-visible:ring-brand-700">
            <NetworkIcon code={code} off />
          </span>
        </label>
      ))}
    </fieldset>
  );
}
