import * as Dialog from "@radix-ui/react-dialog";
import { LogOut, MailWarning, Menu, UserRound, X } from "lucide-react";
import { useState } from "react";
import { Form, Link, Outlet, useLocation } from "react-router";
import { getDb } from "~/db/client.server";
import { adminMiddleware, requireStaffUser } from "~/domain/auth/guard.server";
import { can, viewPermission, type AdminPath } from "~/domain/auth/permissions";
import { ROLE_LABELS } from "~/domain/auth/roles";
import { countWaitingEmails, emailIsSetUp } from "~/domain/email/delivery.server";
import { currentEmployee } from "~/domain/people/leaves.server";
import { takeFlashToast } from "~/lib/flash-toast.server";
import { AdminNav } from "~/ui/admin/nav";
import { useToast } from "~/ui/admin/form";
import { menuFor } from "~/ui/admin/menu";
import { Toaster } from "~/ui/toaster";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [
  adminMiddleware,
  // A toast waiting from a redirect is shown once: the loader reads it, this clears it.
  async ({ request }, next) => {
    const response = await next();
    const { clear } = await takeFlashToast(request);
    if (clear && request.method === "GET") response.headers.append("Set-Cookie", clear);
    return response;
  },
];

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaffUser(args);
  const allowed = (path: AdminPath) => {
    const permission = viewPermission(path);
    return permission !== null && permission !== "public" && can(user.role, permission);
  };
  const { toast } = await takeFlashToast(args.request);
  // The header names the employee this sign-in acts as in tasks and leave (issue 19), not only the login's name.
  // Administrators (who may open the outbox) are told while e-mail is not set up and messages wait (issue 20).
  const [employee, emailWaiting] = await Promise.all([
    currentEmployee(getDb(), user),
    can(user.role, "outbox.view") && !emailIsSetUp() ? countWaitingEmails(getDb()) : null,
  ]);
  return {
    user: {
      name: employee?.name ?? user.name,
      employeeName: employee?.name ?? null,
      email: user.email,
      role: ROLE_LABELS[user.role],
      mustChangePassword: user.mustChangePassword,
    },
    menu: user.mustChangePassword ? [] : menuFor(allowed),
    flashToast: toast,
    /** Outbox messages waiting because SMTP_URL is unset (null or 0: no banner). */
    emailWaiting,
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, menu, flashToast, emailWaiting } = loaderData;
  const location = useLocation();
  // The drawer is open for one location only: following a link closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  useToast(flashToast);

  const signOut = (
    <Form method="post" action="/admin/logout">
      <button
        type="submit"
        className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-ink-900"
      >
        <LogOut aria-hidden className="size-4" />
        Sign out
      </button>
    </Form>
  );

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-ink-900 lg:block">
        <div className="sticky top-0 flex h-screen flex-col">
          <Brand />
          <AdminNav menu={menu} pathname={location.pathname} id="admin-nav" />
        </div>
      </aside>

      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur lg:px-8">
          <Dialog.Root
            open={drawerOpenAt === location.key}
            onOpenChange={(open) => setDrawerOpenAt(open ? location.key : null)}
          >
            <Dialog.Trigger asChild>
              <button
                type="button"
                className="-ml-2 rounded-md p-2 text-ink-900 hover:bg-slate-100 lg:hidden"
                aria-label="Open menu"
              >
                <Menu aria-hidden className="size-6" />
              </button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-ink-900/50 lg:hidden" />
              <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-ink-900 shadow-xl lg:hidden">
                <Dialog.Title className="sr-only">Menu</Dialog.Title>
                <Dialog.Description className="sr-only">The back office's screens</Dialog.Description>
                <div className="flex items-center justify-between pr-2">
                  <Brand />
                  <Dialog.Close className="rounded-md p-2 text-slate-300 hover:bg-white/10" aria-label="Close menu">
                    <X aria-hidden className="size-5" />
                  </Dialog.Close>
                </div>
                <AdminNav menu={menu} pathname={location.pathname} />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <span className="font-semibold text-ink-900 lg:hidden">Utsab Admin</span>
          <div className="ml-auto flex items-center gap-3">
            <Link
              to="/admin/settings/account"
              className="hidden rounded-md px-2 py-1 text-right text-sm leading-tight hover:bg-slate-100 sm:block"
              title={`My account: ${user.email}${user.employeeName ? "" : " (not linked to an employee)"}`}
            >
              <span className="block font-medium text-ink-900">{user.name}</span>
              <span className="block text-xs text-slate-500">{user.role}</span>
            </Link>
            <Link
              to="/admin/settings/account"
              aria-label={`My account (${user.name})`}
              title={user.name}
              className="rounded-md p-2 text-slate-600 hover:bg-slate-100 sm:hidden"
            >
              <UserRound aria-hidden className="size-5" />
            </Link>
            {signOut}
          </div>
        </header>
        {emailWaiting && emailWaiting.count > 0 && <EmailNotSetUpBanner waiting={emailWaiting} />}
        <main id="admin-main" className="mx-auto max-w-7xl px-4 py-6 lg:px-8 lg:py-8">
          <Outlet />
        </main>
      </div>
      {/* Below the sticky header (h-14), never over the name and Sign out. */}
      <Toaster top="4rem" />
    </div>
  );
}

/** Below the header and not sticky, so it never covers the header's buttons; it scrolls away with the page. */
function EmailNotSetUpBanner({ waiting }: { waiting: { count: number; more: boolean } }) {
  const count = waiting.more
    ? `${waiting.count}+ messages wait`
    : waiting.count === 1
      ? "1 message waits"
      : `${waiting.count} messages wait`;
  return (
    <div
      role="status"
      data-testid="email-not-set-up"
      className="flex items-start gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900 lg:px-8"
    >
      <MailWarning aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>
        E-mail is not set up (SMTP_URL), so nothing is sent: {count} in the outbox.{" "}
        <Link to="/admin/outbox?status=pending" className="font-semibold whitespace-nowrap underline">
          See waiting messages
        </Link>
      </p>
    </div>
  );
}

function Brand() {
  return (
    <a href="/" className="flex h-14 items-center gap-2 px-5 text-white">
      <span className="grid size-8 place-items-center rounded-md bg-brand-600 text-sm font-bold">U</span>
      <span className="font-semibold">Utsab Admin</span>
    </a>
  );
}
