import { useEffect, useState } from "react";
import type { Toast } from "../../lib/session.server";

/**
 * The toast carried by the flash cookie; it disappears after a few seconds once JavaScript runs, and as
 * soon as the page sends something new (`answering`): a new answer replaces the old toast, so a stale
 * success never stands beside a new refusal (issue 30). A refusal (4xx) does not reload the root's data,
 * so without this the previous toast would stay on screen until its time ran out.
 */
export function ToastMessage({ toast, answering = false }: { toast: Toast | null; answering?: boolean }) {
  // The toast whose time is up. Not a visible flag: on a busy page an overdue timer of the previous
  // toast can run after a newer one arrived, and must hide only its own.
  const [expired, setExpired] = useState<Toast | null>(null);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setExpired(toast), 5000);
    return () => clearTimeout(timer);
  }, [toast]);
  useEffect(() => {
    if (answering && toast) setExpired(toast);
  }, [answering, toast]);
  useEffect(() => {
    if (!toast) return;
    // Any form sent is a new question, even one the browser refuses before posting (a field's own
    // check): the old toast goes at once. Captured, so it runs before a form's handler stops the event.
    const onSubmit = () => setExpired(toast);
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
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
