import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import type { FromWire } from "../../domain/key-case";
import { ForgotPasswordSchema, type PasswordResetMessageResponseSchema } from "../../domain/schemas/accounts";
import { Button } from "../components/ui/button";
import { CsrfInput } from "../components/ui/csrf-input";
import { FormErrors, TextField } from "../components/ui/field";
import { readForm, replyWithApiError } from "../lib/forms.server";
import { guardRoute } from "../lib/guard.server";
import type { AuthHandle } from "./_auth";
import { titleMeta } from "../lib/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardRoute(request, context);
  return null;
}

export const handle: AuthHandle = { authHeader: MESSAGES.forgotPassword };

export async function action({ request, context }: ActionFunctionArgs) {
  await guardRoute(request, context);
  const { submission } = await readForm(request, context, ForgotPasswordSchema);
  if (submission.status !== "success") return { result: submission.reply(), sent: null };
  try {
    // The API answers the same whether or not the e-mail has an account.
    const { message } = await context.api.post<FromWire<typeof PasswordResetMessageResponseSchema>>(
      "/v1/accounts/preferences/security/password_reset",
      submission.value,
    );
    return { result: submission.reply(), sent: message };
  } catch (error) {
    return { result: replyWithApiError(submission, error), sent: null };
  }
}

export default function ForgetPasswordRoute() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "forget-password",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
  });
  const backToLogin = (
    <p className="text-center text-sm">
      <Link to="/login" className="font-medium text-brand-600 underline">
        {MESSAGES.backToLogin}
      </Link>
    </p>
  );
  if (actionData?.sent) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {actionData.sent}
        </p>
        {backToLogin}
      </div>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <CsrfInput />
      <p className="text-sm text-slate-600">{MESSAGES.forgotPasswordIntro}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label="Email" field={fields.email} type="email" autoComplete="email" autoFocus />
      <Button className="w-full" pending={navigation.state === "submitting"}>
        {MESSAGES.sendResetLink}
      </Button>
      {backToLogin}
    </Form>
  );
}

export const meta = titleMeta("Forgot Password");
