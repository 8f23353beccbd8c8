import { Form, Link, useLoaderData } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { Button } from "../components/ui/button";
import { CsrfInput } from "../components/ui/csrf-input";
import { routeErrorBoundary } from "../components/ui/route-error-boundary";
import { titleMeta } from "../lib/meta";
import { alertsAction, alertsLoader, type ApiAlert } from "./_shell.alerts.server";

const A = MESSAGES.alerts;

export const loader = alertsLoader;
export const action = alertsAction;

/** The tenant's alerts (those on searches and topics the caller sees), with their last firings. */
export default function AlertsRoute() {
  const { alerts } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-4xl space-y-4">
      <h1 className="text-xl font-semibold">{MESSAGES.alertsMenu}</h1>
      <p className="text-sm text-slate-600">{A.intro}</p>
      {alerts.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">{A.noAlertsYet}</p>
      ) : (
        <ul className="space-y-3" aria-label={MESSAGES.alertsMenu}>
          {alerts.map((alert) => (
            <AlertRow key={alert.id} alert={alert} />
          ))}
        </ul>
      )}
    </div>
  );
}

function AlertRow({ alert }: { alert: ApiAlert }) {
  const span = A.timeSpanLabel(alert.alertTimeSpan);
  return (
    <li data-testid="alert-row" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="break-words font-medium">
            {alert.editable ? <Link to={`/alerts/${alert.id}`} className="text-brand-700 hover:underline">{alert.name}</Link> : alert.name}
          </h2>
          <p className="break-words text-sm text-slate-600">
            {alert.searchId !== null ? A.savedSearch : MESSAGES.widgetsUi.topicColumn}: {alert.targetName} · {A.thresholdSummary(alert.thresholdCountMode, alert.thresholdCountValue, span)}
          </p>
          <p className="break-words text-xs text-slate-500">{alert.recipientEmails.join(", ")}</p>
        </div>
        <div className="flex items-center gap-2">
          {alert.isMuted ? <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{A.mutedBadge}</span> : null}
          {alert.isActive ? null : <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">{A.off}</span>}
          {alert.editable ? (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="toggle" />
              <input type="hidden" name="id" value={alert.id} />
              <Button variant="secondary" className="px-3 py-1">
                {alert.isActive ? A.toggleOff : A.toggleOn}
              </Button>
            </Form>
          ) : null}
        </div>
      </div>
      <div>
        <h3 className="text-xs font-semibold uppercase text-slate-500">{A.lastFirings}</h3>
        {alert.lastFirings.length === 0 ? (
          <p className="text-sm text-slate-500">{A.noFirings}</p>
        ) : (
          <ul className="text-sm" data-testid="alert-firings">
            {alert.lastFirings.map((firing) => (
              <li key={firing.id}>
                {A.firing(firing.matchCount, `${firing.firedAt.slice(0, 16).replace("T", " ")} UTC`)} · {A.emailStatus[firing.emailStatus]}
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

export const meta = titleMeta(MESSAGES.alertsMenu);
export const ErrorBoundary = routeErrorBoundary({ back: { to: "/", label: MESSAGES.dashboard } });
