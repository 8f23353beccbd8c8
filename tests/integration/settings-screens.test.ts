// The users and teams screens under /settings over real HTTP, as a browser without JavaScript uses
// them: every form is a plain POST round trip, every confirmation a ?dialog= page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";
import { createTenantWithRoles, TENANT_PASSWORD, type RoleKey } from "../support/tenant";

type Tenant = Awaited<ReturnType<typeof createTenantWithRoles>>;

let web: WebServer;

beforeAll(async () => {
  web = await startWebServer();
});
afterAll(() => web.close());

/** The page as text to match on: React's text separators gone and entities decoded. */
function clean(html: string): string {
  return html
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}

async function signedIn(tenant: Tenant, key: RoleKey): Promise<FormClient> {
  const browser = new FormClient(web.baseUrl);
  const response = await browser.signIn(tenant.accounts[key].email, TENANT_PASSWORD);
  expect(response.status, `sign in as ${key}`).toBe(302);
  return browser;
}

async function page(browser: FormClient, path: string): Promise<string> {
  const response = await browser.get(path);
  expect(response.status, path).toBe(200);
  return clean(await response.text());
}

/** Posts a form of a page the way the browser would: the page's form token plus the fields. */
async function submit(browser: FormClient, path: string, fields: Record<string, string>, multi: Record<string, string[]> = {}) {
  const body = new URLSearchParams({ csrf: await browser.formToken(path), ...fields });
  // Ticked checkboxes post one value each under the same name.
  for (const [name, values] of Object.entries(multi)) for (const value of values) body.append(name, value);
  // FormClient.post builds its body with `new URLSearchParams(fields)`, which keeps repeated names.
  return browser.post(path, body as unknown as Record<string, string>);
}

/** One user's row of the list, to scope assertions. */
function rowOf(html: string, userId: number): string {
  const start = html.indexOf(`data-user-id="${userId}"`);
  expect(start, `row of user ${userId}`).toBeGreaterThan(-1);
  const next = html.indexOf("data-user-id=", start + 1);
  return html.slice(start, next > 0 ? next : html.indexOf("</ul>", start));
}

/** One team's card, up to the next card. */
function teamCardOf(html: string, teamId: number): string {
  const start = html.indexOf(`data-team-id="${teamId}"`);
  expect(start, `team ${teamId}`).toBeGreaterThan(-1);
  const next = html.indexOf("data-team-id=", start + 1);
  return html.slice(start, next > 0 ? next : undefined);
}

async function teamIdByName(businessProfileId: number, name: string): Promise<number> {
  const row = await web.db
    .selectFrom("teams")
    .select("id")
    .where("businessProfileId", "=", businessProfileId)
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function teamIdsOf(accountId: number): Promise<number[]> {
  const rows = await web.db.selectFrom("teamAccounts").select("teamId").where("accountId", "=", accountId).execute();
  return rows.map((r) => r.teamId).sort((a, b) => a - b);
}

async function accountRow(accountId: number) {
  return web.db.selectFrom("accounts").select(["role", "state"]).where("id", "=", accountId).executeTakeFirstOrThrow();
}

/** The page's own content: the shell's notifications popover has forms of its own (mark all as read). */
function mainOf(html: string): string {
  const start = html.indexOf("<main");
  return start < 0 ? html : html.slice(start, html.indexOf("</main>", start));
}

describe("settings navigation", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenantWithRoles(web.db);
  });

  it("/settings opens the Users tab; titles read 'Users' and 'Teams'; the tabs list Users, Channels, Teams, Muted keywords", async () => {
    const admin = await signedIn(tenant, "admin");
    const response = await admin.get("/settings");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/settings/users");
    const users = await page(admin, "/settings/users");
    expect(users).toContain("<title>Users | Earshot</title>");
    expect(users).toMatch(
      /<nav aria-label="Settings"[^>]*>.*href="\/settings\/users".*href="\/settings\/channels".*href="\/settings\/teams".*href="\/settings\/muted-keywords"/s,
    );
    expect(await page(admin, "/settings/teams")).toContain("<title>Teams | Earshot</title>");
  });

  it("the avatar menu (local) lists Users, Channels and Teams", async () => {
    for (const key of ["systemAdmin", "admin", "agent"] as const) {
      const html = await page(await signedIn(tenant, key), "/");
      const menu = html.slice(html.indexOf('data-testid="avatar-menu"'));
      expect(menu, key).toContain('href="/settings/users"');
      expect(menu, key).toContain('href="/settings/teams"');
      expect(menu, key).toContain('href="/settings/channels"');
    }
  });

  it("a guest cannot open /settings at all: back to the dashboard", async () => {
    const guest = await signedIn(tenant, "guest");
    for (const path of ["/settings", "/settings/users", "/settings/teams", "/settings/users?dialog=remove&id=1"]) {
      const response = await guest.get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe("/");
    }
    const html = await page(guest, "/");
    expect(html).not.toContain('href="/settings/users"');
  });
});

