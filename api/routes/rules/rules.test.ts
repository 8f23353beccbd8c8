import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identityKey, upsertIdentities } from "../../../db/repositories/identities";
import { MESSAGES } from "../../../domain/messages";
import { backfillsSettled } from "../../../services/queries/backfill";
import { rulesApplySettled } from "../../../services/rules/apply-existing";
import {
  createApiFixture,
  type ApiFixture,
  type SignedIn,
  type TenantFixture,
} from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

const L = MESSAGES.rulesScreen;

// The rules API as an admin meets it (issue 24): who may use it, what it refuses and why, and what a rule
// then does to mentions that arrive, to stored ones after "apply to existing", and when it breaks.
describe.each(testEngines({ engineSpecific: true }))("rules API on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let theirs: TenantFixture;
  let roles: Record<"systemAdmin" | "admin" | "agent" | "guest", SignedIn>;
  let theirAdmin: SignedIn;
  let stream: { id: number; key: string };
  let theirStream: { id: number; key: string };
  let urgent: number;
  let theirLabel: number;

  async function newStream(auth: SignedIn) {
    const res = await fx.request("POST", "/api/v1/streams", {
      auth,
      body: { name: "Tweets", social_type: "twitter", category: "streams", source: "api" },
    });
    expect(res.status).toBe(201);
    return { id: res.json.id as number, key: res.json.ingest_key as string };
  }
  async function newLabel(auth: SignedIn, name: string) {
    const res = await fx.request("POST", "/api/labels", { auth, body: { name } });
    expect(res.status).toBe(201);
    return res.json.id as number;
  }

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    theirs = await fx.createTenant();
    mine = await fx.createTenant();
    roles = await fx.signInRoles(mine);
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);
    stream = await newStream(roles.admin);
    theirStream = await newStream(theirAdmin);
    urgent = await newLabel(roles.admin, "Urgent");
    theirLabel = await newLabel(theirAdmin, "Theirs");
  });
  afterAll(async () => {
    if (fx) {
      await rulesApplySettled(fx.deps);
      await backfillsSettled(fx.deps);
    }
    await fx?.cleanup();
  });

  let counter = 0;
  async function ingest(text: string, options: { kind?: string; target?: { id: number; key: string } } = {}) {
    const externalId = `m-${++counter}`;
    const target = options.target ?? stream;
    const res = await fx.api.fetch(
      new Request(`http://api.test/api/v1/ingest/streams/${target.id}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-ingest-key": target.key },
        body: JSON.stringify([
          {
            external_id: externalId,
            text,
            kind: options.kind ?? "post",
            created_at: new Date().toISOString(),
            author: { username: "ann" },
          },
        ]),
      }),
    );
    expect(await res.json()).toMatchObject({ accepted: 1 });
    const row = await fx.db
      .selectFrom("feedItems")
      .select("id")
      .where("externalId", "=", externalId)
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const item = (id: number) => fx.request("GET", `/api/v1/feed-items/${id}`, { auth: roles.admin });
  const create = (body: Record<string, unknown>, auth: SignedIn = roles.admin) =>
    fx.request("POST", "/api/v1/admin/rules", { auth, body });
  const list = async () => {
    const res = await fx.request("GET", `/api/v1/admin/rules?business_profile_id=${mine.businessProfileId}`, {
      auth: roles.admin,
    });
    expect(res.status).toBe(200);
    return res.json.data as Array<Record<string, any>>;
  };
  const base = { rule_type: 1, status_type: 1, label_ids: [] as number[] };

  it("is for admins and system admins only: an agent or a guest gets 403", async () => {
    for (const who of [roles.agent, roles.guest]) {
      expect((await fx.request("GET", "/api/v1/admin/rules", { auth: who })).status).toBe(403);
      expect((await create({ ...base, name: "No", label_ids: [urgent] }, who)).status).toBe(403);
      expect((await fx.request("DELETE", "/api/v1/admin/rules/1", { auth: who })).status).toBe(403);
    }
    expect((await fx.request("GET", "/api/v1/admin/rules", { auth: roles.systemAdmin })).status).toBe(200);
  });

  it("lists the authors a rule can name: the tenant's most followed first, its own ids whatever their rank; never another tenant's", async () => {
    const now = new Date().toISOString();
    const author = (username: string, followers: number) => ({
      socialType: "twitter",
      externalId: `ext-${username}`,
      username,
      name: username === "bigco" ? "Big Co" : null,
      photoUrl: null,
      profileUrl: null,
      followers,
      country: "",
    });
    const ours = await upsertIdentities(
      fx.db,
      mine.businessProfileId,
      [author("smallfry", 3), author("bigco", 90_000), author("midway", 400)],
      now,
    );
    const theirsIds = await upsertIdentities(fx.db, theirs.businessProfileId, [author("rival", 1_000_000)], now);
    const smallfry = ours.get(identityKey("twitter", "ext-smallfry"))!;
    const rival = theirsIds.get(identityKey("twitter", "ext-rival"))!;
    const res = await fx.request("GET", `/api/v1/admin/rules/authors?ids=${smallfry},${rival}`, { auth: roles.admin });
    expect(res.status).toBe(200);
    const names = (res.json.data as Array<{ username: string }>).map((a) => a.username);
    expect(names.slice(0, 2)).toEqual(["bigco", "midway"]);
    expect(names).toContain("smallfry");
    expect(names).not.toContain("rival");
    expect(res.json.data[0]).toEqual({
      id: ours.get(identityKey("twitter", "ext-bigco")),
      social_type: "twitter",
      username: "bigco",
      name: "Big Co",
      followers: 90_000,
    });
    // A rule names them; another tenant's author is a 404 (as every foreign reference).
    const named = await create({ ...base, name: "From Big Co", label_ids: [urgent], identities: [smallfry] });
    expect(named.status).toBe(201);
    expect(named.json.identities).toEqual([smallfry]);
    expect((await create({ ...base, name: "From a rival", label_ids: [urgent], identities: [rival] })).status).toBe(
      404,
    );
    for (const who of [roles.agent, roles.guest])
      expect((await fx.request("GET", "/api/v1/admin/rules/authors", { auth: who })).status).toBe(403);
    expect((await fx.request("DELETE", `/api/v1/admin/rules/${named.json.id}`, { auth: roles.admin })).status).toBe(
      204,
    );
  });

  it("refuses a rule without an action or a target, a taken name, and queries that do not lint, each at its field", async () => {
    const missing = await create({ name: "Incomplete" });
    expect(missing.status).toBe(422);
    expect(missing.json.errors.rule_type).toEqual([MESSAGES.selectAction]);
    expect(missing.json.errors.status_type).toEqual([MESSAGES.selectTarget]);

    const noLabels = await create({ ...base, name: "Labels needed" });
    expect(noLabels.json.errors.label_ids).toEqual([MESSAGES.atLeastOneItem]);

    const lint = await create({
      ...base,
      name: "Bad queries",
      label_ids: [urgent],
      query: "*refund",
      exclude_query: "(a OR b",
    });
    expect(lint.status).toBe(422);
    expect(Object.keys(lint.json.errors).sort()).toEqual(["exclude_query", "query"]);
    expect(lint.json.errors.query[0]).toBe(MESSAGES.queryLint.leadingWildcard);

    const once = await create({ ...base, name: "Once", label_ids: [urgent], query: "unheard" });
    expect(once.status).toBe(201);
    const taken = await create({ ...base, name: " once ", label_ids: [urgent] });
    expect(taken.status).toBe(422);
    expect(taken.json.errors.name).toEqual([L.nameTaken]);
  });

  it("answers 404 for another tenant's label, stream, search, topic, user or rule", async () => {
    const theirSearch = await fx.request("POST", "/api/v1/searches", {
      auth: theirAdmin,
      body: {
        name: "Their search",
        category: "brand",
        query: [{ type: "must", values: [{ filter_type: "keywords", value: "x" }] }],
      },
    });
    const theirTopic = await fx.request("POST", "/api/v1/topics", {
      auth: theirAdmin,
      body: { name: "Their topic", type: "keywords", keywords: ["x"] },
    });
    const cases: Array<Record<string, unknown>> = [
      { label_ids: [theirLabel] },
      { label_ids: [urgent], entities: [{ entity_type: 1, entity_id: theirStream.id }] },
      { label_ids: [urgent], entities: [{ entity_type: 3, entity_id: theirTopic.json.id }] },
      { label_ids: [urgent], rule_type: 3, assignee_type: "account", assignee_id: theirs.accounts.agent.id },
    ];
    if (theirSearch.status === 201)
      cases.push({ label_ids: [urgent], entities: [{ entity_type: 2, entity_id: theirSearch.json.id }] });
    for (const [i, extra] of cases.entries()) {
      const res = await create({ ...base, name: `Foreign ${i}`, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(404);
    }
    const theirRule = await create({ ...base, name: "Their rule", label_ids: [theirLabel] }, theirAdmin);
    expect(theirRule.status).toBe(201);
    const path = `/api/v1/admin/rules/${theirRule.json.id}`;
    expect(
      (await fx.request("PATCH", path, { auth: roles.admin, body: { ...base, name: "Mine now", label_ids: [urgent] } }))
        .status,
    ).toBe(404);
    expect((await fx.request("DELETE", path, { auth: roles.admin })).status).toBe(404);
    expect((await fx.request("POST", `${path}/apply`, { auth: roles.admin })).status).toBe(404);
    expect((await list()).some((r) => r.id === theirRule.json.id)).toBe(false);
  });

  it("labels and assigns a matching new mention as it is stored; the history names the rule; the rule counts it", async () => {
    const res = await create({
      name: "Refunds to Agent",
      rule_type: 3,
      status_type: 2,
      query: "refund*",
      exclude_query: "spam",
      label_ids: [urgent],
      assignee_type: "account",
      assignee_id: mine.accounts.agent.id,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: "Refunds to Agent",
      rule_type: 3,
      status_type: 2,
      label_ids: [urgent],
      acted_count: 0,
      broken_reason: null,
    });

    const hit = await ingest("I want a refund now");
    const excluded = await ingest("refund spam offer");
    const comment = await ingest("refund please", { kind: "comment" });
    const detail = (await item(hit)).json;
    expect(detail.labels.map((l: { id: number }) => l.id)).toEqual([urgent]);
    expect(detail.assigned_to).toMatchObject({ type: "account", id: mine.accounts.agent.id });
    const history = detail.actions.history as Array<{
      action_type: string;
      actor_name: string;
      account_id: number | null;
      data: any;
    }>;
    expect(history.map((h) => [h.action_type, h.actor_name, h.account_id])).toEqual(
      expect.arrayContaining([
        ["labels", L.historyActor("Refunds to Agent"), null],
        ["assignment", L.historyActor("Refunds to Agent"), null],
      ]),
    );
    expect(history.find((h) => h.action_type === "assignment")!.data.rule).toEqual({
      id: res.json.id,
      name: "Refunds to Agent",
    });
    for (const id of [excluded, comment]) {
      const other = (await item(id)).json;
      expect(other.labels).toEqual([]);
      expect(other.assigned_to).toBeNull();
    }
    expect((await list()).find((r) => r.id === res.json.id)!.acted_count).toBe(1);
  });

  it("applies a rule to the stored mentions with progress, skipping what is already done", async () => {
    const closed = await ingest("old complaint about billing");
    const other = await ingest("nice weather");
    const res = await create({
      name: "Close billing",
      rule_type: 4,
      status_type: 1,
      query: "billing",
      state: 3,
      label_ids: [],
    });
    expect(res.status).toBe(201);
    const started = await fx.request(
      "POST",
      `/api/v1/admin/rules/${res.json.id}/apply?business_profile_id=${mine.businessProfileId}`,
      { auth: roles.admin },
    );
    expect(started.status).toBe(202);
    expect(started.json.apply).toMatchObject({ status: "running", done: 0 });
    await rulesApplySettled(fx.deps);
    const after = (await list()).find((r) => r.id === res.json.id)!;
    expect(after.apply).toMatchObject({ status: "done", acted: 1 });
    expect(after.apply.done).toBe(after.apply.total);
    expect(after.acted_count).toBe(1);
    expect((await item(closed)).json.state).toBe(3);
    expect((await item(other)).json.state).toBe(1);
    const history = (await item(closed)).json.actions.history as Array<{ action_type: string; actor_name: string }>;
    expect(history).toContainEqual(
      expect.objectContaining({ action_type: "state", actor_name: L.historyActor("Close billing") }),
    );

    // Again: nothing left to change, nothing counted twice.
    await fx.request("POST", `/api/v1/admin/rules/${res.json.id}/apply`, { auth: roles.admin });
    await rulesApplySettled(fx.deps);
    expect((await list()).find((r) => r.id === res.json.id)!).toMatchObject({
      acted_count: 1,
      apply: { status: "done", acted: 0 },
    });
  });

  it("marks a rule broken when its label is deleted and skips it: ingestion goes on", async () => {
    const doomed = await newLabel(roles.admin, "Doomed");
    const rule = await create({ name: "Doomed rule", ...base, label_ids: [doomed], query: "doomsday" });
    expect(rule.status).toBe(201);
    expect((await fx.request("DELETE", `/api/v1/labels/${doomed}`, { auth: roles.admin })).status).toBe(204);
    const id = await ingest("doomsday is near");
    expect((await item(id)).json.labels).toEqual([]);
    const listed = (await list()).find((r) => r.id === rule.json.id)!;
    expect(listed.broken_reason).toBe(L.brokenLabel(doomed));
    const apply = await fx.request("POST", `/api/v1/admin/rules/${rule.json.id}/apply`, { auth: roles.admin });
    expect(apply.status).toBe(422);

    // Saved again without the label, it runs again.
    const fixed = await fx.request(
      "PATCH",
      `/api/v1/admin/rules/${rule.json.id}?business_profile_id=${mine.businessProfileId}`,
      {
        auth: roles.admin,
        body: { ...base, name: "Doomed rule", label_ids: [urgent], query: "doomsday" },
      },
    );
    expect(fixed.status).toBe(200);
    expect(fixed.json.broken_reason).toBeNull();
    const next = await ingest("doomsday again");
    expect((await item(next)).json.labels.map((l: { id: number }) => l.id)).toEqual([urgent]);
  });

  it("tests a rule over the last 7 days' mentions without changing anything, and deletes a rule", async () => {
    await ingest("testable phrase one");
    await ingest("testable phrase two", { kind: "comment" });
    const res = await fx.request("POST", "/api/v1/admin/rules/test", {
      auth: roles.admin,
      body: { status_type: 2, query: "testable" },
    });
    expect(res.status).toBe(200);
    expect(res.json.matched).toBe(1);
    expect(res.json.sample).toEqual([
      expect.objectContaining({ text: "testable phrase one", author: "ann", social_type: "twitter" }),
    ]);
    const missing = await fx.request("POST", "/api/v1/admin/rules/test", {
      auth: roles.admin,
      body: { query: "testable" },
    });
    expect(missing.json.errors.status_type).toEqual([MESSAGES.selectTarget]);

    const rule = (await list())[0]!;
    expect(
      (
        await fx.request("DELETE", `/api/v1/admin/rules/${rule.id}?business_profile_id=${mine.businessProfileId}`, {
          auth: roles.admin,
        })
      ).status,
    ).toBe(204);
    expect((await list()).some((r) => r.id === rule.id)).toBe(false);
  });
});
