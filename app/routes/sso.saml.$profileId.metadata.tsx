import type { LoaderFunctionArgs } from "@remix-run/node";
import { orNotFound, recordIdOr404 } from "../lib/not-found.server";

// The business profile's service provider metadata (SAML 2.0 XML; issue 26, ADR 041), at the address that
// is also its entity ID: identity providers fetch it without signing in.
export async function loader({ params, context }: LoaderFunctionArgs) {
  const businessProfileId = recordIdOr404(params.profileId);
  const answer = await orNotFound(context.api.download(`/v1/session/sso/saml/${businessProfileId}/metadata`));
  return new Response(await answer.text(), {
    headers: { "content-type": "application/samlmetadata+xml; charset=utf-8", "x-content-type-options": "nosniff" },
  });
}
