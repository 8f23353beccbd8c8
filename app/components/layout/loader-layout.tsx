import type { ReactNode } from "react";
import { Spinner } from "../ui/spinner";

/** The loader layout: a spinner only (and whatever must work without JavaScript below it). */
export function LoaderLayout({ children }: { children?: ReactNode }) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-6">
      <Spinner className="size-10" />
      {children}
    </main>
  );
}
