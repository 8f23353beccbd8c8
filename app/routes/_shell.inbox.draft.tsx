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

/**
 * The draft box's post: its item, and the draft by the reply's own rules (DraftSchema), parsed once. A
 * blank box (nothing, or only spaces) is no draft: its text reads undefined, and what was kept goes.
 */
const DraftFormSchema = DraftSchema.extend({
  item_id: z.coerce.number().int().positive(),
  text: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), DraftSchema.shape.text.optional()),
});

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccountOr401(request, context);
  const { submission } = await readForm(request, context, DraftFormSchema);
  if (submission.status !== "success") {
    const faults = submission.error ?? {};
    const reason = faults.item_id ? MESSAGES.badRequest : (Object.values(faults).flat()[0] ?? MESSAGES.wrongFormat);
    return Response.json({ error: reason }, { status: 400 });
  }
  const { item_id: itemId, text, template_id: templateId } = submission.value;
  const path = `/v1/feed-items/${itemId}/draft`;
  try {
    if (text === undefined) {
      await context.api.delete(path).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      });
      return Response.json({ saved: false });
    }
    await context.api.put(path, { text, templateId });
    return Response.json({ saved: true });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return Response.json({ error: error.reason }, { status: error.status });
  }
}
