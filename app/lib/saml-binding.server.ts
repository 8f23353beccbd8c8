// The browser that starts a single sign-on keeps a token the identity provider's answer must come back
// with (ADR 041): without it, an attacker could post their own valid answer from their own sign-in and
// sign the victim in as themselves. The answer arrives as a cross-site POST, which does not carry the
// SameSite=Lax session cookie, so the token has its own cookie: SameSite=None (and Secure, `__Host-`)
// over https; over plain http (local use, tests on loopback) SameSite=Lax, as browsers refuse
// SameSite=None without Secure. It lives ten minutes, as the request does.

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;
const MAX_AGE_SECONDS = 10 * 60;

function cookieName(https: boolean): string {
  return https ? "__Host-earshot_saml" : "earshot_saml";
}

export function bindingCookie(token: string, https: boolean): string {
  const attributes = https ? "Path=/; HttpOnly; Secure; SameSite=None" : "Path=/; HttpOnly; SameSite=Lax";
  return `${cookieName(https)}=${token}; Max-Age=${MAX_AGE_SECONDS}; ${attributes}`;
}

/** The cookie's end, once the answer was read (whatever it said). */
export function clearedBindingCookie(https: boolean): string {
  const attributes = https ? "Path=/; HttpOnly; Secure; SameSite=None" : "Path=/; HttpOnly; SameSite=Lax";
  return `${cookieName(https)}=; Max-Age=0; ${attributes}`;
}

export function bindingTokenOf(request: Request, https: boolean): string | undefined {
  const name = cookieName(https);
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return TOKEN_PATTERN.test(value) ? value : undefined;
    }
  }
  return undefined;
}
