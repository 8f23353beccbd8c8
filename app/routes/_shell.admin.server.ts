// The business-profile admin (issue 26, ADR 040): /admin lists the profiles, /admin/new creates one,
// /admin/business-profiles/{id} edits one, offers the take-over of its default account (a form posting to
// /takeover/start) and lists its Discord bots. The forms are multipart (a logo beside the fields) and work
// without JavaScript; the logo is sent only when a file was chosen (spec core §5).
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import type { Submission } from "@conform-to/react";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import type { QueryToSend } from "../../domain/request-types";
import {
  BusinessProfileCreateSchema,
  BusinessProfileUpdateSchema,
  type BusinessProfileListResponseSchema,
  type BusinessProfileResponseSchema,
  type DiscordBotListResponseSchema,
  type DiscordBotsQuerySchema,
} from "../../domain/schemas/business-profiles";
import { profilePath } from "../components/admin/paths";
import { ApiError } from "../lib/api.server";
import { readForm, replyWithApiError, statusOf } from "../lib/forms.server";
import { guardRoute, recordPageView, requireAccount } from "../lib/guard.server";
import { flashToast } from "../lib/toast.server";

export type ApiBusinessProfile = FromWire<typeof BusinessProfileResponseSchema>;
type ApiBusinessProfileList = FromWire<typeof BusinessProfileListResponseSchema>;
type ApiDiscordBotList = FromWire<typeof DiscordBotListResponseSchema>;


const L = MESSAGES.businessProfiles;

/** /admin: every business profile. */
export async function listLoader({ request, context }: LoaderFunctionArgs) {
  const account = await guardRoute(request, context);
  recordPageView(request, context, account);
  const profiles = await context.api.get<ApiBusinessProfileList>("/v1/admin/business_profiles");
  return { profiles: profiles.data };
}

/** /admin/new: the profiles to copy from. */
export async function newLoader({ request, context }: LoaderFunctionArgs) {
  const account = await guardRoute(request, context);
  recordPageView(request, context, account);
  const profiles = await context.api.get<ApiBusinessProfileList>("/v1/admin/business_profiles");
  return { sources: profiles.data.map((p) => ({ id: p.id, name: p.name })) };
}

/** An id of the address that is not a number names no profile: the screen's 404, not the API's. */
function profileIdOf(raw: string | undefined): number {
  const id = Number(raw);
  if (!/^\d{1,9}$/.test(raw ?? "") || id < 1) throw new Response(L.profileNotFound, { status: 404 });
  return id;
}

function notFoundOr(error: unknown): never {
  if (error instanceof ApiError && error.status === 404) throw new Response(L.profileNotFound, { status: 404 });
  throw error;
}

/** /admin/business-profiles/{id}: the profile, its source's name and its Discord bots. */
export async function profileLoader({ request, context, params }: LoaderFunctionArgs) {
  const account = await guardRoute(request, context);
  recordPageView(request, context, account);
  const id = profileIdOf(params.id);
  const [profile, bots] = await Promise.all([
    context.api.get<ApiBusinessProfile>(`/v1/admin/business_profiles/${id}`).catch(notFoundOr),
    context.api.get<ApiDiscordBotList>("/v1/admin/business_profiles/discord_bots", { query: { businessProfileId: id } satisfies QueryToSend<typeof DiscordBotsQuerySchema> }).catch(notFoundOr),
  ]);
  const source = profile.copiedBusinessProfileId
    ? await context.api.get<ApiBusinessProfile>(`/v1/admin/business_profiles/${profile.copiedBusinessProfileId}`).catch(() => null)
    : null;
  return { profile, bots: bots.data, sourceName: source?.name ?? null };
}

/** The form as the API reads it: the fields by their wire names, the logo only when a file was chosen. */
function multipart(fields: Record<string, string | number | File | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(key, typeof value === "number" ? String(value) : value);
  }
  return form;
}

function refused(submission: Submission<unknown, string[]>, error: unknown) {
  return data({ result: replyWithApiError(submission, error, { labels: { logo: L.logo, copied_business_profile_id: L.copiedFrom } }) }, { status: statusOf(error) });
}

async function sendProfile(context: AppLoadContext, method: "POST" | "PATCH", form: FormData) {
  return context.api.sendForm<ApiBusinessProfile>(method, "/v1/admin/business_profiles", form);
}

/** /admin/new posts the new profile. */
export async function createAction({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { submission } = await readForm(request, context, BusinessProfileCreateSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { name, logo, copied_business_profile_id } = submission.value;
  let created: ApiBusinessProfile;
  try {
    created = await sendProfile(context, "POST", multipart({ name, logo, copied_business_profile_id }));
  } catch (error) {
    return refused(submission, error);
  }
  flashToast(context, { kind: "success", message: L.created(created.name) });
  throw redirect(profilePath(created.id));
}

/** /admin/business-profiles/{id} posts its edit form. */
export async function updateAction({ request, context, params }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const id = profileIdOf(params.id);
  const { submission } = await readForm(request, context, BusinessProfileUpdateSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  let saved: ApiBusinessProfile;
  try {
    saved = await sendProfile(context, "PATCH", multipart({ id, name: submission.value.name, logo: submission.value.logo }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFoundOr(error);
    return refused(submission, error);
  }
  flashToast(context, { kind: "success", message: L.updated(saved.name) });
  throw redirect(profilePath(saved.id));
}