describe("users as an admin (no JavaScript)", () => {
  let tenant: Tenant;
  let admin: FormClient;
  let salesId: number;
  let supportId: number;
  beforeAll(async () => {
    tenant = await createTenantWithRoles(web.db);
    admin = await signedIn(tenant, "admin");
    for (const name of ["Sales", "Support"]) {
      const response = await submit(admin, "/settings/teams", { intent: "create", name });
      expect(response.status).toBe(302);
    }
    salesId = await teamIdByName(tenant.businessProfileId, "Sales");
    supportId = await teamIdByName(tenant.businessProfileId, "Support");
  });

  it("lists every user with e-mail, role label and state; the own row and higher roles carry no forms", async () => {
    const html = await page(admin, "/settings/users");
    for (const key of ["systemAdmin", "admin", "agent", "guest"] as const) expect(html).toContain(tenant.accounts[key].email);
    expect(html).toContain("Invite a user");
    expect(rowOf(html, tenant.accounts.agent.id)).toContain("Agent");
    expect(rowOf(html, tenant.accounts.agent.id)).toContain("Active");
    // Editable: the agent and the guest (at or below an admin), each with its own update form.
    expect(html).toContain(`id="user-${tenant.accounts.agent.id}"`);
    expect(html).toContain(`id="user-${tenant.accounts.guest.id}"`);
    expect(html).toContain(`href="/settings/users?dialog=remove&id=${tenant.accounts.agent.id}"`);
    // Not editable: their own row, and the system admin above them.
    for (const id of [tenant.accounts.admin.id, tenant.accounts.systemAdmin.id]) {
      expect(html).not.toContain(`id="user-${id}"`);
      expect(html).not.toContain(`dialog=remove&id=${id}"`);
      expect(rowOf(html, id)).not.toContain("<select");
    }
    // Take-over is a system admin's tool.
    expect(html).not.toContain('action="/takeover/start"');
  });

  it("offers only roles at or below the admin's own in the invite form", async () => {
    const html = await page(admin, "/settings/users");
    const invite = html.slice(html.indexOf('id="invite"'), html.indexOf("</form>", html.indexOf('id="invite"')));
    expect(invite).toContain("<select");
    expect(invite).toContain('<option value="1">Admin</option>');
    expect(invite).toContain('<option value="2" selected="">Agent</option>');
    expect(invite).toContain('<option value="4">Guest</option>');
    expect(invite).not.toContain('<option value="0"');
    expect(invite).toContain(`value="${salesId}"`);
    expect(invite).toContain(`value="${supportId}"`);
  });

  it("invites by the plain form: toast, and an e-mail with a /sign-up?tm= link", async () => {
    const email = `new-colleague-${Date.now()}@example.test`;
    const response = await submit(admin, "/settings/users", { intent: "invite", email, role: "2" }, { team_ids: [String(salesId)] });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/settings/users");
    expect(await page(admin, "/settings/users")).toContain(`Invitation sent to ${email}`);
    const mail = web.sentMail.find((m) => m.to === email);
    expect(mail).toBeDefined();
    expect(mail!.text).toMatch(/\/sign-up\?tm=[A-Za-z0-9_%-]{20,}/);
    const invite = await web.db
      .selectFrom("teamMemberInvites")
      .select(["role", "teamIds"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(invite.role).toBe(2);
    expect(JSON.parse(invite.teamIds)).toEqual([salesId]);
  });

  it("shows invite errors under the fields: empty, invalid, taken e-mail, a role above the admin's", async () => {
    let response = await submit(admin, "/settings/users", { intent: "invite", email: "", role: "2" });
    expect(response.status).toBe(400);
    let html = clean(await response.text());
    expect(html).toMatch(/id="invite-email-error"[^>]*>Should not be empty!/);

    response = await submit(admin, "/settings/users", { intent: "invite", email: "not-an-address", role: "2" });
    expect(clean(await response.text())).toMatch(/id="invite-email-error"[^>]*>Email address is not valid!/);

    response = await submit(admin, "/settings/users", { intent: "invite", email: tenant.accounts.agent.email, role: "2" });
    expect(response.status).toBe(422);
    html = clean(await response.text());
    expect(html).toMatch(/id="invite-email-error"[^>]*>[^<]*This email is already in use\./);
    // The typed address stays in the field.
    expect(html).toContain(`value="${tenant.accounts.agent.email}"`);

    response = await submit(admin, "/settings/users", { intent: "invite", email: "boss@example.test", role: "0" });
    expect(response.status).toBe(422);
    expect(clean(await response.text())).toMatch(/id="invite-role-error"[^>]*>[^<]*You cannot grant a role above your own\./);
    expect(web.sentMail.some((m) => m.to === "boss@example.test")).toBe(false);
  });

  it("changes an agent's role and teams", async () => {
    const agentId = tenant.accounts.agent.id;
    const response = await submit(
      admin,
      "/settings/users",
      { intent: "update", id: String(agentId), role: "4" },
      { team_ids: [String(salesId), String(supportId)] },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/settings/users");
    const html = await page(admin, "/settings/users");
    expect(html).toContain("User updated.");
    expect((await accountRow(agentId)).role).toBe(4);
    expect(await teamIdsOf(agentId)).toEqual([salesId, supportId].sort((a, b) => a - b));
    const row = rowOf(html, agentId);
    expect(row).toContain('<option value="4" selected="">Guest</option>');
    const salesBox = row.match(new RegExp(`<input[^>]*value="${salesId}"[^>]*>`))?.[0];
    expect(salesBox).toContain('checked=""');

    // Back to agent, teams cleared (no box ticked posts no team_ids at all).
    expect((await submit(admin, "/settings/users", { intent: "update", id: String(agentId), role: "2" })).status).toBe(302);
    expect((await accountRow(agentId)).role).toBe(2);
    expect(await teamIdsOf(agentId)).toEqual([]);
  });

  it("refuses to change the admin's own account, with the reason on the page", async () => {
    const response = await submit(admin, "/settings/users", { intent: "update", id: String(tenant.accounts.admin.id), role: "2" });
    expect(response.status).toBe(403);
    expect(clean(await response.text())).toContain("You cannot change or remove your own account here.");
    expect((await accountRow(tenant.accounts.admin.id)).role).toBe(1);
  });

  it("refuses a form without this session's token", async () => {
    const response = await admin.post("/settings/users", { intent: "remove", id: String(tenant.accounts.guest.id) });
    expect(response.status).toBe(403);
    expect((await accountRow(tenant.accounts.guest.id)).state).toBe(1);
  });

  it("removes a user after the confirmation dialog: ?dialog=remove renders it, Confirm posts intent=remove", async () => {
    const guestId = tenant.accounts.guest.id;
    const dialogPath = `/settings/users?dialog=remove&id=${guestId}`;
    const html = await page(admin, dialogPath);
    expect(html).toContain('role="dialog"');
    expect(html).toContain("Are you sure?");
    expect(html).toContain("Do you want to deleted this item?");
    const dialog = html.slice(html.indexOf('role="dialog"'));
    expect(dialog).toMatch(/<form method="post"[^>]*>.*name="id" value="\d+".*<button[^>]*name="intent"[^>]*value="remove"[^>]*>.*Confirm<\/button>/s);
    expect(dialog).toContain(tenant.accounts.guest.email);
    // Without JavaScript, Cancel is a link back to the list.
    expect(dialog).toMatch(/<a href="\/settings\/users"[^>]*>Cancel<\/a>/);
    // The list itself shows no dialog.
    expect(await page(admin, "/settings/users")).not.toContain("Are you sure?");
    // Not for the admin's own row.
    expect(await page(admin, `/settings/users?dialog=remove&id=${tenant.accounts.admin.id}`)).not.toContain("Are you sure?");

    const response = await submit(admin, dialogPath, { intent: "remove", id: String(guestId) });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/settings/users");
    const after = await page(admin, "/settings/users");
    expect(after).toContain("User removed.");
    expect(after).not.toContain("Are you sure?");
    const row = rowOf(after, guestId);
    expect(row).toContain("Removed");
    expect(row).not.toContain("<select");
    expect(after).not.toContain(`dialog=remove&id=${guestId}"`);
    expect((await accountRow(guestId)).state).toBe(2);
    // The removed user can no longer sign in.
    const removed = new FormClient(web.baseUrl);
    expect((await removed.signIn(tenant.accounts.guest.email, TENANT_PASSWORD)).status).not.toBe(302);
  });
});

describe("users as a system admin (no JavaScript)", () => {
  let tenant: Tenant;
  let sysadmin: FormClient;
  beforeAll(async () => {
    tenant = await createTenantWithRoles(web.db);
    sysadmin = await signedIn(tenant, "systemAdmin");
  });

  it("offers every role, and 'Take over' on active users other than system admins and themselves", async () => {
    const html = await page(sysadmin, "/settings/users");
    const invite = html.slice(html.indexOf('id="invite"'), html.indexOf("</form>", html.indexOf('id="invite"')));
    expect(invite).toContain('<option value="0">System admin</option>');
    for (const key of ["admin", "agent", "guest"] as const) {
      expect(rowOf(html, tenant.accounts[key].id)).toMatch(
        new RegExp(`action="/takeover/start".*name="account_id" value="${tenant.accounts[key].id}".*Take over`, "s"),
      );
    }
    expect(rowOf(html, tenant.accounts.systemAdmin.id)).not.toContain("Take over");
  });

  it("making someone a system admin with teams ticked says 'System admins are not placed in teams.'", async () => {
    expect((await submit(sysadmin, "/settings/teams", { intent: "create", name: "Night shift" })).status).toBe(302);
    const teamId = await teamIdByName(tenant.businessProfileId, "Night shift");
    const agentId = tenant.accounts.agent.id;
    const response = await submit(sysadmin, "/settings/users", { intent: "update", id: String(agentId), role: "0" }, { team_ids: [String(teamId)] });
    expect(response.status).toBe(422);
    const html = clean(await response.text());
    expect(html).toMatch(new RegExp(`id="user-${agentId}-team_ids-error"[^>]*>[^<]*System admins are not placed in teams\\.`));
    expect((await accountRow(agentId)).role).toBe(2);
  });

  it("a refused take-over goes back to the page it came from, or to '/' when the Referer is not an address", async () => {
    const errors = () => web.logLines.filter((line) => line.includes('"level":"error"')).length;
    const before = errors();
    for (const [referer, back] of [
      [`${web.baseUrl}/settings/users?page=1`, "/settings/users"],
      ["not a url", "/"],
    ] as const) {
      const csrf = await sysadmin.formToken("/settings/users");
      const refused = await sysadmin.post("/takeover/start", { csrf, account_id: "999999" }, { referer });
      expect(refused.status, referer).toBe(302);
      expect(refused.headers.get("location"), referer).toBe(back);
    }
    expect(errors()).toBe(before);
  });

  it("/notifications typed in the address bar opens the popover on the dashboard", async () => {
    const errors = () => web.logLines.filter((line) => line.includes('"level":"error"')).length;
    const before = errors();
    const typed = await sysadmin.get("/notifications");
    expect(typed.status).toBe(302);
    expect(typed.headers.get("location")).toBe("/?notifications=open");
    expect(errors()).toBe(before);
  });

  it("takes over an agent: lands on '/' as the agent with 'Restore Admin Account'; exit returns to the admin", async () => {
    const csrf = await sysadmin.formToken("/settings/users");
    const start = await sysadmin.post("/takeover/start", { csrf, account_id: String(tenant.accounts.agent.id) });
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toBe("/");
    let home = await page(sysadmin, "/");
    expect(home).toContain("Welcome, agent.");
    expect(home).toMatch(/<form method="post" action="\/takeover\/exit"[^>]*>.*Restore Admin Account/s);
    // While taken over, the screens act with the agent's rights: lists, no forms, no take-over.
    const users = await page(sysadmin, "/settings/users");
    expect(mainOf(users)).not.toContain('name="intent"');
    expect(users).not.toContain("Take over");

    const exit = await sysadmin.post("/takeover/exit", { csrf: await sysadmin.formToken("/") });
    expect(exit.status).toBe(302);
    home = await page(sysadmin, "/");
    expect(home).toContain("Welcome, systemAdmin.");
    expect(home).not.toContain("Restore Admin Account");
  });
});

describe("users and teams as an agent", () => {
  let tenant: Tenant;
  let agent: FormClient;
  let teamId: number;
  beforeAll(async () => {
    tenant = await createTenantWithRoles(web.db);
    const admin = await signedIn(tenant, "admin");
    await submit(admin, "/settings/teams", { intent: "create", name: "Escalations" }, { account_ids: [String(tenant.accounts.agent.id)] });
    teamId = await teamIdByName(tenant.businessProfileId, "Escalations");
    agent = await signedIn(tenant, "agent");
  });

  it("reads the users list without any form", async () => {
    const html = await page(agent, "/settings/users");
    for (const key of ["systemAdmin", "admin", "agent", "guest"] as const) expect(html).toContain(tenant.accounts[key].email);
    expect(rowOf(html, tenant.accounts.agent.id)).toContain("Escalations");
    expect(html).not.toContain("Invite a user");
    expect(mainOf(html)).not.toContain('name="intent"');
    expect(html).not.toContain("<select");
    expect(html).not.toContain("dialog=remove");
    expect(html).not.toContain("Take over");
    expect(await page(agent, `/settings/users?dialog=remove&id=${tenant.accounts.guest.id}`)).not.toContain("Are you sure?");
  });

  it("reads the teams with member names without any form", async () => {
    const html = await page(agent, "/settings/teams");
    expect(html).toContain("Escalations");
    expect(html).toContain("agent Tester");
    expect(mainOf(html)).not.toContain('name="intent"');
    expect(html).not.toContain("dialog=delete");
    expect(await page(agent, `/settings/teams?dialog=delete&id=${teamId}`)).not.toContain("Are you sure?");
  });

  it("a crafted post is refused by the API and changes nothing", async () => {
    const response = await submit(agent, "/settings/users", { intent: "update", id: String(tenant.accounts.guest.id), role: "2" });
    expect(response.status).toBe(403);
    expect((await accountRow(tenant.accounts.guest.id)).role).toBe(4);
    const del = await submit(agent, "/settings/teams", { intent: "delete", id: String(teamId) });
    expect(del.status).toBe(403);
    expect(await teamIdsOf(tenant.accounts.agent.id)).toEqual([teamId]);
  });
});

describe("teams as an admin (no JavaScript)", () => {
  let tenant: Tenant;
  let admin: FormClient;
  beforeAll(async () => {
    tenant = await createTenantWithRoles(web.db);
    admin = await signedIn(tenant, "admin");
  });

  it("offers active users who are not system admins as members", async () => {
    const html = await page(admin, "/settings/teams");
    const create = html.slice(html.indexOf('id="team-new"'), html.indexOf("</form>", html.indexOf('id="team-new"')));
    for (const key of ["admin", "agent", "guest"] as const) expect(create).toContain(`value="${tenant.accounts[key].id}"`);
    expect(create).not.toContain(`value="${tenant.accounts.systemAdmin.id}"`);
  });

  it("creates, renames and changes members, and deletes a team after confirmation", async () => {
    const agentId = tenant.accounts.agent.id;
    const guestId = tenant.accounts.guest.id;
    let response = await submit(admin, "/settings/teams", { intent: "create", name: "Tier <1>" }, { account_ids: [String(agentId)] });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/settings/teams");
    let html = await page(admin, "/settings/teams");
    expect(html).toContain("Team 'Tier <1>' created.".replace("<", "&lt;").replace(">", "&gt;"));
    // Text from users is rendered as text.
    expect(html).not.toContain("Tier <1>");
    const teamId = await teamIdByName(tenant.businessProfileId, "Tier <1>");
    expect(await teamIdsOf(agentId)).toEqual([teamId]);

    response = await submit(
      admin,
      "/settings/teams",
      { intent: "update", id: String(teamId), name: "Tier one" },
      { account_ids: [String(guestId)] },
    );
    expect(response.status).toBe(302);
    html = await page(admin, "/settings/teams");
    expect(html).toContain("Team 'Tier one' updated.");
    expect(teamCardOf(html, teamId)).toContain("guest Tester");
    expect(await teamIdsOf(agentId)).toEqual([]);
    expect(await teamIdsOf(guestId)).toEqual([teamId]);

    const dialogPath = `/settings/teams?dialog=delete&id=${teamId}`;
    html = await page(admin, dialogPath);
    expect(html).toContain("Are you sure?");
    expect(html.slice(html.indexOf('role="dialog"'))).toMatch(/name="intent"[^>]*value="delete"[^>]*>.*Confirm/s);
    response = await submit(admin, dialogPath, { intent: "delete", id: String(teamId) });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/settings/teams");
    html = await page(admin, "/settings/teams");
    expect(html).toContain("Team deleted.");
    expect(html).not.toContain(`data-team-id="${teamId}"`);
    expect(await teamIdsOf(guestId)).toEqual([]);
    // Its members stay.
    expect((await accountRow(guestId)).state).toBe(1);
  });

  it("shows 'Should not be empty!' and 'This name is already taken.' under the name field", async () => {
    expect((await submit(admin, "/settings/teams", { intent: "create", name: "Billing" })).status).toBe(302);
    const billingId = await teamIdByName(tenant.businessProfileId, "Billing");
    expect((await submit(admin, "/settings/teams", { intent: "create", name: "Refunds" })).status).toBe(302);
    const refundsId = await teamIdByName(tenant.businessProfileId, "Refunds");

    let response = await submit(admin, "/settings/teams", { intent: "create", name: "  " });
    expect(response.status).toBe(400);
    expect(clean(await response.text())).toMatch(/id="team-new-name-error"[^>]*>Should not be empty!/);

    response = await submit(admin, "/settings/teams", { intent: "create", name: "billing" });
    expect(response.status).toBe(422);
    let html = clean(await response.text());
    expect(html).toMatch(/id="team-new-name-error"[^>]*>[^<]*This name is already taken\./);
    expect(html).toContain('value="billing"');

    response = await submit(admin, "/settings/teams", { intent: "update", id: String(refundsId), name: "Billing" });
    expect(response.status).toBe(422);
    html = clean(await response.text());
    expect(html).toMatch(new RegExp(`id="team-${refundsId}-name-error"[^>]*>[^<]*This name is already taken\\.`));
    // Only the form that was posted shows the error.
    expect(html).not.toMatch(new RegExp(`id="team-${billingId}-name-error"`));

    response = await submit(admin, "/settings/teams", { intent: "update", id: String(refundsId), name: "" });
    expect(response.status).toBe(400);
    expect(clean(await response.text())).toMatch(new RegExp(`id="team-${refundsId}-name-error"[^>]*>Should not be empty!`));
  });

  it("refuses a system admin as a member", async () => {
    const response = await submit(
      admin,
      "/settings/teams",
      { intent: "create", name: "Admins" },
      { account_ids: [String(tenant.accounts.systemAdmin.id)] },
    );
    expect(response.status).toBe(422);
    expect(clean(await response.text())).toMatch(/id="team-new-account_ids-error"[^>]*>[^<]*System admins are not placed in teams\./);
  });
});
