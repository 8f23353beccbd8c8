import { useActionData, useLoaderData } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { AlertForm } from "../components/alerts/alert-form";
import { routeErrorBoundary } from "../components/ui/route-error-boundary";
import { titleMeta } from "../lib/meta";
import { newAlertAction, newAlertLoader } from "./_shell.alerts.server";

export const loader = newAlertLoader;
export const action = newAlertAction;

/** A new alert on the saved search or topic of ?search_id= / ?topic_id=. */
export default function NewAlertRoute() {
  const { target } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="break-words text-xl font-semibold">{MESSAGES.alerts.newAlertFor(target.name)}</h1>
      <AlertForm target={target} lastResult={actionData?.result} />
    </div>
  );
}

export const meta = titleMeta(MESSAGES.alerts.newAlert);
export const ErrorBoundary = routeErrorBoundary({ back: { to: "/alerts", label: MESSAGES.alertsMenu } });
