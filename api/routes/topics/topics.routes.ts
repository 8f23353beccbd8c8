import { createRoute } from "@hono/zod-openapi";
import type * as z from "zod";
import {
  DeleteTopicGroupQuerySchema,
  MoveTopicSchema,
  TopicFormSchema,
  TopicGroupDetailResponseSchema,
  TopicGroupFormSchema,
  TopicGroupListResponseSchema,
  TopicListQuerySchema,
  TopicListResponseSchema,
  TopicResponseSchema,
  TopicUpdateSchema,
} from "../../../domain/schemas/topics";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const body = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

export const listTopicsRoute = createRoute({
  method: "get",
  path: "/v1/topics",
  tags: ["topics"],
  summary: "Topics the caller sees, pinned first then by name; topic_group_id ('null': ungrouped), search (in the name), type",
  request: { query: TopicListQuerySchema },
  responses: { 200: json(TopicListResponseSchema, "Topics"), 401: errorResponses[401] },
});

export const getTopicRoute = createRoute({
  method: "get",
  path: "/v1/topics/{id}",
  tags: ["topics"],
  request: { params: IdParamSchema },
  responses: { 200: json(TopicResponseSchema, "Topic"), 404: errorResponses[404] },
});

export const createTopicRoute = createRoute({
  method: "post",
  path: "/v1/topics",
  tags: ["topics"],
  summary: "Create a topic (keywords or a boolean query); stored mentions are matched in the background",
  request: { body: body(TopicFormSchema) },
  responses: { 201: json(TopicResponseSchema, "Created"), 403: errorResponses[403], 422: errorResponses[422] },
});

export const updateTopicRoute = createRoute({
  method: "put",
  path: "/v1/topics/{id}",
  tags: ["topics"],
  summary: "Edit a topic (name and type required; a field left out keeps its value)",
  request: { params: IdParamSchema, body: body(TopicUpdateSchema) },
  responses: {
    200: json(TopicResponseSchema, "Updated"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const moveTopicRoute = createRoute({
  method: "put",
  path: "/v1/topics/move/{id}",
  tags: ["topics"],
  summary: "Move a topic into a group, or out of any (topic_group_id null)",
  request: { params: IdParamSchema, body: body(MoveTopicSchema) },
  responses: {
    200: json(TopicResponseSchema, "Moved"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const deleteTopicRoute = createRoute({
  method: "delete",
  path: "/v1/topics/{id}",
  tags: ["topics"],
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, 403: errorResponses[403], 404: errorResponses[404] },
});

export const listTopicGroupsRoute = createRoute({
  method: "get",
  path: "/v1/topic_groups",
  tags: ["topics"],
  summary: "Topic groups by name, with how many of their topics the caller sees",
  responses: { 200: json(TopicGroupListResponseSchema, "Topic groups"), 401: errorResponses[401] },
});

export const getTopicGroupRoute = createRoute({
  method: "get",
  path: "/v1/topic_groups/{id}",
  tags: ["topics"],
  request: { params: IdParamSchema },
  responses: { 200: json(TopicGroupDetailResponseSchema, "Topic group and its topics"), 404: errorResponses[404] },
});

export const createTopicGroupRoute = createRoute({
  method: "post",
  path: "/v1/topic_groups",
  tags: ["topics"],
  request: { body: body(TopicGroupFormSchema) },
  responses: { 201: json(TopicGroupDetailResponseSchema, "Created"), 403: errorResponses[403], 422: errorResponses[422] },
});

export const updateTopicGroupRoute = createRoute({
  method: "put",
  path: "/v1/topic_groups/{id}",
  tags: ["topics"],
  request: { params: IdParamSchema, body: body(TopicGroupFormSchema) },
  responses: {
    200: json(TopicGroupDetailResponseSchema, "Renamed"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const deleteTopicGroupRoute = createRoute({
  method: "delete",
  path: "/v1/topic_groups/{id}",
  tags: ["topics"],
  summary: "Delete a group; remove_topics=true deletes its topics (those the caller sees), else they stay ungrouped",
  request: {
    params: IdParamSchema,
    query: DeleteTopicGroupQuerySchema,
  },
  responses: { 204: { description: "Deleted" }, 403: errorResponses[403], 404: errorResponses[404] },
});
