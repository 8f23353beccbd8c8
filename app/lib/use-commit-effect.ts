import { useEffect, useLayoutEffect } from "react";

/**
 * An effect that runs in the commit that shows the new screen, before the browser hands it any event
 * (a layout effect). A plain effect may run after the screen was painted, so a key press or a click in
 * between would meet state the effect was about to change. On the server, where there is no commit and
 * React warns about layout effects, a plain effect (which never runs there).
 */
export const useCommitEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
