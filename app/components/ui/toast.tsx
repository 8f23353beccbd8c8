import { useEffect, useState } from "react";
import type { Toast } from "../../lib/session.server";

/** The toast carried by the flash cookie; it disappears after a few seconds once JavaScript runs. */
export function ToastMessage({ toast }: { toast: Toast | null }) {
  // The toast whose time is up. Not a visible flag: on a busy page an overdue timer of the previous
  // toast can run after a newer one arrived, and must hide only its own.
  const [expired, setExpired] = useState<Toast | null>(null);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setExpired(toast), 5000);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!toast || toast === expired) return null;
  const tone = toast.kind === "success" ? "border-emerald-300 bg-emerald-50 text-emerald-800" : "border-red-300 bg-red-50 text-red-800";
  return (
    // Below the top bar, so it never covers the avatar menu; without JavaScript a CSS animation hides it.
    <div className="pointer-events-none fixed right-4 top-16 z-50">
      <div role="status" data-testid="toast" className={`toast-auto-hide pointer-events-auto rounded-md border px-4 py-3 text-sm shadow ${tone}`}>
        {toast.message}
      </div>
    </div>
  );
}
