// One pane at a time below the large breakpoint (ADR 033): the sources, the list or the open item, as
// the address says (app/components/inbox/params.ts, inboxPane), with links between them.
import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { MESSAGES } from "../../../domain/messages";
import type { InboxPane } from "./params";

const LABELS = MESSAGES.inboxUi;

const paneLink = "inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline lg:hidden";

/** A narrow screen's way back to the list; hidden where every pane shows at once. */
export function BackLink({ to, testId = "back-to-list" }: { to: string; testId?: string }) {
  return (
    <Link to={to} className={`mb-3 ${paneLink}`} data-testid={testId}>
      <span aria-hidden>←</span>
      {LABELS.backToList}
    </Link>
  );
}

/** A narrow screen's way from the list to the sources; hidden where the sources show beside it. */
export function SourcesLink({ to }: { to: string }) {
  return (
    <Link to={to} className={paneLink} data-testid="sources-link">
      <span aria-hidden>←</span>
      {LABELS.sources}
    </Link>
  );
}

/** The pane's `className` part: hidden below the large breakpoint unless it is the pane shown. */
export function paneClass(pane: InboxPane, shown: InboxPane): string {
  return pane === shown ? "" : "max-lg:hidden";
}

/**
 * With JavaScript, moving to another pane on a narrow screen starts at its top with the focus on it,
 * as a new page would (the inbox's links keep the scroll position for the side-by-side layout).
 */
export function useNarrowPaneFocus(pane: InboxPane) {
  const previous = useRef(pane);
  useEffect(() => {
    if (previous.current === pane) return;
    previous.current = pane;
    if (!window.matchMedia("(max-width: 63.999rem)").matches) return;
    document.getElementById(`inbox-pane-${pane}`)?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [pane]);
}
