import { useEffect, useRef, useState } from "react";
import { PRESENCE_HEARTBEAT_SECONDS, type PresenceMode } from "../../../domain/inbox";
import { useRootData } from "../../lib/root-data";
import { useHydrated } from "../../lib/use-hydrated";
import { viewerRows, type ViewerRow } from "./format";
import type { ApiViewer } from "./types";

const PRESENCE_PATH = "/inbox/presence";

/**
 * Presence with JavaScript: a heartbeat every PRESENCE_HEARTBEAT_SECONDS (and at once when the agent starts
 * or stops replying) keeps 'viewing' / 'replying' fresh and brings back who else is on the item; leaving
 * the item says so. Without JavaScript the page load records 'viewing' (the loader) and shows the viewers.
 */
export function usePresence(itemId: number, selfId: number, initial: ViewerRow[], replying: boolean): ViewerRow[] {
  const hydrated = useHydrated();
  const { formToken } = useRootData();
  const [viewers, setViewers] = useState(initial);
  const mode: PresenceMode = replying ? "replying" : "viewing";
  const modeRef = useRef(mode);
  modeRef.current = mode;

  useEffect(() => setViewers(initial), [initial]);

  useEffect(() => {
    if (!hydrated) return;
    let stopped = false;
    const beat = async () => {
      const body = new FormData();
      body.set("csrf", formToken);
      body.set("item_id", String(itemId));
      body.set("mode", modeRef.current);
      const response = await fetch(PRESENCE_PATH, { method: "POST", body, headers: { accept: "application/json" } }).catch(() => null);
      if (stopped || !response?.ok) return;
      const answer = (await response.json().catch(() => null)) as { viewers?: ApiViewer[] } | null;
      if (answer?.viewers && !stopped) setViewers(viewerRows(answer.viewers, selfId));
    };
    void beat();
    const timer = setInterval(() => void beat(), PRESENCE_HEARTBEAT_SECONDS * 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
    // A change of mode beats at once; the interval carries on from there.
  }, [hydrated, itemId, selfId, formToken, mode]);

  useEffect(() => {
    if (!hydrated) return;
    return () => {
      const body = new FormData();
      body.set("csrf", formToken);
      body.set("item_id", String(itemId));
      body.set("leave", "1");
      void fetch(PRESENCE_PATH, { method: "POST", body, keepalive: true }).catch(() => undefined);
    };
  }, [hydrated, itemId, formToken]);

  return viewers;
}
