import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { MESSAGES } from "../../../domain/messages";
import { useHydrated } from "../../lib/use-hydrated";
import { backfillPercent } from "./format";
import type { TopicBackfill } from "./types";

const LABELS = MESSAGES.topicsScreen;
const POLL_MS = 2000;

/**
 * How far a new or edited topic has been applied to the stored mentions (ADR 012). While it runs the
 * page reloads its data every two seconds once hydrated; before that a Refresh link does it.
 */
export function BackfillProgress({ backfill, refreshHref }: { backfill: TopicBackfill; refreshHref: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const running = !backfill.finished;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  const percent = backfillPercent(backfill);
  const text = backfill.finished
    ? LABELS.backfillFinished(backfill.total)
    : backfill.total > 0
      ? LABELS.backfillRunning(backfill.done, backfill.total)
      : LABELS.backfillQueued;
  return (
    <section
      aria-labelledby="backfill-heading"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="backfill"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h3 id="backfill-heading" className="text-sm font-semibold">
          {LABELS.backfill}
        </h3>
        {running && !hydrated ? (
          <a href={refreshHref} className="text-sm text-brand-600 underline">
            {LABELS.refresh}
          </a>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-labelledby="backfill-heading"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={`h-full rounded-full ${backfill.finished ? "bg-emerald-500" : "bg-brand-500"}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-slate-600" data-testid="backfill-text">
        {text}
      </p>
    </section>
  );
}
