import { useActionData, useLoaderData } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { BusinessProfileForm } from "../components/admin/business-profile-form";
import { ADMIN_PATH } from "../components/admin/paths";
import { routeErrorBoundary } from "../components/ui/route-error-boundary";
import { titleMeta } from "../lib/meta";
import type { createAction, newLoader } from "./_shell.admin.server";

export { newLoader as loader, createAction as action } from "./_shell.admin.server";

const L = MESSAGES.businessProfiles;

export default function NewBusinessProfileRoute() {
  const { sources } = useLoaderData<typeof newLoader>();
  const actionData = useActionData<typeof createAction>();
  return (
    <section aria-labelledby="new-profile-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="new-profile-heading" className="text-lg font-semibold">
        {L.newProfile}
      </h2>
      <BusinessProfileForm sources={sources} lastResult={actionData?.result} cancelTo={ADMIN_PATH} />
    </section>
  );
}

export const meta = titleMeta(L.newProfile);

export const ErrorBoundary = routeErrorBoundary({ back: { to: ADMIN_PATH, label: L.title } });
