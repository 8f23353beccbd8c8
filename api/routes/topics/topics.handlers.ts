import {
  createTopicGroup,
  deleteTopicGroup,
  getTopicGroup,
  listTopicGroups,
  updateTopicGroup,
} from "../../../services/topics/topic-groups";
import { createTopic, deleteTopic, getTopic, listTopics, moveTopic, updateTopic } from "../../../services/topics/topics";
import {
  TopicGroupDetailResponseSchema,
  TopicGroupListResponseSchema,
  TopicListResponseSchema,
  TopicResponseSchema,
} from "../../../domain/schemas/topics";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { definitionBodyLimit } from "../queries/body-limit";
import {
  createTopicGroupRoute,
  createTopicRoute,
  deleteTopicGroupRoute,
  deleteTopicRoute,
  getTopicGroupRoute,
  getTopicRoute,
  listTopicGroupsRoute,
  listTopicsRoute,
  moveTopicRoute,
  updateTopicGroupRoute,
  updateTopicRoute,
} from "./topics.routes";

/** Topics and topic groups (analytics spec §7). */
export function registerTopicRoutes(app: ApiApp) {
  app.use("/v1/topics", definitionBodyLimit);
  app.use("/v1/topics/*", definitionBodyLimit);
  app.use("/v1/topic_groups", definitionBodyLimit);
  app.use("/v1/topic_groups/*", definitionBodyLimit);

  app.openapi(listTopicsRoute, async (c) => {
    const q = c.req.valid("query");
    const topics = await listTopics(c.get("deps"), requireActor(c), {
      ...(q.topic_group_id !== undefined ? { topicGroupId: q.topic_group_id === "null" ? null : q.topic_group_id } : {}),
      ...(q.search ? { search: q.search } : {}),
      ...(q.type ? { type: q.type } : {}),
    });
    return c.json(toWire(TopicListResponseSchema, { data: topics }), 200);
  });
  // Before /v1/topics/{id}, though the paths differ in length: "move" is never an id.
  app.openapi(moveTopicRoute, async (c) =>
    c.json(toWire(TopicResponseSchema, await moveTopic(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))), 200),
  );
  app.openapi(getTopicRoute, async (c) =>
    c.json(toWire(TopicResponseSchema, await getTopic(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );
  app.openapi(createTopicRoute, async (c) =>
    c.json(toWire(TopicResponseSchema, await createTopic(c.get("deps"), requireActor(c), c.req.valid("json"))), 201),
  );
  app.openapi(updateTopicRoute, async (c) =>
    c.json(toWire(TopicResponseSchema, await updateTopic(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))), 200),
  );
  app.openapi(deleteTopicRoute, async (c) => {
    await deleteTopic(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });

  app.openapi(listTopicGroupsRoute, async (c) =>
    c.json(toWire(TopicGroupListResponseSchema, { data: await listTopicGroups(c.get("deps"), requireActor(c)) }), 200),
  );
  app.openapi(getTopicGroupRoute, async (c) =>
    c.json(toWire(TopicGroupDetailResponseSchema, await getTopicGroup(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );
  app.openapi(createTopicGroupRoute, async (c) =>
    c.json(toWire(TopicGroupDetailResponseSchema, await createTopicGroup(c.get("deps"), requireActor(c), c.req.valid("json"))), 201),
  );
  app.openapi(updateTopicGroupRoute, async (c) =>
    c.json(toWire(TopicGroupDetailResponseSchema, await updateTopicGroup(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))), 200),
  );
  app.openapi(deleteTopicGroupRoute, async (c) => {
    const removeTopics = ["true", "1"].includes(c.req.valid("query").remove_topics ?? "false");
    await deleteTopicGroup(c.get("deps"), requireActor(c), c.req.valid("param").id, removeTopics);
    return c.body(null, 204);
  });
}
