import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { guardRoute } from "../lib/guard.server";

/** /settings opens its first tab. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardRoute(request, context);
  throw redirect("/settings/users");
}
