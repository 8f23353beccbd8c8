import { redirect, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "../../domain/messages";
import { ApiError } from "../lib/api.server";
import { assertFormToken } from "../lib/csrf.server";
import { readFormData } from "../lib/forms.server";
import { requireAccount } from "../lib/guard.server";
import { flashToast } from "../lib/toast.server";

export async function loader(_: LoaderFunctionArgs) {
  throw redirect("/");
}

/**
 * 'Restore Admin Account': ends the take-over and reloads the page as the admin (a document
 * redirect, so nothing of the taken-over user stays on screen). A failed exit shows the generic toast.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  assertFormToken(await readFormData(request), context);
  try {
    await context.api.endTakeover();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    flashToast(context, { kind: "error", message: MESSAGES.somethingWentWrong });
    throw redirect("/");
  }
  throw redirectDocument("/");
}
