import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import {
  createApiFixture,
  TEST_PASSWORD,
  type ApiFixture,
  type SignedIn,
  type TenantFixture,
} from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { MESSAGES } from "../../../domain/messages";
import { RESET_MAILS_PER_ADDRESS, RESET_REQUESTS_PER_CLIENT } from "../../../domain/limits";

const PATH = "/api/v1/accounts/preferences/security/password_reset";
const SENT = MESSAGES.resetEmailSent;
const LINK_INVALID = MESSAGES.resetLinkInvalid;
const CHANGED = MESSAGES.passwordChanged;
const INCORRECT = MESSAGES.emailOrPasswordIncorrect;
const PUBLIC_URL = "http://localhost:3000";
const MINUTE = 60 * 1000;

let passwordCounter = 0;
/** A new valid password, different each time. */
function newPassword(): string {
  passwordCounter += 1;
  return `Reset-pass${passwordCounter}!`;
}

describe.each(testEngines({ engineSpecific: true }))("password reset on %s", (engine) => {
  let fx: ApiFixture;
  // The clock only moves forward here.
  let clock = Date.now();

  beforeAll(async () => {
    fx = await createApiFixture(engine, { now: () => new Date(clock) });
  });
  afterAll(() => fx.cleanup());

  /** A tenant of its own for each test: passwords change here. */
  function tenant(): Promise<TenantFixture> {
    return fx.createTenant();
  }

  function requestReset(email: string, headers?: Record<string, string>) {
    return fx.request("POST", PATH, { body: { email }, headers });
  }

  function check(token: string | undefined) {
    return fx.request("GET", token === undefined ? PATH : `${PATH}?token=${encodeURIComponent(token)}`);
  }

  function reset(token: string | undefined, password: string, confirmation = password) {
    return fx.request("PUT", PATH, { body: { token, account: { password, password_confirmation: confirmation } } });
  }

  function login(email: string, password: string) {
    return fx.request("POST", "/api/v1/session", { body: { email, password } });
  }

  function me(auth: SignedIn) {
    return fx.request("GET", "/api/accounts", { auth });
  }

  function mailsTo(email: string) {
    return fx.sentMail.filter((m) => m.to === email);
  }

  /** The reset link of the latest mail to the address, and its token. */
  function resetLink(email: string): { url: string; token: string } {
    const mail = mailsTo(email).at(-1);
    if (!mail) throw new Error(`no mail to ${email}`);
    const url = mail.text.match(/https?:\/\/\S+/)?.[0];
    const token = url?.match(/\/reset-password\/([^/?#\s]+)$/)?.[1];
    if (!url || !token) throw new Error(`no reset link in ${mail.text}`);
    return { url, token: decodeURIComponent(token) };
  }

  async function tokenFor(email: string): Promise<string> {
    const res = await requestReset(email);
    expect(res.status).toBe(200);
    return resetLink(email).token;
  }

  it("answers a known and an unknown e-mail alike; only the known one gets mail, with a PUBLIC_URL link", async () => {
    const t = await tenant();
    const known = t.accounts.agent.email;
    const unknown = `nobody-${process.pid}@example.test`;
    const mailsBefore = fx.sentMail.length;

    const a = await requestReset(known, { host: "evil.example", "x-forwarded-host": "evil.example" });
    const b = await requestReset(unknown, { host: "evil.example", "x-forwarded-host": "evil.example" });
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(a.json).toEqual({ message: SENT });
    expect(b.json).toEqual(a.json);

    expect(fx.sentMail.length).toBe(mailsBefore + 1);
    expect(mailsTo(known)).toHaveLength(1);
    expect(mailsTo(unknown)).toHaveLength(0);
    const { url, token } = resetLink(known);
    expect(url).toBe(`${PUBLIC_URL}/reset-password/${token}`);
    expect(mailsTo(known)[0]!.html).toContain(url);
    expect(mailsTo(known)[0]!.text).not.toContain("evil.example");
  });

  it("answers the same for a removed account, and mails nothing", async () => {
    const t = await tenant();
    const admin = await fx.signIn(t.accounts.admin.email);
    expect((await fx.request("DELETE", `/api/v1/accounts/${t.accounts.guest.id}`, { auth: admin })).status).toBe(204);
    const res = await requestReset(t.accounts.guest.email);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: SENT });
    expect(mailsTo(t.accounts.guest.email)).toHaveLength(0);
  });

  it("uses a token of at least 128 bits, stored only as a hash", async () => {
    const t = await tenant();
    const token = await tokenFor(t.accounts.agent.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token.length).toBeGreaterThanOrEqual(22);

    const rows = await fx.db
      .selectFrom("passwordResets")
      .selectAll()
      .where("accountId", "=", t.accounts.agent.id)
      .execute();
    expect(rows).toHaveLength(1);
    for (const [column, value] of Object.entries(rows[0]!)) {
      expect(String(value), column).not.toContain(token);
    }
    // No column of the table holds the raw token, whatever its name.
    const raw = await sql<Record<string, unknown>>`select * from password_resets`.execute(fx.db);
    expect(JSON.stringify(raw.rows)).not.toContain(token);
  });

  it("GET with the token answers the e-mail; a bad or missing token is 403", async () => {
    const t = await tenant();
    const token = await tokenFor(t.accounts.agent.email);
    const ok = await check(token);
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ email: t.accounts.agent.email });

    for (const bad of [`${token}x`, "not-a-token", "", undefined]) {
      const res = await check(bad);
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ error_message: LINK_INVALID });
    }
  });

  it("PUT sets the new password once: the old password fails, the new works, the token is then 403", async () => {
    const t = await tenant();
    const email = t.accounts.agent.email;
    const token = await tokenFor(email);
    const password = newPassword();

    const res = await reset(token, password);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: CHANGED });

    const old = await login(email, TEST_PASSWORD);
    expect(old.status).toBe(401);
    expect(old.json).toEqual({ error_message: INCORRECT });
    expect((await login(email, password)).status).toBe(201);

    const again = await reset(token, newPassword());
    expect(again.status).toBe(403);
    expect(again.json).toEqual({ error_message: LINK_INVALID });
    expect((await check(token)).status).toBe(403);
    // The refused reuse changed nothing.
    expect((await login(email, password)).status).toBe(201);
  });

  it("PUT with a bad token is 403 and changes nothing", async () => {
    const t = await tenant();
    const email = t.accounts.agent.email;
    await tokenFor(email);
    for (const bad of ["not-a-token", undefined]) {
      const res = await reset(bad, newPassword());
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ error_message: LINK_INVALID });
    }
    expect((await login(email, TEST_PASSWORD)).status).toBe(201);
  });

  it("PUT applies the password rules (catalogue messages on the form's fields) and keeps the token usable", async () => {
    const t = await tenant();
    const email = t.accounts.agent.email;
    const token = await tokenFor(email);
    const short = await reset(token, "Ab1!");
    expect(short.status).toBe(422);
    expect(short.json.errors).toEqual({ password: ["It is too short!"] });
    const noDigit = await reset(token, "Abcdefgh!");
    expect(noDigit.status).toBe(422);
    expect(noDigit.json.errors).toEqual({ password: ["Must contain a digit!"] });
    const mismatch = await reset(token, newPassword(), "Something-else1");
    expect(mismatch.status).toBe(422);
    expect(mismatch.json.errors).toEqual({ password_confirmation: ["Must be the same as password!"] });

    expect((await login(email, TEST_PASSWORD)).status).toBe(201);
    expect((await reset(token, newPassword())).status).toBe(200);
  });

  it("expires the link after 1 hour", async () => {
    const t = await tenant();
    const email = t.accounts.agent.email;
    const token = await tokenFor(email);
    clock += 59 * MINUTE;
    expect((await check(token)).status).toBe(200);
    clock += MINUTE;
    const expired = await check(token);
    expect(expired.status).toBe(403);
    expect(expired.json).toEqual({ error_message: LINK_INVALID });
    const put = await reset(token, newPassword());
    expect(put.status).toBe(403);
    expect((await login(email, TEST_PASSWORD)).status).toBe(201);
  });

  it("ends every existing session of the account: access, refresh and cookie all answer 401", async () => {
    const t = await tenant();
    const email = t.accounts.agent.email;
    const [first, second] = [await fx.signIn(email), await fx.signIn(email)];
    const neighbour = await fx.signIn(t.accounts.guest.email);
    const token = await tokenFor(email);
    expect((await reset(token, newPassword())).status).toBe(200);

    for (const auth of [first, second]) {
      expect((await me(auth)).status).toBe(401);
      const refreshed = await fx.request("PUT", "/api/v1/session", {
        headers: { authorization: `Bearer ${auth.refreshToken}` },
      });
      expect(refreshed.status).toBe(401);
      const minted = await fx.request("GET", "/api/accounts/token", {
        headers: { cookie: `earshot_api_session=${auth.sessionCookie}` },
      });
      expect(minted.status).toBe(401);
    }
    // Another account's session is untouched.
    expect((await me(neighbour)).status).toBe(200);
  });

  it("makes the first link useless when a second reset is requested", async () => {
    const t = await tenant();
    const email = t.accounts.agent.email;
    const first = await tokenFor(email);
    const second = await tokenFor(email);
    expect(second).not.toBe(first);
    expect(mailsTo(email)).toHaveLength(2);

    expect((await check(first)).status).toBe(403);
    const stale = await reset(first, newPassword());
    expect(stale.status).toBe(403);
    expect(stale.json).toEqual({ error_message: LINK_INVALID });

    const password = newPassword();
    expect((await reset(second, password)).status).toBe(200);
    expect((await login(email, password)).status).toBe(201);
  });

  it("answers 422 for a malformed e-mail, and mails nothing", async () => {
    const before = fx.sentMail.length;
    const res = await requestReset("not-an-email");
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ email: ["Email address is not valid!"] });
    expect(fx.sentMail.length).toBe(before);
  });

  describe("rationing (issue 31: ten mails in a second to one address)", () => {
    const HOUR = 60 * MINUTE;
    const TOO_MANY = { error_message: MESSAGES.tooManyMails };

    it("mails one address at most RESET_MAILS_PER_ADDRESS times an hour, however fast it is asked; then 429 and no mail", async () => {
      const t = await tenant();
      const email = t.accounts.agent.email;
      const answers = await Promise.all(Array.from({ length: 10 }, () => requestReset(email)));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(RESET_MAILS_PER_ADDRESS);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused).toHaveLength(10 - RESET_MAILS_PER_ADDRESS);
      expect(refused[0]!.json).toEqual(TOO_MANY);
      expect(mailsTo(email)).toHaveLength(RESET_MAILS_PER_ADDRESS);

      // An hour later the address may ask again.
      clock += HOUR + MINUTE;
      expect((await requestReset(email)).status).toBe(200);
      expect(mailsTo(email)).toHaveLength(RESET_MAILS_PER_ADDRESS + 1);
    });

    it("refuses an unknown address exactly as a known one, so the limit reveals nothing", async () => {
      const t = await tenant();
      const known = t.accounts.agent.email;
      const unknown = `nobody-else-${t.businessProfileId}@example.test`;
      for (let i = 0; i < RESET_MAILS_PER_ADDRESS; i += 1) {
        expect((await requestReset(known)).status).toBe(200);
        expect((await requestReset(unknown)).status).toBe(200);
      }
      const a = await requestReset(known);
      const b = await requestReset(unknown);
      expect(a.status).toBe(429);
      expect(b.status).toBe(429);
      expect(b.json).toEqual(a.json);
      expect(mailsTo(known)).toHaveLength(RESET_MAILS_PER_ADDRESS);
      expect(mailsTo(unknown)).toHaveLength(0);
    });

    it("lets one client address ask RESET_REQUESTS_PER_CLIENT times an hour, across addresses; the next is 429 and mails nothing", async () => {
      const tenants = await Promise.all(
        Array.from({ length: Math.ceil((RESET_REQUESTS_PER_CLIENT + 1) / 4) }, () => tenant()),
      );
      const emails = tenants.flatMap((t) => Object.values(t.accounts).map((a) => a.email));
      const clientIp = `198.51.100.${(process.pid % 200) + 1}`;
      for (const email of emails.slice(0, RESET_REQUESTS_PER_CLIENT)) {
        expect((await fx.request("POST", PATH, { body: { email }, clientIp })).status).toBe(200);
      }
      const before = fx.sentMail.length;
      const next = emails[RESET_REQUESTS_PER_CLIENT]!;
      const over = await fx.request("POST", PATH, { body: { email: next }, clientIp });
      expect(over.status).toBe(429);
      expect(over.json).toEqual(TOO_MANY);
      expect(fx.sentMail.length).toBe(before);
      // Another client is not held back by this one.
      expect((await fx.request("POST", PATH, { body: { email: next }, clientIp: "203.0.113.9" })).status).toBe(200);
    });
  });
});
