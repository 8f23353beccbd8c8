import type { ApiTopic, TopicInput } from "../components/topics/types";
import type { ApiClient } from "./api.server";

/**
 * Spec analytics §4: a topic is first created, then at once updated with its query, entity type and
 * ids. Should the update be refused, the half-made topic is deleted again, so the form can be sent once
 * more without meeting its own name.
 */
export async function createTopic(api: ApiClient, input: TopicInput): Promise<ApiTopic> {
  const { name, type, topicGroupId, keywords, query } = input;
  const created = await api.post<ApiTopic>("/v1/topics", { name, type, topicGroupId, keywords, query });
  try {
    return await api.put<ApiTopic>(`/v1/topics/${created.id}`, {
      ...created,
      query,
      entityType: input.entityType,
      entityIds: input.entityIds,
    });
  } catch (error) {
    await api.delete(`/v1/topics/${created.id}`).catch(() => undefined);
    throw error;
  }
}
