import type { ReactNode } from "react";
import { MESSAGES } from "../../../domain/messages";
import { useHydrated } from "../../lib/use-hydrated";
import { Button } from "./button";
import { Modal } from "./modal";

/**
 * The confirmation modal (spec core §2): defaults 'Are you sure?', 'Do you want to deleted this item?'
 * and Confirm. `confirmButton` lets a caller make Confirm a submit button of its own <Form>.
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title = MESSAGES.confirmTitle,
  message = MESSAGES.confirmMessage,
  confirmLabel = MESSAGES.confirm,
  confirmButton,
  cancelHref,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm?: () => void;
  title?: string;
  message?: ReactNode;
  confirmLabel?: string;
  confirmButton?: ReactNode;
  /** Where Cancel leads before JavaScript loads (a server-rendered `?dialog=` page). */
  cancelHref?: string;
}) {
  const hydrated = useHydrated();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          {cancelHref && !hydrated ? (
            <a
              href={cancelHref}
              className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-ink hover:bg-slate-50"
            >
              {MESSAGES.cancel}
            </a>
          ) : (
            <Button type="button" variant="secondary" onClick={onClose}>
              {MESSAGES.cancel}
            </Button>
          )}
          {confirmButton ?? (
            <Button type="button" variant="danger" onClick={onConfirm}>
              {confirmLabel}
            </Button>
          )}
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}

/** The unsaved-changes modal: Cancel / Don't save / Save. */
export function UnsavedChangesDialog({
  open,
  onCancel,
  onDiscard,
  onSave,
}: {
  open: boolean;
  onCancel: () => void;
  onDiscard: () => void;
  onSave: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={MESSAGES.unsavedTitle}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onCancel}>
            {MESSAGES.cancel}
          </Button>
          <Button type="button" variant="secondary" onClick={onDiscard}>
            {MESSAGES.dontSave}
          </Button>
          <Button type="button" onClick={onSave}>
            {MESSAGES.save}
          </Button>
        </>
      }
    >
      <p>{MESSAGES.unsavedText}</p>
    </Modal>
  );
}
