import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from "@node-saml/node-saml";
import { findAccountByEmail } from "../../db/repositories/accounts";
import {
  claimSamlAssertion,
  claimSamlRequest,
  findOpenSamlRequest,
  findSamlRequest,
  findSamlConfiguration,
  findSsoProfilesByEmailDomain,
  insertSamlRequest,
  purgeExpiredSaml,
} from "../../db/repositories/saml";
import type { SamlConfigurationRow } from "../../db/repositories/saml-schema";
import type { AccountRow } from "../../db/schema";
import { ACCOUNT_STATE } from "../../domain/constants";
import { notFound, unauthorized } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { SsoRefusal } from "../../domain/schemas/sso";
import { buildAccountView } from "../accounts/account-view";
import type { ServiceDeps } from "../context";
import { hashToken, randomToken, safeEqual } from "../security/tokens";
import { openSession } from "../session/session-tokens";
import { signedIn, type SignedIn } from "../session/signed-in";
import { EMAIL_NAME_ID_FORMAT, serviceProviderUrls, type ServiceProviderUrls } from "./service-provider";

// Signing in through a business profile's identity provider (issue 26, ADR 041): the AuthnRequest
// (HTTP-Redirect binding) and the answer at the assertion consumer service (HTTP-POST binding), checked
// by @node-saml/node-saml (signature on the assertion, times, audience, InResponseTo) and here
// (issuer, recipient, the request's browser, one use of each request and assertion).

/** How long the identity provider has to answer. */
const REQUEST_TTL_MS = 10 * 60 * 1000;
/** Clocks may differ this much between us and the identity provider. */
const CLOCK_SKEW_MS = 30 * 1000;
/** An assertion without NotOnOrAfter is remembered (as used) this long. */
const ASSERTION_MEMORY_MS = 24 * 60 * 60 * 1000;

/** "Sign in with SSO": the profile an address signs in through, by its domain or its own account. */
export async function findSsoProfile(deps: ServiceDeps, email: string): Promise<{ businessProfileId: number }> {
  const address = email.trim().toLowerCase();
  const account = await findAccountByEmail(deps.db, address);
  if (account && (await findSamlConfiguration(deps.db, account.businessProfileId))?.isActive === 1) {
    return { businessProfileId: account.businessProfileId };
  }
  const byDomain = await findSsoProfilesByEmailDomain(deps.db, address.slice(address.lastIndexOf("@") + 1));
  if (byDomain.length === 1) return { businessProfileId: byDomain[0]! };
  throw notFound(MESSAGES.sso.notSetUp);
}

/** A new AuthnRequest for the profile: where to send the browser, and the token it must keep. */
export async function startSamlSignIn(
  deps: ServiceDeps,
  businessProfileId: number,
): Promise<{ redirectUrl: string; bindingToken: string }> {
  const config = await activeConfiguration(deps, businessProfileId);
  const now = deps.now();
  await purgeExpiredSaml(deps.db, now.toISOString());
  const bindingToken = randomToken();
  const cache: CacheProvider = {
    saveAsync: async (key, value) => {
      await insertSamlRequest(deps.db, {
        id: key,
        businessProfileId,
        bindingHash: hashToken(bindingToken),
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + REQUEST_TTL_MS).toISOString(),
      });
      return { value, createdAt: now.getTime() };
    },
    getAsync: async () => null,
    removeAsync: async () => null,
  };
  const redirectUrl = await samlFor(config, serviceProviderUrls(deps, businessProfileId), cache).getAuthorizeUrlAsync("", undefined, {});
  return { redirectUrl, bindingToken };
}

type Refusal = SsoRefusal;

/**
 * The identity provider's answer (a base64 SAML Response) at the profile's assertion consumer service.
 * Signs the account in as a password login does (the same session and tokens), or refuses with the
 * catalogue's reason and opens nothing.
 */
