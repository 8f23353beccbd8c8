import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatDate } from "../../domain/format";
import { ROLE_LABELS } from "../../domain/roles";
import { guardRoute, recordPageView } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await guardRoute(request, context);
  // Shared links (?shared_link_code=) are served by the analytics issue; until then none exist.
  if (!account) throw new Response("Not Found", { status: 404 });
  recordPageView(request, context, account);
  return {
    firstName: account.firstName,
    role: ROLE_LABELS[account.role],
    businessProfile: account.businessProfile,
    today: formatDate(new Date(), account.businessProfile.timeZone),
  };
}

export default function DashboardRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <section className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">Dashboard</h1>
        <p className="text-sm text-slate-500">
          {data.businessProfile.name} · {data.today} · {data.businessProfile.timeZone}
        </p>
      </header>
      <div className="rounded-lg border border-slate-200 bg-white p-6">
        <p className="text-lg">Welcome, {data.firstName}.</p>
        <dl className="mt-4 grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">Business profile</dt>
            <dd className="font-medium">{data.businessProfile.name}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Your role</dt>
            <dd className="font-medium" data-testid="role">
              {data.role}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Active members</dt>
            <dd className="font-medium">{data.businessProfile.activeAccountsCount}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

export const meta = titleMeta("Dashboard");
