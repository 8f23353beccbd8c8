import { createCookieSessionStorage } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiFixture, type ApiFixture, type TenantFixture } from "../../tests/support/api-fixture";
import { MESSAGES } from "../../domain/messages";
import { QueryFaultErrorResponseSchema, SignInRefusedResponseSchema } from "../../domain/schemas/errors";
import { ApiError, createApiClient, type ApiTransport } from "./api.server";
import type { WebFlashData, WebSessionData } from "./session.server";

const storage = createCookieSessionStorage<WebSessionData, WebFlashData>({ cookie: { name: "t", secrets: ["s"] } });

describe("the web app's API client against the real API", () => {
  let fx: ApiFixture;
  let tenant: TenantFixture;
  const logs: string[] = [];
  beforeAll(async () => {
    fx = await createApiFixture("sqlite");
    tenant = await fx.createTenant();
  });
  afterAll(() => fx.cleanup());

  async function client(pageUrl = "http://web.test/inbox?x=1", transport?: ApiTransport) {
    const session = await storage.getSession();
    const api = createApiClient({
      transport: transport ?? ((request) => fx.api.fetch(request)),
      baseUrl: "http://web.test/api",
      session,
      request: new Request(pageUrl),
      requestId: "test-request",
      log: (message) => logs.push(message),
    });
    return { api, session };
  }

  async function thrown(promise: Promise<unknown>): Promise<unknown> {
    try {
      await promise;
    } catch (error) {
      return error;
    }
    throw new Error("expected a rejection");
  }

  it("signs in, keeps the tokens in the session and returns camelCase", async () => {
    const { api, session } = await client();
    const account = await api.signIn({ email: tenant.accounts.admin.email, password: "Secret-pass1" });
    expect(account.businessProfile.id).toBe(tenant.businessProfileId);
    expect(session.get("accessToken")).toBeTruthy();
    expect(session.get("apiSessionCookie")).toBeTruthy();
    expect((await api.currentAccount({ force: true })).firstName).toBe("admin");
  });

  it("refreshes with the refresh token after a 401 and retries once", async () => {
    const { api, session } = await client();
    await api.signIn({ email: tenant.accounts.agent.email, password: "Secret-pass1" });
    const before = session.get("refreshToken");
    await fx.db.updateTable("authTokens").set({ expiresAt: "2000-01-01T00:00:00.000Z" }).where("kind", "=", "access").execute();
    const account = await api.currentAccount({ force: true });
    expect(account.id).toBe(tenant.accounts.agent.id);
    expect(session.get("refreshToken")).not.toBe(before);
  });

  it("falls back to the token endpoint when the refresh token is refused", async () => {
    const { api, session } = await client();
    await api.signIn({ email: tenant.accounts.guest.email, password: "Secret-pass1" });
    session.set("refreshToken", "not-a-token");
    await fx.db.updateTable("authTokens").set({ expiresAt: "2000-01-01T00:00:00.000Z" }).where("kind", "=", "access").execute();
    expect((await api.currentAccount({ force: true })).id).toBe(tenant.accounts.guest.id);
  });

  it("reloads the page when the token endpoint answers for another identity", async () => {
    const { api, session } = await client("http://web.test/?a=1");
    await api.signIn({ email: tenant.accounts.agent.email, password: "Secret-pass1" });
    session.set("accountId", tenant.accounts.admin.id);
    session.set("refreshToken", "not-a-token");
    await fx.db.updateTable("authTokens").set({ expiresAt: "2000-01-01T00:00:00.000Z" }).where("kind", "=", "access").execute();
    const error = await thrown(api.currentAccount({ force: true }));
    expect((error as Response).headers.get("location")).toBe("/?a=1");
    expect(session.get("accountId")).toBe(tenant.accounts.agent.id);
  });

  it("when both fail: logs, clears the tokens and redirects to login with redirectFrom", async () => {
    const { api, session } = await client();
    await api.signIn({ email: tenant.accounts.admin.email, password: "Secret-pass1" });
    await fx.db.updateTable("authSessions").set({ revokedAt: "2000-01-01T00:00:00.000Z" }).execute();
    const error = await thrown(api.currentAccount({ force: true }));
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).headers.get("location")).toBe("/login?redirectFrom=%2Finbox%3Fx%3D1");
    expect(session.get("accessToken")).toBeUndefined();
    expect(logs).toContain("We were not able to generate a new token.");
  });

  it("when a take-over's session has ended, goes back to the system admin's own session with a toast", async () => {
    const { api, session } = await client();
    await api.signIn({ email: tenant.accounts.systemAdmin.email, password: "Secret-pass1" });
    await api.startTakeover({ accountId: tenant.accounts.agent.id });
    expect(session.get("accountId")).toBe(tenant.accounts.agent.id);
    // The hour is over: the API refuses the take-over session's tokens, its refresh and its cookie.
    await fx.db.updateTable("authSessions").set({ expiresAt: "2000-01-01T00:00:00.000Z" }).where("impersonatorAccountId", "is not", null).execute();
    const error = await thrown(api.currentAccount({ force: true }));
    expect((error as Response).headers.get("location")).toBe("/");
    expect(session.get("accountId")).toBe(tenant.accounts.systemAdmin.id);
    expect(session.get("stashedAdmin")).toBeUndefined();
    expect(session.get("toast")).toEqual({ kind: "error", message: MESSAGES.takeoverExpired });
    expect((await api.currentAccount({ force: true })).id).toBe(tenant.accounts.systemAdmin.id);
  });

  it("passes errors of session, token and password_reset paths to the caller without redirecting", async () => {
    const { api } = await client();
    const error = await thrown(api.signIn({ email: tenant.accounts.admin.email, password: "wrong" }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe("Email or password is incorrect");
  });

  it("reads a refusal's details through their schema, camelCased; another answer's body reads as none", async () => {
    const answer = (body: unknown): ApiTransport => async () => new Response(JSON.stringify(body), { status: 400 });
    const fault = { error_message: "Unclosed quote", offset: 7, length: 1, group_index: 0, value_index: 0 };
    let { api } = await client(undefined, answer(fault));
    const refused = (await thrown(api.get("/v1/anything"))) as ApiError;
    expect(refused.detailsAs(QueryFaultErrorResponseSchema)).toEqual({
      errorMessage: "Unclosed quote",
      offset: 7,
      length: 1,
      groupIndex: 0,
      valueIndex: 0,
    });
    ({ api } = await client(undefined, answer({ error_message: "Bad request" })));
    expect(((await thrown(api.get("/v1/anything"))) as ApiError).detailsAs(QueryFaultErrorResponseSchema)).toBeNull();
    const wrong = (await thrown(api.signIn({ email: tenant.accounts.admin.email, password: "wrong" }))) as ApiError;
    expect(wrong.detailsAs(SignInRefusedResponseSchema)?.otpToken).toBeUndefined();
  });

  it("takes the message from error_message, then description, then the generic text", async () => {
    const answer = (body: unknown): ApiTransport => async () => new Response(JSON.stringify(body), { status: 400 });
    const cases: Array<[unknown, string]> = [
      [{ error_message: "first", description: "second" }, "first"],
      [{ description: "second" }, "second"],
      [{}, "Something went wrong"],
    ];
    for (const [body, message] of cases) {
      const { api } = await client(undefined, answer(body));
      expect(((await thrown(api.get("/v1/anything"))) as ApiError).message).toBe(message);
    }
  });

  it("sends snake_case, Shared-Link-Code, CSRF on mutations, and GET via POST", async () => {
    const seen: Request[] = [];
    const echo: ApiTransport = async (request) => {
      seen.push(request.clone());
      return new Response(JSON.stringify({ some_value: { nested_key: 1 } }), { status: 200 });
    };
    const { api, session } = await client("http://web.test/?shared_link_code=abc", echo);
    session.set("accessToken", "token");
    session.set("accessTokenExpiresAt", new Date(Date.now() + 600_000).toISOString());
    session.set("apiCsrfToken", "csrf");
    const result = await api.post<{ someValue: { nestedKey: number } }>("/v1/things", { contextId: 3, range: { fromDate: "x" } });
    expect(result.someValue.nestedKey).toBe(1);
    expect(await seen[0]!.json()).toEqual({ context_id: 3, range: { from_date: "x" } });
    expect(seen[0]!.headers.get("x-csrf-token")).toBe("csrf");
    expect(seen[0]!.headers.get("shared-link-code")).toBe("abc");
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer token");

    await api.get("/v1/dashboard/x", { query: { accountId: 1, range: { from: "a", to: "b" } } });
    expect(new URL(seen[1]!.url).search).toBe("?account_id=1&range%5Bfrom%5D=a&range%5Bto%5D=b");
    expect(seen[1]!.headers.get("x-csrf-token")).toBeNull();

    await api.getViaPost("/v1/dashboard/y", { timeZone: "UTC" });
    expect(seen[2]!.method).toBe("POST");
    expect(seen[2]!.headers.get("x-http-method-override")).toBe("GET");
    expect(await seen[2]!.json()).toEqual({ time_zone: "UTC" });
  });
});

describe("ApiError.reason (what a toast says)", () => {
  it("is the first field error's own words when the API named a field, else the message", () => {
    const moved = new ApiError(422, "folder_id This folder does not exist or was deleted.", {
      folder_id: ["This folder does not exist or was deleted."],
    });
    expect(moved.reason).toBe("This folder does not exist or was deleted.");
    expect(new ApiError(404, "This stream does not exist or was deleted.").reason).toBe("This stream does not exist or was deleted.");
    expect(new ApiError(422, "Wrong format!", { name: [] }).reason).toBe("Wrong format!");
  });
});
