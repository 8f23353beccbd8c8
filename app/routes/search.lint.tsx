import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "../../domain/messages";
import { QueryValidateSchema } from "../../domain/schemas/searches";
import type { LintAnswer } from "../components/search/query-field";
import type { QueryValidation } from "../components/search/types";
import { ApiError } from "../lib/api.server";
import { readForm } from "../lib/forms.server";
import { requireAccount } from "../lib/guard.server";

// The query editor's live check (a resource route): the API's linter answers, with the query it is
// about, so the browser knows whether the faults still fit the text. A GET (nothing changes); a very
// long query comes as a POST (with the form token) so the address stays short.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccount(request, context);
  return lint(context, new URL(request.url).searchParams.get("query") ?? "");
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { formData } = await readForm(request, context, QueryValidateSchema);
  const query = formData.get("query");
  return lint(context, typeof query === "string" ? query : "");
}

async function lint(context: AppLoadContext, query: string): Promise<LintAnswer> {
  const parsed = QueryValidateSchema.safeParse({ query });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? MESSAGES.wrongFormat;
    return { query, valid: false, errors: [{ message, offset: 0, length: query.length }] };
  }
  try {
    return { query, ...(await context.api.post<QueryValidation>("/v1/queries/validate", { query: parsed.data.query })) };
  } catch (error) {
    // Over the length limit the API refuses the query outright (400): one fault over all of it.
    if (error instanceof ApiError && error.status === 400) {
      return { query, valid: false, errors: [{ message: error.message, offset: 0, length: query.length }] };
    }
    throw error;
  }
}
