import { KeyRound, LogOut } from "lucide-react";
import { Form, Link } from "react-router";
import { Toaster } from "~/ui/toaster";

/**
 * The customer portal's frame: the company's name (to the dashboard), the signed-in customer's e-mail, the
 * password form and Sign out; mobile first, in the back office's colours. Without an e-mail (the page an
 * e-mailed link opens, no one signed in) it offers the portal's sign-in instead.
 */
export function PortalShell({
  companyName,
  email,
  children,
}: {
  companyName: string;
  email: string | null;
  children: React.ReactNode;
}) {
  return (
    // --toast-top: the header's height and a gap; on a phone it has a second line (who is signed in).
    <div className="min-h-screen bg-slate-50 [--toast-top:5.875rem] sm:[--toast-top:4rem]">
      <a
        href="#portal-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-3 px-4 lg:px-8">
          <Link to="/customer/dashboard" className="flex min-w-0 items-center gap-2 text-ink-900">
            <span className="grid size-8 shrink-0 place-items-center rounded-md bg-brand-700 text-sm font-bold text-white">
              {companyName.trim().charAt(0).toUpperCase() || "U"}
            </span>
            <span className="truncate font-semibold">{companyName}</span>
          </Link>
          {email === null ? (
            <Link
              to="/customer/login"
              className="ml-auto rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-slate-100"
            >
              Customer portal
            </Link>
          ) : (
            // Never narrower than its buttons: the company's name (and the e-mail) is what gets cut short.
            <div className="ml-auto flex items-center gap-1 sm:gap-3">
              <span
                className="hidden max-w-56 truncate text-sm text-slate-600 sm:block lg:max-w-80"
                title={`Signed in as ${email}`}
              >
                {email}
              </span>
              <Link
                to="/customer/change-password"
                aria-label="Change password"
                title="Change password"
                className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-ink-900"
              >
                <KeyRound aria-hidden className="size-4" />
              </Link>
              <Form method="post" action="/customer/logout">
                <button
                  type="submit"
                  className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:bg-slate-100 hover:text-ink-900"
                >
                  <LogOut aria-hidden className="size-4" />
                  Sign out
                </button>
              </Form>
            </div>
          )}
        </div>
        {email !== null && (
          <p className="truncate border-t border-slate-100 px-4 py-1.5 text-xs text-slate-600 sm:hidden">
            Signed in as <span className="font-medium text-ink-900">{email}</span>
          </p>
        )}
      </header>
      <main id="portal-main" className="mx-auto max-w-5xl px-4 py-6 lg:px-8 lg:py-8">
        {children}
      </main>
      <Toaster top="var(--toast-top)" />
    </div>
  );
}
