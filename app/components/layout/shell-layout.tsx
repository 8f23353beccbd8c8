import { Form, Link, NavLink, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { initials } from "../../../domain/format";
import { MESSAGES } from "../../../domain/messages";
import { useDetailsDismiss } from "../../lib/use-details-dismiss";
import { Avatar } from "../ui/avatar";
import { CsrfInput } from "../ui/csrf-input";
import { SpinnerModal } from "../ui/spinner";
import { Logo } from "./logo";
import { NotificationsBell } from "./notifications-bell";
import { openDialogHref } from "../templates/params";
import { TemplatesDialogFromUrl } from "../templates/templates-dialog";
import type { MenuItem } from "../../../domain/navigation";
import type { ShellAccount, ShellData } from "./shell-data";

/** The default layout: top bar, side menu, content, and the 'Operation in progress...' spinner modal. */
export function ShellLayout({ shell, productName, children }: { shell: ShellData; productName: string; children: ReactNode }) {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-full flex-col">
      <TopBar shell={shell} productName={productName} />
      <div className="flex flex-1">
        {shell.sideMenu.length > 0 ? <SideMenu items={shell.sideMenu} /> : null}
        <main id="content" className="min-w-0 flex-1 px-4 py-6 sm:px-6">
          {children}
        </main>
      </div>
      <SpinnerModal open={navigation.state === "submitting"} />
      {shell.account && !shell.isSharedView ? <TemplatesDialogFromUrl data={shell.templatesDialog ?? null} /> : null}
    </div>
  );
}

function TopBar({ shell, productName }: { shell: ShellData; productName: string }) {
  const account = shell.account;
  return (
    <header className="flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4">
      <div className="flex items-center gap-2">
        {shell.sideMenu.length > 0 ? <MobileMenu items={shell.sideMenu} /> : null}
        <a href="/" className="flex shrink-0 items-center">
          <Logo productName={productName} />
        </a>
      </div>
      <div className="flex items-center gap-4">
        {account?.businessProfile.logoUrl ? (
          <img src={account.businessProfile.logoUrl} alt={account.businessProfile.name} className="h-8 max-w-32 object-contain" />
        ) : account ? (
          <span className="text-sm font-medium text-slate-600" data-testid="business-name">
            {account.businessProfile.name}
          </span>
        ) : null}
        {account && !shell.isSharedView ? <NotificationsBell notifications={shell.notifications} /> : null}
        {account && !shell.isSharedView ? <AvatarMenu account={account} items={shell.avatarMenu} /> : null}
      </div>
    </header>
  );
}

function AvatarMenu({ account, items }: { account: ShellAccount; items: MenuItem[] }) {
  const ref = useDetailsDismiss();
  const location = useLocation();
  return (
    <details ref={ref} className="relative" data-testid="avatar-menu">
      <summary className="cursor-pointer list-none rounded-full" aria-label={MESSAGES.accountMenuLabel(initials(account.fullName))}>
        <Avatar name={account.fullName} imageUrl={account.avatarUrl} seed={account.email} />
      </summary>
      <nav className="absolute right-0 z-30 mt-2 w-56 rounded-lg border border-slate-200 bg-white py-2 text-sm shadow-lg" aria-label="Account">
        <div className="border-b border-slate-100 px-4 pb-2">
          <p className="font-medium">{account.fullName}</p>
          <p className="truncate text-xs text-slate-500">{account.email}</p>
        </div>
        <ul className="pt-1">
          {items.map((item) => (
            <li key={item.id}>
              {item.kind === "action" ? (
                <Form method="post" action={item.to}>
                  <CsrfInput />
                  <button type="submit" className="block w-full px-4 py-2 text-left hover:bg-slate-50">
                    {item.label}
                  </button>
                </Form>
              ) : item.kind === "dialog" ? (
                // A dialog opens over the current page, which keeps its own parameters.
                <Link to={openDialogHref(location.pathname, location.search, item.to)} preventScrollReset className="block px-4 py-2 hover:bg-slate-50">
                  {item.label}
                </Link>
              ) : (
                <a href={item.to} className="block px-4 py-2 hover:bg-slate-50">
                  {item.label}
                </a>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

/** Below the spec's 835 px mobile threshold the side menu folds into a menu button (works without JS). */
function MobileMenu({ items }: { items: MenuItem[] }) {
  const ref = useDetailsDismiss();
  return (
    <details ref={ref} className="relative min-[835px]:hidden" data-testid="mobile-menu">
      <summary className="flex size-9 cursor-pointer list-none items-center justify-center rounded-md hover:bg-slate-100" aria-label="Menu">
        <svg viewBox="0 0 24 24" className="size-5 fill-none stroke-current" strokeWidth="2" aria-hidden>
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </summary>
      <nav className="absolute left-0 z-30 mt-2 w-56 rounded-lg border border-slate-200 bg-white py-2 text-sm shadow-lg" aria-label="Main">
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <NavLink to={item.to} end={item.to === "/"} className="block px-4 py-2 hover:bg-slate-50">
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

function SideMenu({ items }: { items: MenuItem[] }) {
  return (
    <nav className="hidden w-52 shrink-0 border-r border-slate-200 bg-white px-3 py-4 min-[835px]:block" aria-label="Main">
      <ul className="space-y-1">
        {items.map((item) => (
          <li key={item.id}>
            <NavLink
              to={item.to}
              end={item.to === "/"}
              className={({ isActive }) =>
                `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
