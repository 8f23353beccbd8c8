import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { MESSAGES } from "../../domain/messages";
import { ApiError } from "../lib/api.server";
import type { QueryValidation } from "../components/topics/types";
import { readForm } from "../lib/forms.server";
import { requireAccountOr401 } from "../lib/guard.server";

export async function loader(_: LoaderFunctionArgs) {
  throw new Response(MESSAGES.notFound, { status: 404 });
}

const LintSchema = z.object({ query: z.string().optional() });

/**
 * POST /topics/lint: the topic form's live lint once JavaScript runs (a resource route: JSON, no page),
 * from POST /v1/queries/validate. A POST, as a query may be longer than an address should be.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccountOr401(request, context);
  const { submission } = await readForm(request, context, LintSchema);
  // A posted form turns line breaks into CRLF; the browser counts the faults' offsets in its LF text.
  const query = submission.status === "success" ? (submission.value.query ?? "").replace(/\r\n?/g, "\n") : "";
  try {
    const result = query.trim() ? await context.api.post<QueryValidation>("/v1/queries/validate", { query }) : { valid: true, errors: [] };
    return Response.json(result, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    // The form's own submit lints again and shows the reason; the live lint just stays quiet.
    if (!(error instanceof ApiError)) throw error;
    return Response.json({ error: error.message }, { status: error.status });
  }
}
