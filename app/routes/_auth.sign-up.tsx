import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import type { FromWire } from "../../domain/key-case";
import type { BodyToSend, QueryToSend } from "../../domain/request-types";
import {
  SignUpFormSchema,
  type InviteLookupQuerySchema,
  type InviteLookupResponseSchema,
  type SignUpBodySchema,
} from "../../domain/schemas/accounts";
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
  const token = new URL(request.url).searchParams.get("tm") ?? "";
  if (!token) return { token, email: "", inviteValid: false };
  try {
    const query: QueryToSend<typeof InviteLookupQuerySchema> = { teamMemberInviteToken: token };
    const invite = await context.api.get<FromWire<typeof InviteLookupResponseSchema>>("/v1/accounts/new", { query });
    return { token, email: invite.email, inviteValid: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { token, email: "", inviteValid: false };
    throw error;
  }
}

export const handle: AuthHandle = { authHeader: (search) => (search.has("tm") ? MESSAGES.signUp : undefined) };

const PASSWORDS = ["password", "password_confirmation"];

export async function action({ request, context }: ActionFunctionArgs) {
  await guardRoute(request, context);
  const { submission } = await readForm(request, context, SignUpFormSchema);
  if (submission.status !== "success") return { result: submission.reply({ hideFields: PASSWORDS }) };
  const { team_member_invite_token, first_name, last_name, email, password, password_confirmation } = submission.value;
  const account = { firstName: first_name, lastName: last_name, email, password, passwordConfirmation: password_confirmation };
  try {
    await context.api.post("/v1/accounts", { account, teamMemberInviteToken: team_member_invite_token } satisfies BodyToSend<typeof SignUpBodySchema>);
  } catch (error) {
    return { result: replyWithApiError(submission, error, { hideFields: PASSWORDS }) };
  }
  try {
    await context.api.signIn({ email: account.email, password: account.password });
  } catch (error) {
    // The account exists; if signing in fails now, the login page is the way in.
    if (!(error instanceof ApiError)) throw error;
    throw redirect("/login");
  }
  throw redirect("/");
}

export default function SignUpRoute() {
  const { token, email, inviteValid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "sign-up",
    lastResult: actionData?.result,
    defaultValue: { email },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpFormSchema }),
  });
  if (!inviteValid) {
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {token ? MESSAGES.inviteInvalid : MESSAGES.noInvitation}
        </p>
        <p className="text-sm">
          {MESSAGES.haveAccount}{" "}
          <Link to="/login" className="font-medium text-brand-600 underline">
            {MESSAGES.login}
          </Link>
        </p>
      </div>
    );
  }
  // The invite token is a hidden field: if it is refused, the invitation itself is what failed.
  const formErrors = fields.team_member_invite_token.errors?.length ? [MESSAGES.inviteInvalid] : form.errors;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <CsrfInput />
      <input type="hidden" name="team_member_invite_token" value={token} />
      <FormErrors id={form.errorId} errors={formErrors} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="First name" field={fields.first_name} autoComplete="given-name" />
        <TextField label="Last name" field={fields.last_name} autoComplete="family-name" />
      </div>
      {/* The invite is bound to this address; any other one is refused. */}
      <TextField
        label="Email"
        field={fields.email}
        type="email"
        autoComplete="username"
        readOnly={!!email}
        hint={email ? MESSAGES.inviteEmailHint : undefined}
      />
      <TextField label="Password" field={fields.password} type="password" autoComplete="new-password" />
      <TextField
        label="Password confirmation"
        field={fields.password_confirmation}
        type="password"
        autoComplete="new-password"
      />
      <Button className="w-full" pending={navigation.state === "submitting"}>
        {MESSAGES.signUp}
      </Button>
      <p className="text-center text-sm">
        {MESSAGES.haveAccount}{" "}
        <Link to="/login" className="font-medium text-brand-600 underline">
          {MESSAGES.login}
        </Link>
      </p>
    </Form>
  );
}

export const meta = titleMeta("Sign Up");
