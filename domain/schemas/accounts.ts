import * as z from "zod";
import { INBOX_LAYOUTS } from "../inbox";
import { MESSAGES } from "../messages";
import { isRole, RoleSchema, type Role } from "../roles";
import { emailField, RecordIdFormSchema, requiredString, withIntent } from "./common";
import { MAX_DASHBOARD_CONTEXTS } from "./dashboard";
import { PasswordSchema } from "./password";

const NAME_MAX = 100;

/** Checkbox lists and multi-selects post one value, several, or none: always an array of ids. */
function idList() {
  return z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.coerce.number({ error: MESSAGES.numeric }).int().positive()),
  );
}

/** A checkbox posts 'on' when ticked and nothing when not; the API sends booleans. */
function checkbox() {
  return z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());
}

function roleField() {
  return z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? undefined : Number(value)),
    z
      .number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.wrongFormat) })
      .refine(isRole, { error: MESSAGES.wrongFormat })
      .transform((value) => value as Role),
  );
}

function withConfirmation<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...shape, password: PasswordSchema, password_confirmation: requiredString({ trim: false }) })
    .refine((v) => (v as { password: string }).password === (v as { password_confirmation: string }).password_confirmation, {
      error: MESSAGES.sameAsPassword,
      path: ["password_confirmation"],
    });
}

/** The sign-up form; the API receives these fields as `account` plus the invite token. */
export const SignUpAccountSchema = withConfirmation({
  first_name: requiredString().max(NAME_MAX, { error: MESSAGES.maxLength }),
  last_name: requiredString().max(NAME_MAX, { error: MESSAGES.maxLength }),
  email: emailField(),
});
export const SignUpFormSchema = withConfirmation({
  first_name: requiredString().max(NAME_MAX, { error: MESSAGES.maxLength }),
  last_name: requiredString().max(NAME_MAX, { error: MESSAGES.maxLength }),
  email: emailField(),
  team_member_invite_token: requiredString(),
});

/** Invite a colleague: e-mail, role and teams (POST /v1/team_member_invites). */
export const InviteSchema = z.object({
  email: emailField(),
  role: roleField(),
  team_ids: idList(),
});

export const ForgotPasswordSchema = z.object({ email: emailField() });

/** The reset form; the API receives `account: { password, password_confirmation }` and the token. */
export const NewPasswordSchema = withConfirmation({});

export const ChangePasswordSchema = withConfirmation({ current_password: requiredString({ trim: false }) });

/** PUT /v1/accounts/preferences/general. */
export const GeneralPreferencesSchema = z.object({
  url_warning: checkbox(),
  review_on_reply: checkbox(),
  direct_email_to_network: checkbox(),
});

/** PATCH /v1/accounts/preferences/ui: the inbox's layout (ADR 033); the inbox's switch posts the same. */
export const UiPreferencesSchema = z.object({ inbox_layout: z.enum(INBOX_LAYOUTS) });

