import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { SessionResponseSchema } from "../../../domain/schemas/session";
import {
  SamlConfigurationResponseSchema,
  SamlConfigurationSchema,
  SsoAssertionSchema,
  SsoLookupResponseSchema,
  SsoLookupSchema,
  SsoRequestResponseSchema,
  SsoRequestSchema,
} from "../../../domain/schemas/sso";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const body = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

export const getSamlConfigurationRoute = createRoute({
  method: "get",
  path: "/v1/admin/business_profiles/preferences/sso/saml",
  tags: ["sso"],
  summary: "The caller's business profile's SAML configuration, with what its identity provider needs from us (every member)",
  responses: { 200: json(SamlConfigurationResponseSchema, "The configuration"), 401: errorResponses[401], 403: errorResponses[403] },
});

export const updateSamlConfigurationRoute = createRoute({
  method: "put",
  path: "/v1/admin/business_profiles/preferences/sso/saml",
  tags: ["sso"],
  summary: "Replace the caller's business profile's SAML configuration (admins)",
  request: { body: body(SamlConfigurationSchema) },
  responses: {
    200: json(SamlConfigurationResponseSchema, "The configuration"),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

export const findSsoProfileRoute = createRoute({
  method: "post",
  path: "/v1/session/sso/saml/lookup",
  tags: ["sso"],
  summary: "The business profile an address signs in through (its account's, or the one its domain names)",
  request: { body: body(SsoLookupSchema) },
  responses: { 200: json(SsoLookupResponseSchema, "The profile"), 404: errorResponses[404], 422: errorResponses[422] },
});

export const startSamlSignInRoute = createRoute({
  method: "post",
  path: "/v1/session/sso/saml/requests",
  tags: ["sso"],
  summary: "A new AuthnRequest: the identity provider's URL to send the browser to, and the token it keeps",
  request: { body: body(SsoRequestSchema) },
  responses: { 201: json(SsoRequestResponseSchema, "The request"), 404: errorResponses[404], 422: errorResponses[422] },
});

export const completeSamlSignInRoute = createRoute({
  method: "post",
  path: "/v1/session/sso/saml",
  tags: ["sso"],
  summary: "Sign in with the identity provider's SAML Response (as the assertion consumer service received it)",
  request: { body: body(SsoAssertionSchema) },
  responses: {
    201: json(SessionResponseSchema, "Signed in, as a password login; also sets the API session cookie"),
    401: errorResponses[401],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const serviceProviderMetadataRoute = createRoute({
  method: "get",
  path: "/v1/session/sso/saml/{id}/metadata",
  tags: ["sso"],
  summary: "The business profile's service provider metadata (SAML 2.0 XML) for its identity provider",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "SAML metadata", content: { "application/samlmetadata+xml": { schema: z.string() } } },
    404: errorResponses[404],
  },
});
