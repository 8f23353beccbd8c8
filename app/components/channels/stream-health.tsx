import type { ReactNode } from "react";
import { formatDateTime } from "../../../domain/format";
import { MESSAGES } from "../../../domain/messages";
import type { StreamHealth } from "./types";

const CHANNEL_LABELS = MESSAGES.channelScreen;

/** One line of health for the list (after `prefix`): items, the last item's time, and the failure in red. */
export function HealthSummary({
  health,
  timeZone,
  prefix,
}: {
  health: StreamHealth;
  timeZone: string;
  prefix?: ReactNode;
}) {
  return (
    <div className="space-y-0.5 text-xs" data-testid="stream-health">
      <p className="text-slate-500">
        {prefix}
        {CHANNEL_LABELS.items(health.itemsCount)}
        <span aria-hidden> · </span>
        <span className="sr-only">, </span>
        {CHANNEL_LABELS.lastItem}:{" "}
        {health.lastItemAt ? formatDateTime(health.lastItemAt, timeZone) : CHANNEL_LABELS.never}
      </p>
      {health.lastError ? (
        <p className="break-words font-medium text-red-700" data-testid="stream-failing">
          {CHANNEL_LABELS.failing(health.lastError)}
        </p>
      ) : null}
    </div>
  );
}

/** The stream page's health card: last item, last success, last error and the next poll. */
export function HealthCard({ health, timeZone, polled }: { health: StreamHealth; timeZone: string; polled: boolean }) {
  const time = (value: string | null) => (value ? formatDateTime(value, timeZone) : CHANNEL_LABELS.never);
  return (
    <section
      aria-labelledby="health-heading"
      className="rounded-lg border border-slate-200 bg-white p-4"
      data-testid="health-card"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="health-heading" className="text-lg font-semibold">
          {CHANNEL_LABELS.health}
        </h2>
        {health.lastError ? (
          <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 ring-1 ring-red-200">
            {CHANNEL_LABELS.failing(health.lastError)}
          </span>
        ) : health.lastSuccessAt || health.itemsCount > 0 ? (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-200">
            {CHANNEL_LABELS.healthy}
          </span>
        ) : null}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{CHANNEL_LABELS.lastItem}</dt>
          <dd data-testid="health-last-item">{time(health.lastItemAt)}</dd>
          <dd className="text-xs text-slate-500" data-testid="health-items">
            {CHANNEL_LABELS.items(health.itemsCount)}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{CHANNEL_LABELS.lastSuccess}</dt>
          <dd>{time(health.lastSuccessAt)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{CHANNEL_LABELS.lastError}</dt>
          <dd className={health.lastError ? "break-words text-red-700" : ""}>{health.lastError ?? "—"}</dd>
          {health.lastErrorAt ? <dd className="text-xs text-slate-500">{time(health.lastErrorAt)}</dd> : null}
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{CHANNEL_LABELS.nextPoll}</dt>
          <dd>{polled ? time(health.nextPollAt) : "—"}</dd>
        </div>
      </dl>
    </section>
  );
}
