import { FEED_ITEM_STATE } from "../../../domain/constants";
import { MESSAGES } from "../../../domain/messages";
import { SENTIMENT_TONES } from "../sentiment/format";
import { presenceText, type InboxRow, type ViewerRow } from "./format";

const LABELS = MESSAGES.inboxUi;

const chip = "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1";
/** The dense rows' chip (ADR 033): the same tones, a line of small text high. */
const denseChip = "inline-flex items-center rounded-full px-1.5 text-[11px] leading-4 font-medium ring-1";

const STATE_TONES: Readonly<Record<number, string>> = {
  [FEED_ITEM_STATE.open]: "bg-sky-50 text-sky-800 ring-sky-200",
  [FEED_ITEM_STATE.pending]: "bg-amber-50 text-amber-800 ring-amber-200",
  [FEED_ITEM_STATE.closed]: "bg-slate-100 text-slate-600 ring-slate-200",
};

export function StateBadge({ state, label, dense = false }: { state: number; label: string; dense?: boolean }) {
  return (
    <span
      className={`${dense ? denseChip : chip} ${STATE_TONES[state] ?? STATE_TONES[FEED_ITEM_STATE.open]}`}
      data-testid="state"
      data-state={state}
    >
      {label}
    </span>
  );
}

export function SentimentBadge({
  row,
  dense = false,
}: {
  row: Pick<InboxRow, "sentiment" | "sentimentLabel">;
  dense?: boolean;
}) {
  return (
    <span className={`${dense ? denseChip : chip} ${SENTIMENT_TONES[row.sentiment]}`} data-testid="sentiment">
      {row.sentimentLabel}
    </span>
  );
}

export function AssigneeBadge({ assignee, dense = false }: { assignee: InboxRow["assignee"]; dense?: boolean }) {
  if (!assignee) {
    // A dense row says 'Unassigned' to screen readers only: most items are, and the line is short.
    return (
      <span className={dense ? "sr-only" : "text-xs text-slate-400"} data-testid="assignee">
        {MESSAGES.inboxActions.unassigned}
      </span>
    );
  }
  return (
    <span
      className={`inline-flex min-w-0 items-center gap-1 text-xs text-slate-700 ${dense ? "max-w-28" : ""}`}
      data-testid="assignee"
      title={MESSAGES.inboxActions.assigned(assignee.name)}
    >
      <svg viewBox="0 0 16 16" className="size-3.5 text-slate-400" fill="currentColor" aria-hidden>
        <path d="M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm-5.5 6c0-2.5 2.5-4 5.5-4s5.5 1.5 5.5 4v.5h-11z" />
      </svg>
      <span className="sr-only">{LABELS.assignee}: </span>
      <span className="truncate">{assignee.name}</span>
    </span>
  );
}

export function LabelChips({ labels, dense = false }: { labels: InboxRow["labels"]; dense?: boolean }) {
  if (labels.length === 0) return null;
  return (
    <ul
      className={dense ? "flex min-w-0 max-w-36 gap-1 overflow-hidden" : "flex flex-wrap gap-1"}
      aria-label={LABELS.labels}
      data-testid="labels"
    >
      {labels.map((label) => (
        <li
          key={label.id}
          className={`shrink-0 rounded bg-brand-50 px-1.5 font-medium text-brand-700 ring-1 ring-brand-100 ${dense ? "text-[11px] leading-4" : "py-0.5 text-xs"}`}
          data-testid="label"
        >
          {label.name}
        </li>
      ))}
    </ul>
  );
}

export function RepliedMark({ isReplied, dense = false }: { isReplied: boolean; dense?: boolean }) {
  if (!isReplied) return null;
  return (
    <span
      className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700"
      data-testid="replied"
      title={dense ? MESSAGES.inboxUi.repliedFilter : undefined}
    >
      <svg viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
        <path d="M3 8.5l3 3 7-7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={dense ? "sr-only" : undefined}>{MESSAGES.inboxUi.repliedFilter}</span>
    </span>
  );
}

/** Who else has this item open ('Ana is viewing', 'Ben is replying'). */
export function Viewers({
  viewers,
  compact = false,
  dense = false,
}: {
  viewers: ViewerRow[];
  compact?: boolean;
  dense?: boolean;
}) {
  if (viewers.length === 0) return null;
  // A dense row shows a dot per viewer; who and what is its title and, for screen readers, its text.
  return (
    <ul
      className={`flex ${dense ? "gap-1" : "flex-wrap gap-x-3 gap-y-1"} ${compact || dense ? "text-xs" : "text-sm"}`}
      data-testid="viewers"
    >
      {viewers.map((viewer) => (
        <li
          key={viewer.accountId}
          className={`inline-flex items-center gap-1 ${viewer.mode === "replying" ? "text-violet-700" : "text-slate-600"}`}
          data-testid="viewer"
          title={dense ? presenceText(viewer) : undefined}
        >
          <span className="relative flex size-2" aria-hidden>
            <span
              className={`absolute inline-flex size-full rounded-full opacity-60 ${viewer.mode === "replying" ? "bg-violet-400" : "bg-emerald-400"} motion-safe:animate-ping`}
            />
            <span
              className={`relative inline-flex size-2 rounded-full ${viewer.mode === "replying" ? "bg-violet-500" : "bg-emerald-500"}`}
            />
          </span>
          <span className={dense ? "sr-only" : undefined}>{presenceText(viewer)}</span>
        </li>
      ))}
    </ul>
  );
}
