import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { ssoRefusalOf } from "../../domain/schemas/sso";
import { ApiError } from "../lib/api.server";
import { readFormData } from "../lib/forms.server";
import { recordIdOr404 } from "../lib/not-found.server";
import { bindingTokenOf, clearedBindingCookie } from "../lib/saml-binding.server";

// The assertion consumer service of a business profile (SAML HTTP-POST binding; issue 26, ADR 041): the
// identity provider's page posts SAMLResponse here from its own site, so there is no form token to check
// (the server lets this one path through its cross-site refusal); the API checks the answer and that
// this browser started the sign-in. Signed in, the browser goes home as after a password login; refused,
// to /login with the catalogue's reason.

export async function loader() {
  return redirect("/login");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const businessProfileId = recordIdOr404(params.profileId);
  const formData = await readFormData(request);
  const https = context.settings.https;
  const headers = { "Set-Cookie": clearedBindingCookie(https) };
  const samlResponse = formData.get("SAMLResponse");
  if (typeof samlResponse !== "string" || !samlResponse) return redirect("/login?sso_error=failed", { headers });
  try {
    await context.api.signInWithSaml({ businessProfileId, samlResponse, bindingToken: bindingTokenOf(request, https) });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return redirect(`/login?sso_error=${ssoRefusalOf(error.message)}`, { headers });
  }
  return redirect("/", { headers });
}
