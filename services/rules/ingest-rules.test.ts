import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { MESSAGES } from "../../domain/messages";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../tests/support/api-fixture";
import { testEngines } from "../../tests/support/database";
import { backfillsSettled } from "../queries/backfill";
import { ingestBatch } from "../mentions/ingest-mentions";

/** Fails the ingestion transaction at its last write (the stream's counters), after the rules acted. */
class FailAtStreamUpdate implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node as { kind: string; table?: { table?: { identifier?: { name?: string } } } };
    if (node.kind === "UpdateQueryNode" && node.table?.table?.identifier?.name === "streams")
      throw new Error("storage failed");
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

// The rules at ingestion (ADR 031): their actions are written with the mention, in its transaction; a
// broken rule is skipped and never fails the batch.
describe.each(testEngines({ engineSpecific: true }))("rules in the ingestion pipeline on %s", (engine) => {
  let fx: ApiFixture;
  let tenant: TenantFixture;
  let admin: SignedIn;
  let streamId: number;
  let labelId: number;
  let ruleId: number;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    tenant = await fx.createTenant();
    admin = await fx.signIn(tenant.accounts.admin.email);
    streamId = (
      await fx.request("POST", "/api/v1/streams", {
        auth: admin,
        body: { name: "S", social_type: "twitter", category: "streams", source: "api" },
      })
    ).json.id;
    labelId = (await fx.request("POST", "/api/labels", { auth: admin, body: { name: "Refunds" } })).json.id;
    const rule = await fx.request("POST", "/api/v1/admin/rules", {
      auth: admin,
      body: {
        name: "Refund desk",
        rule_type: 3,
        status_type: 1,
        query: "refund",
        label_ids: [labelId],
        assignee_type: "account",
        assignee_id: tenant.accounts.agent.id,
      },
    });
    expect(rule.status).toBe(201);
    ruleId = rule.json.id;
  });
  afterAll(async () => {
    if (fx) await backfillsSettled(fx.deps);
    await fx?.cleanup();
  });

  const target = () => ({ businessProfileId: tenant.businessProfileId, streamId, network: "twitter" as const });
  const entry = (externalId: string, text: string) => ({
    position: 0,
    value: { external_id: externalId, text, created_at: "2026-11-28T10:00:00Z", author: { username: "kim" } },
  });
  const itemOf = (externalId: string) =>
    fx.db.selectFrom("feedItems").selectAll().where("externalId", "=", externalId).executeTakeFirst();
  const historyOf = (id: number) =>
    fx.db.selectFrom("feedItemActions").selectAll().where("feedItemId", "=", id).orderBy("id").execute();
  const actedCount = async () =>
    (await fx.db.selectFrom("rules").select("actedCount").where("id", "=", ruleId).executeTakeFirstOrThrow())
      .actedCount;

  it("labels and assigns a matching mention in the mention's own transaction; the history names the rule", async () => {
    const report = await ingestBatch(fx.deps, target(), [entry("a1", "I need a refund"), entry("a2", "all good")]);
    expect(report.accepted).toBe(2);
    const hit = (await itemOf("a1"))!;
    expect(hit).toMatchObject({ assignedToType: "account", assignedToId: tenant.accounts.agent.id, assignedBy: null });
    const labels = await fx.db
      .selectFrom("feedItemLabels")
      .select("labelId")
      .where("feedItemId", "=", hit.id)
      .execute();
    expect(labels).toEqual([{ labelId }]);
    const history = await historyOf(hit.id);
    expect(history.map((h) => [h.actionType, h.actorName, h.accountId, h.createdAt])).toEqual([
      ["labels", MESSAGES.rulesScreen.historyActor("Refund desk"), null, hit.ingestedAt],
      ["assignment", MESSAGES.rulesScreen.historyActor("Refund desk"), null, hit.ingestedAt],
    ]);
    expect(JSON.parse(history[1]!.data)).toMatchObject({
      rule: { id: ruleId, name: "Refund desk" },
      assignee_id: tenant.accounts.agent.id,
    });
    expect(await historyOf((await itemOf("a2"))!.id)).toEqual([]);
    expect(await actedCount()).toBe(1);
  });

  it("a saved search filtering by the rule's label matches the mention the rule labelled (and only a labels filter asks for it)", async () => {
    const plain = await fx.request("POST", "/api/search/items", {
      auth: admin,
      body: {
        name: "Refund words",
        category: "brand",
        query: [{ type: "must", values: [{ filter_type: "keywords", value: "refund" }] }],
      },
    });
    const byLabel = await fx.request("POST", "/api/search/items", {
      auth: admin,
      body: {
        name: "Labelled refunds",
        category: "brand",
        query: [
          { type: "must", values: [{ filter_type: "keywords", value: "parcel" }] },
          { type: "must", values: [{ filter_type: "labels", value: labelId }] },
        ],
      },
    });
    expect([plain.status, byLabel.status]).toEqual([201, 201]);
    await backfillsSettled(fx.deps);
    // "parcel" alone is not enough for the second: the rule's label is.
    await ingestBatch(fx.deps, target(), [entry("l1", "refund for the parcel"), entry("l2", "a parcel")]);
    expect(
      await fx.db
        .selectFrom("queryMatches")
        .select("contextId")
        .where("feedItemId", "=", (await itemOf("l2"))!.id)
        .execute(),
    ).toEqual([]);
    const hit = (await itemOf("l1"))!;
    const matches = await fx.db
      .selectFrom("queryMatches")
      .select(["contextType", "contextId"])
      .where("feedItemId", "=", hit.id)
      .orderBy("contextId")
      .execute();
    expect(matches).toEqual([
      { contextType: 1, contextId: plain.json.id },
      { contextType: 1, contextId: byLabel.json.id },
    ]);
    for (const id of [plain.json.id, byLabel.json.id])
      expect((await fx.request("DELETE", `/api/search/items/${id}`, { auth: admin })).status).toBe(204);
    await backfillsSettled(fx.deps);
  });

  it("stores nothing of the rules when the mention's transaction fails", async () => {
    const failing = { ...fx.deps, db: fx.db.withPlugin(new FailAtStreamUpdate()) as Database };
    const byRule = () =>
      fx.db
        .selectFrom("feedItemActions")
        .select("id")
        .where("actorName", "=", MESSAGES.rulesScreen.historyActor("Refund desk"))
        .execute();
    const [actedBefore, historyBefore] = [await actedCount(), (await byRule()).length];
    await expect(ingestBatch(failing, target(), [entry("b1", "refund again")])).rejects.toThrow("storage failed");
    expect(await itemOf("b1")).toBeUndefined();
    expect(await actedCount()).toBe(actedBefore);
    expect(await byRule()).toHaveLength(historyBefore);
  });

  it("skips a rule whose label was deleted (marked broken with the reason); the batch is stored", async () => {
    expect((await fx.request("DELETE", `/api/v1/labels/${labelId}`, { auth: admin })).status).toBe(204);
    const report = await ingestBatch(fx.deps, target(), [entry("c1", "refund please")]);
    expect(report.accepted).toBe(1);
    const item = (await itemOf("c1"))!;
    expect(item.assignedToType).toBeNull();
    expect(await historyOf(item.id)).toEqual([]);
    const rule = await fx.db
      .selectFrom("rules")
      .select("brokenReason")
      .where("id", "=", ruleId)
      .executeTakeFirstOrThrow();
    expect(rule.brokenReason).toBe(MESSAGES.rulesScreen.brokenLabel(labelId));
  });

  it("skips a rule whose query no longer lints, and keeps acting with the others", async () => {
    const now = new Date().toISOString();
    await fx.db
      .insertInto("rules")
      .values({
        businessProfileId: tenant.businessProfileId,
        name: "Old syntax",
        nameKey: "old syntax",
        entities: "[]",
        query: "*refund",
        excludeQuery: null,
        ruleType: 4,
        statusType: 1,
        identities: "[]",
        labelIds: "[]",
        selectedGroups: "[]",
        assigneeType: null,
        assigneeId: null,
        state: 3,
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const closer = await fx.request("POST", "/api/v1/admin/rules", {
      auth: admin,
      body: { name: "Closer", rule_type: 4, status_type: 1, query: "thanks", state: 3 },
    });
    expect(closer.status).toBe(201);
    const report = await ingestBatch(fx.deps, target(), [entry("d1", "refund thanks")]);
    expect(report.accepted).toBe(1);
    expect((await itemOf("d1"))!.state).toBe(3);
    const old = await fx.db
      .selectFrom("rules")
      .select("brokenReason")
      .where("name", "=", "Old syntax")
      .executeTakeFirstOrThrow();
    expect(old.brokenReason).toBe(MESSAGES.rulesScreen.brokenQuery(MESSAGES.queryLint.leadingWildcard));
  });
});
