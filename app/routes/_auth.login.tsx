import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { safeRedirectPath } from "../../domain/navigation";
import { pageTitle } from "../../domain/product";
import { LoginSchema } from "../../domain/schemas/login";
import { Button } from "../components/ui/button";
import { CsrfInput } from "../components/ui/csrf-input";
import { FormErrors, TextField } from "../components/ui/field";
import { ApiError } from "../lib/api.server";
import { readForm, replyWithApiError } from "../lib/forms.server";
import { guardRoute } from "../lib/guard.server";
import type { AuthHandle } from "./_auth";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardRoute(request, context);
  return { redirectFrom: new URL(request.url).searchParams.get("redirectFrom") ?? "" };
}

export const handle: AuthHandle = { authHeader: MESSAGES.login };

export async function action({ request, context }: ActionFunctionArgs) {
  await guardRoute(request, context);
  const { formData, submission } = await readForm(request, context, LoginSchema);
  if (submission.status !== "success") return { result: submission.reply({ hideFields: ["password"] }), needsCode: false };
  try {
    await context.api.signIn(submission.value);
  } catch (error) {
    // The password was right and a second factor is on: ask for the code (spec §4 two-factor login).
    const needsCode = error instanceof ApiError && error.message === MESSAGES.invalidOtpCode;
    if (needsCode) return { result: submission.reply({ resetForm: false }), needsCode: true };
    const codeStep = !!submission.value.otp_code;
    return {
      result: replyWithApiError(submission, error, { hideFields: codeStep ? ["otp_code"] : ["password"] }),
      needsCode: codeStep,
    };
  }
  throw redirect(safeRedirectPath(String(formData.get("redirectFrom") ?? "")));
}

export default function LoginRoute() {
  const { redirectFrom } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const needsCode = actionData?.needsCode ?? false;
  const [form, fields] = useForm({
    id: needsCode ? "login-code" : "login",
    lastResult: actionData?.result,
    constraint: undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });
  const email = fields.email.initialValue ?? "";
  const password = fields.password.initialValue ?? "";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <CsrfInput />
      <input type="hidden" name="redirectFrom" value={redirectFrom} />
      <FormErrors id={form.errorId} errors={form.errors} />
      {needsCode ? (
        <>
          <input type="hidden" name="email" value={email} />
          <input type="hidden" name="password" value={password} />
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

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle("Login", (matches[0]?.data as { productName?: string } | undefined)?.productName) },
];
