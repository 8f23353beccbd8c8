import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { PresenceSchema } from "../../domain/schemas/replies";
import { MESSAGES } from "../../domain/messages";
import type { ApiPresence } from "../components/inbox/types";
import { ApiError } from "../lib/api.server";
import { readForm } from "../lib/forms.server";
import { requireAccountOr401 } from "../lib/guard.server";

// The inbox's presence heartbeat (a resource route, JavaScript only): POST /v1/feed-items/{id}/presence
// with the mode, or DELETE when the agent leaves the item. Answers the other viewers; nothing reloads.

const PresenceFormSchema = PresenceSchema.extend({
  item_id: z.coerce.number().int().positive(),
  leave: z.string().optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccountOr401(request, context);
  const { submission } = await readForm(request, context, PresenceFormSchema);
  if (submission.status !== "success") return Response.json({ error: MESSAGES.badRequest }, { status: 400 });
  const path = `/v1/feed-items/${submission.value.item_id}/presence`;
  try {
    if (submission.value.leave) {
      await context.api.delete(path);
      return Response.json({ viewers: [] } satisfies ApiPresence);
    }
    const answer = await context.api.post<ApiPresence>(path, { mode: submission.value.mode });
    return Response.json({ viewers: answer.viewers });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return Response.json({ error: error.message }, { status: error.status });
  }
}
