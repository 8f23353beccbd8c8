import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { generate } from "selfsigned";
import { SignedXml } from "xml-crypto";

// A real SAML identity provider on loopback (issue 26, ADR 041), for the API tests and the browser
// journeys: GET /sso receives the AuthnRequest (HTTP-Redirect binding: deflated, base64) and answers a
// page whose form posts a SAML Response, its assertion signed with xml-crypto, to the request's
// assertion consumer service (HTTP-POST binding). The page works without JavaScript: a button posts it.
// `forge` bends the next answers the ways an attacker would, so each refusal is tried against a real
// signature.

export interface IdpKeys {
  privateKey: string;
  cert: string;
}

export interface ReceivedAuthnRequest {
  id: string;
  acsUrl: string;
  issuer: string;
  relayState: string;
}

/** How the next answer is made (all optional: a faithful answer by default). */
export interface Forgery {
  email?: string;
  audience?: string;
  recipient?: string;
  issuer?: string;
  inResponseTo?: string;
  /** Shifts NotBefore/NotOnOrAfter (ms from now): e.g. an expired one ends in the past. */
  notBeforeMs?: number;
  notOnOrAfterMs?: number;
  /** "none": unsigned; "other": signed by a key the service provider does not know. */
  signature?: "idp" | "none" | "other";
  /** XML signature wrapping: a forged assertion around (or beside) the genuinely signed one. */
  wrap?: "nested" | "copied-signature";
  assertionId?: string;
}

export async function makeIdpKeys(commonName = "Test IdP"): Promise<IdpKeys> {
  const pems = await generate([{ name: "commonName", value: commonName }], { keySize: 2048, algorithm: "sha256" });
  return { privateKey: pems.private, cert: pems.cert };
}

const SAML_NS = 'xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"';
const SAMLP_NS = 'xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"';

function xmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function signAssertion(assertion: string, keys: IdpKeys): string {
  const signer = new SignedXml({
    privateKey: keys.privateKey,
    publicCert: keys.cert,
    signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    canonicalizationAlgorithm: "http://www.w3.org/2001/10/xml-exc-c14n#",
  });
  signer.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", "http://www.w3.org/2001/10/xml-exc-c14n#"],
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
  });
  signer.computeSignature(assertion, { location: { reference: "//*[local-name(.)='Issuer']", action: "after" } });
  return signer.getSignedXml();
}

