import { redirect, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "../../domain/messages";
import { safeRedirectPath } from "../../domain/navigation";
import { ApiError } from "../lib/api.server";
import { assertFormToken } from "../lib/csrf.server";
import { readFormData } from "../lib/forms.server";
import { requireAccount } from "../lib/guard.server";
import { flashToast } from "../lib/toast.server";

export async function loader(_: LoaderFunctionArgs) {
  throw redirect("/");
}

/** A system admin takes over an account (form post from the users list); the API decides who may. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const formData = await readFormData(request);
  assertFormToken(formData, context);
  const accountId = Number(formData.get("account_id"));
  const businessProfileId = Number(formData.get("business_profile_id"));
  try {
    const account = await context.api.startTakeover(
      accountId ? { accountId } : { businessProfileId: businessProfileId || undefined },
    );
    flashToast(context, { kind: "success", message: MESSAGES.takeoverStarted(`${account.firstName} ${account.lastName}`.trim()) });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    flashToast(context, { kind: "error", message: error.reason });
    const referer = request.headers.get("referer");
    // A Referer that is not a URL (sent by hand) goes back to the dashboard.
    throw redirect(safeRedirectPath(referer && URL.canParse(referer) ? new URL(referer).pathname : "/"));
  }
  throw redirectDocument("/");
}
