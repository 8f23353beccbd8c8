import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import type { SsoRequestResponseSchema } from "../../domain/schemas/sso";
import { ApiError } from "../lib/api.server";
import { guardRoute } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";
import { recordIdOr404 } from "../lib/not-found.server";
import { bindingCookie } from "../lib/saml-binding.server";
import type { AuthHandle } from "./_auth";

// A business profile's sign-in link (issue 26, ADR 041): a new AuthnRequest, and the way on to the
// identity provider (HTTP-Redirect binding). The page itself sends the browser on (a refresh, which the
// CSP's form-action does not govern, and a link), so it works without JavaScript.

type ApiSsoRequest = FromWire<typeof SsoRequestResponseSchema>;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await guardRoute(request, context);
  const businessProfileId = recordIdOr404(params.profileId);
  try {
    const started = await context.api.post<ApiSsoRequest>("/v1/session/sso/saml/requests", { businessProfileId });
    return data(
      { redirectUrl: started.redirectUrl, refusal: null },
      { headers: { "Set-Cookie": bindingCookie(started.bindingToken, context.settings.https) } },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { redirectUrl: null, refusal: error.message };
    throw error;
  }
}

/** The binding cookie travels with the page (a document request, or the data of a client navigation). */
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

export const handle: AuthHandle = { authHeader: MESSAGES.sso.signInWithSso };

export default function SsoRedirectRoute() {
  const { redirectUrl, refusal } = useLoaderData<typeof loader>();
  if (!redirectUrl) {
    return (
      <div className="space-y-4">
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {refusal}
        </div>
        <p className="text-center text-sm">
          <a href="/login" className="font-medium text-brand-600 underline">
            {MESSAGES.backToLogin}
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4 text-center">
      <p className="text-sm text-slate-600">{MESSAGES.sso.redirecting}</p>
      <a href={redirectUrl} className="inline-block font-medium text-brand-600 underline" data-testid="sso-continue">
        {MESSAGES.sso.continueToIdp}
      </a>
    </div>
  );
}

const title = titleMeta("Sign in with SSO");

export const meta: MetaFunction<typeof loader> = (args) => [
  ...title(args as Parameters<typeof title>[0]),
  ...(args.data?.redirectUrl ? [{ httpEquiv: "refresh", content: `0;url=${args.data.redirectUrl}` }] : []),
];
