import { createRoute } from "@hono/zod-openapi";
import { InviteLookupQuerySchema, InviteLookupResponseSchema, InviteResponseSchema, InviteSchema } from "../../../domain/schemas/accounts";
import { errorResponses, json } from "../../lib/schemas";

export const createInviteRoute = createRoute({
  method: "post",
  path: "/v1/team_member_invites",
  tags: ["accounts"],
  summary: "Invite a colleague by e-mail with a role and teams (admins and system admins)",
  request: { body: { content: { "application/json": { schema: InviteSchema } }, required: true } },
  responses: {
    201: json(InviteResponseSchema, "Invite sent"),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
    429: errorResponses[429],
  },
});

export const getInviteRoute = createRoute({
  method: "get",
  path: "/v1/accounts/new",
  tags: ["accounts"],
  summary: "The e-mail address an invite token was sent to",
  request: { query: InviteLookupQuerySchema },
  responses: { 200: json(InviteLookupResponseSchema, "The invite"), 404: errorResponses[404] },
});
