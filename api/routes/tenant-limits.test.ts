import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { insertLabel } from "../../db/repositories/labels";
import { insertMutedKeywords } from "../../db/repositories/muted-keywords";
import { insertReplyTemplate } from "../../db/repositories/reply-templates";
import { insertTeam } from "../../db/repositories/teams";
import { insertTopicGroup } from "../../db/repositories/topic-groups";
import { TENANT_LIMITS, type LimitedKind } from "../../domain/limits";
import { MESSAGES } from "../../domain/messages";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../tests/support/api-fixture";
import { testEngines } from "../../tests/support/database";

// Issue 31: every list a tenant can grow has a limit (ADR 026). At the limit the create answers 422 with the
// catalogue message naming it, and nothing is written. The rows up to the limit go in through the
// repositories, fast; the refused create goes through the API.

interface Case {
  kind: LimitedKind;
  message: string;
  /** Inserts `count` rows of the tenant directly. */
  fill(db: Database, tenant: TenantFixture, count: number): Promise<void>;
  create(fx: ApiFixture, auth: SignedIn, name: string): ReturnType<ApiFixture["request"]>;
  count(db: Database, tenant: TenantFixture): Promise<number>;
}

const NOW = new Date().toISOString();

function counter(table: "labels" | "mutedKeywords" | "replyTemplates" | "teams" | "topicGroups") {
  return async (db: Database, tenant: TenantFixture) => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("businessProfileId", "=", tenant.businessProfileId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
}

async function inBatches(db: Database, count: number, insert: (trx: Database, i: number) => Promise<unknown>) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i += 1) await insert(trx, i);
  });
}

const CASES: Case[] = [
  {
    kind: "labels",
    message: "You can have at most 1,000 labels.",
    fill: (db, t, count) =>
      inBatches(db, count, (trx, i) =>
        insertLabel(trx, {
          businessProfileId: t.businessProfileId,
          name: `Filled ${i}`,
          category: null,
          labelType: "feed_item",
          contextId: null,
          contextType: null,
          ownerAccountId: null,
          now: NOW,
        }),
      ),
    create: (fx, auth, name) => fx.request("POST", "/api/labels", { auth, body: { name } }),
    count: counter("labels"),
  },
  {
    kind: "mutedKeywords",
    message: "You can have at most 1,000 muted keywords.",
    fill: async (db, t, count) => {
      await insertMutedKeywords(db, t.businessProfileId, Array.from({ length: count }, (_, i) => `filled${i}`), t.accounts.admin.id, NOW);
    },
    create: (fx, auth, name) => fx.request("POST", "/api/v1/muted_keywords", { auth, body: { muted_keywords: [{ value: name }] } }),
    count: counter("mutedKeywords"),
  },
  {
    kind: "replyTemplates",
    message: "You can have at most 1,000 templates.",
    fill: (db, t, count) =>
      inBatches(db, count, (trx, i) =>
        insertReplyTemplate(
          trx,
          t.businessProfileId,
          { name: `Filled ${i}`, message: "m", categories: [], languages: [], entityType: 2, entityIds: [t.businessProfileId], active: true },
          t.accounts.admin.id,
          NOW,
        ),
      ),
    create: (fx, auth, name) => fx.request("POST", "/api/v1/templates", { auth, body: { name, message: "Hello", entity_type: 2 } }),
    count: counter("replyTemplates"),
  },
  {
    kind: "teams",
    message: "You can have at most 200 teams.",
    fill: (db, t, count) => inBatches(db, count, (trx, i) => insertTeam(trx, { businessProfileId: t.businessProfileId, name: `Filled ${i}`, now: NOW })),
    create: (fx, auth, name) => fx.request("POST", "/api/v1/teams", { auth, body: { name, account_ids: [] } }),
    count: counter("teams"),
  },
  {
    kind: "topicGroups",
    message: "You can have at most 200 topic groups.",
    fill: (db, t, count) =>
      inBatches(db, count, (trx, i) => insertTopicGroup(trx, t.businessProfileId, { name: `Filled ${i}`, createdBy: t.accounts.admin.id }, NOW)),
    create: (fx, auth, name) => fx.request("POST", "/api/v1/topic_groups", { auth, body: { name } }),
    count: counter("topicGroups"),
  },
];

describe.each(testEngines())("tenant limits on %s", (engine) => {
  let fx: ApiFixture;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
  });
  afterAll(() => fx?.cleanup());

  describe.each(CASES)("$kind", (c) => {
    it("refuses the create over the limit with the catalogue message, and writes nothing", async () => {
      const tenant = await fx.createTenant();
      const admin = await fx.signIn(tenant.accounts.admin.email);
      const limit = TENANT_LIMITS[c.kind];
      expect(MESSAGES.limitReached(limit, c.message.replace(/^You can have at most [\d,]+ | *\.$/g, ""))).toBe(c.message);

      await c.fill(fx.db, tenant, limit - 1);
      const last = await c.create(fx, admin, "The last one");
      expect(last.status, JSON.stringify(last.json)).toBeLessThan(300);
      expect(await c.count(fx.db, tenant)).toBe(limit);

      const over = await c.create(fx, admin, "One too many");
      expect(over.status).toBe(422);
      expect(over.json.error_message).toBe(c.message);
      expect(await c.count(fx.db, tenant)).toBe(limit);

      // Another tenant is not held back by this one's list.
      const other = await fx.createTenant();
      expect((await c.create(fx, await fx.signIn(other.accounts.admin.email), "Elsewhere")).status).toBeLessThan(300);
    });
  });

  it("lets only the room left through when creates race at the limit", async () => {
    const tenant = await fx.createTenant();
    const admin = await fx.signIn(tenant.accounts.admin.email);
    const labels = CASES[0]!;
    await labels.fill(fx.db, tenant, TENANT_LIMITS.labels - 2);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => labels.create(fx, admin, `Racer ${i}`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(4);
    expect(await labels.count(fx.db, tenant)).toBe(TENANT_LIMITS.labels);
  });

  it("counts a batch of muted keywords as a whole: a batch that would overflow is refused entirely", async () => {
    const tenant = await fx.createTenant();
    const admin = await fx.signIn(tenant.accounts.admin.email);
    const muted = CASES[1]!;
    await muted.fill(fx.db, tenant, TENANT_LIMITS.mutedKeywords - 1);
    const res = await fx.request("POST", "/api/v1/muted_keywords", {
      auth: admin,
      body: { muted_keywords: [{ value: "one" }, { value: "two" }] },
    });
    expect(res.status).toBe(422);
    expect(await muted.count(fx.db, tenant)).toBe(TENANT_LIMITS.mutedKeywords - 1);
  });
});
