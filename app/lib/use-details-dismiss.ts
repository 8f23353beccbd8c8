import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";
import { useCommitEffect } from "./use-commit-effect";

/**
 * A <details> popover (it opens and closes natively without JavaScript) that, once hydrated, also
 * closes on a click outside it, on Escape (focus back on its summary) and on navigation (unless it
 * shows its form's refused answer: `answered`).
 */
export function useDetailsDismiss({ answered = false }: { answered?: boolean } = {}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  // Not on mount: a popover rendered open (a refused rename showing its reason) stays open. Nor when the
  // address changes under that answer: the router shows an answer before the reload after it finishes.
  const shownAt = useRef(key);
  // In the commit of the new location: a popover opened just after the navigation landed stays open.
  useCommitEffect(() => {
    if (shownAt.current === key) return;
    shownAt.current = key;
    if (ref.current && !answered) ref.current.open = false;
  }, [key, answered]);
  useDismiss(
    ref,
    () => ref.current?.open === true,
    (byEscape) => {
      if (!ref.current) return;
      ref.current.open = false;
      if (byEscape) ref.current.querySelector("summary")?.focus();
    },
  );
  return ref;
}

/**
 * Once hydrated, a click outside `container` or Escape calls `close` while `isOpen()` says what it holds
 * is open (`byEscape`: put the focus back where the popover was opened from).
 */
export function useDismiss(
  container: RefObject<HTMLElement | null>,
  isOpen: () => boolean,
  close: (byEscape: boolean) => void,
) {
  const latest = useRef({ isOpen, close });
  latest.current = { isOpen, close };
  useEffect(() => {
    const dismiss = (event: Event) => {
      if (!container.current || !latest.current.isOpen()) return;
      const byEscape = event instanceof KeyboardEvent;
      if (byEscape ? event.key === "Escape" : !container.current.contains(event.target as Node))
        latest.current.close(byEscape);
    };
    document.addEventListener("click", dismiss);
    document.addEventListener("keydown", dismiss);
    return () => {
      document.removeEventListener("click", dismiss);
      document.removeEventListener("keydown", dismiss);
    };
  }, [container]);
}
