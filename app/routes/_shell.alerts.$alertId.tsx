import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { AlertForm } from "../components/alerts/alert-form";
import { Button } from "../components/ui/button";
import { CsrfInput } from "../components/ui/csrf-input";
import { routeErrorBoundary } from "../components/ui/route-error-boundary";
import { titleMeta } from "../lib/meta";
import { alertAction, alertLoader } from "./_shell.alerts.server";

export const loader = alertLoader;
export const action = alertAction;

/** One alert: its form and its deletion. */
export default function AlertRoute() {
  const { alert } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="break-words text-xl font-semibold">{MESSAGES.alerts.editAlertFor(alert.targetName)}</h1>
      <AlertForm alert={alert} lastResult={actionData?.result} />
      {alert.editable ? (
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="intent" value="delete" />
          <Button variant="danger">{MESSAGES.alerts.delete}</Button>
        </Form>
      ) : null}
    </div>
  );
}

export const meta = titleMeta(MESSAGES.alerts.editAlert);
export const ErrorBoundary = routeErrorBoundary({ notFound: MESSAGES.alerts.alertNotFound, back: { to: "/alerts", label: MESSAGES.alertsMenu } });
