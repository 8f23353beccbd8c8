// Business profiles administered from /admin (spec core §3, analytics §3, §5, §7; issue 26, ADR 040):
// the multipart form's fields, the logo's rules, and the answers of the admin API.
import * as z from "zod";
import { MESSAGES } from "../messages";
import { requiredString } from "./common";

/** The longest business profile name (our limit). */
const BUSINESS_PROFILE_NAME_MAX = 100;

/** Spec analytics §5: letters, numbers and spaces only (any script's letters and digits). */
const NAME_PATTERN = /^[\p{L}\p{N} ]+$/u;

/** A logo may be at most this large (ADR 040): a logo is shown small; 512 KB holds any sensible one. */
export const LOGO_BYTES_MAX = 512 * 1024;

/** The content types a logo may have, as its bytes say (never its name): no SVG (it can carry script). */
export const LOGO_CONTENT_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

const nameField = () =>
  requiredString()
    .max(BUSINESS_PROFILE_NAME_MAX, { error: MESSAGES.maxLength })
    .regex(NAME_PATTERN, { error: MESSAGES.wrongFormat });

/** A chosen file, or nothing (a form without a chosen file sends none: spec core §5). */
const logoField = () =>
  z.preprocess(
    // A file input left empty posts a nameless empty part: that is no file chosen.
    (value) => (value === "" || (isFile(value) && value.size === 0 && value.name === "") ? undefined : value),
    z.custom<File>(isFile, { error: MESSAGES.businessProfiles.logoNotImage }).optional(),
  );

function isFile(value: unknown): value is File {
  return typeof File !== "undefined" && value instanceof File;
}

const optionalId = () =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number({ error: MESSAGES.wrongFormat }).int({ error: MESSAGES.wrongFormat }).positive({ error: MESSAGES.wrongFormat }).optional(),
  );

/** POST /v1/admin/business_profiles (multipart): name, logo, copied_business_profile_id. */
export const BusinessProfileCreateSchema = z.object({
  name: nameField(),
  logo: logoField(),
  copied_business_profile_id: optionalId(),
});
export type BusinessProfileCreateInput = z.output<typeof BusinessProfileCreateSchema>;

/** PATCH /v1/admin/business_profiles (multipart): the profile's id, its name and, when chosen, a new logo. */
export const BusinessProfileUpdateSchema = z.object({
  id: z.coerce.number({ error: MESSAGES.wrongFormat }).int({ error: MESSAGES.wrongFormat }).positive({ error: MESSAGES.wrongFormat }),
  name: nameField(),
  logo: logoField(),
});
export type BusinessProfileUpdateInput = z.output<typeof BusinessProfileUpdateSchema>;

/** GET /v1/admin/business_profiles/discord_bots?business_profile_id= */
export const DiscordBotsQuerySchema = z.object({
  business_profile_id: z.coerce.number({ error: MESSAGES.wrongFormat }).int({ error: MESSAGES.wrongFormat }).positive({ error: MESSAGES.wrongFormat }),
});

/** GET /v1/business_profiles/{id}/logo?v=: `v` is the address's version (from logo_url). */
export const BusinessProfileLogoQuerySchema = z.object({ v: z.string().max(64).optional() });

// ── Responses (ADR 027) ──────────────────────────────────────────────────────────────────────────

/** A business profile as the admin API answers it (spec analytics §3's fields). */
export const BusinessProfileResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  logo: z.object({ content_type: z.enum(LOGO_CONTENT_TYPES), byte_size: z.number() }).nullable(),
  logo_url: z.string().nullable(),
  time_zone: z.string(),
  created_at: z.string(),
  copied_business_profile_id: z.number().nullable(),
  active_accounts_count: z.number(),
  default_account_id: z.number().nullable(),
});

/** GET /v1/admin/business_profiles. */
export const BusinessProfileListResponseSchema = z.object({ data: z.array(BusinessProfileResponseSchema) });

/** One Discord bot of a profile: a Discord stream with where its deliveries come from and how it fares. */
export const DiscordBotResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  server_id: z.string().nullable(),
  channel_id: z.string().nullable(),
  status: z.enum(["active", "waiting", "failing"]),
  last_delivery_at: z.string().nullable(),
  items_count: z.number(),
});

/** GET /v1/admin/business_profiles/discord_bots. */
export const DiscordBotListResponseSchema = z.object({ data: z.array(DiscordBotResponseSchema) });
