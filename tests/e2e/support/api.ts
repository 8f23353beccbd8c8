// The API as a demo account, for a journey's setup (what a user would have made through other screens):
// signs in through POST /api/v1/session and sends JSON with the bearer token and CSRF header.
import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoRole } from "../demo";

export type Api = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;

/** An API caller signed in as `role`; a call that does not answer 2xx fails the test with its answer. */
export async function apiAs(role: DemoRole): Promise<Api> {
  const base = test.info().project.use.baseURL!;
  const login = await fetch(`${base}/api/v1/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_ACCOUNTS[role].email, password: DEMO_PASSWORD }),
  });
  expect(login.ok, await login.clone().text()).toBe(true);
  const session = (await login.json()) as { access_token: string; csrf_token: string };
  return async <T = unknown>(method: string, where: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}/api${where}`, {
      method,
      headers: { authorization: `Bearer ${session.access_token}`, "x-csrf-token": session.csrf_token, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok, `${method} ${where}: ${response.status} ${await response.clone().text()}`).toBe(true);
    return (await response.json()) as T;
  };
}
