// The topics calls through the API client against the real API: the two-step create of spec analytics
// §4 (createTopic), its undo when the second step is refused, moving, and deleting a group.
import { createCookieSessionStorage } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../domain/messages";
import { VISIBILITY } from "../../domain/visibility";
import {
  createApiFixture,
  TEST_PASSWORD,
  type ApiFixture,
  type TenantFixture,
} from "../../tests/support/api-fixture";
import { ApiError, createApiClient, type ApiClient } from "./api.server";
import type { ApiTopic, ApiTopicGroup, KeywordSuggestion, QueryValidation } from "../components/topics/types";
import { createTopic } from "./create-topic.server";
import type { WebFlashData, WebSessionData } from "./session.server";

const storage = createCookieSessionStorage<WebSessionData, WebFlashData>({ cookie: { name: "t", secrets: ["s"] } });

describe("the API client's topics calls", () => {
  let fx: ApiFixture;
  let tenant: TenantFixture;
  let api: ApiClient;
  const calls: string[] = [];

  beforeAll(async () => {
    fx = await createApiFixture("sqlite");
    tenant = await fx.createTenant();
    const session = await storage.getSession();
    api = createApiClient({
      transport: (request) => {
        calls.push(`${request.method} ${new URL(request.url).pathname}`);
        return fx.api.fetch(request);
      },
      baseUrl: "http://web.test/api",
      session,
      request: new Request("http://web.test/topics"),
      requestId: "test-request",
      log: () => undefined,
    });
    await api.signIn({ email: tenant.accounts.agent.email, password: TEST_PASSWORD });
  });
  afterAll(() => fx.cleanup());

  const createGroup = (name: string) => api.post<ApiTopicGroup>("/v1/topic_groups", { name });
  const listTopics = async () => (await api.get<{ data: ApiTopic[] }>("/v1/topics")).data;
  const getTopic = (id: number) => api.get<ApiTopic>(`/v1/topics/${id}`);
  const moveTopic = (id: number, topicGroupId: number | null) =>
    api.put<ApiTopic>(`/v1/topics/move/${id}`, { topicGroupId });
  const deleteGroup = (id: number, removeTopics: boolean) =>
    api.delete(`/v1/topic_groups/${id}`, { query: { removeTopics } });
  const validateQuery = (query: string) => api.post<QueryValidation>("/v1/queries/validate", { query });

  async function refusal(promise: Promise<unknown>): Promise<ApiError> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
    throw new Error("expected a refusal");
  }

  it("creates a topic, then updates it with its visibility at once", async () => {
    calls.length = 0;
    const group = await createGroup("Brand");
    const topic = await createTopic(api, {
      name: "Refunds",
      type: "keywords",
      topicGroupId: group.id,
      keywords: ["refund", "money back"],
      query: "",
      entityType: VISIBILITY.onlyMe,
      entityIds: [tenant.accounts.agent.id],
    });
    expect(calls).toEqual(["POST /api/v1/topic_groups", "POST /api/v1/topics", `PUT /api/v1/topics/${topic.id}`]);
    expect(topic).toMatchObject({
      name: "Refunds",
      type: "keywords",
      topicGroupId: group.id,
      keywords: ["refund", "money back"],
      entityType: VISIBILITY.onlyMe,
      entityIds: [tenant.accounts.agent.id],
    });
    expect(topic.backfill).toEqual(expect.objectContaining({ done: expect.any(Number), total: expect.any(Number) }));
    expect((await listTopics()).map((t) => t.name)).toContain("Refunds");
  });

  it("deletes the new topic again when the update is refused, so the name stays free", async () => {
    const input = {
      name: "Shared",
      type: "keywords" as const,
      topicGroupId: null,
      keywords: ["share"],
      query: "",
      entityType: VISIBILITY.teams,
      entityIds: [],
    };
    const error = await refusal(createTopic(api, input));
    expect(error.status).toBe(422);
    expect(error.fields.entity_ids).toEqual([MESSAGES.atLeastOneItem]);
    expect((await listTopics()).map((t) => t.name)).not.toContain("Shared");
    const created = await createTopic(api, {
      ...input,
      entityType: VISIBILITY.everyone,
      entityIds: [tenant.businessProfileId],
    });
    expect(created.entityType).toBe(VISIBILITY.everyone);
  });

  it("refuses a second topic of the same name, whatever its case", async () => {
    const error = await refusal(
      createTopic(api, {
        name: "REFUNDS",
        type: "keywords",
        topicGroupId: null,
        keywords: ["x"],
        query: "",
        entityType: 2,
        entityIds: [],
      }),
    );
    expect(error.fields.name).toEqual([MESSAGES.searches.topicNameTaken]);
  });

  it("moves a topic between groups and deletes a group with or without its topics", async () => {
    const [a, b] = [await createGroup("A"), await createGroup("B")];
    const base = { type: "keywords" as const, query: "", entityType: VISIBILITY.everyone, entityIds: [] };
    const one = await createTopic(api, { ...base, name: "One", topicGroupId: a.id, keywords: ["one"] });
    const two = await createTopic(api, { ...base, name: "Two", topicGroupId: b.id, keywords: ["two"] });
    expect((await moveTopic(one.id, b.id)).topicGroupId).toBe(b.id);
    expect((await moveTopic(one.id, null)).topicGroupId).toBeNull();
    await moveTopic(one.id, a.id);

    await deleteGroup(a.id, false);
    expect((await getTopic(one.id)).topicGroupId).toBeNull();
    await deleteGroup(b.id, true);
    expect((await refusal(getTopic(two.id))).status).toBe(404);
    expect((await api.get<{ data: ApiTopicGroup[] }>("/v1/topic_groups")).data.map((g) => g.name)).not.toContain("A");
  });

  it("renames a group, lints a query and suggests keywords", async () => {
    const group = await createGroup("Old name");
    expect((await api.put<ApiTopicGroup>(`/v1/topic_groups/${group.id}`, { name: "New name" })).name).toBe("New name");
    expect(await validateQuery("refund AND late")).toEqual({ valid: true, errors: [] });
    expect(await validateQuery("refund AND")).toEqual({
      valid: false,
      errors: [{ message: MESSAGES.queryLint.missingOperand, offset: 7, length: 3 }],
    });
    expect((await api.get<{ data: KeywordSuggestion[] }>("/v1/keywords", { query: { word: "zzzz", limit: 10 } })).data).toEqual([]);
  });
});
