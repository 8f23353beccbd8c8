import type { ReactNode } from "react";
import { Logo } from "./logo";

/** The auth layout: logo and a 'Login' or 'Sign Up' header above the form. */
export function AuthLayout({ productName, header, children }: { productName: string; header?: string; children: ReactNode }) {
  return (
    <main className="flex min-h-full items-center justify-center px-4 py-12">
      <div className="w-full max-w-md space-y-6">
        <div className="flex justify-center">
          <Logo productName={productName} />
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
          {header ? <h1 className="mb-6 text-2xl font-semibold">{header}</h1> : null}
          {children}
        </div>
      </div>
    </main>
  );
}
