import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { MESSAGES } from "../../domain/messages";
import { Button } from "../components/ui/button";
import { CsrfInput } from "../components/ui/csrf-input";
import { assertFormToken } from "../lib/csrf.server";
import { readFormData } from "../lib/forms.server";
import { guardRoute } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardRoute(request, context);
  return null;
}

/** Signing out is a POST with the form token, so a link on another site cannot sign anyone out. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertFormToken(await readFormData(request), context);
  await context.api.signOut();
  throw redirect("/login");
}

export default function LogoutRoute() {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.requestSubmit();
  }, []);
  return (
    <Form method="post" ref={form} className="flex flex-col items-center gap-3">
      <CsrfInput />
      <p className="text-sm text-slate-600">Signing out…</p>
      <Button variant="secondary">{MESSAGES.logout}</Button>
    </Form>
  );
}

export const meta = titleMeta("Logout");
