import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { safeRedirectPath } from "../../domain/navigation";
import { SignInRefusedResponseSchema } from "../../domain/schemas/errors";
import { LoginSchema } from "../../domain/schemas/login";
import { ssoRefusalMessage } from "../../domain/schemas/sso";
import { Button } from "../components/ui/button";
import { CsrfInput } from "../components/ui/csrf-input";
import { FormErrors, TextField } from "../components/ui/field";
import { ApiError } from "../lib/api.server";
import { readForm, replyWithApiError } from "../lib/forms.server";
import { guardRoute } from "../lib/guard.server";
import type { AuthHandle } from "./_auth";
import { titleMeta } from "../lib/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardRoute(request, context);
  const query = new URL(request.url).searchParams;
  // A refused single sign-on comes back here with its reason (a key of the catalogue, ADR 041).
  return { redirectFrom: query.get("redirectFrom") ?? "", ssoError: ssoRefusalMessage(query.get("sso_error")) };
}

export const handle: AuthHandle = { authHeader: MESSAGES.login };

/** The code step of two-factor login: the e-mail and the API's short-lived token, never the password. */
interface CodeStep {
  email: string;
  otpToken: string;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await guardRoute(request, context);
  const { formData, submission } = await readForm(request, context, LoginSchema);
  const codeStep: CodeStep | null = submission.payload.otp_token
    ? { email: String(submission.payload.email ?? ""), otpToken: String(submission.payload.otp_token) }
    : null;
  if (submission.status !== "success") {
    return { result: submission.reply({ hideFields: ["password"] }), codeStep };
  }
  try {
    await context.api.signIn(submission.value);
  } catch (error) {
    // The password was right and a second factor is on: ask for the code (spec §4 two-factor login).
    const otpToken = error instanceof ApiError ? error.detailsAs(SignInRefusedResponseSchema)?.otpToken : undefined;
    if (error instanceof ApiError && error.message === MESSAGES.invalidOtpCode && otpToken !== undefined) {
      return {
        result: submission.reply({ resetForm: true }),
        codeStep: { email: submission.value.email, otpToken },
      };
    }
    return { result: replyWithApiError(submission, error, { hideFields: ["password", "otp_code"] }), codeStep };
  }
  throw redirect(safeRedirectPath(String(formData.get("redirectFrom") ?? "")));
}

export default function LoginRoute() {
  const { redirectFrom, ssoError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const codeStep = actionData?.codeStep ?? null;
  // A new form (new id) for the code step, so its state starts from this step's fields.
  return codeStep ? (
    <LoginForm key="code" id="login-code" redirectFrom={redirectFrom} codeStep={codeStep} result={actionData?.result} />
  ) : (
    <>
      {ssoError && !actionData ? <FormErrors id="sso-error" errors={[ssoError]} /> : null}
      <LoginForm key="password" id="login" redirectFrom={redirectFrom} codeStep={null} result={actionData?.result} />
      <p className="mt-4 text-center text-sm">
        <a href="/sso" className="font-medium text-brand-600 underline">
          {MESSAGES.sso.signInWithSso}
        </a>
      </p>
    </>
  );
}

function LoginForm({
  id,
  redirectFrom,
  codeStep,
  result,
}: {
  id: string;
  redirectFrom: string;
  codeStep: CodeStep | null;
  result: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  // Validated on the server only (the same LoginSchema in the action): leaving zod out of the
  // browser keeps the sign-in page's JavaScript within budget (README, Benchmarks).
  const [form, fields] = useForm({ id, lastResult: result });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <CsrfInput />
      <input type="hidden" name="redirectFrom" value={redirectFrom} />
      <FormErrors id={form.errorId} errors={form.errors} />
      {codeStep ? (
        <>
          <input type="hidden" name="email" value={codeStep.email} />
          <input type="hidden" name="otp_token" value={codeStep.otpToken} />
          <p className="text-sm text-slate-600">Enter the 6-digit code from your authenticator app, or a backup code.</p>
          <TextField label="Code" field={fields.otp_code} autoComplete="one-time-code" inputMode="numeric" autoFocus />
        </>
      ) : (
        <>
          <TextField label="Email" field={fields.email} type="email" autoComplete="username" />
          <TextField label="Password" field={fields.password} type="password" autoComplete="current-password" />
          <p className="text-right text-sm">
            <a href="/forget-password" className="font-medium text-brand-600 underline">
              {MESSAGES.forgotPassword}
            </a>
          </p>
        </>
      )}
      <Button className="w-full" pending={navigation.state === "submitting"}>
        {MESSAGES.login}
      </Button>
    </Form>
  );
}

export const meta = titleMeta("Login");
