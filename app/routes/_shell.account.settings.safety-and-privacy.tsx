import { getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import { ChangePasswordSchema, DisableTwoFactorSchema, OtpCodeSchema, SafetyActionSchema, type SafetyAction } from "../../domain/schemas/accounts";
import type { BackupCodesResponseSchema, TwoFactorSetupResponseSchema } from "../../domain/schemas/accounts";
import { Button } from "../components/ui/button";
import { CsrfInput } from "../components/ui/csrf-input";
import { FormErrors, TextField } from "../components/ui/field";
import { formFields, handleIntent, readIntentForm, replyWithApiError, type IntentHandlers } from "../lib/forms.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { flashToast } from "../lib/toast.server";
import { titleMeta } from "../lib/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  return { otpEnabled: account.preferences.security.twoFactorAuthorization.otpEnabled };
}

const SECURITY = "/v1/accounts/preferences/security";

/** What the two-factor setup, activation and backup-code renewal answer (camelCased by the API client). */
type ApiTwoFactorSetup = FromWire<typeof TwoFactorSetupResponseSchema>;
type ApiBackupCodes = FromWire<typeof BackupCodesResponseSchema>;

const PASSWORDS = ["current_password", "password", "password_confirmation"];

type Intent = SafetyAction["intent"];

/** Fields a refused form never sends back (what was typed in them stays unsaid). */
const SECRET_FIELDS: { [I in Intent]?: string[] } = { "disable-2fa": ["password"], "change-password": PASSWORDS };

/** The set-up being activated: the QR code (base64 SVG) and the key, shown until a code proves the app has them. */
interface PendingSetup {
  secret: string;
  qrCodeBase64: string;
}

interface ActionData {
  intent: Intent;
  result: SubmissionResult<string[]>;
  setup?: PendingSetup | null;
  backupCodes?: string[] | null;
}

interface SafetyContext {
  context: AppLoadContext;
  submission: Submission<unknown, string[]>;
  /** The set-up the activation form carried (the API keeps the secret; the page carries it only to show it again). */
  setup: PendingSetup | null;
}

/** One handler per intent of SafetyActionSchema (domain/schemas/accounts.ts). */
const SAFETY_ACTIONS: IntentHandlers<SafetyAction, SafetyContext, Promise<ActionData>> = {
  async "setup-2fa"(_action, { context, submission }) {
    try {
      const setup = await context.api.post<ApiTwoFactorSetup>(`${SECURITY}/two_factor_authentication/setup`);
      const qrCodeBase64 = Buffer.from(setup.qrCodeSvg, "utf8").toString("base64");
      return { intent: "setup-2fa", result: submission.reply(), setup: { secret: setup.secret, qrCodeBase64 } };
    } catch (error) {
      return { intent: "setup-2fa", result: replyWithApiError(submission, error) };
    }
  },
  async "activate-2fa"(action, { context, submission, setup }) {
    try {
      const { backupCodes } = await context.api.post<ApiBackupCodes>(`${SECURITY}/two_factor_authentication/activate`, formFields(action));
      await context.api.currentAccount({ force: true });
      flashToast(context, { kind: "success", message: MESSAGES.twoFactorEnabled });
      return { intent: "activate-2fa", result: submission.reply({ resetForm: true }), backupCodes };
    } catch (error) {
      return { intent: "activate-2fa", result: replyWithApiError(submission, error, { hideFields: ["otp_code"] }), setup };
    }
  },
  async "regenerate-codes"(_action, { context, submission }) {
    try {
      const { backupCodes } = await context.api.post<ApiBackupCodes>(`${SECURITY}/two_factor_authentication/regenerate_backup_codes`);
      flashToast(context, { kind: "success", message: MESSAGES.backupCodesRegenerated });
      return { intent: "regenerate-codes", result: submission.reply(), backupCodes };
    } catch (error) {
      return { intent: "regenerate-codes", result: replyWithApiError(submission, error) };
    }
  },
  async "disable-2fa"(action, { context, submission }) {
    try {
      await context.api.post("/accounts/two_factor_authentications", formFields(action));
    } catch (error) {
      return { intent: "disable-2fa", result: replyWithApiError(submission, error, { hideFields: ["password"] }) };
    }
    flashToast(context, { kind: "success", message: MESSAGES.twoFactorDisabled });
    throw redirect("/account/settings/safety-and-privacy");
  },
  async "change-password"(action, { context, submission }) {
    try {
      await context.api.put(`${SECURITY}/password`, formFields(action));
    } catch (error) {
      return { intent: "change-password", result: replyWithApiError(submission, error, { hideFields: PASSWORDS }) };
    }
    flashToast(context, { kind: "success", message: MESSAGES.passwordChanged });
    // No redirect: resetting the form empties the password fields that JavaScript kept filled.
    return { intent: "change-password", result: submission.reply({ resetForm: true }) };
  },
};

export async function action({ request, context }: ActionFunctionArgs): Promise<ActionData> {
  await requireAccount(request, context);
  const { formData, intent, submission } = await readIntentForm(request, context, SafetyActionSchema);
  const setup = pendingSetupFrom(formData);
  if (submission.status !== "success") return { intent, result: submission.reply({ hideFields: SECRET_FIELDS[intent] }), setup };
  return handleIntent(SAFETY_ACTIONS, submission.value, { context, submission, setup });
}

function pendingSetupFrom(formData: FormData): PendingSetup | null {
  const secret = formData.get("secret");
  const qrCodeBase64 = formData.get("qr_code");
  if (typeof secret !== "string" || !/^[A-Z2-7]{16,128}=*$/.test(secret)) return null;
  if (typeof qrCodeBase64 !== "string" || qrCodeBase64.length > 200_000 || !/^[A-Za-z0-9+/]+=*$/.test(qrCodeBase64)) return null;
  return { secret, qrCodeBase64 };
}

