import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import type { FromWire } from "../../domain/key-case";
import type { BodyToSend, QueryToSend } from "../../domain/request-types";
import {
  NewPasswordSchema,
  type PasswordResetBodySchema,
  type PasswordResetCheckQuerySchema,
  type PasswordResetLinkResponseSchema,
} from "../../domain/schemas/accounts";
import { Button } from "../components/ui/button";
import { CsrfInput } from "../components/ui/csrf-input";
import { FormErrors, TextField } from "../components/ui/field";
import { ApiError } from "../lib/api.server";
import { readForm, replyWithApiError } from "../lib/forms.server";
import { guardRoute } from "../lib/guard.server";
import { flashToast } from "../lib/toast.server";
import type { AuthHandle } from "./_auth";
import { titleMeta } from "../lib/meta";

const RESET_PATH = "/v1/accounts/preferences/security/password_reset";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await guardRoute(request, context);
  try {
    const query: QueryToSend<typeof PasswordResetCheckQuerySchema> = { token: params.token ?? "" };
    const { email } = await context.api.get<FromWire<typeof PasswordResetLinkResponseSchema>>(RESET_PATH, { query });
    return { linkValid: true, email };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return { linkValid: false, email: "" };
    throw error;
  }
}

export const handle: AuthHandle = { authHeader: MESSAGES.resetPassword };

const PASSWORDS = ["password", "password_confirmation"];

export async function action({ request, context, params }: ActionFunctionArgs) {
  await guardRoute(request, context);
  const { submission } = await readForm(request, context, NewPasswordSchema);
  if (submission.status !== "success") return { result: submission.reply({ hideFields: PASSWORDS }), linkValid: true };
  try {
    const { password, password_confirmation } = submission.value;
    const body: BodyToSend<typeof PasswordResetBodySchema> = { token: params.token ?? "", account: { password, passwordConfirmation: password_confirmation } };
    await context.api.put(RESET_PATH, body);
  } catch (error) {
    const linkValid = !(error instanceof ApiError && error.status === 403);
    return { result: replyWithApiError(submission, error, { hideFields: PASSWORDS }), linkValid };
  }
  flashToast(context, { kind: "success", message: MESSAGES.passwordChanged });
  throw redirect("/login");
}

export default function ResetPasswordRoute() {
  const { linkValid, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewPasswordSchema }),
  });
  if (!linkValid || actionData?.linkValid === false) {
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {MESSAGES.resetLinkInvalid}
        </p>
        <p className="text-center text-sm">
          <Link to="/forget-password" className="font-medium text-brand-600 underline">
            {MESSAGES.requestNewResetLink}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <CsrfInput />
      <p className="text-sm text-slate-600">{MESSAGES.resetPasswordFor(email)}</p>
      {/* Lets password managers file the new password under the right account. */}
      <input type="hidden" name="username" value={email} autoComplete="username" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label="Password" field={fields.password} type="password" autoComplete="new-password" autoFocus />
      <TextField
        label="Password confirmation"
        field={fields.password_confirmation}
        type="password"
        autoComplete="new-password"
      />
      <Button className="w-full" pending={navigation.state === "submitting"}>
        {MESSAGES.resetPassword}
      </Button>
      <p className="text-center text-sm">
        <Link to="/login" className="font-medium text-brand-600 underline">
          {MESSAGES.backToLogin}
        </Link>
      </p>
    </Form>
  );
}

export const meta = titleMeta("Reset Password");
