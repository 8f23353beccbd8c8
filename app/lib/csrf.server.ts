import crypto from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { MESSAGES } from "../../domain/messages";

const FORM_TOKEN_FIELD = "csrf";

/** A new form token (random, so it never occurs in a page's other text). */
export function newFormToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** The form token tied to this browser's session (created on first visit). */
export function ensureFormToken(context: AppLoadContext): string {
  let token = context.session.get("formToken");
  if (!token) {
    token = newFormToken();
    context.session.set("formToken", token);
  }
  return token;
}

/** Every action calls this first: a post without this session's token changes nothing (403). */
export function assertFormToken(formData: FormData, context: AppLoadContext): void {
  const expected = context.session.get("formToken");
  const presented = formData.get(FORM_TOKEN_FIELD);
  const ok =
    typeof presented === "string" &&
    !!expected &&
    presented.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(presented), Buffer.from(expected));
  if (!ok) throw new Response(MESSAGES.csrfInvalid, { status: 403 });
}
