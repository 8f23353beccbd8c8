import { getFormProps, useForm } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { SsoLookupSchema, type SsoLookupResponseSchema } from "../../domain/schemas/sso";
import type { FromWire } from "../../domain/key-case";
import { Button } from "../components/ui/button";
import { CsrfInput } from "../components/ui/csrf-input";
import { FormErrors, TextField } from "../components/ui/field";
import { readForm, replyWithApiError } from "../lib/forms.server";
import { guardRoute } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";
import type { AuthHandle } from "./_auth";

// "Sign in with SSO" (issue 26, ADR 041): the work address names the business profile (its account's, or
// the one its domain belongs to); the browser goes on to that profile's sign-in link.

type ApiSsoLookup = FromWire<typeof SsoLookupResponseSchema>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardRoute(request, context);
  return null;
}

export const handle: AuthHandle = { authHeader: MESSAGES.sso.signInWithSso };

export async function action({ request, context }: ActionFunctionArgs) {
  await guardRoute(request, context);
  const { submission } = await readForm(request, context, SsoLookupSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  let found: ApiSsoLookup;
  try {
    found = await context.api.post<ApiSsoLookup>("/v1/session/sso/saml/lookup", submission.value);
  } catch (error) {
    return data({ result: replyWithApiError(submission, error) }, { status: 400 });
  }
  throw redirect(`/sso/saml/${found.businessProfileId}`);
}

export default function SsoLoginRoute() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  // Validated on the server only, as the login form is (the sign-in pages' script budget).
  const [form, fields] = useForm({ id: "sso-login", lastResult: actionData?.result });
  return (
    // A document post (also with JavaScript): the way on to the identity provider is a page of ours,
    // never a redirect of this form's post, which the CSP's form-action 'self' would stop.
    <Form method="post" reloadDocument {...getFormProps(form)} className="space-y-4">
      <CsrfInput />
      <p className="text-sm text-slate-600">{MESSAGES.sso.signInWithSsoIntro}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label="Email" field={fields.email} type="email" autoComplete="username" />
      <Button className="w-full" pending={navigation.state === "submitting"}>
        {MESSAGES.sso.continue}
      </Button>
      <p className="text-center text-sm">
        <a href="/login" className="font-medium text-brand-600 underline">
          {MESSAGES.backToLogin}
        </a>
      </p>
    </Form>
  );
}

export const meta = titleMeta("Sign in with SSO");
