import { createRoute } from "@hono/zod-openapi";
import { TeamListResponseSchema, TeamResponseSchema, TeamSchema, UpdateTeamBodySchema } from "../../../domain/schemas/accounts";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

export const listTeamsRoute = createRoute({
  method: "get",
  path: "/v1/teams",
  tags: ["teams"],
  responses: { 200: json(TeamListResponseSchema, "Teams"), 403: errorResponses[403] },
});

export const createTeamRoute = createRoute({
  method: "post",
  path: "/v1/teams",
  tags: ["teams"],
  request: { body: { content: { "application/json": { schema: TeamSchema } }, required: true } },
  responses: { 201: json(TeamResponseSchema, "Created"), 403: errorResponses[403], 422: errorResponses[422] },
});

export const updateTeamRoute = createRoute({
  method: "patch",
  path: "/v1/teams/{id}",
  tags: ["teams"],
  request: {
    params: IdParamSchema,
    body: { content: { "application/json": { schema: UpdateTeamBodySchema } }, required: true },
  },
  responses: {
    200: json(TeamResponseSchema, "Updated"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const deleteTeamRoute = createRoute({
  method: "delete",
  path: "/v1/teams/{id}",
  tags: ["teams"],
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, 403: errorResponses[403], 404: errorResponses[404] },
});
