import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace } from "../../../services/workspace/create-workspace";
import {
  createApiFixture,
  TEST_PASSWORD,
  type ApiFixture,
  type SignedIn,
  type TenantFixture,
} from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { MESSAGES } from "../../../domain/messages";
import { INVITE_MAILS_PER_ADDRESS, INVITES_PER_INVITER } from "../../../domain/limits";

const FORBIDDEN = MESSAGES.forbidden;
const INVITE_INVALID = MESSAGES.inviteInvalid;
const ROLE_ABOVE = MESSAGES.roleAboveYours;
const EMAIL_IN_USE = MESSAGES.emailInUse;
const EMAIL_TAKEN = MESSAGES.emailTaken;
const EMAIL_MISMATCH = MESSAGES.inviteEmailMismatch;
const NO_TEAMS_FOR_SYSTEM_ADMINS = MESSAGES.systemAdminsNoTeams;
const UNKNOWN_TEAM = MESSAGES.unknownTeam;
const PUBLIC_URL = "http://localhost:3000";
const DAY = 24 * 60 * 60 * 1000;
const NEW_PASSWORD = "Fresh-pass9";

let counter = 0;
/** An address no account or invite of any test has used. */
function newEmail(label = "invitee"): string {
  counter += 1;
  return `${label}-${counter}-${process.pid}@example.test`;
}