export async function completeSamlSignIn(
  deps: ServiceDeps,
  input: { businessProfileId: number; samlResponse: string; bindingToken: string | undefined },
): Promise<SignedIn> {
  const { businessProfileId } = input;
  const config = await activeConfiguration(deps, businessProfileId);
  const urls = serviceProviderUrls(deps, businessProfileId);
  // Why a request was not found, for the message (node-saml only says "InResponseTo is not valid").
  let requestRefusal: Refusal = "otherBrowser";
  const cache: CacheProvider = {
    saveAsync: async () => null,
    getAsync: async (key) => {
      const nowIso = deps.now().toISOString();
      const request = await findOpenSamlRequest(deps.db, key, nowIso);
      if (!request) {
        requestRefusal = (await findSamlRequest(deps.db, key))?.consumedAt ? "replayed" : "otherBrowser";
        return null;
      }
      const sameBrowser = !!input.bindingToken && safeEqual(hashToken(input.bindingToken), request.bindingHash);
      if (request.businessProfileId !== businessProfileId || !sameBrowser) return null;
      return request.createdAt;
    },
    // The request is claimed below, once the whole answer passed, by one UPDATE (several processes).
    removeAsync: async () => null,
  };

  let profile: Profile | null;
  try {
    ({ profile } = await samlFor(config, urls, cache).validatePostResponseAsync({ SAMLResponse: input.samlResponse }));
  } catch (error) {
    throw refused(refusalOf(error, requestRefusal));
  }
  if (!profile) throw refused("failed");

  const assertion = readAssertion(profile);
  if (assertion.issuer !== config.idpEntityId) throw refused("wrongIssuer");
  if (assertion.recipient !== urls.acsUrl) throw refused("wrongRecipient");
  const requestId = typeof profile.inResponseTo === "string" ? profile.inResponseTo : "";
  if (!requestId || assertion.inResponseTo !== requestId) throw refused("otherBrowser");
  if (!assertion.id) throw refused("failed");

  const now = deps.now();
  const usedOnce =
    (await claimSamlAssertion(deps.db, {
      businessProfileId,
      assertionId: assertion.id,
      expiresAt: assertion.notOnOrAfter ?? new Date(now.getTime() + ASSERTION_MEMORY_MS).toISOString(),
    })) && (await claimSamlRequest(deps.db, requestId, now.toISOString()));
  if (!usedOnce) throw refused("replayed");

  const account = await accountOf(deps, profile, businessProfileId);
  const opened = await openSession(deps.db, { accountId: account.id, businessProfileId: account.businessProfileId }, now);
  return signedIn(opened, await buildAccountView(deps.db, account));
}

async function activeConfiguration(deps: ServiceDeps, businessProfileId: number): Promise<SamlConfigurationRow> {
  const config = await findSamlConfiguration(deps.db, businessProfileId);
  if (!config || config.isActive !== 1) throw notFound(MESSAGES.sso.notActive);
  return config;
}

function samlFor(config: SamlConfigurationRow, urls: ServiceProviderUrls, cacheProvider: CacheProvider): SAML {
  return new SAML({
    entryPoint: config.idpLoginUrl,
    issuer: urls.spEntityId,
    callbackUrl: urls.acsUrl,
    audience: urls.spEntityId,
    idpCert: config.idpCert,
    identifierFormat: EMAIL_NAME_ID_FORMAT,
    // The assertion must carry the identity provider's signature; a signed response alone is not enough.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider,
    disableRequestedAuthnContext: true,
  });
}

function refused(reason: Refusal) {
  return unauthorized(MESSAGES.sso[reason]);
}

/** node-saml's reasons (English, for logs) as the catalogue's. */
function refusalOf(error: unknown, requestRefusal: Refusal): Refusal {
  const message = error instanceof Error ? error.message : "";
  if (/InResponseTo/i.test(message)) return requestRefusal;
  if (/audience/i.test(message)) return "wrongAudience";
  if (/not yet valid|expired|subject confirmation/i.test(message)) return "expired";
  if (/signature|signed data|Missing SAML assertion/i.test(message)) return "notSigned";
  return "failed";
}

interface AssertionFacts {
  id: string | undefined;
  issuer: string | undefined;
  recipient: string | undefined;
  inResponseTo: string | undefined;
  notOnOrAfter: string | undefined;
}

type XmlNode = { $?: Record<string, string>; _?: string } & Record<string, unknown>;

/** What the signed assertion itself says (node-saml's parse of the verified XML, not the unsigned envelope). */
function readAssertion(profile: Profile): AssertionFacts {
  const parsed = (profile.getAssertion?.() ?? {}) as { Assertion?: XmlNode };
  const assertion = parsed.Assertion;
  const first = (node: XmlNode | undefined, name: string) => (node?.[name] as XmlNode[] | undefined)?.[0];
  const issuer = first(assertion, "Issuer");
  const confirmation = first(first(first(assertion, "Subject"), "SubjectConfirmation"), "SubjectConfirmationData");
  return {
    id: assertion?.$?.ID,
    issuer: typeof issuer === "object" ? issuer._ : (issuer as string | undefined),
    recipient: confirmation?.$?.Recipient,
    inResponseTo: confirmation?.$?.InResponseTo,
    notOnOrAfter: first(assertion, "Conditions")?.$?.NotOnOrAfter,
  };
}

/** The signed-in account: an active one of this profile with the asserted address (no account is created). */
async function accountOf(deps: ServiceDeps, profile: Profile, businessProfileId: number): Promise<AccountRow> {
  const email = String(profile.email ?? profile.mail ?? profile.nameID ?? "").trim().toLowerCase();
  const account = email.includes("@") ? await findAccountByEmail(deps.db, email) : undefined;
  if (!account || account.businessProfileId !== businessProfileId || account.state !== ACCOUNT_STATE.active) {
    throw refused("unknownAccount");
  }
  return account;
}
