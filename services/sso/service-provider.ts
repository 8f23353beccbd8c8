import crypto from "node:crypto";
import { generateServiceProviderMetadata } from "@node-saml/node-saml";
import { findBusinessProfile } from "../../db/repositories/business-profiles";
import { notFound } from "../../domain/errors";
import type { ServiceDeps } from "../context";
import { certificateBody } from "../../domain/schemas/sso";

// Earshot as a SAML service provider (ADR 041): each business profile is its own service provider, with
// its own entity ID (its metadata URL) and assertion consumer service, so an answer meant for one
// profile names an audience and a recipient no other profile accepts.

export interface ServiceProviderUrls {
  spEntityId: string;
  acsUrl: string;
  metadataUrl: string;
  signInUrl: string;
}

export function serviceProviderUrls(deps: Pick<ServiceDeps, "settings">, businessProfileId: number): ServiceProviderUrls {
  const base = `${deps.settings.publicUrl}/sso/saml/${businessProfileId}`;
  return { spEntityId: `${base}/metadata`, acsUrl: `${base}/acs`, metadataUrl: `${base}/metadata`, signInUrl: base };
}

/**
 * The SP metadata XML an identity provider imports (entity ID, ACS with HTTP-POST, signed assertions
 * wanted); public, as identity providers fetch it. A profile that does not exist: 404.
 */
export async function getServiceProviderMetadata(deps: ServiceDeps, businessProfileId: number): Promise<string> {
  if (!(await findBusinessProfile(deps.db, businessProfileId))) throw notFound();
  const urls = serviceProviderUrls(deps, businessProfileId);
  return generateServiceProviderMetadata({
    issuer: urls.spEntityId,
    callbackUrl: urls.acsUrl,
    identifierFormat: EMAIL_NAME_ID_FORMAT,
    wantAssertionsSigned: true,
  });
}

export const EMAIL_NAME_ID_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";

/** The certificate as one PEM block, or null when it is not an X.509 certificate. */
export function parsedCertificatePem(text: string): string | null {
  const body = certificateBody(text);
  if (!body) return null;
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----\n`;
  try {
    new crypto.X509Certificate(pem);
    return pem;
  } catch {
    return null;
  }
}