describe.each(testEngines({ engineSpecific: true }))("invites and sign-up on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let theirs: TenantFixture;
  let admin: SignedIn;
  let agent: SignedIn;
  let guest: SignedIn;
  let systemAdmin: SignedIn;
  let myTeamId: number;
  let otherTeamId: number;
  let theirTeamId: number;
  // The tests move the clock forward and back; sessions are re-created when it moved.
  let clock = Date.now();

  beforeAll(async () => {
    fx = await createApiFixture(engine, { now: () => new Date(clock) });
    [mine, theirs] = await Promise.all([fx.createTenant(), fx.createTenant()]);
    ({ admin, agent, guest, systemAdmin } = await fx.signInRoles(mine));
    const theirAdmin = await fx.signIn(theirs.accounts.admin.email);
    const created = await Promise.all([
      fx.request("POST", "/api/v1/teams", { auth: admin, body: { name: "Support", account_ids: [] } }),
      fx.request("POST", "/api/v1/teams", { auth: admin, body: { name: "Sales", account_ids: [] } }),
      fx.request("POST", "/api/v1/teams", { auth: theirAdmin, body: { name: "Theirs", account_ids: [] } }),
    ]);
    expect(created.map((r) => r.status)).toEqual([201, 201, 201]);
    [myTeamId, otherTeamId, theirTeamId] = created.map((r) => r.json.id as number) as [number, number, number];
  });
  afterAll(() => fx.cleanup());

  function invite(auth: SignedIn, body: Record<string, unknown>, headers?: Record<string, string>) {
    return fx.request("POST", "/api/v1/team_member_invites", { auth, body, headers });
  }

  function mailsTo(email: string) {
    return fx.sentMail.filter((m) => m.to === email.toLowerCase());
  }

  /** The sign-up link of the latest invite mailed to the address, and the token in it. */
  function inviteLink(email: string): { url: string; token: string } {
    const mail = mailsTo(email).at(-1);
    if (!mail) throw new Error(`no mail to ${email}`);
    const url = mail.text.match(/https?:\/\/\S+/)?.[0];
    if (!url) throw new Error(`no link in the mail to ${email}`);
    const token = new URL(url).searchParams.get("tm");
    if (!token) throw new Error(`no tm parameter in ${url}`);
    return { url, token };
  }

  async function inviteAndGetToken(email: string, body: Record<string, unknown> = {}, auth = admin) {
    const res = await invite(auth, { email, role: 2, team_ids: [], ...body });
    expect(res.status).toBe(201);
    return inviteLink(email).token;
  }

  function lookUp(token: string | undefined) {
    const query = token === undefined ? "" : `?team_member_invite_token=${encodeURIComponent(token)}`;
    return fx.request("GET", `/api/v1/accounts/new${query}`);
  }

  function signUp(token: string, account: Record<string, unknown>) {
    return fx.request("POST", "/api/v1/accounts", { body: { account, team_member_invite_token: token } });
  }

  function signUpBody(email: string, overrides: Record<string, unknown> = {}) {
    return {
      first_name: "New",
      last_name: "Colleague",
      email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      ...overrides,
    };
  }

  async function countAccounts(): Promise<number> {
    const row = await fx.db
      .selectFrom("accounts")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async function countInvites(): Promise<number> {
    const row = await fx.db
      .selectFrom("teamMemberInvites")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Runs `body` with the clock moved by `offsetMs`, then puts it back. */
  async function withClockMoved<T>(offsetMs: number, body: () => Promise<T>): Promise<T> {
    const saved = clock;
    clock += offsetMs;
    try {
      return await body();
    } finally {
      clock = saved;
    }
  }

  describe("POST /v1/team_member_invites", () => {
    it("lets an admin invite: 201, and the e-mail goes to the address with a sign-up link on PUBLIC_URL", async () => {
      const email = newEmail();
      const res = await invite(admin, { email: `  ${email.toUpperCase()} `, role: 2, team_ids: [myTeamId] });
      expect(res.status).toBe(201);
      expect(res.json).toEqual({
        id: expect.any(Number),
        email,
        role: 2,
        team_ids: [myTeamId],
        expires_at: expect.any(String),
      });
      const mails = mailsTo(email);
      expect(mails).toHaveLength(1);
      const { url, token } = inviteLink(email);
      expect(url).toBe(`${PUBLIC_URL}/sign-up?tm=${token}`);
      expect(mails[0]!.html).toContain(url);
      expect(token.length).toBeGreaterThanOrEqual(22);
      // Only the hash is stored.
      const stored = await fx.db
        .selectFrom("teamMemberInvites")
        .selectAll()
        .where("id", "=", res.json.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(stored)).not.toContain(token);
    });

    it("mails one address at most INVITE_MAILS_PER_ADDRESS invites an hour: the next is 429, nothing stored, no mail", async () => {
      const email = newEmail("spammed");
      for (let i = 0; i < INVITE_MAILS_PER_ADDRESS; i += 1) await inviteAndGetToken(email);
      const invites = await countInvites();
      const res = await invite(admin, { email, role: 2, team_ids: [] });
      expect(res.status).toBe(429);
      expect(res.json).toEqual({ error_message: MESSAGES.tooManyMails });
      expect(mailsTo(email)).toHaveLength(INVITE_MAILS_PER_ADDRESS);
      expect(await countInvites()).toBe(invites);
      // The last link mailed still works.
      expect((await lookUp(inviteLink(email).token)).status).toBe(200);
    });

    it("lets one inviter send INVITES_PER_INVITER invites an hour; the next is 429 and mails nothing", async () => {
      const other = await fx.createTenant();
      const otherAdmin = await fx.signIn(other.accounts.admin.email);
      for (let i = 0; i < INVITES_PER_INVITER; i += 1) {
        expect((await invite(otherAdmin, { email: newEmail("bulk"), role: 2, team_ids: [] })).status).toBe(201);
      }
      const before = fx.sentMail.length;
      const res = await invite(otherAdmin, { email: newEmail("bulk"), role: 2, team_ids: [] });
      expect(res.status).toBe(429);
      expect(res.json).toEqual({ error_message: MESSAGES.tooManyMails });
      expect(fx.sentMail.length).toBe(before);
    });

    it("builds the link from the configured URL, never from the Host header or the request URL", async () => {
      const viaHeaders = newEmail();
      const res = await invite(
        admin,
        { email: viaHeaders, role: 2 },
        {
          host: "evil.example",
          "x-forwarded-host": "evil.example",
          "x-forwarded-proto": "https",
          forwarded: "host=evil.example",
        },
      );
      expect(res.status).toBe(201);
      expect(inviteLink(viaHeaders).url.startsWith(`${PUBLIC_URL}/sign-up?tm=`)).toBe(true);

      // The request itself addressed to evil.example.
      const viaUrl = newEmail();
      const response = await fx.api.fetch(
        new Request("http://evil.example/api/v1/team_member_invites", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${admin.accessToken}`,
            "x-csrf-token": admin.csrfToken,
            host: "evil.example",
          },
          body: JSON.stringify({ email: viaUrl, role: 2 }),
        }),
      );
      expect(response.status).toBe(201);
      const mail = mailsTo(viaUrl).at(-1)!;
      expect(inviteLink(viaUrl).url.startsWith(`${PUBLIC_URL}/sign-up?tm=`)).toBe(true);
      expect(mail.text).not.toContain("evil.example");
      expect(mail.html).not.toContain("evil.example");
    });

    it("lets a system admin invite, with teams for a non-system-admin role and any role up to their own", async () => {
      const withTeams = newEmail();
      const res = await invite(systemAdmin, { email: withTeams, role: 1, team_ids: [myTeamId, otherTeamId] });
      expect(res.status).toBe(201);
      expect(res.json.team_ids.sort()).toEqual([myTeamId, otherTeamId].sort());
      expect(mailsTo(withTeams)).toHaveLength(1);

      const peer = newEmail();
      const res2 = await invite(systemAdmin, { email: peer, role: 0, team_ids: [] });
      expect(res2.status).toBe(201);
      expect(res2.json.role).toBe(0);
    });

    it("refuses a system admin invite with teams: 422, no mail", async () => {
      const email = newEmail();
      const invites = await countInvites();
      const res = await invite(systemAdmin, { email, role: 0, team_ids: [myTeamId] });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ team_ids: [NO_TEAMS_FOR_SYSTEM_ADMINS] });
      expect(mailsTo(email)).toHaveLength(0);
      expect(await countInvites()).toBe(invites);
    });

    it("refuses agents and guests: 403, nothing stored, no mail", async () => {
      const invites = await countInvites();
      for (const auth of [agent, guest]) {
        const email = newEmail();
        const res = await invite(auth, { email, role: 4, team_ids: [] });
        expect(res.status).toBe(403);
        expect(res.json).toEqual({ error_message: FORBIDDEN });
        expect(mailsTo(email)).toHaveLength(0);
      }
      expect(await countInvites()).toBe(invites);
    });

    it("refuses an address longer than mail carries: 422 on email, nothing stored, no mail", async () => {
      const invites = await countInvites();
      const email = `${"a".repeat(300)}@example.test`;
      const res = await invite(admin, { email, role: 2, team_ids: [] });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ email: [MESSAGES.maxLength] });
      expect(mailsTo(email)).toHaveLength(0);
      expect(await countInvites()).toBe(invites);
    });

    it("answers 401 without a token", async () => {
      const res = await fx.request("POST", "/api/v1/team_member_invites", { body: { email: newEmail(), role: 2 } });
      expect(res.status).toBe(401);
    });

    it("refuses a role above the inviter's: 422 on role, no mail", async () => {
      const email = newEmail();
      const res = await invite(admin, { email, role: 0, team_ids: [] });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ role: [ROLE_ABOVE] });
      expect(mailsTo(email)).toHaveLength(0);
    });

    it("refuses an e-mail that already has an account (any case), in this tenant or another", async () => {
      for (const email of [mine.accounts.agent.email, theirs.accounts.guest.email.toUpperCase()]) {
        const res = await invite(admin, { email, role: 2, team_ids: [] });
        expect(res.status).toBe(422);
        expect(res.json.errors).toEqual({ email: [EMAIL_IN_USE] });
      }
    });

    it("refuses teams of another tenant (and unknown teams): 422, no mail", async () => {
      for (const teamIds of [[theirTeamId], [myTeamId, theirTeamId], [987654]]) {
        const email = newEmail();
        const res = await invite(admin, { email, role: 2, team_ids: teamIds });
        expect(res.status).toBe(422);
        expect(res.json.errors).toEqual({ team_ids: [UNKNOWN_TEAM] });
        expect(mailsTo(email)).toHaveLength(0);
      }
    });

    it("answers 422 with catalogue messages for a bad e-mail or role", async () => {
      const res = await invite(admin, { email: "not-an-email", role: 7 });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ email: ["Email address is not valid!"], role: ["Wrong format!"] });
      const empty = await invite(admin, { email: "", role: "" });
      expect(empty.status).toBe(422);
      expect(empty.json.errors).toEqual({ email: ["Should not be empty!"], role: ["Should not be empty!"] });
    });
  });

  describe("GET /v1/accounts/new", () => {
    it("answers the e-mail the invite was sent to", async () => {
      const email = newEmail();
      const token = await inviteAndGetToken(email);
      const res = await lookUp(token);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ email });
    });

    it("answers 404 'This invitation is no longer valid.' for an unknown or missing token", async () => {
      for (const token of ["not-a-token", "", undefined]) {
        const res = await lookUp(token);
        expect(res.status).toBe(404);
        expect(res.json).toEqual({ error_message: INVITE_INVALID });
      }
    });

    it("expires an invite after 7 days", async () => {
      const email = newEmail();
      const token = await inviteAndGetToken(email);
      const accounts = await countAccounts();
      await withClockMoved(7 * DAY - 60_000, async () => {
        expect((await lookUp(token)).status).toBe(200);
      });
      await withClockMoved(8 * DAY, async () => {
        const res = await lookUp(token);
        expect(res.status).toBe(404);
        expect(res.json).toEqual({ error_message: INVITE_INVALID });
        const signedUp = await signUp(token, signUpBody(email));
        expect(signedUp.status).toBe(404);
        expect(signedUp.json).toEqual({ error_message: INVITE_INVALID });
      });
      expect(await countAccounts()).toBe(accounts);
    });

    it("invalidates the previous link when the same address is invited again", async () => {
      const email = newEmail();
      const first = await inviteAndGetToken(email);
      const second = await inviteAndGetToken(email.toUpperCase(), { role: 4 });
      expect(second).not.toBe(first);
      expect(mailsTo(email)).toHaveLength(2);

      const old = await lookUp(first);
      expect(old.status).toBe(404);
      expect(old.json).toEqual({ error_message: INVITE_INVALID });
      const stale = await signUp(first, signUpBody(email));
      expect(stale.status).toBe(404);
      expect(stale.json).toEqual({ error_message: INVITE_INVALID });

      expect((await lookUp(second)).status).toBe(200);
      const res = await signUp(second, signUpBody(email));
      expect(res.status).toBe(201);
      expect(res.json.role).toBe(4);
    });
  });

  describe("POST /v1/accounts (sign-up)", () => {
    it("creates the account in the inviter's tenant with the invite's role and teams; the user then signs in", async () => {
      const email = newEmail();
      const token = await inviteAndGetToken(email, { role: 2, team_ids: [myTeamId, otherTeamId] });
      const accounts = await countAccounts();

      const res = await signUp(
        token,
        signUpBody(` ${email.toUpperCase()}`, { first_name: "Nora", last_name: "Newman" }),
      );
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        id: expect.any(Number),
        email,
        first_name: "Nora",
        last_name: "Newman",
        role: 2,
        state: 1,
        business_profile: { id: mine.businessProfileId },
        is_account_overtaken: false,
      });
      expect(res.json.teams.map((t: { id: number }) => t.id).sort()).toEqual([myTeamId, otherTeamId].sort());
      for (const secret of ["password_hash", "otp_secret", "password"]) expect(res.json).not.toHaveProperty(secret);
      expect(await countAccounts()).toBe(accounts + 1);

      const session = await fx.signIn(email, NEW_PASSWORD);
      expect(session.accountId).toBe(res.json.id);
      const me = await fx.request("GET", "/api/accounts", { auth: session });
      expect(me.status).toBe(200);
      expect(me.json).toMatchObject({ id: res.json.id, role: 2, business_profile: { id: mine.businessProfileId } });

      // The inviter's tenant lists the new colleague.
      const list = await fx.request("GET", "/api/v1/accounts", { auth: admin });
      expect(list.json.data.map((a: { id: number }) => a.id)).toContain(res.json.id);

      // Single use: the same token again is 404 and makes no second account.
      const again = await signUp(token, signUpBody(email));
      expect(again.status).toBe(404);
      expect(again.json).toEqual({ error_message: INVITE_INVALID });
      expect((await lookUp(token)).status).toBe(404);
      expect(await countAccounts()).toBe(accounts + 1);
    });

    it("gives a system admin's invite the role it names, and an admin's invite an admin", async () => {
      const email = newEmail();
      const token = await inviteAndGetToken(email, { role: 1 }, admin);
      const res = await signUp(token, signUpBody(email));
      expect(res.status).toBe(201);
      expect(res.json.role).toBe(1);
      expect(res.json.teams).toEqual([]);
    });

    it("refuses another e-mail than the invited one: 422, nothing written, the token still works", async () => {
      const email = newEmail();
      const token = await inviteAndGetToken(email);
      const accounts = await countAccounts();
      const res = await signUp(token, signUpBody(newEmail("someone-else")));
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ email: [EMAIL_MISMATCH] });
      expect(await countAccounts()).toBe(accounts);
      expect((await lookUp(token)).status).toBe(200);
    });

    it("applies the password rules with catalogue messages, and writes nothing", async () => {
      const email = newEmail();
      const token = await inviteAndGetToken(email);
      const accounts = await countAccounts();
      const cases: Array<[string, string[]]> = [
        ["Ab1!", ["It is too short!"]],
        ["abcdefg!", ["Must contain a digit!", "Must contain an uppercase letter!"]],
        ["ABCDEFG1!", ["Must contain a lowercase letter!"]],
        ["Abcdefg1", ["Must contain a special character!"]],
      ];
      for (const [password, messages] of cases) {
        const res = await signUp(token, signUpBody(email, { password, password_confirmation: password }));
        expect(res.status).toBe(422);
        expect(res.json.errors).toEqual({ password: messages });
      }
      const mismatch = await signUp(token, signUpBody(email, { password_confirmation: "Other-pass9" }));
      expect(mismatch.status).toBe(422);
      expect(mismatch.json.errors).toEqual({ password_confirmation: ["Must be the same as password!"] });

      const empty = await signUp(token, {
        first_name: "",
        last_name: " ",
        email: "",
        password: "",
        password_confirmation: "",
      });
      expect(empty.status).toBe(422);
      expect(empty.json.errors).toMatchObject({
        first_name: ["Should not be empty!"],
        last_name: ["Should not be empty!"],
        email: ["Should not be empty!"],
        password: ["Should not be empty!"],
        password_confirmation: ["Should not be empty!"],
      });

      expect(await countAccounts()).toBe(accounts);
      // The invite was not used up by the failures.
      expect((await signUp(token, signUpBody(email))).status).toBe(201);
    });

    it("answers 'Email is already taken!' when the e-mail got an account meanwhile; nothing written, invite not used", async () => {
      const email = newEmail();
      const token = await inviteAndGetToken(email);
      await createWorkspace(fx.db, {
        name: `Elsewhere ${email}`,
        members: [{ role: 1, email, firstName: "Already", lastName: "There", password: TEST_PASSWORD }],
      });
      const accounts = await countAccounts();
      const res = await signUp(token, signUpBody(email));
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ email: [EMAIL_TAKEN] });
      expect(await countAccounts()).toBe(accounts);
      const invite = await fx.db
        .selectFrom("teamMemberInvites")
        .select("acceptedAt")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect(invite.acceptedAt).toBeNull();
    });

    it("answers 404 for an unknown token and writes nothing", async () => {
      const accounts = await countAccounts();
      const res = await signUp("not-a-token", signUpBody(newEmail()));
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error_message: INVITE_INVALID });
      expect(await countAccounts()).toBe(accounts);
    });

    it("voids the invites of an inviter who was removed, and those above a demoted inviter's new role", async () => {
      const t = await fx.createTenant();
      const tSystemAdmin = await fx.signIn(t.accounts.systemAdmin.email);
      const tAdmin = await fx.signIn(t.accounts.admin.email);
      const fromRemoved = newEmail();
      const fromDemotedAdmin = newEmail();
      const fromDemotedGuest = newEmail();
      const removedToken = await inviteAndGetToken(fromRemoved, { role: 4 }, tAdmin);
      // The agent is promoted to admin, invites, then is demoted back to agent.
      expect(
        (
          await fx.request("PATCH", `/api/v1/accounts/${t.accounts.agent.id}`, {
            auth: tSystemAdmin,
            body: { role: 1 },
          })
        ).status,
      ).toBe(200);
      const tPromoted = await fx.signIn(t.accounts.agent.email);
      const aboveToken = await inviteAndGetToken(fromDemotedAdmin, { role: 1 }, tPromoted);
      const belowToken = await inviteAndGetToken(fromDemotedGuest, { role: 4 }, tPromoted);
      expect(
        (
          await fx.request("PATCH", `/api/v1/accounts/${t.accounts.agent.id}`, {
            auth: tSystemAdmin,
            body: { role: 2 },
          })
        ).status,
      ).toBe(200);
      expect(
        (await fx.request("DELETE", `/api/v1/accounts/${t.accounts.admin.id}`, { auth: tSystemAdmin })).status,
      ).toBe(204);

      const accounts = await countAccounts();
      for (const [token, email] of [
        [removedToken, fromRemoved],
        [aboveToken, fromDemotedAdmin],
      ] as const) {
        const look = await lookUp(token);
        expect(look.status).toBe(404);
        expect(look.json).toEqual({ error_message: INVITE_INVALID });
        const res = await signUp(token, signUpBody(email));
        expect(res.status).toBe(404);
        expect(res.json).toEqual({ error_message: INVITE_INVALID });
      }
      expect(await countAccounts()).toBe(accounts);
      // A role the demoted inviter may still grant stays valid.
      const ok = await signUp(belowToken, signUpBody(fromDemotedGuest));
      expect(ok.status).toBe(201);
      expect(ok.json).toMatchObject({ role: 4, business_profile: { id: t.businessProfileId } });
    });

    it("lets only one of two simultaneous sign-ups with the same token through", async () => {
      const email = newEmail();
      const token = await inviteAndGetToken(email);
      const accounts = await countAccounts();
      const results = await Promise.all([signUp(token, signUpBody(email)), signUp(token, signUpBody(email))]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 404]);
      expect(await countAccounts()).toBe(accounts + 1);
    });
  });
});
