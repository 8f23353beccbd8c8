import { Link, useLoaderData } from "@remix-run/react";
import { formatDate } from "../../domain/format";
import { MESSAGES } from "../../domain/messages";
import { routeErrorBoundary } from "../components/ui/route-error-boundary";
import { titleMeta } from "../lib/meta";
import { NEW_PROFILE_PATH, profilePath } from "../components/admin/paths";
import type { listLoader } from "./_shell.admin.server";

export { listLoader as loader } from "./_shell.admin.server";

const L = MESSAGES.businessProfiles;

export default function AdminIndexRoute() {
  const { profiles } = useLoaderData<typeof listLoader>();
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{L.intro}</p>
      <Link to={NEW_PROFILE_PATH} className="inline-flex rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700">
        {L.newProfile}
      </Link>
      {profiles.length === 0 ? (
        <p className="text-sm text-slate-500">{L.noProfiles}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="business-profiles">
            <caption className="sr-only">{L.title}</caption>
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {L.logo}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {MESSAGES.name}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {MESSAGES.dashboardUi.timeZone}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {L.createdAt}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {L.activeAccounts}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {profiles.map((profile) => (
                <tr key={profile.id} data-testid="business-profile-row">
                  <td className="px-3 py-2">
                    {profile.logoUrl ? (
                      <img src={profile.logoUrl} alt={L.logoOf(profile.name)} className="size-8 object-contain" />
                    ) : (
                      <span className="text-xs text-slate-500">{L.noLogo}</span>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <Link to={profilePath(profile.id)} className="font-medium text-brand-700 underline">
                      {profile.name}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{profile.timeZone}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(profile.createdAt)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{profile.activeAccountsCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export const meta = titleMeta(L.title);

export const ErrorBoundary = routeErrorBoundary();
