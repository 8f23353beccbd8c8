import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { INBOX_SHORTCUTS } from "../../../domain/inbox";
import { MESSAGES } from "../../../domain/messages";
import { useHydrated } from "../../lib/use-hydrated";
import { Button } from "../ui/button";
import { Modal } from "../ui/modal";
import { SHORTCUT_TARGETS } from "./item-actions";
import { inboxHrefWith, neighbourItem, type InboxView } from "./params";

const LABELS = MESSAGES.inboxUi;

/** True while the key belongs to what the agent is typing (a field, an editable region) or to an open dialog. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") {
    const type = (target as HTMLInputElement).type;
    return !["checkbox", "radio", "button", "submit", "reset"].includes(type);
  }
  return false;
}

function openDetails(id: string): HTMLDetailsElement | null {
  const details = document.getElementById(id);
  if (!(details instanceof HTMLDetailsElement)) return null;
  details.open = true;
  return details;
}

/**
 * Keyboard-first triage (INBOX_SHORTCUTS): j/k move the selection (the `item` of the address), a assigns to
 * me, l opens the label picker at its name field, e the state picker (again: the next state), r focuses the reply box, t
 * translates, ? lists the shortcuts. Ignored while typing in a field, with a modifier, or in a dialog.
 * Every one of these is also a link or a form reachable by Tab.
 */
export function useInboxShortcuts({
  view,
  rowIds,
  hasMore,
  onShowShortcuts,
  dialogOpen,
}: {
  view: InboxView;
  rowIds: number[];
  hasMore: boolean;
  onShowShortcuts: () => void;
  dialogOpen: boolean;
}) {
  const navigate = useNavigate();
  const focusAfterMove = useRef<number | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || dialogOpen) return;
      if (isTypingTarget(event.target)) return;
      const key = event.key;
      const move = (step: 1 | -1) => {
        const next = neighbourItem(rowIds, view.item, step);
        if (next !== null) {
          focusAfterMove.current = next;
          navigate(inboxHrefWith(view, { item: next }), { preventScrollReset: true, replace: true });
        } else if (step === 1 && hasMore) {
          navigate(inboxHrefWith({ ...view, item: null }, { page: view.page + 1 }), { preventScrollReset: true });
        } else if (step === -1 && view.page > 1 && view.item === rowIds[0]) {
          navigate(inboxHrefWith({ ...view, item: null }, { page: view.page - 1 }), { preventScrollReset: true });
        }
      };
      switch (key) {
        case "j":
          event.preventDefault();
          move(1);
          return;
        case "k":
          event.preventDefault();
          move(-1);
          return;
        case "a": {
          const form = document.getElementById(SHORTCUT_TARGETS.assignToMe);
          if (form instanceof HTMLFormElement) {
            event.preventDefault();
            form.requestSubmit();
          }
          return;
        }
        case "l": {
          const details = openDetails(SHORTCUT_TARGETS.labelsPicker);
          if (details) {
            event.preventDefault();
            // Straight to typing a label (existing names are suggested and reused); Shift+Tab reaches the ticks.
            details.querySelector<HTMLInputElement>("input[name='new_labels']")?.focus();
          }
          return;
        }
        case "e": {
          const details = document.getElementById(SHORTCUT_TARGETS.statePicker);
          if (!(details instanceof HTMLDetailsElement)) return;
          event.preventDefault();
          const buttons = [...details.querySelectorAll<HTMLButtonElement>("button[name='state']")];
          const focused = buttons.indexOf(document.activeElement as HTMLButtonElement);
          const current = buttons.findIndex((button) => button.dataset.current !== undefined);
          // First press: the state after the current one; each further press: the one after that.
          const from = details.open && focused !== -1 ? focused : current;
          details.open = true;
          buttons[(from + 1) % buttons.length]?.focus();
          return;
        }
        case "r": {
          const box = document.getElementById(SHORTCUT_TARGETS.replyText);
          if (box instanceof HTMLTextAreaElement) {
            event.preventDefault();
            box.focus();
            box.setSelectionRange(box.value.length, box.value.length);
          }
          return;
        }
        case "t": {
          const form = document.getElementById(SHORTCUT_TARGETS.translate);
          if (form instanceof HTMLFormElement) {
            event.preventDefault();
            form.requestSubmit();
          }
          return;
        }
        case "?":
          event.preventDefault();
          onShowShortcuts();
          return;
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [view, rowIds, hasMore, onShowShortcuts, dialogOpen, navigate]);

  // After j/k the selected row takes the focus (visible focus, and Tab carries on from there).
  useEffect(() => {
    if (focusAfterMove.current === null || focusAfterMove.current !== view.item) return;
    const link = document.querySelector<HTMLAnchorElement>(`[data-item-id="${view.item}"] [data-testid="row-link"]`);
    focusAfterMove.current = null;
    link?.focus({ preventScroll: true });
    link?.scrollIntoView({ block: "nearest" });
  }, [view.item, rowIds]);
}

/** The '?' dialog: every shortcut and what it does. Rendered from `?dialog=shortcuts` without JavaScript. */
export function ShortcutsDialog({ open, onClose, closeHref }: { open: boolean; onClose: () => void; closeHref: string }) {
  const hydrated = useHydrated();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={LABELS.keyboardShortcuts}
      footer={
        hydrated ? (
          <Button type="button" variant="secondary" onClick={onClose}>
            {MESSAGES.close}
          </Button>
        ) : (
          <Link
            to={closeHref}
            className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-ink hover:bg-slate-50"
          >
            {MESSAGES.close}
          </Link>
        )
      }
    >
      <p className="mb-3 text-slate-600">{LABELS.shortcutsIntro}</p>
      {hydrated ? null : (
        <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-slate-700" data-testid="shortcuts-need-script">
          {LABELS.shortcutsNeedScript}
        </p>
      )}
      <table className="w-full text-sm" data-testid="shortcuts-table">
        <thead className="sr-only">
          <tr>
            <th scope="col">{LABELS.key}</th>
            <th scope="col">{LABELS.whatItDoes}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {INBOX_SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.key}>
              <td className="w-16 py-2">
                <kbd className="inline-flex min-w-7 justify-center rounded-md border border-slate-300 bg-slate-50 px-2 py-0.5 font-mono text-sm font-semibold text-slate-700 shadow-sm">
                  {shortcut.key}
                </kbd>
              </td>
              <td className="py-2 text-slate-700">{shortcut.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
