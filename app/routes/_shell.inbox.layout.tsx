import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { MESSAGES } from "../../domain/messages";
import { UiPreferencesSchema } from "../../domain/schemas/accounts";
import { inboxReturnPath } from "../components/inbox/params";
import { ApiError } from "../lib/api.server";
import { readForm } from "../lib/forms.server";
import { requireAccount } from "../lib/guard.server";
import { flashToast } from "../lib/toast.server";

// The inbox list's layout switch (a resource route, ADR 033): rows or cards, saved to the account
// (PATCH /v1/accounts/preferences/ui), then back to the view it was posted from. A plain form post, so
// it works without JavaScript; with it, Remix reloads the page's data after the redirect.

const LayoutFormSchema = UiPreferencesSchema.extend({ returnTo: z.string().optional() });

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { formData, submission } = await readForm(request, context, LayoutFormSchema);
  const back = inboxReturnPath(formData.get("returnTo"));
  if (submission.status !== "success") {
    flashToast(context, { kind: "error", message: MESSAGES.badRequest });
    throw redirect(back);
  }
  try {
    await context.api.patch("/v1/accounts/preferences/ui", { inboxLayout: submission.value.inbox_layout });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    flashToast(context, { kind: "error", message: error.reason });
  }
  throw redirect(back);
}

/** A typed or bookmarked address: the inbox. */
export function loader() {
  return redirect("/inbox");
}
