// Signing in the way a browser does (login form) and the way a script does (POST /api/v1/session).
import { DEMO_ADMIN, DEMO_PASSWORD } from "./server";

const WEB_COOKIE = "__earshot";
const TIMEOUT_MS = 10_000;

function cookieFrom(response: Response, name: string): string | null {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    if (pair?.startsWith(`${name}=`)) return pair;
  }
  return null;
}

/**
 * GET /login, then POST /login with the form's csrf token and the session cookie; returns the
 * `Cookie` header value that makes GET / the signed-in dashboard shell.
 */
export async function signInWithForm(origin: string, email = DEMO_ADMIN, password = DEMO_PASSWORD): Promise<string> {
  const page = await fetch(`${origin}/login`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`GET /login answered ${page.status}`);
  const csrf = html.match(/<input[^>]*name="csrf"[^>]*value="([^"]+)"/)?.[1];
  const anonymous = cookieFrom(page, WEB_COOKIE);
  if (!csrf || !anonymous) throw new Error("GET /login gave no csrf field or no __earshot cookie");

  const response = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: anonymous, origin },
    body: new URLSearchParams({ csrf, email, password, redirectFrom: "" }).toString(),
  });
  await response.arrayBuffer();
  const signedIn = cookieFrom(response, WEB_COOKIE);
  if (response.status !== 302 || !signedIn) {
    throw new Error(`POST /login answered ${response.status}${signedIn ? "" : " without a session cookie"}`);
  }

  const shell = await fetch(`${origin}/`, {
    redirect: "manual",
    headers: { cookie: signedIn },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = await shell.text();
  if (shell.status !== 200 || !body.includes("Dashboard")) {
    throw new Error(`GET / with the signed-in cookie answered ${shell.status}, not the dashboard`);
  }
  return signedIn;
}

export interface ApiSession {
  accessToken: string;
  csrfToken: string;
}

export const apiLoginBody = (email = DEMO_ADMIN, password = DEMO_PASSWORD) => JSON.stringify({ email, password });

export async function signInWithApi(origin: string, email = DEMO_ADMIN, password = DEMO_PASSWORD): Promise<ApiSession> {
  const response = await fetch(`${origin}/api/v1/session`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: apiLoginBody(email, password),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const json = (await response.json().catch(() => null)) as { access_token?: string; csrf_token?: string } | null;
  if (response.status !== 201 || !json?.access_token || !json.csrf_token) {
    throw new Error(`POST /api/v1/session answered ${response.status}`);
  }
  return { accessToken: json.access_token, csrfToken: json.csrf_token };
}
