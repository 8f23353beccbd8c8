import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatDate, formatDateTime } from "../../domain/format";
import { MESSAGES } from "../../domain/messages";
import { BusinessProfileForm } from "../components/admin/business-profile-form";
import { ADMIN_PATH, profilePath } from "../components/admin/paths";
import { Button } from "../components/ui/button";
import { CsrfInput } from "../components/ui/csrf-input";
import { routeErrorBoundary } from "../components/ui/route-error-boundary";
import type { profileLoader, updateAction } from "./_shell.admin.server";
import type { MetaFunction } from "@remix-run/react";
import { titleMeta } from "../lib/meta";

export { profileLoader as loader, updateAction as action } from "./_shell.admin.server";

const L = MESSAGES.businessProfiles;

export default function BusinessProfileRoute() {
  const { profile, bots, sourceName } = useLoaderData<typeof profileLoader>();
  const actionData = useActionData<typeof updateAction>();
  return (
    <div className="space-y-6">
      <Link to={ADMIN_PATH} className="text-sm text-brand-700 underline">
        {L.title}
      </Link>
      <section aria-labelledby="profile-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-center gap-3">
          {profile.logoUrl ? <img src={profile.logoUrl} alt={L.logoOf(profile.name)} className="size-12 object-contain" data-testid="profile-logo" /> : null}
          <h2 id="profile-heading" className="text-lg font-semibold" data-testid="profile-name">
            {profile.name}
          </h2>
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <dt className="text-slate-600">{MESSAGES.dashboardUi.timeZone}</dt>
          <dd>{profile.timeZone}</dd>
          <dt className="text-slate-600">{L.createdAt}</dt>
          <dd>{formatDate(profile.createdAt)}</dd>
          <dt className="text-slate-600">{L.activeAccounts}</dt>
          <dd data-testid="profile-active-accounts">{profile.activeAccountsCount}</dd>
          {sourceName && profile.copiedBusinessProfileId ? (
            <>
              <dt className="text-slate-600">{L.copiedFrom}</dt>
              <dd>
                <Link to={profilePath(profile.copiedBusinessProfileId)} className="text-brand-700 underline">
                  {L.copiedFromName(sourceName)}
                </Link>
              </dd>
            </>
          ) : null}
        </dl>
        {profile.defaultAccountId ? (
          <Form method="post" action="/takeover/start" className="space-y-1">
            <CsrfInput />
            <input type="hidden" name="business_profile_id" value={profile.id} />
            <Button variant="secondary">{L.takeOverDefault}</Button>
            <p className="text-xs text-slate-500">{L.takeOverHelp}</p>
          </Form>
        ) : (
          <p className="text-sm text-slate-600">{L.noDefaultAccount}</p>
        )}
      </section>

      <section aria-labelledby="edit-profile-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="edit-profile-heading" className="text-lg font-semibold">
          {MESSAGES.inboxUi.editLabelOf(profile.name)}
        </h2>
        <BusinessProfileForm key={profile.id} editing={{ id: profile.id, name: profile.name }} lastResult={actionData?.result} cancelTo={ADMIN_PATH} />
      </section>

      <section aria-labelledby="bots-heading" className="space-y-3">
        <h2 id="bots-heading" className="text-lg font-semibold">
          {L.discordBots}
        </h2>
        {bots.length === 0 ? (
          <p className="text-sm text-slate-500">{L.noDiscordBots}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="discord-bots">
              <thead className="bg-slate-50 text-left text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">{MESSAGES.name}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{L.server}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{L.channel}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{MESSAGES.channelScreen.status}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{L.lastDelivery}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {bots.map((bot) => (
                  <tr key={bot.id}>
                    <td className="px-3 py-2">{bot.name}</td>
                    <td className="px-3 py-2 font-mono text-xs">{bot.serverId ?? "-"}</td>
                    <td className="px-3 py-2 font-mono text-xs">{bot.channelId ?? "-"}</td>
                    <td className="px-3 py-2">{bot.status === "active" ? MESSAGES.accountActive : L.botStatus[bot.status]}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{bot.lastDeliveryAt ? formatDateTime(bot.lastDeliveryAt) : "-"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof profileLoader> = (args) =>
  titleMeta(args.data ? args.data.profile.name : L.title)(args as never);

export const ErrorBoundary = routeErrorBoundary({ notFound: L.profileNotFound, back: { to: ADMIN_PATH, label: L.title } });
