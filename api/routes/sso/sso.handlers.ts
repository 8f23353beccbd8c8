import { SamlConfigurationResponseSchema, SsoLookupResponseSchema, SsoRequestResponseSchema } from "../../../domain/schemas/sso";
import { getSamlConfiguration, updateSamlConfiguration } from "../../../services/sso/saml-settings";
import { completeSamlSignIn, findSsoProfile, startSamlSignIn } from "../../../services/sso/saml-sign-in";
import { getServiceProviderMetadata } from "../../../services/sso/service-provider";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { openedSessionResponse } from "../session/session.handlers";
import {
  completeSamlSignInRoute,
  findSsoProfileRoute,
  getSamlConfigurationRoute,
  serviceProviderMetadataRoute,
  startSamlSignInRoute,
  updateSamlConfigurationRoute,
} from "./sso.routes";

/**
 * Single sign-on (analytics spec §7; issue 26, ADR 041): the SSO screen's GET and PUT
 * /v1/admin/business_profiles/preferences/sso/saml, and the sign-in through the identity provider
 * (lookup, AuthnRequest, the answer, the service provider's metadata), open to anonymous callers.
 */
export function registerSsoRoutes(app: ApiApp) {
  app.openapi(getSamlConfigurationRoute, async (c) =>
    c.json(toWire(SamlConfigurationResponseSchema, await getSamlConfiguration(c.get("deps"), requireActor(c))), 200),
  );

  app.openapi(updateSamlConfigurationRoute, async (c) =>
    c.json(
      toWire(SamlConfigurationResponseSchema, await updateSamlConfiguration(c.get("deps"), requireActor(c), c.req.valid("json"))),
      200,
    ),
  );

  app.openapi(findSsoProfileRoute, async (c) =>
    c.json(toWire(SsoLookupResponseSchema, await findSsoProfile(c.get("deps"), c.req.valid("json").email)), 200),
  );

  app.openapi(startSamlSignInRoute, async (c) =>
    c.json(toWire(SsoRequestResponseSchema, await startSamlSignIn(c.get("deps"), c.req.valid("json").business_profile_id)), 201),
  );

  app.openapi(completeSamlSignInRoute, async (c) => {
    const body = c.req.valid("json");
    const opened = await completeSamlSignIn(c.get("deps"), {
      businessProfileId: body.business_profile_id,
      samlResponse: body.saml_response,
      bindingToken: body.binding_token,
    });
    return c.json(openedSessionResponse(c, opened), 201);
  });

  app.openapi(serviceProviderMetadataRoute, async (c) => {
    const xml = await getServiceProviderMetadata(c.get("deps"), c.req.valid("param").id);
    return c.body(xml, 200, { "content-type": "application/samlmetadata+xml; charset=utf-8" });
  });
}
