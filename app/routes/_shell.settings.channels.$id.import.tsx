// The file import's upload route (a resource route: no component). The stream page's import form posts
// here with XMLHttpRequest once JavaScript runs, to show upload progress; the answer is JSON. Without
// JavaScript the same form posts to the stream page's own action instead.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "../../domain/messages";
import { isMultipart, streamImport } from "./_shell.settings.channels.$id.server";
import { requireAccount } from "../lib/guard.server";

/** Nothing to show here: a visit lands on the stream page. */
export async function loader({ params }: LoaderFunctionArgs) {
  throw redirect(`/settings/channels/${encodeURIComponent(params.id ?? "")}`);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const id = Number(params.id);
  if (!/^\d{1,9}$/.test(params.id ?? "") || id < 1)
    return Response.json({ ok: false, error: MESSAGES.notFound }, { status: 404 });
  if (!isMultipart(request)) return Response.json({ ok: false, error: MESSAGES.importFileRequired }, { status: 400 });
  const { outcome, status } = await streamImport(request, context, id);
  return Response.json(outcome, { status, headers: { "cache-control": "no-store" } });
}