/** A code from an authenticator app (6 digits) or a backup code. */
export const OtpCodeSchema = z.object({
  otp_code: requiredString().regex(/^(\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$/, { error: MESSAGES.codeNotValid }),
});

export const DisableTwoFactorSchema = z.object({ password: requiredString({ trim: false }) });

/** A member's role and teams: the users screen's form (with the id), and PATCH /v1/accounts/{id} (each optional). */
const UpdateMemberSchema = z.object({ role: roleField(), team_ids: idList() });

/** Create or edit a team (name unique within the business profile). */
export const TeamSchema = z.object({
  name: requiredString().max(NAME_MAX, { error: MESSAGES.maxLength }),
  account_ids: idList(),
});

/** The users screen's member form: the member's id beside the role and teams. */
export const UpdateMemberFormSchema = UpdateMemberSchema.safeExtend(RecordIdFormSchema.shape);
/** The teams screen's rename form: the team's id beside its fields. */
export const UpdateTeamFormSchema = TeamSchema.safeExtend(RecordIdFormSchema.shape);

// ── The screens' form posts, one discriminated union on `intent` each (ADR 028) ─────────────────────

/** /settings/users: invite a colleague, change a member, remove one. */
export const UserActionSchema = z.discriminatedUnion("intent", [
  withIntent("invite", InviteSchema),
  withIntent("update", UpdateMemberFormSchema),
  withIntent("remove", RecordIdFormSchema),
]);
export type UserAction = z.output<typeof UserActionSchema>;

/** /settings/teams: create, rename (and set members), delete. */
export const TeamActionSchema = z.discriminatedUnion("intent", [
  withIntent("create", TeamSchema),
  withIntent("update", UpdateTeamFormSchema),
  withIntent("delete", RecordIdFormSchema),
]);
export type TeamAction = z.output<typeof TeamActionSchema>;

/** Forms that post nothing but their intent (and the form token). */
const IntentOnlySchema = z.object({});

/** /account/settings/safety-and-privacy: two-step verification and the password. */
export const SafetyActionSchema = z.discriminatedUnion("intent", [
  withIntent("setup-2fa", IntentOnlySchema),
  withIntent("activate-2fa", OtpCodeSchema),
  withIntent("regenerate-codes", IntentOnlySchema),
  withIntent("disable-2fa", DisableTwoFactorSchema),
  withIntent("change-password", ChangePasswordSchema),
]);
export type SafetyAction = z.output<typeof SafetyActionSchema>;

export type InviteInput = z.infer<typeof InviteSchema>;
export type TeamInput = z.infer<typeof TeamSchema>;

/**
 * PUT /v1/accounts/preferences/ui/default_streams: the streams an account sees first (ADR 040): the
 * inbox opens on the first, the dashboard shows every mention of them all. At most the dashboard's
 * compare limit; an empty list goes back to every mention.
 */
export const DefaultStreamsSchema = z.object({
  default_dashboard_streams: z.preprocess(
    // A select left on "None" posts an empty value (or none): that is no stream.
    (v) => (Array.isArray(v) ? v : [v]).filter((id) => id !== undefined && id !== null && id !== ""),
    z
      .array(z.coerce.number({ error: MESSAGES.wrongFormat }).int({ error: MESSAGES.wrongFormat }).positive({ error: MESSAGES.wrongFormat }))
      .max(MAX_DASHBOARD_CONTEXTS, { error: MESSAGES.tooManyElements })
      .transform((ids) => [...new Set(ids)]),
  ),
});
export type DefaultStreamsInput = z.output<typeof DefaultStreamsSchema>;

/** /account/settings/preferences: the general preferences, or the default streams (ADR 028). */
export const PreferencesActionSchema = z.discriminatedUnion("intent", [
  withIntent("general", GeneralPreferencesSchema),
  withIntent("default_streams", DefaultStreamsSchema),
]);
export type PreferencesAction = z.output<typeof PreferencesActionSchema>;

// ── Query strings and JSON bodies the API reads beside the forms (ADR 027) ───────────────────────

/** GET /accounts: `force` skips the web client's per-request cache of the signed-in account. */
export const CurrentAccountQuerySchema = z.object({ force: z.string().optional() });

/** GET /v1/accounts. */
export const AccountListQuerySchema = z.object({ business_profile_id: z.coerce.number().int().positive().optional() });

/** POST /v1/accounts: sign up from an invite (the invite decides business profile, role and teams). */
export const SignUpBodySchema = z.object({ account: SignUpAccountSchema, team_member_invite_token: z.string().min(1) });

/** PATCH /v1/accounts/{id}: a member's role and teams, either or both. */
export const UpdateMemberBodySchema = UpdateMemberSchema.partial();

/** PATCH /v1/teams/{id}: a team's name and members, either or both. */
export const UpdateTeamBodySchema = TeamSchema.partial();

/** GET /v1/accounts/new: the invite's token. */
export const InviteLookupQuerySchema = z.object({ team_member_invite_token: z.string().optional() });

/** GET /v1/accounts/preferences/security/password_reset: the reset link's token. */
export const PasswordResetCheckQuerySchema = z.object({ token: z.string().optional() });

/** PUT /v1/accounts/preferences/security/password_reset: the new password with the link's token. */
export const PasswordResetBodySchema = z.object({ token: z.string().optional(), account: NewPasswordSchema });

// ── Responses (ADR 027) ─────────────────────────────────────────────────────────────────────────

/** GET /accounts, /v1/accounts/{id} for an admin, the login's `account`. */
export const AccountResponseSchema = z.object({
  id: z.number(),
  role: RoleSchema,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar_url: z.string().nullable(),
  permissions: z.record(z.string(), z.record(z.string(), z.record(z.string(), z.number()))),
  state: z.number(),
  teams: z.array(z.object({ id: z.number(), name: z.string() })),
  business_profile: z.object({
    id: z.number(),
    name: z.string(),
    logo_url: z.string().nullable(),
    time_zone: z.string(),
    active_accounts_count: z.number(),
  }),
  preferences: z.object({
    ui: z.object({ default_dashboard_streams: z.array(z.number()), inbox_layout: z.enum(INBOX_LAYOUTS) }),
    security: z.object({ two_factor_authorization: z.object({ otp_enabled: z.boolean() }) }),
    general: z.object({
      url_warning: z.boolean(),
      review_on_reply: z.boolean(),
      direct_email_to_network: z.boolean(),
    }),
  }),
  is_account_overtaken: z.boolean(),
});

/** An account as a colleague who does not manage users sees it (ADR 019). */
export const MemberResponseSchema = AccountResponseSchema.pick({
  id: true,
  role: true,
  email: true,
  first_name: true,
  last_name: true,
  avatar_url: true,
  state: true,
  teams: true,
});

/** GET /v1/accounts/{id}: whole to its owner and to admins, as a member to other agents (ADR 019). */
export const AccountOrMemberResponseSchema = z.union([AccountResponseSchema, MemberResponseSchema]);

// ── Responses (ADR 027) ──────────────────────────────────────────────────────────────────────────

/** A team with its members' account ids (GET /v1/teams). */
export const TeamResponseSchema = z.object({ id: z.number(), name: z.string(), account_ids: z.array(z.number()) });

export const TeamListResponseSchema = z.object({ data: z.array(TeamResponseSchema) });

/** GET /v1/accounts: the business profile's accounts, whole for those who manage users, else as members (ADR 019). */
export const AccountListResponseSchema = z.object({
  data: z.union([z.array(AccountResponseSchema), z.array(MemberResponseSchema)]),
});

/** POST /v1/team_member_invites: the invite sent. */
export const InviteResponseSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.number(),
  team_ids: z.array(z.number()),
  expires_at: z.string(),
});

/** GET /v1/accounts/new: the address a team member invite was sent to. */
export const InviteLookupResponseSchema = z.object({ email: z.string() });

/** GET …/password_reset: the address whose reset link this is (the link works). */
export const PasswordResetLinkResponseSchema = z.object({ email: z.string() });

/** POST and PUT …/password_reset: the message to show (the same whether or not the address is known). */
export const PasswordResetMessageResponseSchema = z.object({ message: z.string() });

/** POST …/two_factor_authentication/setup: a new TOTP secret with its otpauth URI and QR code. */
export const TwoFactorSetupResponseSchema = z.object({ secret: z.string(), otpauth_uri: z.string(), qr_code_svg: z.string() });

/** PUT …/security/password: the message to show (every other session of the account has ended). */
export const PasswordChangedResponseSchema = z.object({ message: z.string() });

/** POST /accounts/two_factor_authentications: two-factor login is off. */
export const TwoFactorOffResponseSchema = z.object({ otp_enabled: z.boolean() });

/** POST …/two_factor_authentication/activate and …/regenerate_backup_codes: the account's new backup codes. */
export const BackupCodesResponseSchema = z.object({ backup_codes: z.array(z.string()) });