/** A SAML Response (base64) answering `request` for `email`, as `entityId` with `keys`, bent by `forgery`. */
export function samlResponse(
  request: ReceivedAuthnRequest,
  idp: { entityId: string; keys: IdpKeys; otherKeys?: IdpKeys },
  email: string,
  forgery: Forgery = {},
): string {
  const now = Date.now();
  const iso = (offsetMs: number) => new Date(now + offsetMs).toISOString();
  const inResponseTo = forgery.inResponseTo ?? request.id;
  const build = (id: string, subject: string) =>
    `<saml:Assertion ${SAML_NS} ID="${id}" Version="2.0" IssueInstant="${iso(0)}">` +
    `<saml:Issuer>${xmlEscape(forgery.issuer ?? idp.entityId)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${xmlEscape(subject)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData InResponseTo="${xmlEscape(inResponseTo)}" NotOnOrAfter="${iso(forgery.notOnOrAfterMs ?? 5 * 60_000)}" Recipient="${xmlEscape(forgery.recipient ?? request.acsUrl)}"/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(forgery.notBeforeMs ?? -60_000)}" NotOnOrAfter="${iso(forgery.notOnOrAfterMs ?? 5 * 60_000)}">` +
    `<saml:AudienceRestriction><saml:Audience>${xmlEscape(forgery.audience ?? request.issuer)}</saml:Audience></saml:AudienceRestriction>` +
    `</saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(0)}" SessionIndex="${id}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `</saml:Assertion>`;
  const assertionId = forgery.assertionId ?? `_a${crypto.randomBytes(16).toString("hex")}`;
  const genuine = build(assertionId, email);
  const signature = forgery.signature ?? "idp";
  let assertion =
    signature === "none" ? genuine : signAssertion(genuine, signature === "other" ? (idp.otherKeys ?? idp.keys) : idp.keys);
  if (forgery.wrap === "nested") {
    // The forged assertion (another subject, unsigned) carries the signed one inside its Advice.
    const forged = build(`_f${crypto.randomBytes(8).toString("hex")}`, forgery.email ?? email);
    assertion = forged.replace("</saml:Conditions>", `</saml:Conditions><saml:Advice>${assertion}</saml:Advice>`);
  } else if (forgery.wrap === "copied-signature") {
    // The forged assertion takes the genuine one's ID and signature; the genuine one hides in Extensions.
    const copied = assertion.match(/<(ds:)?Signature[\s\S]*<\/(ds:)?Signature>/)![0];
    const forged = build(assertionId, forgery.email ?? email).replace("</saml:Issuer>", `</saml:Issuer>${copied}`);
    assertion = `<samlp:Extensions>${assertion}</samlp:Extensions>${forged}`;
  }
  const response =
    `<samlp:Response ${SAMLP_NS} ${SAML_NS} ID="_r${crypto.randomBytes(16).toString("hex")}" Version="2.0" IssueInstant="${iso(0)}" ` +
    `Destination="${xmlEscape(forgery.recipient ?? request.acsUrl)}" InResponseTo="${xmlEscape(inResponseTo)}">` +
    `<saml:Issuer>${xmlEscape(forgery.issuer ?? idp.entityId)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    assertion +
    `</samlp:Response>`;
  return Buffer.from(response, "utf8").toString("base64");
}

/** The AuthnRequest a redirect URL carries (SAMLRequest: deflate-raw, base64). */
export function readAuthnRequest(redirectUrl: string): ReceivedAuthnRequest {
  const url = new URL(redirectUrl);
  const xml = zlib.inflateRawSync(Buffer.from(url.searchParams.get("SAMLRequest") ?? "", "base64")).toString("utf8");
  const attribute = (name: string) => xml.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1] ?? "";
  return {
    id: attribute("ID"),
    acsUrl: attribute("AssertionConsumerServiceURL"),
    issuer: xml.match(/<saml:Issuer[^>]*>([^<]*)<\/saml:Issuer>/)?.[1] ?? "",
    relayState: url.searchParams.get("RelayState") ?? "",
  };
}

/** The SAMLResponse a page of the identity provider posts. */
export function postedSamlResponse(html: string): { action: string; samlResponse: string } {
  return {
    action: html.match(/<form[^>]*action="([^"]*)"/)?.[1]?.replace(/&amp;/g, "&") ?? "",
    samlResponse: html.match(/name="SAMLResponse" value="([^"]*)"/)?.[1] ?? "",
  };
}

/** The loopback identity provider: GET /sso answers the AuthnRequest for `signInAs`, bent by `forge`. */
export async function startTestIdp(options: { entityId?: string } = {}) {
  const keys = await makeIdpKeys();
  const otherKeys = await makeIdpKeys("Another IdP");
  const received: ReceivedAuthnRequest[] = [];
  let user = "";
  let forgery: Forgery = {};
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://idp.test");
    if (req.method !== "GET" || url.pathname !== "/sso" || !url.searchParams.get("SAMLRequest")) {
      res.writeHead(404).end("Not found");
      return;
    }
    const request = readAuthnRequest(url.href);
    received.push(request);
    const response = samlResponse(request, { entityId, keys, otherKeys }, user, forgery);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="en"><head><title>Test identity provider</title><link rel="icon" href="data:,"></head><body><main>` +
        `<h1>Test identity provider</h1><p>Signing in as ${xmlEscape(user)}</p>` +
        `<form method="post" action="${xmlEscape(request.acsUrl)}">` +
        `<input type="hidden" name="SAMLResponse" value="${response}">` +
        `<input type="hidden" name="RelayState" value="${xmlEscape(request.relayState)}">` +
        `<button type="submit">Continue to Earshot</button></form></main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const entityId = options.entityId ?? `http://127.0.0.1:${port}/metadata`;
  return {
    entityId,
    loginUrl: `http://127.0.0.1:${port}/sso`,
    keys,
    otherKeys,
    received,
    /** Who the next answers sign in (the NameID, an e-mail address). */
    signInAs(email: string) {
      user = email;
    },
    forge(next: Forgery) {
      forgery = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestIdp = Awaited<ReturnType<typeof startTestIdp>>;
