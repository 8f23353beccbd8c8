import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** A link's navigation state that leaves the popover it is in open (its address shows more of it). */
export const KEEP_POPOVER_OPEN = { keepPopoverOpen: true } as const;

/**
 * A <details> popover (it opens and closes natively without JavaScript) that, once hydrated, also
 * closes on a click outside it, on Escape (focus back on its summary) and on navigation (unless the
 * link asked it to stay open with KEEP_POPOVER_OPEN, or it shows its form's refused answer: `answered`).
 */
export function useDetailsDismiss({ answered = false }: { answered?: boolean } = {}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key, state } = useLocation();
  // Not on mount: a popover rendered open (a refused rename showing its reason) stays open. Nor when the
  // address changes under that answer: the router shows an answer before the reload after it finishes.
  const shownAt = useRef(key);
  const keepOpen = answered || (state as Partial<typeof KEEP_POPOVER_OPEN> | null)?.keepPopoverOpen === true;
  useEffect(() => {
    if (shownAt.current === key) return;
    shownAt.current = key;
    if (ref.current && !keepOpen) ref.current.open = false;
  }, [key, keepOpen]);
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !details.contains(event.target as Node)) {
        details.open = false;
        if (event instanceof KeyboardEvent) details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return ref;
}
