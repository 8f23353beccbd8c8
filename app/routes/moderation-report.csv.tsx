// The moderation report's CSV (a resource route): `/moderation-report/csv?<the report's address>`
// streams GET /v1/moderation/events/export-to-csv with the same filters and order (ADR 037): every
// matching event, as the API writes it, passed through as it arrives (never held whole here).
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { QueryToSend } from "../../domain/request-types";
import type { ModerationReportQuerySchema } from "../../domain/schemas/moderation";
import { readReportView, reportApiQuery } from "../components/moderation/report-query";
import { ApiError } from "../lib/api.server";
import { requireAccount } from "../lib/guard.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccount(request, context);
  const { page: _page, ...query } = reportApiQuery(readReportView(new URL(request.url).searchParams));
  let upstream: Response;
  try {
    upstream = await context.api.download("/v1/moderation/events/export-to-csv", { query: query satisfies QueryToSend<typeof ModerationReportQuerySchema> });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw new Response(error.message, { status: error.status });
    throw error;
  }
  return new Response(upstream.body, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": upstream.headers.get("content-disposition") ?? 'attachment; filename="moderation-events.csv"',
      "cache-control": "private, no-store",
    },
  });
}
