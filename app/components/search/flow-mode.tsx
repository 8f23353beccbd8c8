import { useEffect, useState } from "react";
import { FLOW_MODE_PAUSE_MS } from "../../../domain/constants";
import { MESSAGES } from "../../../domain/messages";
import { Button } from "../ui/button";
import { Modal } from "../ui/modal";
import type { SearchMention } from "./format";

const LABELS = MESSAGES.searchScreen;
/** Mentions kept at the top while flow mode runs. */
const LIVE_KEEP = 200;

/**
 * Flow mode (spec analytics §2, §4): while on, an EventSource on /search/live brings each new matching
 * mention to the top. It turns itself off after FLOW_MODE_PAUSE_MS and says so in the paused modal; it
 * turns off too when the source changes (another search, another draft) or disappears (deleted).
 */
export function useFlowMode(liveUrl: string | null) {
  const [on, setOn] = useState(false);
  const [paused, setPaused] = useState(false);
  const [live, setLive] = useState<SearchMention[]>([]);
  // Whether the stream is open: mentions stored before it opens are in the results, not in the flow.
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    setOn(false);
    setPaused(false);
    setLive([]);
  }, [liveUrl]);

  useEffect(() => {
    if (!on || !liveUrl) return;
    const source = new EventSource(liveUrl);
    source.addEventListener("open", () => setConnected(true));
    // The browser reconnects by itself; until then the flow is not live.
    source.addEventListener("error", () => setConnected(false));
    source.addEventListener("status", (event) => {
      const mention = JSON.parse((event as MessageEvent<string>).data) as SearchMention;
      setLive((current) => (current.some((m) => m.id === mention.id) ? current : [mention, ...current].slice(0, LIVE_KEEP)));
    });
    const timer = window.setTimeout(() => {
      setOn(false);
      setPaused(true);
    }, FLOW_MODE_PAUSE_MS);
    return () => {
      window.clearTimeout(timer);
      source.close();
      setConnected(false);
    };
  }, [on, liveUrl]);

  return {
    available: liveUrl !== null,
    on,
    connected,
    live,
    paused,
    toggle: () => setOn((value) => !value),
    closePaused: () => setPaused(false),
    resume: () => {
      setPaused(false);
      setOn(true);
    },
  };
}

export type FlowMode = ReturnType<typeof useFlowMode>;

/** The switch, and what it says while on. Rendered once JavaScript runs (see FlowModeNote before). */
export function FlowModeToggle({ flow }: { flow: FlowMode }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        role="switch"
        aria-checked={flow.on}
        disabled={!flow.available}
        onClick={flow.toggle}
        className="group inline-flex items-center gap-2 text-sm font-medium text-ink disabled:cursor-not-allowed disabled:text-slate-400"
      >
        <span
          aria-hidden
          className="relative inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-slate-300 transition group-aria-checked:bg-brand-600"
        >
          <span className="ml-0.5 size-4 rounded-full bg-white shadow transition group-aria-checked:translate-x-4" />
        </span>
        {LABELS.flowMode}
      </button>
      {flow.on ? (
        <span className="inline-flex items-center gap-1.5 text-xs text-slate-600" data-testid="flow-mode-on" data-connected={flow.connected}>
          <span aria-hidden className={`size-2 rounded-full ${flow.connected ? "animate-pulse bg-emerald-500" : "bg-slate-400"}`} />
          {LABELS.flowModeOn}
        </span>
      ) : null}
    </div>
  );
}

/** Without JavaScript there is no live stream: the page says so and offers a refresh. */
export function FlowModeNote({ refreshHref }: { refreshHref: string }) {
  return (
    <p className="text-xs text-slate-600" data-testid="flow-mode-note">
      {LABELS.flowModeNeedsJs}{" "}
      <a href={refreshHref} className="font-medium text-brand-600 underline">
        {LABELS.refreshResults}
      </a>
    </p>
  );
}

/** The 'flow mode paused' modal: Close, or turn flow mode back on. */
export function FlowModePausedDialog({ flow }: { flow: FlowMode }) {
  return (
    <Modal
      open={flow.paused}
      onClose={flow.closePaused}
      title={MESSAGES.flowModePaused}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={flow.closePaused}>
            {MESSAGES.close}
          </Button>
          <Button type="button" onClick={flow.resume}>
            {LABELS.turnFlowModeBackOn}
          </Button>
        </>
      }
    >
      <p>{MESSAGES.flowModePausedText}</p>
    </Modal>
  );
}
