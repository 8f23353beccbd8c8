import type { AppLoadContext } from "@remix-run/node";
import type { Toast } from "./session.server";

/** Toasts travel in the flash part of the cookie session and show once on the next page. */
export function flashToast(context: AppLoadContext, toast: Toast): void {
  context.session.flash("toast", toast);
}

export function takeToast(context: AppLoadContext): Toast | null {
  return context.session.get("toast") ?? null;
}
