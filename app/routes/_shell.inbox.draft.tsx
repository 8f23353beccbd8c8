import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { MESSAGES } from "../../domain/messages";
import { DraftSchema } from "../../domain/schemas/replies";
import { ApiError } from "../lib/api.server";
import { readForm } from "../lib/forms.server";
import { requireAccountOr401 } from "../lib/guard.server";

// The reply box's draft as the agent types (a resource route, JavaScript only, debounced by the box):
// PUT /v1/feed-items/{id}/draft, or DELETE when the box was emptied. Nothing on the page reloads; without
// JavaScript the box's 'Save draft' button posts to the inbox's own action instead.

const DraftFormSchema = z.object({
  item_id: z.coerce.number().int().positive(),
  text: z.string().max(20_000).optional(),
  template_id: z.string().optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccountOr401(request, context);
  const { submission } = await readForm(request, context, DraftFormSchema);
  if (submission.status !== "success") return Response.json({ error: MESSAGES.badRequest }, { status: 400 });
  const path = `/v1/feed-items/${submission.value.item_id}/draft`;
  try {
    const draft = DraftSchema.safeParse({ text: submission.value.text ?? "", template_id: submission.value.template_id });
    if (!draft.success) {
      // A blank box is no draft: what was kept goes.
      if ((submission.value.text ?? "").trim() === "") {
        await context.api.delete(path).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        });
        return Response.json({ saved: false });
      }
      return Response.json({ error: draft.error.issues[0]?.message ?? MESSAGES.wrongFormat }, { status: 400 });
    }
    await context.api.put(path, { text: draft.data.text, templateId: draft.data.template_id });
    return Response.json({ saved: true });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return Response.json({ error: error.message }, { status: error.status });
  }
}
