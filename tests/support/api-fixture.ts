import crypto from "node:crypto";
import { createApi, type Api } from "../../api/app";
import type { Engine } from "../../db/client";
import { ROLES, type Role } from "../../domain/roles";
import type { Mailer, MailMessage } from "../../services/mail/mailer";
import type { ServiceDeps } from "../../services/context";
import { createWorkspace } from "../../services/workspace/create-workspace";
import { createIngestPorts, type IngestPortOptions } from "../../ingest";
import type { Translator } from "../../services/translate";
import { createOutboundRegistry, createWebhookCallbackConnector } from "../../services/inbox/outbound";
import type { OutboundRegistry } from "../../services/inbox/outbound-ports";
import { createTestDatabase, type TestDatabase } from "./database";

export const TEST_PASSWORD = "Secret-pass1";

export interface TenantFixture {
  businessProfileId: number;
  accounts: Record<"systemAdmin" | "admin" | "agent" | "guest", { id: number; email: string; role: Role }>;
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  csrfToken: string;
  sessionCookie: string;
  accountId: number;
}

/** An in-process API over a fresh database, with helpers to make tenants and sign in. */
export async function createApiFixture(
  engine: Engine,
  options: { trustProxy?: boolean; now?: () => Date; ingest?: IngestPortOptions; translator?: Translator; outbound?: OutboundRegistry<ServiceDeps> } = {},
) {
  const database: TestDatabase = await createTestDatabase(engine);
  const sentMail: MailMessage[] = [];
  const mailer: Mailer = { send: async (m) => void sentMail.push(m) };
  const deps: ServiceDeps = {
    db: database.db,
    now: options.now ?? (() => new Date()),
    mailer,
    settings: { publicUrl: "http://localhost:3000", productName: "Earshot" },
    // Loopback servers started by tests stand in for feeds and review platforms.
    ingest: createIngestPorts({ feedAllowlist: ["127.0.0.1"], ...options.ingest }),
    ...(options.translator ? { translator: options.translator } : {}),
    // As the server wires it: replies of webhook streams with a reply_url are POSTed there.
    outbound: options.outbound ?? createOutboundRegistry([createWebhookCallbackConnector()]),
  };
  const errors: unknown[] = [];
  const api: Api = createApi({
    deps,
    settings: { trustProxy: options.trustProxy ?? false, secureCookies: false },
    logError: (error) => errors.push(error),
  });

  async function request(
    method: string,
    path: string,
    init: { body?: unknown; auth?: SignedIn; csrf?: string | null; headers?: Record<string, string>; clientIp?: string } = {},
  ) {
    const headers = new Headers(init.headers);
    if (init.body !== undefined) headers.set("content-type", "application/json");
    if (init.auth) {
      headers.set("authorization", `Bearer ${init.auth.accessToken}`);
      const csrf = init.csrf === undefined ? init.auth.csrfToken : init.csrf;
      if (csrf) headers.set("x-csrf-token", csrf);
    }
    const response = await api.fetch(
      new Request(`http://api.test${path}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
      init.clientIp ? { clientIp: init.clientIp } : {},
    );
    const text = await response.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: response.status, json, headers: response.headers };
  }

  async function createTenant(name = `Tenant ${crypto.randomBytes(4).toString("hex")}`): Promise<TenantFixture> {
    const tag = crypto.randomBytes(4).toString("hex");
    const roles = { systemAdmin: ROLES.systemAdmin, admin: ROLES.admin, agent: ROLES.agent, guest: ROLES.guest };
    const { businessProfile, accounts } = await createWorkspace(database.db, {
      name,
      members: Object.entries(roles).map(([key, role]) => ({
        role,
        email: `${key.toLowerCase()}-${tag}@example.test`,
        firstName: key,
        lastName: "Tester",
        password: TEST_PASSWORD,
      })),
    });
    const byKey = Object.fromEntries(
      Object.keys(roles).map((key, i) => [key, { id: accounts[i]!.id, email: accounts[i]!.email, role: accounts[i]!.role as Role }]),
    ) as TenantFixture["accounts"];
    return { businessProfileId: businessProfile.id, accounts: byKey };
  }

  async function signIn(email: string, password = TEST_PASSWORD): Promise<SignedIn> {
    const res = await request("POST", "/api/v1/session", { body: { email, password } });
    if (res.status !== 201) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.json)}`);
    const cookie = res.headers.get("set-cookie") ?? "";
    return {
      accessToken: res.json.access_token,
      refreshToken: res.json.refresh_token,
      csrfToken: res.json.csrf_token,
      sessionCookie: cookie.match(/earshot_api_session=([^;]+)/)?.[1] ?? "",
      accountId: res.json.account.id,
    };
  }

  /** Signs in every role of a tenant (in parallel). */
  async function signInRoles(tenant: TenantFixture): Promise<Record<keyof TenantFixture["accounts"], SignedIn>> {
    const [systemAdmin, admin, agent, guest] = await Promise.all(
      (["systemAdmin", "admin", "agent", "guest"] as const).map((key) => signIn(tenant.accounts[key].email)),
    );
    return { systemAdmin: systemAdmin!, admin: admin!, agent: agent!, guest: guest! };
  }

  return {
    api,
    deps,
    db: database.db,
    engine,
    request,
    createTenant,
    signIn,
    signInRoles,
    sentMail,
    errors,
    cleanup: database.cleanup,
  };
}

export type ApiFixture = Awaited<ReturnType<typeof createApiFixture>>;