export default function SafetyAndPrivacyRoute() {
  const { otpEnabled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const setup = !otpEnabled ? (actionData?.setup ?? null) : null;
  const backupCodes = actionData?.backupCodes ?? null;
  return (
    <div className="space-y-6">
      <Card title={MESSAGES.twoFactorLogin} status={otpEnabled ? MESSAGES.twoFactorEnabled : MESSAGES.twoFactorDisabled}>
        {backupCodes ? <BackupCodes codes={backupCodes} /> : null}
        {otpEnabled ? (
          <>
            <p className="text-sm text-slate-600">{MESSAGES.twoFactorOnIntro}</p>
            <RegenerateCodesForm />
            <DisableTwoFactorForm />
          </>
        ) : setup ? (
          <ActivateTwoFactorForm setup={setup} />
        ) : (
          <>
            <p className="text-sm text-slate-600">{MESSAGES.twoFactorOffIntro}</p>
            <SetUpTwoFactorForm />
          </>
        )}
      </Card>
      <Card title={MESSAGES.changePassword}>
        <ChangePasswordForm />
      </Card>
    </div>
  );
}

/** The last result of this form's intent (another form's reply must not show here). */
function useLastResult(intent: Intent) {
  const actionData = useActionData<typeof action>();
  return actionData?.intent === intent ? actionData.result : undefined;
}

function useIsPending(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function Card({ title, status, children }: { title: string; status?: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-6" aria-label={title}>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {status ? <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">{status}</span> : null}
      </header>
      {children}
    </section>
  );
}

function IntentInput({ intent }: { intent: Intent }) {
  return <input type="hidden" name="intent" value={intent} />;
}

function SetUpTwoFactorForm() {
  const [form] = useForm({ id: "setup-2fa", lastResult: useLastResult("setup-2fa") });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <CsrfInput />
      <IntentInput intent="setup-2fa" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button pending={useIsPending("setup-2fa")}>{MESSAGES.setUpTwoFactor}</Button>
    </Form>
  );
}

function ActivateTwoFactorForm({ setup }: { setup: PendingSetup }) {
  const [form, fields] = useForm({
    id: "activate-2fa",
    lastResult: useLastResult("activate-2fa"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OtpCodeSchema }),
  });
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{MESSAGES.twoFactorScan}</p>
      <div className="flex flex-wrap items-start gap-6">
        <img
          src={`data:image/svg+xml;base64,${setup.qrCodeBase64}`}
          alt="QR code for your authenticator app"
          width={192}
          height={192}
          className="size-48 rounded border border-slate-200 bg-white"
        />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-sm font-medium text-slate-700">{MESSAGES.twoFactorSecretLabel}</p>
          <code data-testid="otp-secret" className="block break-all rounded bg-slate-100 px-3 py-2 font-mono text-sm tracking-wider">
            {setup.secret}
          </code>
        </div>
      </div>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <CsrfInput />
        <IntentInput intent="activate-2fa" />
        <input type="hidden" name="secret" value={setup.secret} />
        <input type="hidden" name="qr_code" value={setup.qrCodeBase64} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="max-w-xs">
          <TextField label="Code" field={fields.otp_code} autoComplete="one-time-code" inputMode="numeric" />
        </div>
        <Button pending={useIsPending("activate-2fa")}>{MESSAGES.activateTwoFactor}</Button>
      </Form>
    </div>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-3 rounded-md border border-amber-200 bg-amber-50 p-4" data-testid="backup-codes">
      <h3 className="font-semibold text-amber-900">{MESSAGES.backupCodesTitle}</h3>
      <p className="text-sm text-amber-900">{MESSAGES.backupCodesNote}</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
    </div>
  );
}

function RegenerateCodesForm() {
  const [form] = useForm({ id: "regenerate-codes", lastResult: useLastResult("regenerate-codes") });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2 border-t border-slate-100 pt-4">
      <CsrfInput />
      <IntentInput intent="regenerate-codes" />
      <p className="text-sm text-slate-600">{MESSAGES.regenerateBackupCodesHelp}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button variant="secondary" pending={useIsPending("regenerate-codes")}>
        {MESSAGES.regenerateBackupCodes}
      </Button>
    </Form>
  );
}

function DisableTwoFactorForm() {
  const [form, fields] = useForm({
    id: "disable-2fa",
    lastResult: useLastResult("disable-2fa"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DisableTwoFactorSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 border-t border-slate-100 pt-4">
      <CsrfInput />
      <IntentInput intent="disable-2fa" />
      <p className="text-sm text-slate-600">{MESSAGES.turnOffTwoFactorHelp}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="max-w-xs">
        <TextField label="Password" field={fields.password} type="password" autoComplete="current-password" />
      </div>
      <Button variant="danger" pending={useIsPending("disable-2fa")}>
        {MESSAGES.turnOffTwoFactor}
      </Button>
    </Form>
  );
}

function ChangePasswordForm() {
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: useLastResult("change-password"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-sm space-y-4">
      <CsrfInput />
      <IntentInput intent="change-password" />
      <p className="text-sm text-slate-600">{MESSAGES.changePasswordHelp}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label="Current password" field={fields.current_password} type="password" autoComplete="current-password" />
      <TextField label="New password" field={fields.password} type="password" autoComplete="new-password" />
      <TextField label="Password confirmation" field={fields.password_confirmation} type="password" autoComplete="new-password" />
      <Button pending={useIsPending("change-password")}>{MESSAGES.changePassword}</Button>
    </Form>
  );
}

export const meta = titleMeta("Account Settings");
