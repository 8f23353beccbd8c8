import { Link, useActionData, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { AlertForm } from "../components/alerts/alert-form";
import { ConfirmFormDialog } from "../components/ui/confirm-form-dialog";
import { routeErrorBoundary } from "../components/ui/route-error-boundary";
import { titleMeta } from "../lib/meta";
import { alertAction, alertLoader } from "./_shell.alerts.server";

export const loader = alertLoader;
export const action = alertAction;

/** One alert: its form and its deletion (?dialog=delete asks first, with or without JavaScript). */
export default function AlertRoute() {
  const { alert } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const here = `/alerts/${alert.id}`;
  const confirming = alert.editable && params.get("dialog") === "delete";
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="break-words text-xl font-semibold">{MESSAGES.alerts.editAlertFor(alert.targetName)}</h1>
      <AlertForm alert={alert} lastResult={actionData?.result} />
      {alert.editable ? (
        <Link
          to="?dialog=delete"
          preventScrollReset
          className="inline-block rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
        >
          {MESSAGES.alerts.delete}
        </Link>
      ) : null}
      {confirming ? (
        <ConfirmFormDialog
          formId={`delete-alert-${alert.id}`}
          intent="delete"
          recordId={alert.id}
          subject={MESSAGES.alerts.deleteConfirm(alert.name)}
          closeHref={here}
          lastResult={undefined}
          onClose={() => navigate(here, { replace: true, preventScrollReset: true })}
        />
      ) : null}
    </div>
  );
}

export const meta = titleMeta(MESSAGES.alerts.editAlert);
export const ErrorBoundary = routeErrorBoundary({ notFound: MESSAGES.alerts.alertNotFound, back: { to: "/alerts", label: MESSAGES.alertsMenu } });
