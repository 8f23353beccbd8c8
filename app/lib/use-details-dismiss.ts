import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * A <details> popover (it opens and closes natively without JavaScript) that, once hydrated, also
 * closes on a click outside it, on Escape (focus back on its summary) and on navigation.
 */
export function useDetailsDismiss() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  // Not on mount: a popover rendered open (a refused rename showing its reason) stays open.
  const shownAt = useRef(key);
  useEffect(() => {
    if (shownAt.current === key) return;
    shownAt.current = key;
    if (ref.current) ref.current.open = false;
  }, [key]);
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
