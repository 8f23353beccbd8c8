import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import { useHydrated } from "../../lib/use-hydrated";

/**
 * A modal that renders on the server as plain, labelled markup (so a `?dialog=` URL works before
 * JavaScript loads) and becomes a Headless UI Dialog (focus trap, Escape, scroll lock) once hydrated.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  widthPx = 480,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  footer?: ReactNode;
  widthPx?: number;
}) {
  const hydrated = useHydrated();
  if (!open) return null;
  const panel = (
    <>
      <div className="border-b border-slate-200 px-6 py-4">
        {hydrated ? (
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
        ) : (
          <h2 className="text-lg font-semibold">{title}</h2>
        )}
      </div>
      <div className="px-6 py-4 text-sm text-slate-700">{children}</div>
      {footer ? <div className="flex justify-end gap-2 border-t border-slate-200 px-6 py-3">{footer}</div> : null}
    </>
  );
  const panelClass = "w-full rounded-lg bg-white shadow-xl";
  if (!hydrated) {
    return (
      <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40 p-4" role="dialog" aria-modal="true" aria-label={title}>
        <div className={panelClass} style={{ maxWidth: widthPx }}>
          {panel}
        </div>
      </div>
    );
  }
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className={panelClass} style={{ maxWidth: widthPx }}>
          {panel}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
