import { useNavigate } from "@remix-run/react";
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { UnsavedChangesDialog } from "../ui/confirm-dialog";

/** What the open search's editor lets the sidebar ask of it. */
export interface EditorHandle {
  /** The query, the groups or the name differ from the source (the saved search, or an empty new one). */
  isDirty(): boolean;
  /** Back to the source's values. */
  discard(): void;
  /** Saves, then goes to `then` (the action redirects there once saved). */
  save(then: string): void;
}

interface EditorGuard {
  register(handle: EditorHandle | null): void;
  /**
   * Whether a move to `target` may go ahead now. With unsaved changes it opens the changes modal
   * instead (spec core §4) and answers false: the modal then discards and goes, saves and goes, or stays.
   */
  allow(target: string): boolean;
}

const EditorGuardContext = createContext<EditorGuard | null>(null);

/** Spans the search layout: the sidebar (in the layout) asks the editor (in the page) through it. */
export function EditorGuardProvider({ children }: { children: ReactNode }) {
  const handle = useRef<EditorHandle | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const navigate = useNavigate();
  const guard = useMemo<EditorGuard>(
    () => ({
      register: (next) => {
        handle.current = next;
      },
      allow: (to) => {
        if (!handle.current?.isDirty()) return true;
        setTarget(to);
        return false;
      },
    }),
    [],
  );
  return (
    <EditorGuardContext.Provider value={guard}>
      {children}
      <UnsavedChangesDialog
        open={target !== null}
        onCancel={() => setTarget(null)}
        onDiscard={() => {
          const to = target;
          setTarget(null);
          handle.current?.discard();
          if (to) navigate(to);
        }}
        onSave={() => {
          const to = target;
          setTarget(null);
          if (to) handle.current?.save(to);
        }}
      />
    </EditorGuardContext.Provider>
  );
}

export function useEditorGuard(): EditorGuard | null {
  return useContext(EditorGuardContext);
}
