import { useLocation } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import { useCommitEffect } from "./use-commit-effect";

/**
 * Whether a dialog or menu is open: on each navigation the address decides (`inAddress`); in between, the
 * page opens and closes it. What the page chose is kept with the location it was chosen at, so the next
 * navigation drops it without an effect. An effect resetting it ran after the new location was painted,
 * and a key press or click in that gap (the `?` shortcut just after `k` lands) was undone by it.
 */
export function useOpenPerLocation(inAddress: boolean): [boolean, (open: boolean) => void] {
  const { key } = useLocation();
  // The location the screen shows: set in the commit, before any event can reach the new screen.
  const shownKey = useRef(key);
  useCommitEffect(() => {
    shownKey.current = key;
  }, [key]);
  const [chosen, setChosen] = useState<{ key: string; open: boolean } | null>(null);
  const setOpen = useCallback((open: boolean) => setChosen({ key: shownKey.current, open }), []);
  return [chosen?.key === key ? chosen.open : inAddress, setOpen];
}
