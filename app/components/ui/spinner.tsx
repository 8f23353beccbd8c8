import { MESSAGES } from "../../../domain/messages";

export function Spinner({ className = "size-8" }: { className?: string }) {
  return (
    <span
      className={`inline-block animate-spin rounded-full border-4 border-brand-500 border-t-transparent ${className}`}
      aria-hidden
    />
  );
}

/** The default layout's 'Operation in progress...' modal, shown while a form is being saved. */
export function SpinnerModal({ open }: { open: boolean }) {
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/30" role="alertdialog" aria-live="assertive" aria-label={MESSAGES.operationInProgress}>
      <div className="flex items-center gap-3 rounded-lg bg-white px-6 py-4 shadow-xl">
        <Spinner className="size-6" />
        <span className="text-sm font-medium">{MESSAGES.operationInProgress}</span>
      </div>
    </div>
  );
}
