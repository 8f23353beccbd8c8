import { useCallback, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import type { Toast } from "../../lib/session.server";

/**
 * A toast the modal shows itself, for answers that come back without a page load (with JavaScript the
 * modal's forms post through fetchers). Looks like the flash-cookie toast; hides after a few seconds.
 */
export function useLocalToast(): [Toast | null, (toast: Toast) => void] {
  const [toast, setToast] = useState<{ toast: Toast; at: number } | null>(null);
  useEffect(() => {
    if (!toast) return;
    // Hides this toast only: on a busy page an overdue timer can run after a newer toast was set but
    // before React re-rendered (so before this cleanup cleared it), and must not hide the newer one.
    const timer = setTimeout(() => setToast((current) => (current === toast ? null : current)), 5000);
    return () => clearTimeout(timer);
  }, [toast]);
  const show = useCallback((next: Toast) => setToast({ toast: next, at: Date.now() }), []);
  return [toast?.toast ?? null, show];
}

/** Rendered at the end of <body>, so a modal's backdrop never covers it. */
export function LocalToast({ toast }: { toast: Toast | null }) {
  if (!toast || typeof document === "undefined") return null;
  const tone = toast.kind === "success" ? "border-emerald-300 bg-emerald-50 text-emerald-800" : "border-red-300 bg-red-50 text-red-800";
  return createPortal(
    <div className="pointer-events-none fixed right-4 top-16 z-[60]">
      <div role="status" data-testid="toast" className={`pointer-events-auto rounded-md border px-4 py-3 text-sm shadow ${tone}`}>
        {toast.message}
      </div>
    </div>,
    document.body,
  );
}
