import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import { SamlConfigurationSchema, type SamlConfigurationResponseSchema } from "../../domain/schemas/sso";
import { Button } from "../components/ui/button";
import { CsrfInput } from "../components/ui/csrf-input";
import { FieldErrors, FormErrors, TextField } from "../components/ui/field";
import { readForm, replyWithApiError } from "../lib/forms.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";
import { flashToast } from "../lib/toast.server";

// Single sign-on (analytics spec §2, §3; issue 26, ADR 041): the profile's SAML identity provider, and
// what that identity provider needs from us. Every member reads it; admins and system admins change it.

type ApiSamlConfiguration = FromWire<typeof SamlConfigurationResponseSchema>;
const SSO_PATH = "/v1/admin/business_profiles/preferences/sso/saml";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  const config = await context.api.get<ApiSamlConfiguration>(SSO_PATH);
  return { config, canEdit: hasPermission(account.permissions, "sso.index.write") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { submission } = await readForm(request, context, SamlConfigurationSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await context.api.put(SSO_PATH, submission.value);
  } catch (error) {
    return data({ result: replyWithApiError(submission, error) }, { status: 400 });
  }
  flashToast(context, { kind: "success", message: MESSAGES.sso.saved });
  throw redirect("/account/settings/sso");
}

export default function SsoSettingsRoute() {
  const { config, canEdit } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">{MESSAGES.sso.intro}</p>
      <section aria-labelledby="sso-sp" className="space-y-3 rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="sso-sp" className="text-lg font-semibold">
          {MESSAGES.sso.serviceProvider}
        </h2>
        <dl className="space-y-3 text-sm">
          <ServiceProviderValue label={MESSAGES.sso.spEntityId} value={config.spEntityId} testId="sso-sp-entity-id" />
          <ServiceProviderValue label={MESSAGES.sso.acsUrl} value={config.acsUrl} testId="sso-acs-url" />
          <ServiceProviderValue
            label={MESSAGES.sso.metadataUrl}
            value={config.metadataUrl}
            testId="sso-metadata-url"
            link
          />
          <ServiceProviderValue label={MESSAGES.sso.signInLink} value={config.signInUrl} testId="sso-sign-in-url" />
        </dl>
      </section>
      {canEdit ? <IdentityProviderForm config={config} /> : <IdentityProviderView config={config} />}
    </div>
  );
}

/** What an agent or a guest sees: the settings, and who changes them. */
function IdentityProviderView({ config }: { config: ApiSamlConfiguration }) {
  return (
    <section aria-labelledby="sso-idp" className="space-y-3 rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="sso-idp" className="text-lg font-semibold">
        {MESSAGES.sso.identityProvider}
      </h2>
      <p className="text-sm text-slate-600">{MESSAGES.sso.adminsOnly}</p>
      <dl className="space-y-3 text-sm">
        <ServiceProviderValue
          label={MESSAGES.sso.idpLoginUrl}
          value={config.idpLoginUrl ?? MESSAGES.sso.notConfigured}
          testId="sso-idp-login-url"
        />
        <ServiceProviderValue
          label={MESSAGES.sso.idpEntityId}
          value={config.idpEntityId ?? MESSAGES.sso.notConfigured}
          testId="sso-idp-entity-id"
        />
        <ServiceProviderValue
          label={MESSAGES.sso.isActive}
          value={config.isActive ? MESSAGES.widgetsUi.yes : MESSAGES.widgetsUi.no}
          testId="sso-is-active"
        />
      </dl>
    </section>
  );
}

function IdentityProviderForm({ config }: { config: ApiSamlConfiguration }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "sso",
    lastResult: actionData?.result,
    defaultValue: {
      idp_login_url: config.idpLoginUrl ?? "",
      idp_entity_id: config.idpEntityId ?? "",
      idp_cert: config.idpCert ?? "",
      is_active: config.isActive ? "on" : null,
    },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SamlConfigurationSchema }),
  });
  const certHintId = `${fields.idp_cert.id}-hint`;
  const activeHintId = `${fields.is_active.id}-hint`;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5 rounded-lg border border-slate-200 bg-white p-6">
      <h2 className="text-lg font-semibold">{MESSAGES.sso.identityProvider}</h2>
      <CsrfInput />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField
        label={MESSAGES.sso.idpLoginUrl}
        field={fields.idp_login_url}
        type="url"
        hint={MESSAGES.sso.idpLoginUrlHint}
      />
      <TextField label={MESSAGES.sso.idpEntityId} field={fields.idp_entity_id} hint={MESSAGES.sso.idpEntityIdHint} />
      <div className="space-y-1">
        <label htmlFor={fields.idp_cert.id} className="block text-sm font-medium text-slate-700">
          {MESSAGES.sso.idpCert}
        </label>
        <textarea
          {...getTextareaProps(fields.idp_cert, { ariaAttributes: true })}
          key={fields.idp_cert.key}
          aria-describedby={[certHintId, fields.idp_cert.errors?.length ? fields.idp_cert.errorId : null]
            .filter(Boolean)
            .join(" ")}
          rows={8}
          spellCheck={false}
          className={`block w-full rounded-md border px-3 py-2 font-mono text-xs shadow-sm ${fields.idp_cert.errors?.length ? "border-red-500" : "border-slate-300"}`}
        />
        <p id={certHintId} className="text-xs text-slate-500">
          {MESSAGES.sso.idpCertHint}
        </p>
        <FieldErrors id={fields.idp_cert.errorId} errors={fields.idp_cert.errors} />
      </div>
      <div className="flex gap-3">
        <input
          {...getInputProps(fields.is_active, { type: "checkbox" })}
          key={fields.is_active.key}
          aria-describedby={activeHintId}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
        />
        <div>
          <label htmlFor={fields.is_active.id} className="block text-sm font-medium text-slate-800">
            {MESSAGES.sso.isActive}
          </label>
          <p id={activeHintId} className="text-sm text-slate-500">
            {MESSAGES.sso.isActiveHint}
          </p>
        </div>
      </div>
      <Button pending={navigation.state === "submitting"}>{MESSAGES.save}</Button>
    </Form>
  );
}

function ServiceProviderValue({
  label,
  value,
  testId,
  link = false,
}: {
  label: string;
  value: string;
  testId: string;
  link?: boolean;
}) {
  return (
    <div>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="break-all font-mono text-xs text-slate-800" data-testid={testId}>
        {link ? (
          <a href={value} className="text-brand-600 underline">
            {value}
          </a>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

export const meta = titleMeta("Account Settings");
